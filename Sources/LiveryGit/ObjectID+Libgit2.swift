import CGit2
import LiverySource

extension ObjectID {
    /// The id libgit2 handed over.
    init(_ oid: git_oid) {
        var bytes = oid.id
        self = withUnsafeBytes(of: &bytes) { ObjectID(rawBytes: $0) }
    }

    /// The libgit2 form of this id.
    var oid: git_oid {
        var oid = git_oid()
        withRawBytes { raw in
            withUnsafeMutableBytes(of: &oid.id) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[0..<20])) }
        }
        return oid
    }
}
