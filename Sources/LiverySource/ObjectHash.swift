import Crypto

/// git's object ids computed from content, without a repository: what a file
/// or a tree would be called if it were written, so sources that are not a
/// commit (the working tree, memory, overlays) give ids a commit would give.
extension ObjectID {
    /// The git id a file with these bytes would have, computed without writing anything.
    public static func blobID(for bytes: [UInt8]) -> ObjectID {
        bytes.withUnsafeBytes { blobID(of: $0) }
    }

    /// The same for bytes in place: LiveryGit checks each blob it reads with it.
    package static func blobID(of bytes: UnsafeRawBufferPointer) -> ObjectID {
        objectID(kind: "blob", of: bytes)
    }

    /// The id of a tree with these entries, computed without writing anything.
    /// Entries are sorted the way git sorts them (a directory as if its name ended in `/`).
    public static func treeID(for entries: [RawTreeEntry]) -> ObjectID {
        let sorted = entries.sorted { lhs, rhs in
            let l = lhs.mode == FileMode.tree ? lhs.nameBytes + [0x2F] : lhs.nameBytes
            let r = rhs.mode == FileMode.tree ? rhs.nameBytes + [0x2F] : rhs.nameBytes
            return l.lexicographicallyPrecedes(r)
        }
        var body: [UInt8] = []
        for entry in sorted {
            body += Array(String(entry.mode, radix: 8).utf8)
            body.append(0x20)
            body += entry.nameBytes
            body.append(0)
            entry.id.withRawBytes { body += $0 }
        }
        return body.withUnsafeBytes { objectID(kind: "tree", of: $0) }
    }

    /// git's id of an object: the SHA-1 of `<kind> <size>`, a NUL, and its bytes.
    /// BoringSSL's SHA-1, which uses the processor's SHA instructions, is about
    /// three times as fast here as libgit2's collision-detecting one.
    private static func objectID(kind: String, of bytes: UnsafeRawBufferPointer) -> ObjectID {
        var hasher = Insecure.SHA1()
        hasher.update(data: Array("\(kind) \(bytes.count)\0".utf8))
        hasher.update(bufferPointer: bytes)
        return hasher.finalize().withUnsafeBytes { ObjectID(rawBytes: $0) }
    }
}
