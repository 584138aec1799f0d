/// Numbers as livery writes them, in output files and in reports alike:
/// integers without a fraction, other values in the shortest form that reads
/// back to the same Double.
public enum NumberText {
    public static func text(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }
}
