/// A `Memo` that forgets what has not been asked for lately, so it holds a
/// bounded number of entries however many keys pass through it.
///
/// Entries live in two generations. A new value goes into the current one;
/// when the current one reaches `capacity` it becomes the old one and the
/// previous old one is dropped whole. A value found in the old generation is
/// moved back into the current one, so values asked for again and again (the
/// targets directory's listing, a base every client extends) stay, while
/// values asked for once (one client's directory) are gone two turns later.
/// At most `2 × capacity` entries are held. Forgetting a value only costs
/// computing it again: callers keep values that are the same whenever computed.
public final class RecentMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct Generations: Sendable {
        var current: [Key: Value] = [:]
        var old: [Key: Value] = [:]

        /// The value for `key`, moved into the current generation when it was old.
        mutating func find(_ key: Key, capacity: Int) -> Value? {
            if let value = current[key] { return value }
            guard let value = old.removeValue(forKey: key) else { return nil }
            store(value, for: key, capacity: capacity)
            return value
        }

        mutating func store(_ value: Value, for key: Key, capacity: Int) {
            if current.count >= capacity {
                old = current
                current = [:]
            }
            current[key] = value
        }
    }

    private let table = Locked(Generations())
    /// The most entries in one generation.
    public let capacity: Int

    public init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// The value remembered for `key`, or what `compute` makes, then remembered.
    /// `compute` runs outside the lock, so it may be slow or use the memo itself;
    /// when two tasks compute one key at once, the first value stored is kept.
    public func value<E: Error>(for key: Key, _ compute: () throws(E) -> Value) throws(E) -> Value {
        if let known = self[key] { return known }
        let made = try compute()
        return table.withLock { table in
            if let first = table.find(key, capacity: capacity) { return first }
            table.store(made, for: key, capacity: capacity)
            return made
        }
    }

    /// The value remembered for `key`, if any.
    public subscript(key: Key) -> Value? {
        table.withLock { $0.find(key, capacity: capacity) }
    }

    /// How many entries are held now (both generations).
    public var count: Int {
        table.withLock { $0.current.count + $0.old.count }
    }
}
