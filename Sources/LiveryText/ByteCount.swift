/// Byte counts for people, in binary units spelled as such (KiB, MiB, GiB,
/// TiB: powers of 1024).
public enum ByteCount {
    static let units = ["KiB", "MiB", "GiB", "TiB"]

    /// Short, for reports: `812 B`, `12.4 KiB`, `3.1 MiB`.
    public static func text(_ bytes: Int) -> String {
        guard let (value, unit) = scaled(bytes) else { return "\(bytes) B" }
        return oneDecimal(value) + " " + unit
    }

    /// Exact, for limits in messages: `104857600 bytes (100.0 MiB)`, `512 bytes`.
    public static func describe(_ bytes: Int) -> String {
        guard let (value, unit) = scaled(bytes) else { return "\(bytes) bytes" }
        return "\(bytes) bytes (\(oneDecimal(value)) \(unit))"
    }

    /// The count in the largest unit it reaches, or nil under 1 KiB.
    static func scaled(_ bytes: Int) -> (Double, String)? {
        var value = Double(bytes)
        var unit: String?
        for name in units where value >= 1024 {
            value /= 1024
            unit = name
        }
        return unit.map { (value, $0) }
    }

    /// `12.4`: one decimal, rounded half away from zero.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
