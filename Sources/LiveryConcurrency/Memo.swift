/// Values computed once per key and shared by concurrent tasks: "look up, or
/// compute and remember". The computation runs outside the lock, so it may be
/// slow or ask the memo for another key; when two tasks compute the same key at
/// once, both get a correct value and the first one stored is kept.
public final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Locked<[Key: Value]>([:])
    /// The most entries held; when full, the table is emptied and starts again.
    private let limit: Int?

    public init(limit: Int? = nil) {
        self.limit = limit
    }

    /// The value remembered for `key`, or what `compute` makes, then remembered.
    public func value<E: Error>(for key: Key, _ compute: () throws(E) -> Value) throws(E) -> Value {
        if let known = self[key] { return known }
        let made = try compute()
        return table.withLock { table in
            if let first = table[key] { return first }
            if let limit, table.count >= limit { table.removeAll(keepingCapacity: true) }
            table[key] = made
            return made
        }
    }

    /// The value remembered for `key`, if any.
    public subscript(key: Key) -> Value? {
        table.withLock { $0[key] }
    }
}
