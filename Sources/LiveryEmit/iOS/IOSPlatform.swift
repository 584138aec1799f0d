import LiveryTargets

/// `ios/`: the asset catalog, `Theme.swift`, fonts, `Info.plist` and `Target.xcconfig`.
public enum IOSPlatform: PlatformEmitter {
    public static let name = "ios"
    public static let summary = "Xcode asset catalog (colours, images, app icon), Theme.swift, fonts, Info.plist, Target.xcconfig"
    public static let isDefault = true
    public static let sharedChecks: [SharedPlatformCheck] = [.appIconMissing]

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        AssetCatalog.files(for: style) + [SwiftTheme.file(for: style)] + IOSProjectFiles.files(for: style)
            + IOSLocalizations.files(for: style)
    }
}
