/// One entry of a git tree as stored, before any safety checks.
public struct RawTreeEntry: Sendable, Hashable {
    /// The raw name bytes (git allows any bytes but `/` and NUL).
    public let nameBytes: [UInt8]
    public let id: ObjectID
    /// The git file mode: 040000 tree, 100644 file, 100755 executable, 120000 link, 160000 commit.
    public let mode: UInt32

    public init(nameBytes: [UInt8], id: ObjectID, mode: UInt32) {
        self.nameBytes = nameBytes
        self.id = id
        self.mode = mode
    }
}

/// Git file modes livery distinguishes.
package enum FileMode {
    package static let tree: UInt32 = 0o040000
    package static let blob: UInt32 = 0o100644
    package static let executable: UInt32 = 0o100755
    package static let link: UInt32 = 0o120000
    package static let gitlink: UInt32 = 0o160000
}
