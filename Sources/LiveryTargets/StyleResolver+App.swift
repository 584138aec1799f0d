import LiveryJSON

extension Resolution {
    /// The app identity: ids as written, and each text (`displayName`, `tagline`,
    /// `supportEmail`) either one string or `{"default": …, "<tag>": …}`, whose
    /// tags must be in the locale table.
    mutating func resolveApp() {
        let app = group("app")
        style.app.bundleId = app["bundleId"]?.value.stringValue
        style.app.androidPackage = app["androidPackage"]?.value.stringValue
        if let node = app["defaultLocale"], let tag = node.value.stringValue {
            if checkLocale(tag, node.location, ["app", "defaultLocale"]) { style.app.defaultLocale = tag }
        }
        style.app.displayName = localizedText(app["displayName"], key: "displayName") { $0.displayName = $1 }
        style.app.tagline = localizedText(app["tagline"], key: "tagline") { $0.tagline = $1 }
        style.app.supportEmail = localizedText(app["supportEmail"], key: "supportEmail") { $0.supportEmail = $1 }
    }

    /// The default text of `node`, recording each tagged text with `set`.
    ///
    /// The default texts are the default locale's (`defaultLocale`, else `en`):
    /// iOS writes them as the catalog's source language, Android in `values/`, the
    /// web manifest under its `lang`. So a text tagged with the default locale is
    /// one meaning only: alone it is the default; beside a different `"default"` it
    /// would name that locale twice (iOS and the web would show one, Android's
    /// `values-<tag>` the other), which is an error at the tagged text.
    mutating func localizedText(_ node: JSONNode?, key: String, set: (inout AppTexts, String) -> Void) -> String? {
        guard let node else { return nil }
        if let text = node.value.stringValue { return text }
        guard let object = node.value.objectValue else { return nil }
        let source = style.app.sourceLocale
        var fallback = object["default"]?.value.stringValue
        for member in object.members where member.key != "default" {
            guard let text = member.value.value.stringValue else { continue }
            guard checkLocale(member.key, member.keyLocation, ["app", key, member.key]) else { continue }
            if member.key == source {
                if let fallback, fallback != text {
                    let origin = style.app.defaultLocale == nil ? "livery's default locale (no defaultLocale is set)" : "app.defaultLocale"
                    diagnostics.append(
                        Diagnostic(
                            .error, rule: .locale,
                            "'\(source)' is \(origin), so the \"default\" \(key) \(Self.quoted(fallback)) is already its text; \(Self.quoted(text)) would give '\(source)' a second one: keep one of them, or set app.defaultLocale to the language \"default\" is written in",
                            at: member.keyLocation, pointer: JSONPointer(tokens: ["app", key, member.key]), target: id
                        ))
                } else {
                    fallback = text
                }
                continue
            }
            set(&style.app.localized[member.key, default: AppTexts()], text)
        }
        return fallback
    }

    /// A text in a message, quoted and cut short so one long text cannot flood it.
    static func quoted(_ text: String) -> String {
        let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return "'\(shown)'"
    }

    /// Whether livery's locale table knows `tag`; an error with the nearest tag when not.
    mutating func checkLocale(_ tag: String, _ location: JSONLocation, _ pointer: [String]) -> Bool {
        if AppLocale(tag) != nil { return true }
        let hint = AppLocale.suggestion(for: tag).map { " (did you mean '\($0)'?)" } ?? ""
        diagnostics.append(
            Diagnostic(
                .error, rule: .locale,
                "'\(tag)' is not a locale livery knows: write a BCP 47 tag of a language in docs/locales.md, such as fr-CA, zh-Hans or he\(hint)",
                at: location, pointer: JSONPointer(tokens: pointer), target: id
            ))
        return false
    }
}
