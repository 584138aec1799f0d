/// Animation timings are seconds in a style; Android, Kotlin, CSS and DTCG
/// count in milliseconds. One conversion for all of them.
enum Milliseconds {
    /// Whole milliseconds, for integer resources and constants; the schema keeps
    /// timings from 0 to 60 s, and anything not finite becomes 0.
    static func whole(_ seconds: Double) -> Int {
        let value = (seconds * 1000).rounded()
        return value.isFinite && abs(value) < 1e15 ? Int(value) : 0
    }

    /// Milliseconds to the microsecond: rounding the microseconds before dividing
    /// by 1000 gives the double nearest the decimal, which prints as that decimal
    /// (0.35 s is 350, not 349.99999999999994).
    static func exact(_ seconds: Double) -> Double {
        let micro = (seconds * 1_000_000).rounded()
        guard micro.isFinite, abs(micro) < 1e15 else { return seconds * 1000 }
        return micro / 1000
    }
}
