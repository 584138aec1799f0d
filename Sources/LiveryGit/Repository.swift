import CGit2
import Foundation
import LiverySource

/// An open git repository. It owns its libgit2 handles and frees them when released.
///
/// libgit2 does not allow one `git_repository` to be used by several threads at
/// once, so each call borrows a handle from a small pool: a thread that finds
/// none idle opens another on the same repository. Reads in parallel tasks then
/// run in parallel instead of queueing on one lock, and the class is safe to
/// share between tasks.
public final class Repository: @unchecked Sendable {
    private let handle: OpaquePointer
    private let lock = NSCondition()
    /// Handles not in use, and every handle opened (freed in deinit).
    private var idle: [OpaquePointer] = []
    private var extra: [OpaquePointer] = []

    /// The `.git` directory (or the repository itself when bare), with a trailing `/`.
    public let gitDirectory: String
    /// The root of the working tree, with a trailing `/`; nil for a bare repository.
    public let workingDirectory: String?
    /// The directory shared by all worktrees of the repository (the main `.git`),
    /// with a trailing `/`: where livery keeps what it remembers between runs.
    public let commonDirectory: String

    public var isBare: Bool { workingDirectory == nil }

    private init(handle: OpaquePointer) {
        self.handle = handle
        gitDirectory = git.repository_path(handle).map { String(cString: $0) } ?? ""
        workingDirectory = git.repository_workdir(handle).map { String(cString: $0) }
        commonDirectory = git.repository_commondir(handle).map { String(cString: $0) } ?? gitDirectory
        idle = [handle]
    }

    deinit {
        git.repository_free(handle)
        for other in extra { git.repository_free(other) }
    }

    /// Opens the repository at exactly `path` (a working tree, its `.git`, or a bare repository).
    public static func open(at path: String) throws(RepositoryError) -> Repository {
        try open(path, flags: GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue)
    }

    /// Finds the repository containing `path`, looking upwards like git does.
    public static func discover(from path: String) throws(RepositoryError) -> Repository {
        try open(path, flags: 0)
    }

    private static func open(_ path: String, flags: UInt32) throws(RepositoryError) -> Repository {
        try Libgit2.ensureInitialized(for: "opening the repository at \(path)")
        var handle: OpaquePointer?
        let code = git.repository_open_ext(&handle, path, flags, nil)
        if code == GIT_ENOTFOUND.rawValue {
            throw .notARepository(path: path)
        }
        try Libgit2.check(code, "opening the repository at \(path)")
        guard let handle else { throw .notARepository(path: path) }
        return Repository(handle: handle)
    }

    /// Runs `body` with a libgit2 handle that no other thread uses meanwhile.
    func withHandle<T, E: Error>(_ body: (OpaquePointer) throws(E) -> T) throws(E) -> T {
        lock.lock()
        var borrowed = idle.popLast()
        lock.unlock()
        if borrowed == nil {
            borrowed = openAnotherHandle()
        }
        if borrowed == nil {
            // No other handle could be opened: wait until one is given back.
            lock.lock()
            while idle.isEmpty { lock.wait() }
            borrowed = idle.popLast()
            lock.unlock()
        }
        let current = borrowed ?? handle
        defer {
            lock.lock()
            idle.append(current)
            lock.signal()
            lock.unlock()
        }
        return try body(current)
    }

    /// Opens handles now until there are `count`, so that work started on that
    /// many threads later does not wait for libgit2 to open the repository again
    /// (reading its configuration, mapping its packs) in the middle of it.
    public func prepareHandles(_ count: Int) {
        while true {
            lock.lock()
            let total = 1 + extra.count
            lock.unlock()
            guard total < count, let other = openAnotherHandle() else { return }
            lock.lock()
            idle.append(other)
            lock.signal()
            lock.unlock()
        }
    }

    private func openAnotherHandle() -> OpaquePointer? {
        var other: OpaquePointer?
        let path = workingDirectory ?? gitDirectory
        guard git.repository_open_ext(&other, path, GIT_REPOSITORY_OPEN_NO_SEARCH.rawValue, nil) == 0, let other else {
            return nil
        }
        lock.lock()
        extra.append(other)
        lock.unlock()
        return other
    }

    /// True when HEAD names a branch that has no commit yet (a new repository).
    public var headIsUnborn: Bool {
        withHandle { git.repository_head_unborn($0) == 1 }
    }

    /// The longest revision expression livery passes to libgit2 (git's own limit on a
    /// reference's name is 4,096 bytes of path; no revision a person writes comes near).
    public static let maximumRevisionBytes = 4_096

    /// Resolves a revision expression (`HEAD`, a tag, `main~3`, an id prefix) to a commit.
    public func commit(_ spec: String) throws(RepositoryError) -> Commit {
        if spec.isEmpty { throw .invalidRevision(spec, reason: "the revision is empty") }
        if spec.utf8.contains(0) { throw .invalidRevision(spec, reason: "it contains a NUL byte") }
        if spec.utf8.count > Self.maximumRevisionBytes {
            throw .invalidRevision(
                spec, reason: "it is \(spec.count) characters long; a revision livery reads is at most \(Self.maximumRevisionBytes) bytes")
        }
        return try withHandle { (repo) throws(RepositoryError) -> Commit in
            var object: OpaquePointer?
            let code = git.revparse_single(&object, repo, spec)
            defer { git.object_free(object) }
            switch code {
            case 0:
                break
            case GIT_ENOTFOUND.rawValue:
                if git.repository_head_unborn(repo) == 1 && spec.hasPrefix("HEAD") { throw .noCommits(spec) }
                if git.repository_is_shallow(repo) == 1 { throw .notInShallowClone(spec) }
                // A branch or tag that exists, whose commit cannot be read: a damaged
                // repository (a truncated pack, say), not an unknown name.
                if let target = Self.referenceTarget(repo, spec) {
                    throw .corrupt(
                        "'\(RepositoryError.shown(spec))' names commit \(target.hex), which cannot be read: an object or pack file is damaged or missing"
                    )
                }
                throw .unknownRevision(spec)
            case GIT_EAMBIGUOUS.rawValue:
                throw .ambiguousRevision(spec)
            case GIT_EINVALIDSPEC.rawValue:
                throw .invalidRevision(spec, reason: "it is not revision syntax git reads (see `git help revisions`)")
            case _ where git.error_last()?.pointee.klass == Int32(GIT_ERROR_INVALID.rawValue):
                // Syntax git's own command line reads but its library does not (`:!targets`, `:/message`, `@{-1}`).
                throw .invalidRevision(
                    spec,
                    reason: "it is not a revision livery understands: name a branch, a tag, a commit id or an expression such as main~3")
            case GIT_EUNBORNBRANCH.rawValue:
                throw .noCommits(spec)
            default:
                throw Libgit2.error(code, "resolving revision '\(RepositoryError.shown(spec))'")
            }
            var peeled: OpaquePointer?
            let peelCode = git.object_peel(&peeled, object, GIT_OBJECT_COMMIT)
            defer { git.object_free(peeled) }
            guard peelCode == 0, let peeled else { throw .notACommit(spec) }
            guard let commitID = git.commit_id(peeled), let treeID = git.commit_tree_id(peeled) else {
                throw .corrupt("the commit of '\(RepositoryError.shown(spec))' has no tree")
            }
            return Commit(spec: spec, id: ObjectID(commitID.pointee), tree: ObjectID(treeID.pointee), time: Int64(git.commit_time(peeled)))
        }
    }

    /// The object a reference named `spec` (`HEAD`, `main`, `v1`) points at, when
    /// `spec` names one; nil for anything else.
    private static func referenceTarget(_ repo: OpaquePointer, _ spec: String) -> ObjectID? {
        var reference: OpaquePointer?
        guard git.reference_dwim(&reference, repo, spec) == 0, let reference else { return nil }
        defer { git.reference_free(reference) }
        var resolved: OpaquePointer?
        guard git.reference_resolve(&resolved, reference) == 0, let resolved else { return nil }
        defer { git.reference_free(resolved) }
        return git.reference_target(resolved).map { ObjectID($0.pointee) }
    }
}
