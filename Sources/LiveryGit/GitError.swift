import CGit2
import LiverySource

/// The one place where libgit2 return codes become Swift errors.
enum Libgit2 {
    /// libgit2 keeps global state (allocators, TLS, option defaults) that must be set
    /// up once per process before any other call. False when the library could not
    /// be opened (on Linux it is opened here, not when livery starts).
    private static let initialized: Bool = {
        guard livery_git_available() != 0 else { return false }
        _ = git.libgit2_init()
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

    /// Opens and sets up libgit2 once, or says that it could not be opened.
    static func ensureInitialized(for operation: @autoclosure () -> String) throws(RepositoryError) {
        guard initialized else {
            throw .libgit2(operation: operation(), code: -1, message: missingLibraryMessage)
        }
    }

    /// Whether libgit2 could be opened and set up.
    static var isAvailable: Bool { initialized }

    private static let missingLibraryMessage =
        "livery could not open libgit2 \(LIBGIT2_VERSION) (libgit2.so.\(LIBGIT2_SOVERSION)), with which it was built. "
        + "Install it (Debian and Ubuntu: apt-get install libgit2-dev) or rebuild livery against the libgit2 this machine has"

    /// The last libgit2 error message of this thread, or a fallback.
    static func lastErrorMessage() -> String {
        guard let error = git.error_last(), let message = error.pointee.message else {
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

    /// livery's words for a libgit2 failure: its class decides, never its text,
    /// which names zlib, packs and offsets that mean nothing to a user.
    static func error(_ code: Int32, _ operation: String) -> RepositoryError {
        let message = lastErrorMessage()
        let errorClass = git.error_last().map { Int32($0.pointee.klass) } ?? -1
        if message.contains("extension") && message.contains("unsupported") {
            return .unsupported(operation: operation)
        }
        // A configuration file git cannot parse is that file's fault, not the objects': its place, from libgit2's
        // "(in PATH:LINE, column N)", is the one part of libgit2's text worth showing.
        if errorClass == Int32(GIT_ERROR_CONFIG.rawValue) {
            return .libgit2(operation: operation, code: code, message: configurationProblem(message))
        }
        let damaged = Set([GIT_ERROR_ZLIB, GIT_ERROR_ODB, GIT_ERROR_OBJECT, GIT_ERROR_INDEX, GIT_ERROR_SHA].map { Int32($0.rawValue) })
        if code == GIT_EINVALID.rawValue || damaged.contains(errorClass) || message.contains("object hash mismatch")
            || message.contains("corrupt") || message.contains("failed to parse")
        {
            return .corrupt("\(operation): an object or pack file is damaged or missing")
        }
        return .libgit2(operation: operation, code: code, message: Self.describe(errorClass))
    }

    /// "the configuration file PATH is broken at line N", from libgit2's "… (in PATH:N, column C)".
    static func configurationProblem(_ message: String) -> String {
        guard let open = message.range(of: "(in ", options: .backwards), let close = message[open.upperBound...].firstIndex(of: ")") else {
            return "the repository's configuration (.git/config, or a file it includes) cannot be read: it is not git config syntax"
        }
        let place = message[open.upperBound..<close]
        let file = place.split(separator: ",").first.map(String.init) ?? String(place)
        let line = file.lastIndex(of: ":").map { file[file.index(after: $0)...] } ?? ""
        guard let colon = file.lastIndex(of: ":"), !line.isEmpty, line.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            return "the repository's configuration file \(file) cannot be read: it is not git config syntax"
        }
        return
            "the repository's configuration file \(file[..<colon]) is broken at line \(line): it is not git config syntax (`git config --list` shows the same)"
    }

    /// What a failure of one class of libgit2 means to a user.
    static func describe(_ errorClass: Int32) -> String {
        switch git_error_t(UInt32(bitPattern: errorClass)) {
        case GIT_ERROR_OS: "the system refused a file of the repository (permissions, or a file system error)"
        case GIT_ERROR_NOMEMORY: "out of memory"
        case GIT_ERROR_REFERENCE: "a branch, tag or HEAD of the repository is damaged"
        case GIT_ERROR_CONFIG: "the repository's configuration cannot be read"
        case GIT_ERROR_INVALID: "git's library refused it as invalid input"
        case GIT_ERROR_REPOSITORY: "the repository cannot be opened"
        default: "an unexpected error of git's library (class \(errorClass))"
        }
    }
}
