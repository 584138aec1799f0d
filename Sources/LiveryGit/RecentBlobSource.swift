import Foundation

/// A source that remembers the contents it read most recently, up to a byte
/// budget. A build reads each asset twice within moments — once to check it
/// (type, pixel size), once to copy it into the bundle — and each read of a git
/// object inflates and hashes it again; this keeps the second one free without
/// holding a whole repository in memory.
public final class RecentBlobSource: Source, @unchecked Sendable {
    public let base: any Source
    public let budget: Int
    private let lock = NSLock()
    private var bytesByID: [ObjectID: [UInt8]] = [:]
    /// Insertion order, oldest first, for evicting.
    private var order: [ObjectID] = []
    private var orderStart = 0
    private var held = 0

    public init(_ base: any Source, budget: Int = 32 << 20) {
        self.base = base
        self.budget = budget
    }

    public var label: String { base.label }
    public var commit: Commit? { base.commit }

    public func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        try base.directory(at: path)
    }

    public func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        lock.lock()
        let known = bytesByID[entry.id]?.count
        lock.unlock()
        if let known { return known }
        return try base.size(of: entry)
    }

    public func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        lock.lock()
        if let known = bytesByID[entry.id] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let bytes = try base.contents(of: entry)
        // Files larger than a quarter of the budget would push everything else out.
        guard bytes.count <= budget / 4 else { return bytes }
        lock.lock()
        defer { lock.unlock() }
        if bytesByID.updateValue(bytes, forKey: entry.id) == nil {
            order.append(entry.id)
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
        return bytes
    }
}
