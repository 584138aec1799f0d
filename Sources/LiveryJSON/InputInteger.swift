/// A whole number read from input — a JSON literal, a command-line argument, the
/// exponent in a number's text — and the only arithmetic livery does on one.
///
/// Input decides the value, so any operation on it can overflow: `abs(Int64.min)`
/// and `Int.min + -3` trap, and a trap is a crash with no message. Every operation
/// here answers nil where the exact result does not fit, and the caller turns that
/// nil into the message for its place. Reading is exact: `"1.0"`, `"1e3"` and a
/// literal outside Int64 are not whole numbers here.
public struct InputInteger: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let value: Int64

    public init(_ value: Int64) { self.value = value }

    /// The number `text` spells in decimal digits with an optional sign
    /// (`-12`, `+7`, `0`); nil for anything else or a value outside Int64.
    public init?(_ text: some StringProtocol) {
        let utf8 = Array(text.utf8)
        let digits = utf8.first == 0x2D || utf8.first == 0x2B ? utf8.dropFirst() : utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }),
            let value = Int64(String(decoding: utf8, as: UTF8.self))
        else { return nil }
        self.value = value
    }

    /// The whole number a JSON number literal writes; nil for a fraction, an
    /// exponent or a value outside Int64.
    public init?(_ number: JSONNumber) { self.init(number.literal) }

    /// The value when it lies in `range`, else nil.
    public func within(_ range: ClosedRange<Int64>) -> Int64? { range.contains(value) ? value : nil }

    /// How far the value is from zero; defined for every Int64, `Int64.min` included.
    public var magnitude: UInt64 { value.magnitude }

    public func adding(_ other: Int64) -> InputInteger? {
        let (sum, overflow) = value.addingReportingOverflow(other)
        return overflow ? nil : InputInteger(sum)
    }

    public func subtracting(_ other: Int64) -> InputInteger? {
        let (difference, overflow) = value.subtractingReportingOverflow(other)
        return overflow ? nil : InputInteger(difference)
    }

    public func multiplied(by other: Int64) -> InputInteger? {
        let (product, overflow) = value.multipliedReportingOverflow(by: other)
        return overflow ? nil : InputInteger(product)
    }

    /// The sum of `values`, or nil when a partial sum leaves Int64.
    public static func sum(_ values: some Sequence<Int64>) -> InputInteger? {
        var total = InputInteger(0)
        for value in values {
            guard let next = total.adding(value) else { return nil }
            total = next
        }
        return total
    }

    public static func < (lhs: InputInteger, rhs: InputInteger) -> Bool { lhs.value < rhs.value }

    public var description: String { String(value) }
}
