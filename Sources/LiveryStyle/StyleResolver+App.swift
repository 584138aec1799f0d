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
        if let tag = style.app.defaultLocale, style.app.localized[tag] != nil, let node = app["defaultLocale"] {
            warning(.locale, "'\(tag)' is the default locale and also has texts of its own in app; the \"default\" texts are the ones written for '\(tag)'", node, ["app", "defaultLocale"])
        }
    }

    /// The default text of `node`, recording each tagged text with `set`.
    mutating func localizedText(_ node: JSONNode?, key: String, set: (inout AppTexts, String) -> Void) -> String? {
        guard let node else { return nil }
        if let text = node.value.stringValue { return text }
        guard let object = node.value.objectValue else { return nil }
        var fallback: String?
        for member in object.members {
            guard let text = member.value.value.stringValue else { continue }
            if member.key == "default" {
                fallback = text
                continue
            }
            guard checkLocale(member.key, member.keyLocation, ["app", key, member.key]) else { continue }
            set(&style.app.localized[member.key, default: AppTexts()], text)
        }
        return fallback
    }

    /// Whether livery's locale table knows `tag`; an error with the nearest tag when not.
    mutating func checkLocale(_ tag: String, _ location: JSONLocation, _ pointer: [String]) -> Bool {
        if AppLocale(tag) != nil { return true }
        let hint = AppLocale.suggestion(for: tag).map { " (did you mean '\($0)'?)" } ?? ""
        diagnostics.append(Diagnostic(
            .error, rule: .locale,
            "'\(tag)' is not a locale livery knows: write a BCP 47 tag of a language in docs/locales.md, such as fr-CA, zh-Hans or he\(hint)",
            at: location, pointer: JSONPointer(tokens: pointer), target: id
        ))
        return false
    }
}
