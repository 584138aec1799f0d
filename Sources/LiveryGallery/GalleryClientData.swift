import LiveryCore
import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryText

/// One client as the page's script reads it: a JSON object with everything
/// its card and detail view draw. Colours are `#RRGGBB[AA]` text in the four
/// appearances' order, numbers are plain, and every string from the repository
/// stays a JSON string, which the script only ever puts into the page as text.
struct GalleryClientData {
    /// Where asset files are in the site, by blob id.
    let assets: [String: String]
    /// Font face names by `GalleryFontFaces.key`.
    let faces: GalleryFontFaces
    /// At most this many colour swatches on a card; the detail view lists them all.
    static let swatchesShown = 48

    func value(_ client: GalleryClient) -> JSONValue {
        var members = state(client.state, id: client.id, chain: client.chain)
        if let contract = client.contract { members.append(("contract", .makeArray([.string(contract.version), .string(contract.file)]))) }
        if let review = client.review {
            var fields: [(String, JSONValue)] = [
                ("status", .string(review.status.rawValue)),
                ("changed", .makeArray(review.changedPaths.map { .string($0) })),
            ]
            if !review.changedAppearances.isEmpty {
                fields.append(
                    (
                        "modes",
                        .makeObject(
                            review.changedAppearances.keys.sorted().map { path in
                                (path, .makeArray((review.changedAppearances[path] ?? []).map { .integer($0) }))
                            })
                    ))
            }
            if let old = review.renamedFrom { fields.append(("renamedFrom", .string(old))) }
            if !review.renames.isEmpty {
                fields.append(
                    (
                        "renames",
                        .makeArray(
                            review.renames.keys.sorted().map { new in
                                .makeArray([.string(review.renames[new] ?? ""), .string(new)])
                            })
                    ))
            }
            if !review.breaking.isEmpty { fields.append(("breaking", .makeArray(review.breaking.map { .string($0) }))) }
            if let before = review.before {
                // The before side is drawn, never listed in the details: its token list is left out.
                fields.append(("before", .makeObject(state(before, id: review.renamedFrom ?? client.id, chain: [], tokens: false))))
            }
            members.append(("review", .makeObject(fields)))
        }
        return .makeObject(members)
    }

    /// The members for one revision's view of the client.
    func state(_ state: GalleryClient.State, id: String, chain: [String], tokens: Bool = true) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("id", .string(id))]
        if !chain.isEmpty { members.append(("chain", .makeArray(chain.map { .string($0) }))) }
        switch state {
        case .invalid(let errors):
            members.append(("name", .string(id)))
            members.append(("errors", .makeArray(errors.map { .string(Self.line($0)) })))
        case .resolved(let style, let provenance, let warnings):
            members += resolved(style, provenance: provenance, warnings: warnings, tokens: tokens)
        }
        return members
    }

    func resolved(_ style: ResolvedStyle, provenance: Provenance, warnings: [Diagnostic], tokens: Bool) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [("name", .string(style.app.displayName ?? style.id))]
        if let bundle = style.app.bundleId { members.append(("bundle", .string(bundle))) }
        if let icon = style.appIcon, let path = assets[icon.blob.hex] { members.append(("icon", .string(path))) }
        if !warnings.isEmpty { members.append(("warnings", .makeArray(warnings.map { .string(Self.line($0)) }))) }
        members += identity(style)
        members.append(
            (
                "colors",
                .makeArray(
                    style.colors.keys.sorted().prefix(Self.swatchesShown).compactMap { name in
                        style.colors[name].map { .makeArray([.string(name), colors($0)]) }
                    })
            ))
        // The colours whose high-contrast values livery derived, not the client (docs/gallery.md).
        let derived = Set(style.derivedHighContrast.map(\.token)).sorted()
        if !derived.isEmpty { members.append(("derived", .makeArray(derived.map { .string($0) }))) }
        if style.colors.count > Self.swatchesShown {
            members.append(("moreColors", number(Double(style.colors.count - Self.swatchesShown))))
        }
        members.append(("palettes", palettes(style)))
        members.append(
            (
                "fonts",
                .makeArray(
                    style.fonts.keys.sorted().compactMap { name in
                        style.fonts[name].map { .makeArray([.string(name)] + font($0)) }
                    })
            ))
        var components: [JSONValue] = []
        for kind in style.components.keys.sorted() {
            for (variant, properties) in (style.components[kind] ?? [:]).sorted(by: { $0.key < $1.key }) {
                components.append(.makeArray([.string(kind), .string(variant), component(properties)]))
            }
        }
        members.append(("components", .makeArray(components)))
        members.append(("images", images(style)))
        members.append(("contrast", contrast(style)))
        guard tokens else { return members }
        members.append(("tokens", tokenList(style, provenance: provenance)))
        return members
    }

    /// Each palette's shades; a shade written beyond hex as `[fallback, as written, outside sRGB]`.
    func palettes(_ style: ResolvedStyle) -> JSONValue {
        .makeArray(
            style.palettes.keys.sorted().compactMap { name in
                style.palettes[name].map { shades in
                    .makeArray([
                        .string(name),
                        .makeArray(
                            PaletteShades.names.compactMap { shade in
                                // A palette written in Display P3 or OKLCH: each shade as a wide colour is sent.
                                if let wide = style.widePalettes[name]?[shade], !wide.isHex {
                                    return .makeArray([.string(wide.srgb.hex), .string(wide.text), .bool(wide.isOutsideSRGB)])
                                }
                                return shades[shade].map { .string($0.hex) }
                            }),
                    ])
                }
            })
    }

    /// Each image: its name, light file and address, and dark address or null.
    func images(_ style: ResolvedStyle) -> JSONValue {
        .makeArray(
            style.images.keys.sorted().compactMap { name in
                style.images[name].map { image in
                    .makeArray([
                        .string(name), .string(image.light.file.path), url(image.light.file),
                        image.dark.map { url($0.file) } ?? .null,
                    ])
                }
            })
    }

    /// Each component's text-on-background pair with its ratio in every appearance.
    func contrast(_ style: ResolvedStyle) -> JSONValue {
        .makeArray(
            GalleryContrast.pairs(in: style).map { pair in
                .makeArray([
                    .string(pair.component), .string(pair.foreground), .string(pair.background),
                    .makeArray(pair.ratios.map(number)),
                ])
            })
    }

    /// Every token with its value, and `via` as positions in the chain (0 the client itself):
    /// a thousand clients repeat their ids often.
    func tokenList(_ style: ResolvedStyle, provenance: Provenance) -> JSONValue {
        .makeArray(
            GalleryTokens.list(style, provenance: provenance).map { token in
                .makeArray([
                    .string(token.path), .string(token.value),
                    .makeArray(
                        token.via.compactMap { writer in
                            style.chain.firstIndex(of: writer).map { number(Double($0)) }
                        }),
                ])
            })
    }

    /// Four appearances: hex, or for a colour written beyond hex `[fallback, as written, outside sRGB]`.
    func colors(_ token: ColorToken) -> JSONValue {
        guard token.wide != nil else { return .makeArray(GalleryAppearance.colors(of: token).map { .string($0.hex) }) }
        return .makeArray(
            GalleryReview.modes.map { mode in
                let value = token.value(dark: mode.dark, highContrast: mode.highContrast)
                return value.isHex
                    ? .string(value.srgb.hex) : .makeArray([.string(value.srgb.hex), .string(value.text), .bool(value.isOutsideSRGB)])
            })
    }

    /// `family, size, weight, face` (the face is "" when the font has no file in the site).
    func font(_ font: ResolvedFont) -> [JSONValue] {
        let face = font.file.flatMap { file in assets[file.blob.hex].flatMap { faces.name(path: $0, weight: font.weight.numeric) } } ?? ""
        return [.string(font.family), number(font.size), number(Double(font.weight.numeric)), .string(face)]
    }

    func url(_ file: AssetReference) -> JSONValue {
        assets[file.blob.hex].map { .string($0) } ?? .null
    }

    /// A component's properties the card draws: colours as four appearances,
    /// fonts as `family, size, weight, face`, dimensions and numbers as numbers,
    /// shapes as a corner radius (`-1` capsule, `-2` circle).
    func component(_ properties: [String: ResolvedComponentValue]) -> JSONValue {
        .makeObject(
            properties.keys.sorted().compactMap { name in
                guard let value = properties[name] else { return nil }
                switch value {
                case .color(let token, _): return (name, colors(token))
                case .font(let token, _): return (name, .makeArray(font(token)))
                case .dimension(let size, _), .number(let size): return (name, number(size))
                case .shape(let shape):
                    switch shape {
                    case .rectangle: return (name, number(0))
                    case .roundedRectangle(let radius): return (name, number(radius))
                    case .capsule: return (name, number(-1))
                    case .circle: return (name, number(-2))
                    }
                case .bool(let flag): return (name, .bool(flag))
                case .string(let text): return (name, .string(text))
                }
            })
    }

    func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: value.isFinite ? NumberText.text(value) : "0"))
    }

    /// `file:line:col: message [rule]`, as livery prints a diagnostic on one line.
    static func line(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.position.map { "\($0): " } ?? ""
        return "\(place)\(diagnostic.message) [\(diagnostic.rule)]"
    }
}

/// `@font-face` names for the fonts the page uses: one per font file and weight,
/// numbered in the order of their asset paths so the page is the same every run.
struct GalleryFontFaces {
    struct Key: Hashable, Comparable {
        var path: String
        var weight: Int
        static func < (a: Key, b: Key) -> Bool { (a.path, a.weight) < (b.path, b.weight) }
    }

    private(set) var names: [Key: String] = [:]
    let ordered: [Key]

    init(_ keys: Set<Key>) {
        ordered = keys.sorted()
        for (index, key) in ordered.enumerated() { names[key] = "lf\(index)" }
    }

    func name(path: String, weight: Int) -> String? { names[Key(path: path, weight: weight)] }

    /// Every font file and weight the clients use.
    static func collect(_ clients: [GalleryClient], assets: [String: String]) -> GalleryFontFaces {
        var keys: Set<Key> = []
        func add(_ font: ResolvedFont) {
            if let file = font.file, let path = assets[file.blob.hex] { keys.insert(Key(path: path, weight: font.weight.numeric)) }
        }
        func add(_ state: GalleryClient.State?) {
            guard case .resolved(let style, _, _)? = state else { return }
            for font in style.fonts.values { add(font) }
            for variants in style.components.values {
                for properties in variants.values {
                    for case .font(let font, _) in properties.values { add(font) }
                }
            }
        }
        for client in clients {
            add(client.state)
            add(client.review?.before)
        }
        return GalleryFontFaces(keys)
    }
}
