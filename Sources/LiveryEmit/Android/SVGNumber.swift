import LiveryTargets

/// The numbers of an SVG that reach a VectorDrawable: within ±3.4e38, the
/// largest 32-bit float, which Android's vector parser reads them into (the
/// limit `NumberRange` holds a style's numbers to). A larger one (`1e308`)
/// would be written as it is and drawn as infinity, so it is refused.
enum SVGNumber {
    /// The number `text` writes, or nil when it is none or out of range.
    static func parse(_ text: some StringProtocol) -> Double? {
        guard let value = Double(String(text)), value.isFinite, value.magnitude <= NumberRange.maxMagnitude else { return nil }
        return value
    }

    /// Whether every number in path data (`M0 0L1e3-2…`) is within range. Numbers
    /// follow SVG's grammar: a sign, digits with at most one point, an exponent.
    static func allWithinRange(inPath path: String) -> Bool {
        let bytes = Array(path.utf8)
        var index = 0
        func isDigit(_ i: Int) -> Bool { i < bytes.count && bytes[i] >= 0x30 && bytes[i] <= 0x39 }
        while index < bytes.count {
            let start = index
            var end = index
            if bytes[end] == UInt8(ascii: "+") || bytes[end] == UInt8(ascii: "-") { end += 1 }
            while isDigit(end) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: ".") {
                end += 1
                while isDigit(end) { end += 1 }
            }
            let mantissaEnd = end
            if end < bytes.count, bytes[end] == UInt8(ascii: "e") || bytes[end] == UInt8(ascii: "E") {
                var exponent = end + 1
                if exponent < bytes.count, bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-") { exponent += 1 }
                if isDigit(exponent) {
                    while isDigit(exponent) { exponent += 1 }
                    end = exponent
                }
            }
            let hasDigits = (start..<mantissaEnd).contains { isDigit($0) }
            if hasDigits {
                guard parse(String(decoding: bytes[start..<end], as: UTF8.self)) != nil else { return false }
                index = end
            } else {
                index = max(end, start + 1)
            }
        }
        return true
    }
}
