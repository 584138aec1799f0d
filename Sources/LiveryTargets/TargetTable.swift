/// Target summaries by id: one array in id order and a table of positions.
/// A `Dictionary` of summaries kept half its slots empty (50,000 targets took
/// 131,072 slots of 128 bytes, 16 MiB); this holds each summary once, packed.
public struct TargetTable: Sendable {
    /// Every summary, sorted by id, one per id.
    public let values: [TargetSummary]
    private let positions: [String: Int]

    /// The summaries by id; of two with one id, the later one counts.
    public init(_ summaries: [TargetSummary] = []) {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(summaries.count)
        var unique: [TargetSummary] = []
        unique.reserveCapacity(summaries.count)
        for summary in summaries {
            if let at = positions[summary.id] {
                unique[at] = summary
            } else {
                positions[summary.id] = unique.count
                unique.append(summary)
            }
        }
        unique.sort { $0.id < $1.id }
        for (index, summary) in unique.enumerated() { positions[summary.id] = index }
        values = unique
        self.positions = positions
    }

    public subscript(id: String) -> TargetSummary? {
        positions[id].map { values[$0] }
    }

    /// Where `id` is in `values`.
    public func position(of id: String) -> Int? { positions[id] }

    /// The ids, sorted.
    public var keys: [String] { values.map(\.id) }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }
}
