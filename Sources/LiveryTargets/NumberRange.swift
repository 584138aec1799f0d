import LiveryJSON

/// The numbers a style may hold. JSON writes any magnitude (`1e999`), but every
/// output holds a number in a machine type: `Double` in Swift and style.json's
/// readers, a 32-bit float in Android's `dimens.xml` and Compose's `dp`. A literal
/// beyond them would become `inf` (not JSON), `inf.0` (not Swift) or `infdp`
/// (not a resource), so it is refused where it is written.
public enum NumberRange {
    public static let rule = Rule.numberRange

    /// The largest magnitude allowed: the largest finite 32-bit float, so the
    /// number means the same on every platform.
    public static let maxMagnitude = Double(Float.greatestFiniteMagnitude)

    /// Why `number` cannot be written, or nil when it can.
    public static func problem(with number: JSONNumber) -> String? {
        let value = number.doubleValue
        if value.isNaN { return "is not a number livery can read" }
        guard value.isFinite, value.magnitude <= maxMagnitude else {
            return
                "is too large for the platforms' number types: keep numbers within ±3.4e38 (the largest 32-bit float, which Android and Compose use)"
        }
        return nil
    }
}

extension Resolution {
    /// Reports a number no output could hold, at the file that wrote it.
    mutating func checkNumber(_ number: JSONNumber, _ node: JSONNode, _ pointer: [String]) {
        guard let problem = NumberRange.problem(with: number) else { return }
        let name = pointer.isEmpty ? "the value" : "`\(pointer.joined(separator: "."))`"
        error(NumberRange.rule, "\(name) = \(number.literal) \(problem)", node, pointer)
    }
}
