import CGit2
import LiverySource

/// Reads a blob straight from the object database's backends and checks it
/// against its id with BoringSSL's SHA-1 (``ObjectID/blobID(of:)``).
///
/// libgit2 checks every object it reads against its id (livery turns that on,
/// see `Libgit2`) with a SHA-1 that also detects collision attacks and that
/// runs at about a third of the speed of the processor's SHA-1 instructions.
/// Blobs (images, fonts, style files) are nearly all the bytes livery reads,
/// and their check was 4 % of a 1,000-client build's time. Read this way they
/// are checked as strictly, only faster; collision attacks are refused where
/// objects enter a repository (git's own hashing detects them on fetch and on
/// write). Trees and commits, small and few, are still read and checked by libgit2.
///
/// Anything out of the ordinary (an object no backend has as it stands, such as
/// one in a pack written since the repository was opened; an object that is not
/// a blob; a backend's error; bytes that do not hash to the id) gives nil, and
/// the caller reads the blob through libgit2, which refreshes its list of
/// packs, checks, and reports the problem as it always has.
enum BlobBackendRead {
    static func verifiedBytes(_ id: ObjectID, in repo: OpaquePointer) -> [UInt8]? {
        var odb: OpaquePointer?
        guard git.repository_odb(&odb, repo) == 0 else { return nil }
        defer { git.odb_free(odb) }
        var oid = id.oid
        // In libgit2's own order of priority, as its reads try them.
        for position in 0..<git.odb_num_backends(odb) {
            var backend: UnsafeMutablePointer<git_odb_backend>?
            guard git.odb_get_backend(&backend, odb, position) == 0, let backend, let read = backend.pointee.read else { continue }
            var data: UnsafeMutableRawPointer?
            var size = 0
            var type = GIT_OBJECT_INVALID
            let code = read(&data, &size, &type, backend, &oid)
            defer { if let data { git.odb_backend_data_free(backend, data) } }
            if code == GIT_ENOTFOUND.rawValue || code == GIT_PASSTHROUGH.rawValue { continue }
            guard code == 0, type == GIT_OBJECT_BLOB else { return nil }
            let bytes = UnsafeRawBufferPointer(start: data, count: data == nil ? 0 : size)
            guard ObjectID.blobID(of: bytes) == id else { return nil }
            return Array(bytes)
        }
        return nil
    }
}
