import LiveryCore
import LiveryJSON
import LiveryTargets

/// The `android-name` rule: every resource the Android bundle defines, by type
/// and name. A name escaped beyond plain snake_case is a warning naming both
/// spellings; two values that end up as the same resource would make aapt
/// refuse the whole `res/`, so that is an error naming both.
///
/// It runs for every target on every validation, so entries hold only the names;
/// messages and pointers are made for the few that are reported.
enum AndroidNameCheck {
    enum Source {
        case color(String)
        case dimension(String)
        case corner(kind: String, variant: String)
        case animation(String, timing: String)
        case appName
        /// `app.tagline` or `app.supportEmail` (`app_tagline`, `app_support_email`).
        case appText(String)
        case flag(String)
        case font(String)
        case component(kind: String, variant: String)
        case fontFile(token: String, family: String, weight: FontWeight)
        case fontFamily(token: String, family: String)
        case image(String)

        /// What defines the resource, for messages: `colour 'onPrimary'`.
        var what: String {
            switch self {
            case .color(let name): "colour '\(name)'"
            case .dimension(let name): "dimension '\(name)'"
            case .corner(let kind, let variant): "the corner radius of component \(kind).\(variant)"
            case .animation(let name, let timing): "animation '\(name).\(timing)'"
            case .appName: "the app's display name"
            case .appText(let key): "app.\(key)"
            case .flag(let name): "flag '\(name)'"
            case .font(let name): "font '\(name)'"
            case .component(let kind, let variant): "component \(kind).\(variant)"
            case .fontFile(_, let family, let weight): "the \(weight.rawValue) file of font family '\(family)'"
            case .fontFamily(_, let family): "font family '\(family)'"
            case .image(let name): "image '\(name)'"
            }
        }

        var pointer: [String] {
            switch self {
            case .color(let name): ["colors", name]
            case .dimension(let name): ["dimensions", name]
            case .corner(let kind, let variant): ["components", kind, variant, "shape"]
            case .animation(let name, let timing): ["animations", name, timing]
            case .appName: ["app", "displayName"]
            case .appText(let key): ["app", key]
            case .flag(let name): ["flags", name]
            case .font(let name): ["fonts", name]
            case .component(let kind, let variant): ["components", kind, variant]
            case .fontFile(let token, _, _): ["fonts", token, "file"]
            case .fontFamily(let token, _): ["fonts", token, "family"]
            case .image(let name): ["images", name]
            }
        }

        /// The name as written, for values named by one token (escapes are reported for those).
        var written: String? {
            switch self {
            case .color(let name), .dimension(let name), .flag(let name), .image(let name): name
            case .animation(let name, let timing): "\(name).\(timing)"
            default: nil
            }
        }
    }

    struct Entry {
        /// aapt's resource type: `color`, `dimen`, `integer`, `bool`, `string`, `style`, `font`, `drawable`.
        var type: String
        var name: String
        var source: Source
        var escape: String?
    }

    static func entries(_ style: ResolvedStyle) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(style.colors.count + style.dimensions.count + style.flags.count + style.fonts.count + 8)
        func token(_ type: String, _ written: String, _ source: Source) {
            let (name, escape) = AndroidNaming.resourceNameAndEscape(written)
            entries.append(Entry(type: type, name: name, source: source, escape: escape))
        }
        for name in style.dimensions.keys.sorted() { token("dimen", name, .dimension(name)) }
        for corner in AndroidComponentStyles.cornerRadii(style) {
            entries.append(Entry(type: "dimen", name: corner.name, source: .corner(kind: corner.kind, variant: corner.variant)))
        }
        for animation in style.animations.keys.sorted() {
            for timing in (style.animations[animation] ?? [:]).keys.sorted() {
                let (name, escape) = AndroidNaming.resourceNameAndEscape(animation + "_" + timing)
                entries.append(Entry(type: "integer", name: name, source: .animation(animation, timing: timing), escape: escape))
            }
        }
        if style.app.displayName != nil { entries.append(Entry(type: "string", name: "app_name", source: .appName)) }
        if style.app.tagline != nil { entries.append(Entry(type: "string", name: AndroidLocales.taglineName, source: .appText("tagline"))) }
        if style.app.supportEmail != nil {
            entries.append(Entry(type: "string", name: AndroidLocales.supportEmailName, source: .appText("supportEmail")))
        }
        for name in style.flags.keys.sorted() {
            guard let value = style.flags[name], let flag = AndroidValues.flag(value) else { continue }
            token(flag.type, name, .flag(name))
        }
        for name in style.fonts.keys.sorted() {
            entries.append(Entry(type: "style", name: AndroidTypography.textAppearance(name), source: .font(name)))
        }
        for (kind, variant) in AndroidComponentStyles.styled(style) {
            entries.append(
                Entry(
                    type: "style", name: AndroidComponentStyles.styleName(kind: kind, variant: variant),
                    source: .component(kind: kind, variant: variant)))
        }
        var families: Set<String> = []
        let fontFiles = AndroidTypography.fontFiles(style)
        for file in fontFiles {
            entries.append(
                Entry(type: "font", name: file.name, source: .fontFile(token: file.token, family: file.family, weight: file.weight)))
            let family = AndroidTypography.familyName(file.family, files: fontFiles)
            if families.insert(family).inserted {
                entries.append(Entry(type: "font", name: family, source: .fontFamily(token: file.token, family: file.family)))
            }
        }
        for name in style.images.keys.sorted() { token("drawable", name, .image(name)) }
        return entries
    }

    /// Colours are the one large group, and the only source of `@color/`: a
    /// colour whose name is already a resource name keeps it and cannot clash
    /// with another such colour, so only the renamed ones are looked at.
    static func colorEntries(_ style: ResolvedStyle) -> [Entry] {
        var renamed: [String] = []
        for name in style.colors.keys where !AndroidNaming.isPlainResourceName(name) { renamed.append(name) }
        var entries: [Entry] = []
        for name in renamed.sorted() {
            let (resource, escape) = AndroidNaming.resourceNameAndEscape(name)
            let renamedEntry = Entry(type: "color", name: resource, source: .color(name), escape: escape)
            guard style.colors[resource] != nil else {
                entries.append(renamedEntry)
                continue
            }
            // A colour already named so: both in name order, as a sorted listing has them.
            let plainEntry = Entry(type: "color", name: resource, source: .color(resource))
            entries += resource < name ? [plainEntry, renamedEntry] : [renamedEntry, plainEntry]
        }
        return entries
    }

    static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] {
        var found: [Diagnostic] = []
        // Type → name → the first entry of that name.
        var first: [String: [String: Int]] = [:]
        let all = colorEntries(style) + entries(style)
        for (index, entry) in all.enumerated() {
            if let escape = entry.escape, let written = entry.source.written {
                found.append(
                    Diagnostic(
                        .warning, rule: .androidName,
                        "\(entry.source.what) is the Android resource '\(entry.name)' (@\(entry.type)/\(entry.name)), not '\(written)': \(escape)",
                        pointer: JSONPointer(tokens: entry.source.pointer)
                    ))
            }
            if let earlier = first[entry.type]?[entry.name] {
                found.append(
                    Diagnostic(
                        .error, rule: .androidName,
                        "\(all[earlier].source.what) and \(entry.source.what) are both the Android resource @\(entry.type)/\(entry.name); aapt refuses duplicate resources, so rename one",
                        pointer: JSONPointer(tokens: entry.source.pointer)
                    ))
            } else {
                first[entry.type, default: [:]][entry.name] = index
            }
        }
        return found
    }
}
