import LiveryTargets

/// `web/`: `theme.css` with its fonts and images.
public enum WebPlatform: PlatformEmitter {
    public static let name = "web"
    public static let summary = "theme.css (light, dark and high contrast custom properties, fonts, images) with web/fonts and web/images"
    public static let isDefault = true

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        WebThemeCSS.files(for: style) + WebManifest.files(for: style)
    }

    /// PDF images, which browsers cannot show (`web-image`), and two files for
    /// one font family and weight (`web-font`).
    public static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] {
        WebImages.diagnostics(for: style) + WebFonts.diagnostics(for: style)
    }
}
