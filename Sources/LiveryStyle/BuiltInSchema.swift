import LiveryCore

/// The style schema livery ships, used when a repository has no
/// `targets/style.schema.json` of its own. It lives in LiveryCore, which an
/// app links too, so the runtime checks an update against the same file.
public enum BuiltInSchema {
    /// The schema's bytes exactly as in `Sources/LiveryCore/Resources/style.schema.json`.
    public static var bytes: [UInt8] { BuiltInStyleSchema.bytes }
}
