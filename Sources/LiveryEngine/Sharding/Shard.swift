/// `--shard K/N`: part K of a `ShardPlan` of N parts, so N CI jobs together
/// build each target exactly once.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    /// 1-based.
    let index: Int
    package let count: Int

    init?(index: Int, count: Int) {
        guard count >= 1, index >= 1, index <= count else { return nil }
        self.index = index
        self.count = count
    }

    /// Parses `K/N`.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    public var description: String { "\(index)/\(count)" }
}
