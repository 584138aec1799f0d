import CGit2
import LiverySource

/// The one place where libgit2 return codes become Swift errors.
enum Libgit2 {
    /// libgit2 keeps global state (allocators, TLS, option defaults) that must be set
    /// up once per process before any other call.
    private static let initialized: Bool = {
        git_libgit2_init()
        // Verify every object's hash as it is read, so a damaged object is
        // reported instead of being trusted. Blobs are read past this check
        // and checked by `BlobBackendRead` instead, the same test done faster.
        _ = livery_git_set_strict_hash_verification(1)
        // Memory must not grow with the repository. By default libgit2 maps pack
        // files in windows of 1 GiB up to 8 GiB, and every page read stays
        // resident while mapped: reading each client's assets once made a
        // process as large as the pack. Small windows, few of them, are unmapped
        // as others are needed (the pages stay in the system's file cache). Every
        // page of a mapped window counts in the process's size: 4 MiB windows, at
        // most 12 MiB mapped, took 12 MB off listing 20,000 clients (96 → 84 MB)
        // for no measurable time.
        _ = livery_git_set_mwindow_size(UInt64(Self.packWindowBytes))
        _ = livery_git_set_mwindow_mapped_limit(UInt64(Self.packMappedLimitBytes))
        // The cache of parsed trees and commits defaults to 256 MiB; one small tree
        // per client directory filled it at scale. Trees livery reads again are few
        // (the targets directory and shared parents), and `RevisionSource` keeps their listings.
        // The limit counts raw object bytes, and a client's tree is under 100 of
        // them but takes about ten times that parsed: 16 MiB held 30 MB of trees
        // from 10,000 clients on. At 512 KiB, validating 10,000 clients peaked at
        // 97 MB instead of 117 MB, for no measurable time.
        _ = livery_git_set_cache_max_size(Int64(Self.objectCacheBytes))
        return true
    }()

    /// The size of one mapped window of a pack file.
    static let packWindowBytes = 4 << 20
    /// The most bytes of pack files mapped at once.
    static let packMappedLimitBytes = 12 << 20
    /// The most bytes of parsed objects libgit2 caches.
    static let objectCacheBytes = 512 << 10

    static func ensureInitialized() {
        _ = initialized
    }

    /// The last libgit2 error message of this thread, or a fallback.
    static func lastErrorMessage() -> String {
        guard let error = git_error_last(), let message = error.pointee.message else {
            return "unknown error"
        }
        return String(cString: message)
    }

    /// Throws a `RepositoryError` for a negative return code.
    @discardableResult
    static func check(_ code: Int32, _ operation: @autoclosure () -> String) throws(RepositoryError) -> Int32 {
        guard code < 0 else { return code }
        throw error(code, operation())
    }

    static func error(_ code: Int32, _ operation: String) -> RepositoryError {
        let message = lastErrorMessage()
        if code == GIT_EINVALID.rawValue || message.contains("object hash mismatch")
            || message.contains("corrupt") || message.contains("failed to parse")
        {
            return .corrupt("\(operation): \(message)")
        }
        return .libgit2(operation: operation, code: code, message: message)
    }
}
