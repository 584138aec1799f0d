import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryText

/// One token as every appearance of a brand has it: the theme contexts may each
/// give it another value (colours), or the same.
struct TokenAcross {
    var path: [String]
    var byAppearance: [Appearance: DTCGToken]
    /// The token livery reads where it has only one value: the light one, or (when
    /// the light context has no such token) the first appearance that has it.
    private(set) var primary: DTCGToken

    /// Starts with the token of the first appearance (in style order) that has it.
    init(_ token: DTCGToken, in appearance: Appearance) {
        path = token.path
        byAppearance = [appearance: token]
        primary = token
    }

    mutating func add(_ token: DTCGToken, in appearance: Appearance) {
        byAppearance[appearance] = token
        if appearance == .light { primary = token }
    }

    var type: String { primary.type }
    var dotted: String { path.joined(separator: ".") }

    /// Whether every appearance gives the token the same value, written the same way.
    var isTheSameInEveryAppearance: Bool {
        let first = primary
        return byAppearance.values.allSatisfy { $0.value.value == first.value.value && $0.reference == first.reference }
    }
}

/// One brand being mapped: the tokens, where each one goes, what was read, and
/// the sections being written. Errors are collected, not thrown, so one import
/// reports every problem at once.
struct MappingRun {
    let brand: BrandTokens
    /// The appearances the brand has, in style order.
    let appearances: [Appearance]
    var tokens: [TokenAcross] = []
    var names = TokenNames()
    /// Token path → where it goes in style.json.
    var placements: [[String]: Placement] = [:]
    /// Colour token path → its colour in each appearance that has it.
    var colorValues: [[String]: [Appearance: ColorValue]] = [:]
    /// `$extensions["dev.livery"]` at the root of the light (or first) token set.
    var livery = JSONObject()

    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []
    var notImported: [String: Int] = [:]

    var palettes: [String: JSONValue] = [:]
    var colors: [String: JSONValue] = [:]
    var fonts: [String: JSONValue] = [:]
    var dimensions: [String: JSONValue] = [:]
    var animations: [String: [String: JSONValue]] = [:]
    var components: [String: [String: [String: JSONValue]]] = [:]
    var flags: [String: JSONValue] = [:]
    var fontsWithoutFiles: [String] = []
    /// Tokens whose `rem` sizes were read at 16 px.
    var remTokens: [String] = []

    init(_ brand: BrandTokens) {
        self.brand = brand
        appearances = brand.appearances.keys.sorted()
    }

    mutating func mapEveryToken() {
        gatherTokens()
        readExtensions()
        readColors()
        placeTokens()
        guard errors.isEmpty else { return }
        mapColors()
        mapNumbersAndFonts()
        mapComponents()
        mergeExtensions()
        noteAssumptions()
    }

    /// Every path any appearance has, in the order the light set (then the others) lists them.
    mutating func gatherTokens() {
        var index: [[String]: Int] = [:]
        for appearance in appearances {
            for token in brand.appearances[appearance]?.tokens ?? [] {
                if let at = index[token.path] {
                    tokens[at].add(token, in: appearance)
                } else {
                    index[token.path] = tokens.count
                    tokens.append(TokenAcross(token, in: appearance))
                }
            }
        }
    }

    /// The value a reader gives, with its warnings kept; nil (and the error kept) when it cannot be read.
    mutating func read<Value>(_ body: () throws(Diagnostic) -> DTCGRead<Value>) -> Value? {
        do {
            let read = try body()
            warnings += read.warnings
            return read.value
        } catch {
            errors.append(error)
            return nil
        }
    }

    /// A value livery has once, from a token that differs by appearance: the light
    /// one is used, and the warning names the token.
    mutating func noteSingleValue(_ token: TokenAcross) {
        guard !token.isTheSameInEveryAppearance else { return }
        let primary = token.primary
        let others = appearances.filter { appearance in
            guard let other = token.byAppearance[appearance] else { return false }
            return other.value.value != primary.value.value || other.reference != primary.reference
        }.map(\.rawValue)
        warnings.append(
            Diagnostic(
                .warning, rule: .dtcgThemeValue,
                "`\(token.dotted)` differs by theme (\(others.joined(separator: ", "))), but livery has one \(token.type) value: the light one is used",
                at: token.primary.location, pointer: JSONPointer(tokens: token.path + ["$value"])
            ))
    }

    mutating func skip(_ type: String) {
        notImported[type, default: 0] += 1
    }

    /// A number as style.json writes it.
    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: NumberText.text(value)))
    }

    /// Whether `token`'s value is written in `rem` (itself, or a typography's fontSize / letterSpacing).
    static func usesRem(_ value: JSONValue) -> Bool {
        switch value {
        case .string(let text): return text.hasSuffix("rem")
        case .object(let object):
            if object["unit"]?.value.stringValue == "rem" { return true }
            return ["fontSize", "letterSpacing"].contains { key in object[key].map { usesRem($0.value) } ?? false }
        default: return false
        }
    }

    /// One warning per brand for sizes read in rem, rather than one per token.
    mutating func noteAssumptions() {
        guard let first = remTokens.first else { return }
        let more = remTokens.count > 1 ? " and \(remTokens.count - 1) more" : ""
        warnings.append(
            Diagnostic(
                .warning, rule: .dtcgAssumed,
                "sizes in rem are read at 16 px (the browsers' default font size) = 16 points: `\(first)`\(more)"
            ))
    }

    func result() -> MappedStyle {
        var sections: [(String, JSONValue)] = []
        func add(_ section: StyleSection, _ values: [String: JSONValue]) {
            guard !values.isEmpty else { return }
            sections.append((section.rawValue, Self.sorted(values)))
        }
        add(.palettes, palettes)
        add(.colors, colors)
        add(.fonts, fonts)
        add(.dimensions, dimensions)
        add(.animations, animations.mapValues(Self.sorted))
        add(.components, components.mapValues { $0.mapValues(Self.sorted) }.mapValues(Self.sorted))
        add(.flags, flags)
        var seen: Set<Diagnostic> = []
        let unique = warnings.filter { seen.insert($0).inserted }
        var fontWarnings: [Diagnostic] = []
        if !fontsWithoutFiles.isEmpty {
            let list = fontsWithoutFiles.map { "`\($0)`" }.joined(separator: ", ")
            fontWarnings.append(
                Diagnostic(
                    .warning, rule: .dtcgFontFile,
                    "DTCG has no font files: \(list) \(fontsWithoutFiles.count == 1 ? "has" : "have") none (add them with --fonts DIR, or the app uses a system font of that family)"
                ))
        }
        return MappedStyle(
            document: .makeObject(sections), app: livery["app"]?.value, warnings: unique + fontWarnings,
            notImported: notImported, fontsWithoutFiles: fontsWithoutFiles
        )
    }

    static func sorted(_ values: [String: JSONValue]) -> JSONValue {
        .makeObject(values.keys.sorted().compactMap { key in values[key].map { (key, $0) } })
    }
}
