// What a platform cannot carry, reported by `livery build` (and by `livery validate` for the platforms livery.json builds).
extension Rule {
    public static let androidImage = Rule(
        "android-image", [.warning], section: .platform, configurable: true,
        summary: "An image Android cannot use; it is left out of res/.",
        explanation: "an image Android cannot use (e.g. an SVG it cannot convert to a vector drawable); it is left out of `res/`"
    )
    public static let androidName = Rule(
        "android-name", [.warning, .error], section: .platform,
        summary: "A name that becomes another (or the same) Android resource name.",
        explanation:
            "a name that becomes another Android resource name (warning), or two names that become the same resource (error: aapt refuses duplicates)"
    )
    public static let webImage = Rule(
        "web-image", [.warning], section: .platform, configurable: true,
        summary: "An image browsers do not show as a CSS image.",
        explanation: "an image browsers do not show as a CSS image (a PDF); `theme.css` leaves it out, or uses the light image in dark mode"
    )
    public static let webFont = Rule(
        "web-font", [.warning], section: .platform, configurable: true,
        summary: "Two fonts of the same family and weight with different files.",
        explanation: "two fonts of the same family and weight with different files; a web page loads one"
    )
    public static let androidPackage = Rule(
        "android-package", [.warning], section: .platform, configurable: true,
        summary: "app.bundleId is not a valid Android application id.",
        explanation:
            "`app.bundleId` is not a valid Android application id (a hyphen, a part starting with a digit, a Java keyword) and there is no `app.androidPackage`: the Android bundle has no application id; the message gives one to add"
    )
    public static let appIconMissing = Rule(
        "app-icon-missing", [.warning], section: .platform, configurable: true,
        summary: "A target built for ios or android has no appIcon.",
        explanation:
            "a target built for `ios` or `android` has no `appIcon`: its bundles carry no app icon, and an Android manifest naming `@mipmap/ic_launcher` does not link"
    )
}
