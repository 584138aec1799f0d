import LiveryJSON
import LiveryStyle

/// The `android-name` rule: every resource the Android bundle defines, by type
/// and name. A name escaped beyond plain snake_case is a warning naming both
/// spellings; two values that end up as the same resource would make aapt
/// refuse the whole `res/`, so that is an error naming both.
enum AndroidNameCheck {
    struct Entry {
        /// aapt's resource type: `color`, `dimen`, `integer`, `bool`, `string`, `style`, `font`, `drawable`.
        var type: String
        var name: String
        /// What defines it, for messages: `colour 'onPrimary'`.
        var what: String
        var pointer: [String]
        /// The name as written and why it was escaped, for values named by one token.
        var written: String?
        var escape: String?
    }

    static func entries(_ style: ResolvedStyle) -> [Entry] {
        var entries: [Entry] = []
        func token(_ type: String, _ written: String, _ what: String, _ pointer: [String]) {
            let (name, escape) = AndroidNaming.resourceNameAndEscape(written)
            entries.append(Entry(type: type, name: name, what: "\(what) '\(written)'", pointer: pointer, written: written, escape: escape))
        }
        for name in style.colors.keys.sorted() { token("color", name, "colour", ["colors", name]) }
        for name in style.dimensions.keys.sorted() { token("dimen", name, "dimension", ["dimensions", name]) }
        for corner in AndroidComponentStyles.cornerRadii(style) {
            entries.append(Entry(type: "dimen", name: corner.name, what: "the corner radius of component \(corner.kind).\(corner.variant)",
                                 pointer: ["components", corner.kind, corner.variant, "shape"]))
        }
        for animation in style.animations.keys.sorted() {
            for timing in (style.animations[animation] ?? [:]).keys.sorted() {
                let (name, escape) = AndroidNaming.resourceNameAndEscape(animation + "_" + timing)
                entries.append(Entry(type: "integer", name: name, what: "animation '\(animation).\(timing)'",
                                     pointer: ["animations", animation, timing], written: "\(animation).\(timing)", escape: escape))
            }
        }
        if style.app.displayName != nil {
            entries.append(Entry(type: "string", name: "app_name", what: "the app's display name", pointer: ["app", "displayName"]))
        }
        for name in style.flags.keys.sorted() {
            guard let value = style.flags[name], let flag = AndroidValues.flag(value) else { continue }
            token(flag.type, name, "flag", ["flags", name])
        }
        for name in style.fonts.keys.sorted() {
            entries.append(Entry(type: "style", name: AndroidTypography.textAppearance(name), what: "font '\(name)'", pointer: ["fonts", name]))
        }
        for (kind, variant) in AndroidComponentStyles.styled(style) {
            entries.append(Entry(type: "style", name: AndroidComponentStyles.styleName(kind: kind, variant: variant),
                                 what: "component \(kind).\(variant)", pointer: ["components", kind, variant]))
        }
        let fontFiles = AndroidTypography.fontFiles(style)
        var families: Set<String> = []
        for file in fontFiles {
            entries.append(Entry(type: "font", name: file.name, what: "the \(file.weight.rawValue) file of font family '\(file.family)'", pointer: ["fonts", file.token, "file"]))
            let family = AndroidTypography.familyName(file.family)
            if families.insert(family).inserted {
                entries.append(Entry(type: "font", name: family, what: "font family '\(file.family)'", pointer: ["fonts", file.token, "family"]))
            }
        }
        for name in style.images.keys.sorted() { token("drawable", name, "image", ["images", name]) }
        return entries
    }

    static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] {
        var found: [Diagnostic] = []
        var first: [String: Entry] = [:]
        for entry in entries(style) {
            if let written = entry.written, let escape = entry.escape {
                found.append(Diagnostic(
                    .warning, rule: "android-name",
                    "\(entry.what) is the Android resource '\(entry.name)' (@\(entry.type)/\(entry.name)), not '\(written)': \(escape)",
                    pointer: JSONPointer(tokens: entry.pointer)
                ))
            }
            let key = entry.type + "/" + entry.name
            if let earlier = first[key] {
                found.append(Diagnostic(
                    .error, rule: "android-name",
                    "\(earlier.what) and \(entry.what) are both the Android resource @\(key); aapt refuses duplicate resources, so rename one",
                    pointer: JSONPointer(tokens: entry.pointer)
                ))
            } else {
                first[key] = entry
            }
        }
        return found
    }
}
