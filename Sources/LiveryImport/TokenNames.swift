/// The sections of a style.json that tokens are mapped into, in the order a
/// mapped document lists them.
public enum StyleSection: String, Sendable, CaseIterable, Comparable {
    case palettes, colors, fonts, dimensions, animations, components, flags

    public static func < (lhs: StyleSection, rhs: StyleSection) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// Leading group names that only say what type the tokens are: `color.primary`
    /// is `colors.primary`. A group with a meaning of its own (`spacing`, `radius`,
    /// `size`) is kept, because it is often the only thing that tells two tokens apart.
    var typeWords: Set<String> {
        switch self {
        case .colors: ["color", "colors", "colour", "colours"]
        case .palettes: ["palette", "palettes", "color", "colors", "colour", "colours"]
        case .dimensions: ["dimension", "dimensions"]
        case .animations: ["duration", "durations", "animation", "animations"]
        case .fonts: ["font", "fonts", "typography"]
        case .flags: ["number", "numbers", "flag", "flags"]
        case .components: []
        }
    }

    /// What goes in front of a name that would start with a digit: `color.100` → `colors.color100`.
    var digitPrefix: String {
        switch self {
        case .colors: "color"
        case .palettes: "palette"
        case .dimensions: "dimension"
        case .animations: "duration"
        case .fonts: "font"
        case .flags: "flag"
        case .components: "component"
        }
    }
}

/// Turns token paths into livery names (`^[A-Za-z][A-Za-z0-9_]*$`, at most 64
/// characters): `color.text-hdr` → `colors.textHdr`.
///
/// The rule, in order:
/// 1. A leading group that only names the type (`color`, `font`, `dimension`, …,
///    see `StyleSection.typeWords`) is dropped when something follows it.
/// 2. Every remaining segment is split into words at `-`, `_`, spaces and any
///    other character that is not an ASCII letter or digit.
/// 3. The words are joined in lower camel case: the first word starts lower case
///    (unless its second letter is upper case too, as in `UI`), every later word
///    starts upper case; the other letters keep their case (`spacingXS` stays).
/// 4. A name that starts with a digit gets the section's word in front
///    (`color.100` → `color100`).
///
/// Files livery wrote itself say so (`$extensions["dev.livery"].names: "livery"`):
/// their segments are already livery names and are kept exactly as written, so
/// `extra_003` does not become `extra003`.
public struct TokenNames: Sendable {
    public static let maxLength = 64
    /// Keep segments that are already livery names as they are.
    public var verbatim: Bool

    public init(verbatim: Bool = false) {
        self.verbatim = verbatim
    }

    /// Whether `name` is a livery token name.
    public static func isValid(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, name.unicodeScalars.count <= maxLength, isLetter(first) else { return false }
        return name.unicodeScalars.allSatisfy { isLetter($0) || isDigit($0) || $0 == "_" }
    }

    /// `path` without a leading group that only names `section`'s type.
    public func droppingTypeGroup(_ path: [String], in section: StyleSection) -> [String] {
        guard path.count > 1, let first = path.first, section.typeWords.contains(first.lowercased()) else { return path }
        return Array(path.dropFirst())
    }

    /// The livery name of `segments` (already without a type group), or nil when
    /// nothing usable is left or the name is longer than 64 characters.
    public func name(_ segments: [String], in section: StyleSection) -> String? {
        var words: [String] = []
        for segment in segments {
            if verbatim, Self.isValid(segment) {
                words.append(segment)
            } else {
                words += Self.words(segment)
            }
        }
        guard !words.isEmpty else { return nil }
        var name = ""
        for (index, word) in words.enumerated() {
            name += index == 0 ? (verbatim && Self.isValid(word) ? word : Self.lowerFirst(word)) : Self.upperFirst(word)
        }
        if let first = name.unicodeScalars.first, Self.isDigit(first) {
            name = section.digitPrefix + Self.upperFirst(name)
        }
        return Self.isValid(name) ? name : nil
    }

    /// ASCII letters and digits between separators.
    static func words(_ segment: String) -> [String] {
        var words: [String] = []
        var current = String.UnicodeScalarView()
        for scalar in segment.unicodeScalars {
            if isLetter(scalar) || isDigit(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    static func lowerFirst(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        guard let first = scalars.first else { return word }
        if scalars.count > 1, isUpper(scalars[1]) { return word }
        return String(String.UnicodeScalarView([Unicode.Scalar(lower(first))] + scalars.dropFirst()))
    }

    static func upperFirst(_ word: String) -> String {
        let scalars = Array(word.unicodeScalars)
        guard let first = scalars.first else { return word }
        return String(String.UnicodeScalarView([Unicode.Scalar(upper(first))] + scalars.dropFirst()))
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isUpper(_ scalar: Unicode.Scalar) -> Bool {
        ("A"..."Z").contains(scalar)
    }

    static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    static func lower(_ scalar: Unicode.Scalar) -> UInt8 {
        let byte = UInt8(truncatingIfNeeded: scalar.value)
        return isUpper(scalar) ? byte + 32 : byte
    }

    static func upper(_ scalar: Unicode.Scalar) -> UInt8 {
        let byte = UInt8(truncatingIfNeeded: scalar.value)
        return ("a"..."z").contains(scalar) ? byte - 32 : byte
    }
}
