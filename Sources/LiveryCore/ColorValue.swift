import Foundation

/// One colour as a style writes it: hex sRGB, `color(display-p3 R G B [/ A])` or
/// `oklch(L C H [/ A])`, with its exact components and the sRGB colour to show
/// where only sRGB can be said (CSS Color 4's gamut mapping, rounded to 8 bits).
///
/// Hex colours are exactly the ``RGBA`` they always were; a wide-gamut colour keeps
/// the numbers as written, so every output can print it back unchanged.
public struct ColorValue: Sendable, Hashable, CustomStringConvertible {
    /// The space a colour was written in.
    public enum Space: String, Sendable, CaseIterable {
        case srgb
        case displayP3 = "display-p3"
        case oklch
    }

    public let space: Space
    /// The three components in the space's own terms (percentages already
    /// divided out): sRGB and Display P3 red, green, blue 0…1; OKLCH lightness 0…1,
    /// chroma, hue in degrees.
    public let components: [Double]
    /// Opacity, 0…1.
    public let alpha: Double
    /// The colour as written: `#RRGGBB[AA]` (uppercase) for hex, else the function
    /// with single spaces and each number exactly as written.
    public let text: String
    /// What an sRGB-only output writes: the colour gamut mapped into sRGB.
    public let srgb: RGBA
    /// Whether the colour lies outside sRGB, so ``srgb`` only approximates it.
    public let isOutsideSRGB: Bool

    /// A hex colour.
    public init(_ rgba: RGBA) {
        let c = rgba.components
        space = .srgb
        components = [c.red, c.green, c.blue]
        alpha = c.alpha
        text = rgba.hex
        srgb = rgba
        isOutsideSRGB = false
    }

    private init(space: Space, components: [Double], alpha: Double, text: String) {
        self.space = space
        self.components = components
        self.alpha = alpha
        self.text = text
        let linear = Self.linearSRGB(space: space, components: components)
        let direct = TransferFunction.srgb.encode(linear)
        isOutsideSRGB = !direct.allSatisfy { $0 >= -GamutMapping.inGamutTolerance && $0 <= 1 + GamutMapping.inGamutTolerance }
        let mapped = GamutMapping.map(linearSRGB: linear, into: .srgb)
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        srgb = RGBA(red: byte(mapped[0]), green: byte(mapped[1]), blue: byte(mapped[2]), alpha: byte(alpha))
    }

    /// A wide-gamut colour from its numbers, printed as `color(display-p3 R G B)` or
    /// `oklch(L C H)` (with ` / A` when not opaque), each number with at most
    /// `decimals` decimals and no trailing zeros; the colour holds the printed numbers,
    /// so it reads back equal. For `.srgb`, the nearest 8-bit hex colour.
    public init(space: Space, components: [Double], alpha: Double = 1, decimals: Int = 4) {
        func rounded(_ value: Double) -> Double {
            let scale = pow(10, Double(decimals))
            let result = (value * scale).rounded() / scale
            return result == 0 ? 0 : result
        }
        guard space != .srgb, components.count == 3 else {
            func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
            let c = components + [0, 0, 0]
            self.init(RGBA(red: byte(c[0]), green: byte(c[1]), blue: byte(c[2]), alpha: byte(alpha)))
            return
        }
        let values = components.map(rounded)
        let opacity = rounded(alpha)
        let head = space == .displayP3 ? "color(display-p3 " : "oklch("
        let numbers = values.map { Self.numberText($0, decimals: decimals) }.joined(separator: " ")
        let tail = opacity == 1 ? ")" : " / " + Self.numberText(opacity, decimals: decimals) + ")"
        self.init(space: space, components: values, alpha: opacity, text: head + numbers + tail)
    }

    /// `value` in plain decimal, no exponent, trailing zeros dropped.
    static func numberText(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }

    public var description: String { text }

    /// Whether this is a plain hex colour (every output writes it as it always has).
    public var isHex: Bool { space == .srgb }

    /// The colour in linear-light sRGB, unbounded (negative or above 1 outside sRGB).
    public var linearSRGB: [Double] { Self.linearSRGB(space: space, components: components) }

    /// Encoded red, green, blue (0…1) in `gamut`: the colour itself when it fits,
    /// else gamut mapped into it. What an output that speaks Display P3 writes.
    public func components(in gamut: RGBGamut) -> [Double] {
        if gamut == .srgb, space == .srgb { return components }
        if gamut == .displayP3, space == .displayP3 { return components }
        return GamutMapping.map(linearSRGB: linearSRGB, into: gamut)
    }

    /// Red, green, blue and alpha (0…1) in Display P3, as `Color(.displayP3, …)`,
    /// `UIColor(displayP3Red:…)` and Android's `ColorSpace.Named.DISPLAY_P3` take
    /// them: the colour itself, gamut mapped into Display P3 if it lies beyond it.
    public var displayP3: (red: Double, green: Double, blue: Double, alpha: Double) {
        let c = components(in: .displayP3)
        return (c[0], c[1], c[2], alpha)
    }

    /// WCAG 2 relative luminance of the opaque colour: WCAG's 0.2126 R + 0.7152 G +
    /// 0.0722 B over the colour's own components in linear-light sRGB, which for a
    /// colour outside sRGB go beyond 0…1 (so a Display P3 red is brighter than sRGB red,
    /// as it looks). For hex colours this is exactly WCAG's formula.
    public var relativeLuminance: Double {
        let linear = linearSRGB
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    /// The WCAG 2 contrast ratio (1…21) of text in this colour on `background`,
    /// from the colours' own components in linear light (beyond sRGB's 0…1 for a
    /// colour outside it, so the ratio is that of the colour the user sees). As
    /// ``RGBA/contrastRatio(on:)`` does for hex, a translucent colour is blended
    /// over what is under it in encoded sRGB (the background over white), without
    /// rounding to 8 bits.
    public func contrastRatio(on background: ColorValue) -> Double {
        let back = Self.blended(background, over: [1, 1, 1])
        let front = Self.blended(self, over: back)
        let l1 = Self.luminance(encoded: front)
        let l2 = Self.luminance(encoded: back)
        return (max(l1, l2) + 0.05) / (min(l1, l2) + 0.05)
    }

    private static func blended(_ color: ColorValue, over back: [Double]) -> [Double] {
        let encoded = TransferFunction.srgb.encode(color.linearSRGB)
        guard color.alpha < 1 else { return encoded }
        return zip(encoded, back).map { $0 * color.alpha + $1 * (1 - color.alpha) }
    }

    private static func luminance(encoded: [Double]) -> Double {
        let linear = TransferFunction.srgb.decode(encoded)
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    }

    private static func linearSRGB(space: Space, components c: [Double]) -> [Double] {
        switch space {
        case .srgb: TransferFunction.srgb.decode(c)
        case .displayP3: RGBGamut.displayP3.toLinearSRGB.applied(to: TransferFunction.srgb.decode(c))
        case .oklch: ColorSpace.okLabToLinearSRGB(ColorSpace.polarToCartesian(c))
        }
    }

    // MARK: Reading

    /// Why a colour's text is not a colour livery reads, in words for a diagnostic.
    public struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }

    /// Whether `text` is written as a colour function livery reads (`color(…)` or
    /// `oklch(…)`), so a message about it is a colour syntax message rather than
    /// "not a colour or alias". Cheap: looks at the first bytes only.
    public static func isWideSyntax(_ text: String) -> Bool {
        text.hasPrefix("color(") || text.hasPrefix("oklch(")
    }

    /// Reads `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `color(display-p3 R G B [/ A])` or
    /// `oklch(L C H [/ A])`. Components are plain decimal numbers or percentages;
    /// Display P3 components and OKLCH lightness are 0…1 (0%…100%), OKLCH chroma
    /// 0…0.5 (100% = 0.4, as in CSS), hue 0…360 degrees, alpha 0…1 (0%…100%).
    public static func parse(_ text: String) -> Result<ColorValue, SyntaxError> {
        if text.hasPrefix("#") {
            guard let rgba = RGBA(hex: text) else {
                return .failure(SyntaxError(message: "\"\(text)\" is not a hex colour (#RGB, #RRGGBB or #RRGGBBAA)"))
            }
            return .success(ColorValue(rgba))
        }
        let functions: [(prefix: String, space: Space)] = [("color(display-p3", .displayP3), ("oklch(", .oklch)]
        guard let function = functions.first(where: { text.hasPrefix($0.prefix) }) else {
            return .failure(SyntaxError(message: "\"\(text)\" is not a colour: write #RRGGBB, color(display-p3 R G B) or oklch(L C H)"))
        }
        guard text.hasSuffix(")") else {
            return .failure(SyntaxError(message: "\"\(text)\" has no closing parenthesis"))
        }
        let inner = text.dropFirst(function.prefix.count).dropLast()
        if function.space == .displayP3, let first = inner.first, first != " " {
            return .failure(SyntaxError(message: "\"\(text)\": write a space after display-p3"))
        }
        let parts = inner.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count <= 2 else {
            return .failure(SyntaxError(message: "\"\(text)\" has more than one \"/\" (write \"/ alpha\" once, last)"))
        }
        let words = parts[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
        let ranges = componentRanges(function.space)
        guard words.count == 3 else {
            return .failure(
                SyntaxError(
                    message:
                        "\"\(text)\" has \(words.count) component\(words.count == 1 ? "" : "s"); \(function.space.rawValue) takes three (\(ranges.map(\.name).joined(separator: ", ")))"
                ))
        }
        var values: [Double] = []
        for (word, range) in zip(words, ranges) {
            switch number(String(word), range: range, in: text) {
            case .success(let value): values.append(value)
            case .failure(let error): return .failure(error)
            }
        }
        var alpha = 1.0
        var alphaText: String?
        if parts.count == 2 {
            let alphaWords = parts[1].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard alphaWords.count == 1 else {
                return .failure(SyntaxError(message: "\"\(text)\": write one alpha after \"/\""))
            }
            switch number(String(alphaWords[0]), range: (name: "alpha", upper: 1, percentScale: 1), in: text) {
            case .success(let value): alpha = value
            case .failure(let error): return .failure(error)
            }
            alphaText = String(alphaWords[0])
        }
        let head = function.space == .displayP3 ? "color(display-p3 " : "oklch("
        let written = head + words.joined(separator: " ") + (alphaText.map { " / " + $0 } ?? "") + ")"
        return .success(ColorValue(space: function.space, components: values, alpha: alpha, text: written))
    }

    private typealias ComponentRange = (name: String, upper: Double, percentScale: Double)

    private static func componentRanges(_ space: Space) -> [ComponentRange] {
        switch space {
        case .srgb, .displayP3: [("red 0…1", 1, 1), ("green 0…1", 1, 1), ("blue 0…1", 1, 1)]
        case .oklch: [("lightness 0…1", 1, 1), ("chroma 0…0.5", 0.5, 0.4), ("hue 0…360", 360, .nan)]
        }
    }

    /// A plain decimal (no exponent, no sign but a leading minus) or a percentage,
    /// checked against 0…upper. `percentScale` is what 100% means; NaN when a
    /// percentage is not allowed (hue).
    private static func number(_ word: String, range: ComponentRange, in text: String) -> Result<Double, SyntaxError> {
        let isPercent = word.hasSuffix("%")
        let digits = isPercent ? String(word.dropLast()) : word
        guard isPlainDecimal(digits), let parsed = Double(digits), parsed.isFinite else {
            if word == "none" {
                return .failure(SyntaxError(message: "\"\(text)\": livery needs every component; write 0 instead of none"))
            }
            return .failure(SyntaxError(message: "\"\(text)\": \"\(word)\" is not a number (\(range.name))"))
        }
        if isPercent && range.percentScale.isNaN {
            return .failure(SyntaxError(message: "\"\(text)\": \(range.name) is in degrees, not a percentage"))
        }
        let value = isPercent ? parsed / 100 * range.percentScale : parsed
        guard value >= 0, value <= range.upper else {
            return .failure(SyntaxError(message: "\"\(text)\": \(word) is out of range (\(range.name))"))
        }
        return .success(value)
    }

    private static func isPlainDecimal(_ text: String) -> Bool {
        var body = Substring(text)
        if body.first == "-" { body = body.dropFirst() }
        let pieces = body.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(pieces.count), pieces.contains(where: { !$0.isEmpty }) else { return false }
        return pieces.allSatisfy { $0.allSatisfy { $0.isASCII && $0.isNumber } }
    }

    // MARK: Equality

    /// Two colours are the same when they are the same numbers in the same space,
    /// however they were spelled (`0.5` and `0.50`, `50%`).
    public static func == (lhs: ColorValue, rhs: ColorValue) -> Bool {
        lhs.space == rhs.space && lhs.components == rhs.components && lhs.alpha == rhs.alpha
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(space)
        hasher.combine(components)
        hasher.combine(alpha)
    }
}
