import LiveryTargets

/// The app's texts per language: `res/values-<qualifier>/strings.xml` with
/// `app_name`, `app_tagline` and `app_support_email` for each BCP 47 tag that
/// gives its own (`values-fr-rCA`, `values-iw`, `values-b+zh+Hans`). Android
/// takes a string missing there from `values/strings.xml`.
enum AndroidLocales {
    static let taglineName = "app_tagline"
    static let supportEmailName = "app_support_email"

    static func files(for style: ResolvedStyle) -> [EmittedFile] {
        style.app.locales.compactMap { locale in
            guard let texts = style.app.localized[locale.tag] else { return nil }
            let body = items(texts).joined()
            return EmittedFile(
                path: "android/res/values-\(locale.androidQualifier)/strings.xml", text: AndroidText.resources(style.id, body))
        }
    }

    /// The string resources of one language's texts, in a fixed order.
    static func items(_ texts: AppTexts) -> [String] {
        var items: [String] = []
        if let name = texts.displayName { items.append(AndroidValues.stringItem("app_name", name)) }
        if let email = texts.supportEmail { items.append(AndroidValues.stringItem(supportEmailName, email)) }
        if let tagline = texts.tagline { items.append(AndroidValues.stringItem(taglineName, tagline)) }
        return items
    }
}
