import CGit2
import Foundation
import LiverySource

/// One difference between two trees.
public struct TreeChange: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case added, deleted, modified, renamed, typeChanged
    }

    public let kind: Kind
    /// Path before the change (nil when added).
    public let oldPath: String?
    /// Path after the change (nil when deleted).
    public let newPath: String?
    public let oldID: ObjectID?
    public let newID: ObjectID?
    /// 0–100 for renames: how alike the two files are.
    public let similarity: Int
}

extension Repository {
    /// The files that differ between two trees (nil stands for the empty tree),
    /// optionally limited to paths under the directories `prefixes`. Renames are
    /// detected only when asked, because rename detection reads the content of
    /// every candidate (unless `exactRenamesOnly`: files moved unchanged).
    ///
    /// Limiting to a few directories also limits the reading: libgit2 then skips
    /// the other subtrees instead of expanding them, so comparing two targets in
    /// a repository of thousands costs what those two hold.
    public func diff(
        from oldTree: ObjectID?, to newTree: ObjectID?, under prefixes: [String] = [], detectRenames: Bool = false,
        exactRenamesOnly: Bool = false
    ) throws(RepositoryError) -> [TreeChange] {
        try withHandle { (repo) throws(RepositoryError) -> [TreeChange] in
            var old: OpaquePointer?
            var new: OpaquePointer?
            defer {
                git.tree_free(old)
                git.tree_free(new)
            }
            if var oid = oldTree?.oid {
                try Libgit2.check(git.tree_lookup(&old, repo, &oid), "reading tree \(oldTree?.short ?? "")")
            }
            if var oid = newTree?.oid {
                try Libgit2.check(git.tree_lookup(&new, repo, &oid), "reading tree \(newTree?.short ?? "")")
            }

            var options = git_diff_options()
            _ = git.diff_options_init(&options, UInt32(GIT_DIFF_OPTIONS_VERSION))
            var diff: OpaquePointer?
            defer { git.diff_free(diff) }
            let code: Int32
            if !prefixes.isEmpty {
                // A pathspec with the literal flag so characters like `*` in names are not globs.
                options.flags |= GIT_DIFF_DISABLE_PATHSPEC_MATCH.rawValue
                code = withPathspec(prefixes) { spec in
                    options.pathspec = spec
                    return git.diff_tree_to_tree(&diff, repo, old, new, &options)
                }
            } else {
                code = git.diff_tree_to_tree(&diff, repo, old, new, &options)
            }
            try Libgit2.check(code, "comparing trees")

            if detectRenames {
                var find = git_diff_find_options()
                _ = git.diff_find_options_init(&find, UInt32(GIT_DIFF_FIND_OPTIONS_VERSION))
                find.flags = GIT_DIFF_FIND_RENAMES.rawValue
                // Exact renames are found from object ids alone; similar ones need
                // every candidate's content read and fingerprinted.
                if exactRenamesOnly { find.flags |= GIT_DIFF_FIND_EXACT_MATCH_ONLY.rawValue }
                try Libgit2.check(git.diff_find_similar(diff, &find), "detecting renames")
            }

            var changes: [TreeChange] = []
            let count = git.diff_num_deltas(diff)
            changes.reserveCapacity(count)
            for index in 0..<count {
                guard let delta = git.diff_get_delta(diff, index)?.pointee else { continue }
                let kind: TreeChange.Kind
                switch delta.status {
                case GIT_DELTA_ADDED: kind = .added
                case GIT_DELTA_DELETED: kind = .deleted
                case GIT_DELTA_RENAMED: kind = .renamed
                case GIT_DELTA_TYPECHANGE: kind = .typeChanged
                default: kind = .modified
                }
                let oldPath = delta.old_file.path.map { String(cString: $0) }
                let newPath = delta.new_file.path.map { String(cString: $0) }
                changes.append(
                    TreeChange(
                        kind: kind,
                        oldPath: kind == .added ? nil : oldPath,
                        newPath: kind == .deleted ? nil : newPath,
                        oldID: kind == .added ? nil : ObjectID(delta.old_file.id),
                        newID: kind == .deleted ? nil : ObjectID(delta.new_file.id),
                        similarity: Int(delta.similarity)
                    ))
            }
            return changes
        }
    }
}

/// Calls `body` with a libgit2 string array of `paths`, valid only during the call.
func withPathspec<T>(_ paths: [String], _ body: (git_strarray) -> T) -> T {
    let cStrings = paths.map { strdup($0) }
    defer { cStrings.forEach { free($0) } }
    var pointers: [UnsafeMutablePointer<CChar>?] = cStrings
    return pointers.withUnsafeMutableBufferPointer { buffer in
        body(git_strarray(strings: buffer.baseAddress, count: buffer.count))
    }
}
