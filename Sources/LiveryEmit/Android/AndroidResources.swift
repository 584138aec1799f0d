import LiveryTargets

/// `android/res/`, ready to be a Gradle product flavour's resource directory:
/// values (colours light and night, dimensions, integers, bools, strings),
/// `values/styles.xml` (text appearances and widget styles), fonts with their
/// font families, and drawables. Names follow ``AndroidNaming``; what cannot be
/// carried is reported by ``diagnostics(for:)``.
public enum AndroidResources {
    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        let fontFiles = AndroidTypography.fontFiles(style)
        let corners = AndroidComponentStyles.cornerRadii(style).map { (name: $0.name, value: $0.value) }
        var files = AndroidValues.files(for: style, cornerRadii: corners)
        let styles = AndroidTypography.styles(for: style, fontFiles: fontFiles) + AndroidComponentStyles.styles(for: style)
        if !styles.isEmpty {
            files.append(EmittedFile(path: "android/res/values/styles.xml", text: AndroidText.resources(style.id, styles)))
        }
        files += AndroidTypography.files(for: style, fontFiles: fontFiles)
        files += AndroidDrawables.files(for: style)
        return files
    }

    /// Renamed resources (warnings), clashing resource names (errors) and images
    /// Android cannot use (warnings), each with a pointer into the style.
    public static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] {
        AndroidNameCheck.diagnostics(for: style) + AndroidDrawables.diagnostics(for: style)
    }
}
