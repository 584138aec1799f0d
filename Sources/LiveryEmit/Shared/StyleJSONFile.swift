import LiveryTargets

extension ResolvedStyleJSON {
    /// The bundle's `style.json` as an emitted file.
    public static func file(for style: ResolvedStyle) -> EmittedFile {
        EmittedFile(path: path, bytes: bytes(for: style))
    }
}
