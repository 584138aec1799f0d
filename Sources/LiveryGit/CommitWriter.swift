import CGit2
import Foundation
import LiverySource

/// A commit livery recorded.
public struct RecordedCommit: Sendable, Hashable {
    /// The full branch name, e.g. `onboard/acme`.
    public let branch: String
    public let id: ObjectID
    /// The new commit's root tree.
    public let tree: ObjectID
}

extension Repository {
    /// True when `name` is a valid local branch name for git (`onboard/acme`, not `a..b` or `-x`).
    public static func isValidBranchName(_ name: String) -> Bool {
        // Only asked with a repository already open, so libgit2 is there; without it no name is valid.
        guard Libgit2.isAvailable else { return false }
        guard !name.isEmpty, !name.utf8.contains(0) else { return false }
        var valid: Int32 = 0
        return git.branch_name_is_valid(&valid, name) == 0 && valid == 1
    }

    /// True when the local branch `name` exists.
    public func branchExists(_ name: String) throws(RepositoryError) -> Bool {
        try withHandle { (repo) throws(RepositoryError) -> Bool in
            var reference: OpaquePointer?
            let code = git.branch_lookup(&reference, repo, name, GIT_BRANCH_LOCAL)
            defer { git.reference_free(reference) }
            if code == GIT_ENOTFOUND.rawValue { return false }
            if code == GIT_EINVALIDSPEC.rawValue { throw .invalidBranchName(name) }
            try Libgit2.check(code, "looking up branch '\(name)'")
            return true
        }
    }

    /// Records `files` (paths from the repository root → contents) as a new commit
    /// whose tree is `parent`'s tree plus those files, and creates the branch
    /// `branch` at it. HEAD, the index and the working tree are not touched.
    /// Throws `.branchExists` rather than moving an existing branch, and
    /// `.pathExists` when a file would replace one already in `parent`, unless
    /// `replacingFiles` (a file may then replace a file, never a directory).
    public func recordCommit(
        adding files: [String: [UInt8]], onto parent: Commit, branch: String, message: String, replacingFiles: Bool = false
    ) throws(RepositoryError) -> RecordedCommit {
        guard Repository.isValidBranchName(branch) else { throw .invalidBranchName(branch) }
        var root = NewTreeNode()
        for (path, bytes) in files {
            if let refusal = PathSafety.refusal(forPath: path) {
                throw .unreadableFile(path: path, reason: refusal.description)
            }
            try root.insert(path.split(separator: "/").map(String.init)[...], bytes: bytes, fullPath: path)
        }
        return try withHandle { (repo) throws(RepositoryError) -> RecordedCommit in
            let treeID = try writeTree(root, base: parent.tree, path: "", replacingFiles: replacingFiles, repo: repo)

            var parentOID = parent.id.oid
            var parentCommit: OpaquePointer?
            try Libgit2.check(git.commit_lookup(&parentCommit, repo, &parentOID), "reading commit \(parent.id.short)")
            defer { git.commit_free(parentCommit) }

            var treeOID = treeID.oid
            var tree: OpaquePointer?
            try Libgit2.check(git.tree_lookup(&tree, repo, &treeOID), "reading the new tree")
            defer { git.tree_free(tree) }

            let signature = try defaultSignature(repo)
            defer { git.signature_free(signature) }

            var commitOID = git_oid()
            var parents: [OpaquePointer?] = [parentCommit]
            let code = parents.withUnsafeMutableBufferPointer { buffer in
                // No ref is updated here: the branch is created below, only if it does not exist.
                git.commit_create(&commitOID, repo, nil, signature, signature, nil, message, tree, 1, buffer.baseAddress)
            }
            try Libgit2.check(code, "writing the commit")

            var reference: OpaquePointer?
            let refCode = git.reference_create(&reference, repo, "refs/heads/" + branch, &commitOID, 0, "livery: " + message)
            defer { git.reference_free(reference) }
            if refCode == GIT_EEXISTS.rawValue { throw .branchExists(branch) }
            try Libgit2.check(refCode, "creating branch '\(branch)'")
            return RecordedCommit(branch: branch, id: ObjectID(commitOID), tree: treeID)
        }
    }

    /// Writes the tree `base` (may be nil for a new directory) with `node`'s files added.
    private func writeTree(_ node: NewTreeNode, base: ObjectID?, path: String, replacingFiles: Bool = false, repo: OpaquePointer)
        throws(RepositoryError) -> ObjectID
    {
        var baseTree: OpaquePointer?
        defer { git.tree_free(baseTree) }
        if let base {
            var oid = base.oid
            try Libgit2.check(git.tree_lookup(&baseTree, repo, &oid), "reading tree \(base.short)")
        }
        var builder: OpaquePointer?
        try Libgit2.check(git.treebuilder_new(&builder, repo, baseTree), "starting a tree for '\(path)'")
        defer { git.treebuilder_free(builder) }

        for (name, child) in node.children.sorted(by: { $0.key < $1.key }) {
            let childPath = joinPath(path, name)
            let existing = git.treebuilder_get(builder, name)
            var oid: git_oid
            let mode: git_filemode_t
            switch child {
            case .file(let bytes):
                if let existing, !replacingFiles || git.tree_entry_filemode(existing) == GIT_FILEMODE_TREE { throw .pathExists(childPath) }
                oid = git_oid()
                let buffer = bytes.isEmpty ? [0] : bytes
                let code = buffer.withUnsafeBytes { git.blob_create_from_buffer(&oid, repo, $0.baseAddress, bytes.count) }
                try Libgit2.check(code, "storing '\(childPath)'")
                mode = GIT_FILEMODE_BLOB
            case .directory(let subtree):
                var existingTree: ObjectID?
                if let existing {
                    guard git.tree_entry_filemode(existing) == GIT_FILEMODE_TREE, let id = git.tree_entry_id(existing) else {
                        throw .pathExists(childPath)
                    }
                    existingTree = ObjectID(id.pointee)
                }
                oid = try writeTree(subtree, base: existingTree, path: childPath, replacingFiles: replacingFiles, repo: repo).oid
                mode = GIT_FILEMODE_TREE
            }
            try Libgit2.check(git.treebuilder_insert(nil, builder, name, &oid, mode), "adding '\(childPath)' to a tree")
        }
        var written = git_oid()
        try Libgit2.check(git.treebuilder_write(&written, builder), "writing tree '\(path)'")
        return ObjectID(written)
    }

    /// The committer from git's configuration (user.name, user.email), else livery's own.
    private func defaultSignature(_ repo: OpaquePointer) throws(RepositoryError) -> UnsafeMutablePointer<git_signature>? {
        var signature: UnsafeMutablePointer<git_signature>?
        if git.signature_default(&signature, repo) == 0, let signature { return signature }
        git.signature_free(signature)
        signature = nil
        try Libgit2.check(git.signature_now(&signature, "livery", "livery@localhost"), "making a commit signature")
        return signature
    }
}

/// Files to add, as a tree of names.
private struct NewTreeNode {
    indirect enum Child {
        case file([UInt8])
        case directory(NewTreeNode)
    }

    var children: [String: Child] = [:]

    mutating func insert(_ components: ArraySlice<String>, bytes: [UInt8], fullPath: String) throws(RepositoryError) {
        guard let first = components.first else { throw .pathExists(fullPath) }
        let rest = components.dropFirst()
        if rest.isEmpty {
            guard children[first] == nil else { throw .pathExists(fullPath) }
            children[first] = .file(bytes)
            return
        }
        var child: NewTreeNode
        switch children[first] {
        case nil: child = NewTreeNode()
        case .directory(let existing): child = existing
        case .file: throw .pathExists(fullPath)
        }
        try child.insert(rest, bytes: bytes, fullPath: fullPath)
        children[first] = .directory(child)
    }
}
