import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryText

/// Token values in the DTCG 2025.10 forms: colours as sRGB objects, sizes in
/// `px`, durations in `ms`, fonts as `typography`, references as `{group.token}`.
enum DTCGValue {
    /// A token: `$type`, `$value` and, when it helps, a `$description`.
    static func token(_ type: String, _ value: JSONValue, description: String? = nil) -> JSONValue {
        var pairs: [(String, JSONValue)] = [("$type", .string(type)), ("$value", value)]
        if let description { pairs.append(("$description", .string(description))) }
        return .makeObject(pairs)
    }

    /// A reference to the token at a dotted path: `{colors.primary}`.
    static func reference(_ dotted: String) -> JSONValue {
        .string("{\(dotted)}")
    }

    /// The colour object: sRGB components in 0…1, rounded to four decimals (each
    /// still reads back to the exact 8-bit channel), alpha, and the 6-digit hex
    /// fallback the spec asks for (the alpha is not in it).
    static func color(_ color: RGBA) -> JSONValue {
        .makeObject([
            ("colorSpace", .string("srgb")),
            ("components", .makeArray([unit(color.red), unit(color.green), unit(color.blue)])),
            ("alpha", unit(color.alpha)),
            ("hex", .string(hex(color))),
        ])
    }

    /// A colour written beyond hex keeps its space and exact components
    /// (`display-p3` red, green, blue; `oklch` lightness 0…1, chroma, hue), with
    /// its sRGB fallback as `hex`; a hex colour is the sRGB object above.
    static func color(_ value: ColorValue) -> JSONValue {
        guard !value.isHex else { return color(value.srgb) }
        return .makeObject([
            ("colorSpace", .string(value.space.rawValue)),
            ("components", .makeArray(value.components.map(number))),
            ("alpha", number(value.alpha)),
            ("hex", .string(hex(value.srgb))),
        ])
    }

    static func unit(_ channel: UInt8) -> JSONValue {
        units[Int(channel)]
    }

    /// The 256 channel values, made once: a build writes each colour four times per client.
    static let units: [JSONValue] = (0...255).map { channel in
        number((Double(channel) / 255 * 10_000).rounded() / 10_000)
    }

    /// `#rrggbb`, lowercase like the spec's examples.
    static func hex(_ color: RGBA) -> String {
        var text = "#"
        for channel in [color.red, color.green, color.blue] {
            text.append(hexDigits[Int(channel >> 4)])
            text.append(hexDigits[Int(channel & 0x0F)])
        }
        return text
    }

    static let hexDigits = Array("0123456789abcdef")

    /// livery's sizes are points (iOS) and dp (Android): DTCG's `px`, "an idealized pixel".
    static func dimension(_ points: Double) -> JSONValue {
        .makeObject([("value", number(points)), ("unit", .string("px"))])
    }

    /// livery's timings are seconds; written in milliseconds, to the microsecond.
    static func duration(seconds: Double) -> JSONValue {
        .makeObject([("value", number(Milliseconds.exact(seconds))), ("unit", .string("ms"))])
    }

    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: NumberText.text(value)))
    }

    /// livery's fonts have no line height or letter spacing, which a DTCG
    /// typography value requires: 1.2 (CSS `normal` for most fonts) and 0 stand in.
    static let lineHeight = 1.2

    /// A typography value; `size` is a literal dimension or a reference to one.
    static func typography(_ font: ResolvedFont, size: JSONValue) -> JSONValue {
        .makeObject([
            ("fontFamily", .string(font.family)),
            ("fontSize", size),
            ("fontWeight", .integer(font.weight.numeric)),
            ("letterSpacing", dimension(0)),
            ("lineHeight", number(lineHeight)),
        ])
    }
}

/// The contexts of the resolver's `theme` modifier, one token file each.
enum DTCGContext: String, CaseIterable {
    case light
    case dark
    case lightHighContrast = "light-high-contrast"
    case darkHighContrast = "dark-high-contrast"

    /// The file the context's tokens are in, beside the resolver.
    var fileName: String { "\(rawValue).tokens.json" }

    /// The appearance livery names this context by in a colour token.
    var slot: String {
        switch self {
        case .light: "light"
        case .dark: "dark"
        case .lightHighContrast: "highContrastLight"
        case .darkHighContrast: "highContrastDark"
        }
    }

    /// The appearance a colour falls back to when it has no high-contrast value.
    var fallbackSlot: String? {
        switch self {
        case .light, .dark: nil
        case .lightHighContrast: "light"
        case .darkHighContrast: "dark"
        }
    }

    /// The colour this context shows: a high-contrast appearance falls back to
    /// light or dark, as it does on every other platform.
    func color(_ token: ColorToken) -> RGBA {
        switch self {
        case .light: token.light
        case .dark: token.dark
        case .lightHighContrast: token.highContrastLight ?? token.light
        case .darkHighContrast: token.highContrastDark ?? token.dark
        }
    }

    /// ``color(_:)`` with the colour as written: wide where the style wrote it so.
    func value(_ token: ColorToken) -> ColorValue {
        switch self {
        case .light: token.value(dark: false, highContrast: false)
        case .dark: token.value(dark: true, highContrast: false)
        case .lightHighContrast: token.value(dark: false, highContrast: true)
        case .darkHighContrast: token.value(dark: true, highContrast: true)
        }
    }

    /// Whether `token` has a value of its own for this context (not a fallback).
    func hasOwnValue(_ token: ColorToken) -> Bool {
        switch self {
        case .light, .dark: true
        case .lightHighContrast: token.highContrastLight != nil
        case .darkHighContrast: token.highContrastDark != nil
        }
    }
}
