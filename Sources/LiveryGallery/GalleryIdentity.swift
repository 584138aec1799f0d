import LiveryJSON
import LiveryTargets

extension GalleryClientData {
    /// The client's name in each language (`names`: `[tag, language, name, rtl]`,
    /// the default first) when it has more than one, and its store listing
    /// (`store`: the icon both stores show, made from the app icon, and per tag
    /// `[tag, App Store name, Play title]`) when it has one.
    func identity(_ style: ResolvedStyle) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        if !style.app.localized.isEmpty {
            let source = AppLocale(style.app.sourceLocale)
            var names: [JSONValue] = [entry(style.app.sourceLocale, source, style.app.displayName ?? style.id)]
            for locale in style.app.locales where locale.tag != style.app.sourceLocale {
                guard let name = style.app.localized[locale.tag]?.displayName else { continue }
                names.append(entry(locale.tag, locale, name))
            }
            members.append(("names", .makeArray(names)))
        }
        guard !style.store.isEmpty else { return members }
        var store: [(String, JSONValue)] = []
        if let icon = style.appIcon, let path = assets[icon.blob.hex] { store.append(("icon", .string(path))) }
        store.append(
            (
                "titles",
                .makeArray(
                    style.store.texts.keys.sorted().compactMap { tag in
                        let texts = style.store.texts[tag] ?? [:]
                        let name = texts["name.txt"]?.text
                        let title = texts["title.txt"]?.text
                        guard name != nil || title != nil else { return nil }
                        return .makeArray([
                            .string(tag), .optionalString(name), .optionalString(title), .bool(AppLocale(tag)?.isRightToLeft ?? false),
                        ])
                    })
            ))
        members.append(("store", .makeObject(store)))
        return members
    }

    private func entry(_ tag: String, _ locale: AppLocale?, _ name: String) -> JSONValue {
        .makeArray([.string(tag), .string(locale?.languageName ?? tag), .string(name), .bool(locale?.isRightToLeft ?? false)])
    }
}
