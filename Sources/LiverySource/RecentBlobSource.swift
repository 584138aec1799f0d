import LiveryConcurrency

/// A source that remembers the contents it read most recently, up to a byte
/// budget. A build reads each asset twice within moments — once to check it
/// (type, pixel size), once to copy it into the bundle — and each read of a git
/// object inflates and hashes it again; this keeps the second one free without
/// holding a whole repository in memory.
public final class RecentBlobSource: SourceWrapper {
    public let base: any Source
    public let budget: Int
    private let recent = Locked(Recent())

    /// The contents held, oldest first, and their total size.
    private struct Recent: Sendable {
        var bytesByID: [ObjectID: [UInt8]] = [:]
        /// Insertion order, oldest first, for evicting; entries before `orderStart` are gone.
        var order: [ObjectID] = []
        var orderStart = 0
        var held = 0

        mutating func keep(_ bytes: [UInt8], for id: ObjectID, budget: Int) {
            if bytesByID.updateValue(bytes, forKey: id) == nil {
                order.append(id)
                held += bytes.count
            }
            while held > budget, orderStart < order.count {
                let oldest = order[orderStart]
                orderStart += 1
                held -= bytesByID.removeValue(forKey: oldest)?.count ?? 0
            }
            if orderStart > 4096 {
                order.removeFirst(orderStart)
                orderStart = 0
            }
        }
    }

    public init(_ base: any Source, budget: Int = 32 << 20) {
        self.base = base
        self.budget = budget
    }

    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        if let known = recent.withLock({ $0.bytesByID[entry.id]?.count }) { return known }
        return try base.size(of: entry)
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        if let known = recent.withLock({ $0.bytesByID[entry.id] }) { return known }
        let bytes = try base.contents(of: entry)
        // Files larger than a quarter of the budget would push everything else out.
        guard bytes.count <= budget / 4 else { return bytes }
        recent.withLock { $0.keep(bytes, for: entry.id, budget: budget) }
        return bytes
    }
}
