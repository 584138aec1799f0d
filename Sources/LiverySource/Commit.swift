/// A commit a revision expression led to.
public struct Commit: Sendable, Hashable {
    /// The expression the user gave (`v4`, `main~3`, an id).
    public let spec: String
    public let id: ObjectID
    /// The commit's root tree.
    public let tree: ObjectID
    /// The committer's time, in seconds since 1970 (UTC): what orders
    /// releases when a remote update needs a sequence.
    public let time: Int64

    public init(spec: String, id: ObjectID, tree: ObjectID, time: Int64 = 0) {
        self.spec = spec
        self.id = id
        self.tree = tree
        self.time = time
    }
}
