import LiveryJSON
import LiveryTargets
import LiveryText

/// The app's texts per language for Xcode, in both forms a project may use:
///
/// - `ios/InfoPlist.xcstrings`, a String Catalog with `CFBundleDisplayName` and
///   `CFBundleName` in the default language and each tag that names the app;
///   `ios/<tag>.lproj/InfoPlist.strings` for projects without catalogs. Written
///   when the display name is given per language; `Target.xcconfig` then leaves
///   out `INFOPLIST_KEY_CFBundleDisplayName`, which beside a catalog defines the
///   key twice.
/// - `ios/LiveryApp.xcstrings` and `ios/<tag>.lproj/LiveryApp.strings` with
///   `tagline` and `supportEmail`, read with `String(localized: "tagline", table: "LiveryApp")`.
///
/// The `.strings` files are XML property lists, which Foundation reads as
/// strings files and any plist reader can check.
enum IOSLocalizations {
    static func files(for style: ResolvedStyle) -> [EmittedFile] {
        var files: [EmittedFile] = []
        if hasLocalizedName(style) {
            files += table("InfoPlist", style) { texts in
                texts.displayName.map { [("CFBundleDisplayName", $0), ("CFBundleName", $0)] } ?? []
            }
        }
        if style.app.tagline != nil || style.app.supportEmail != nil {
            files += table("LiveryApp", style) { texts in
                [("supportEmail", texts.supportEmail), ("tagline", texts.tagline)].compactMap { key, text in text.map { (key, $0) } }
            }
        }
        return files
    }

    /// Whether some language has a display name of its own: then the name comes
    /// from `InfoPlist.xcstrings`, not from a build setting.
    static func hasLocalizedName(_ style: ResolvedStyle) -> Bool {
        style.app.localized.values.contains { $0.displayName != nil }
    }

    /// One table as a String Catalog and a `.strings` file per language. The
    /// default language's strings are the defaults; each other tag has the
    /// entries it gives itself.
    static func table(_ name: String, _ style: ResolvedStyle, entries: (AppTexts) -> [(String, String)]) -> [EmittedFile] {
        let source = style.app.sourceLocale
        var languages: [(tag: String, entries: [(String, String)])] = [(source, entries(style.app.defaultTexts))]
        for locale in style.app.locales where locale.tag != source {
            let own = entries(style.app.localized[locale.tag] ?? AppTexts())
            if !own.isEmpty { languages.append((locale.tag, own)) }
        }
        var files = [EmittedFile(path: "ios/\(name).xcstrings", text: catalog(source: source, languages))]
        for language in languages.sorted(by: { $0.tag < $1.tag }) {
            let lproj = AppLocale(language.tag)?.lproj ?? language.tag + ".lproj"
            files.append(EmittedFile(path: "ios/\(lproj)/\(name).strings", text: stringsPlist(language.entries)))
        }
        return files
    }

    /// A String Catalog (`.xcstrings`, version 1.0) as Xcode writes it: every key
    /// `"extractionState": "manual"` (no source code extracts it), each
    /// language's value a translated `stringUnit`.
    static func catalog(source: String, _ languages: [(tag: String, entries: [(String, String)])]) -> String {
        var keys: [String: [(String, JSONValue)]] = [:]
        for language in languages {
            for (key, text) in language.entries {
                let unit = JSONValue.makeObject([("stringUnit", .makeObject([("state", .string("translated")), ("value", .string(text))]))])
                keys[key, default: []].append((language.tag, unit))
            }
        }
        let strings = keys.keys.sorted().map { key in
            (key, JSONValue.makeObject([("extractionState", .string("manual")), ("localizations", .makeObject(keys[key] ?? []))]))
        }
        return JSONWriter.xcode(
            .makeObject([("sourceLanguage", .string(source)), ("strings", .makeObject(strings)), ("version", .string("1.0"))]))
    }

    /// A strings file as an XML property list: one `<key>`/`<string>` pair per entry.
    static func stringsPlist(_ entries: [(String, String)]) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>

            """
        for (key, value) in entries {
            text += "\t<key>\(TextEscaping.xml(key))</key>\n\t<string>\(TextEscaping.xml(value))</string>\n"
        }
        return text + "</dict>\n</plist>\n"
    }
}
