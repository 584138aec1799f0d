import LiveryTargets

/// `android/`: `res/` (values, fonts, drawables, launcher icon) and the Kotlin theme.
public enum AndroidPlatform: PlatformEmitter {
    public static let name = "android"
    public static let summary = "Android res/ (colours, dimensions, text styles, fonts, drawables, launcher icon) and LiveryTheme.kt"
    public static let isDefault = true
    public static let sharedChecks: [SharedPlatformCheck] = [.appIconMissing]

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        AndroidResources.files(for: style) + AndroidLocales.files(for: style) + [
            KotlinTheme.file(for: style), AndroidIdentity.file(for: style),
        ]
            + (WideColor.isUsed(in: style) ? [KotlinTheme.displayP3File(for: style)] : [])
            + AndroidLauncherIcon.files(for: style)
    }

    public static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] {
        AndroidResources.diagnostics(for: style) + AndroidIdentity.diagnostics(for: style)
    }
}
