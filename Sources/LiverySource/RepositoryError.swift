import Foundation
import LiveryText

/// Everything that can go wrong while reading a repository, in words a user can act on.
public enum RepositoryError: UserError, LocalizedError, Sendable, Equatable {
    /// No repository at or above the path.
    case notARepository(path: String)
    /// The revision expression names nothing in this repository.
    case unknownRevision(String)
    /// The revision expression is a prefix of more than one object id.
    case ambiguousRevision(String)
    /// The revision expression is not valid syntax.
    case invalidRevision(String, reason: String)
    /// The revision names an object that is not, and does not lead to, a commit.
    case notACommit(String)
    /// HEAD points at a branch with no commits yet.
    case noCommits(String)
    /// A path asked for is absent from the source.
    case pathNotFound(String)
    /// A path asked for is a directory where a file was expected, or the reverse.
    case wrongKind(path: String, expected: String)
    /// A file could not be read from the working tree.
    case unreadableFile(path: String, reason: String)
    /// The repository's objects are missing or damaged.
    case corrupt(String)
    /// A branch livery was asked to create already exists.
    case branchExists(String)
    /// A name git does not accept for a branch.
    case invalidBranchName(String)
    /// A path livery was asked to add already exists.
    case pathExists(String)
    /// A revision not found in a shallow clone, whose older commits are missing.
    case notInShallowClone(String)
    /// A file is larger than livery reads; `setting` is the livery.json key that raises the limit.
    case tooLarge(path: String, size: Int, limit: Int, setting: String)
    /// The repository uses a git format livery's git library cannot read
    /// (an extension such as SHA-256 object ids).
    case unsupported(operation: String)
    /// Any other libgit2 failure, with the operation that failed and what its class means.
    case libgit2(operation: String, code: Int32, message: String)

    public var errorDescription: String? {
        switch self {
        case .notARepository(let path):
            "not a git repository: \(path)"
        case .unknownRevision(let spec):
            "unknown revision '\(Self.shown(spec))': no branch, tag or commit by that name. Run `git log --oneline` or `git tag` to see what exists."
        case .ambiguousRevision(let spec):
            "ambiguous revision '\(Self.shown(spec))': it is the prefix of more than one object id; give more digits."
        case .invalidRevision(let spec, let reason):
            "invalid revision '\(Self.shown(spec))': \(reason)"
        case .notACommit(let spec):
            "revision '\(Self.shown(spec))' does not name a commit."
        case .noCommits(let spec):
            "revision '\(Self.shown(spec))' not found: the repository has no commits yet. Commit first, or leave out --rev to read the working tree."
        case .pathNotFound(let path):
            "'\(path)' does not exist in this source."
        case .wrongKind(let path, let expected):
            "'\(path)' is not a \(expected)."
        case .unreadableFile(let path, let reason):
            "cannot read '\(path)': \(reason)"
        case .corrupt(let message):
            "the repository is damaged: \(message). Try `git fsck`."
        case .branchExists(let name):
            "branch '\(name)' already exists. Choose another name with --branch, or delete it with `git branch -D \(name)`."
        case .invalidBranchName(let name):
            "'\(name)' is not a valid branch name (see `git check-ref-format --branch`)."
        case .pathExists(let path):
            "'\(path)' already exists; livery does not overwrite it."
        case .notInShallowClone(let spec):
            "unknown revision '\(Self.shown(spec))': this is a shallow clone, so older commits are missing. Fetch them with `git fetch --unshallow` (in CI, check out with full history, e.g. fetch-depth: 0)."
        case .tooLarge(let path, let size, let limit, let setting):
            "'\(path)' is \(ByteCount.describe(size)), over the limit of \(ByteCount.describe(limit)): make the file smaller, or raise \"\(setting)\" in livery.json"
        case .unsupported(let operation):
            "\(operation) failed: the repository uses a git extension livery cannot read, such as SHA-256 object ids (`git init --object-format=sha256`); livery reads repositories with SHA-1 ids. Run `git config --get extensions.objectformat` to check"
        case .libgit2(let operation, _, let message):
            "\(operation) failed: \(message)"
        }
    }
}

extension RepositoryError {
    /// The longest revision a message repeats whole.
    public static let longestRevisionShown = 80

    /// A revision as messages show it: whole up to ``longestRevisionShown``
    /// characters; a longer one (a pasted file, a hostile argument) by its start
    /// and its length, so a message stays a line whatever was passed.
    public static func shown(_ spec: String) -> String {
        guard spec.count > longestRevisionShown else { return spec }
        return String(spec.prefix(60)) + "… (\(spec.count) characters)"
    }
}
