import Foundation
import Synchronization

/// A scratch directory removed when the value is released.
public final class TemporaryDirectory: Sendable {
    public let path: String

    public init(prefix: String = "livery-test") throws {
        let template = NSTemporaryDirectory() + "/\(prefix)-XXXXXX"
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw CocoaError(.fileWriteUnknown)
        }
        // Resolve /tmp symlinks (macOS) so paths compare equal to what git reports.
        path = URL(fileURLWithPath: String(cString: made)).resolvingSymlinksInPath().path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    public func url(_ relative: String) -> URL {
        URL(fileURLWithPath: path).appendingPathComponent(relative)
    }
}

/// A git repository made at test time with the git command line, including
/// content that porcelain refuses to create (built with plumbing).
public final class FixtureRepository: Sendable {
    public let directory: TemporaryDirectory
    public var path: String { directory.path }
    public let isBare: Bool
    /// Counts git runs, so each commit gets the next fixed date.
    private let tick = Mutex(0)

    /// A fresh, empty repository on branch `main`.
    public init(bare: Bool = false) throws {
        directory = try TemporaryDirectory(prefix: "livery-repo")
        isBare = bare
        try git(["init", "--quiet", "--initial-branch=main"] + (bare ? ["--bare"] : []))
        try git(["config", "user.name", "Livery Tests"])
        try git(["config", "user.email", "tests@livery.invalid"])
        try git(["config", "commit.gpgsign", "false"])
    }

    /// Copies `folders` of the checkout at `root` (such as "targets" or "targets/base") into the
    /// fixture at the same paths, leaving out the files `excluded` names by their path.
    public func copy(_ folders: [String], from root: String, excluding excluded: Set<String> = []) throws {
        for folder in folders {
            let source = root + "/" + folder
            let walker = FileManager.default.enumerator(atPath: source)
            while let relative = walker?.nextObject() as? String {
                var isDirectory: ObjCBool = false
                let path = folder + "/" + relative
                guard FileManager.default.fileExists(atPath: source + "/" + relative, isDirectory: &isDirectory), !isDirectory.boolValue,
                    !excluded.contains(path)
                else { continue }
                try write(path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: source + "/" + relative))))
            }
        }
    }

    /// Runs git in the repository with fixed dates, so ids are the same every run.
    @discardableResult
    public func git(_ arguments: [String], input: [UInt8] = []) throws -> String {
        let tick = self.tick.withLock { value in
            value += 1
            return value
        }
        var environment = ProcessInfo.processInfo.environment
        let date = "\(1_700_000_000 + tick * 60) +0000"
        environment["GIT_AUTHOR_DATE"] = date
        environment["GIT_COMMITTER_DATE"] = date
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        let result = try runProcess(which("git") ?? "/usr/bin/git", ["-C", path] + arguments, environment: environment, input: input)
        guard result.status == 0 else {
            throw ProcessFailure(command: "git " + arguments.joined(separator: " "), result: result)
        }
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Writes a file into the working tree, making directories as needed.
    public func write(_ relative: String, _ contents: String) throws {
        try write(relative, Array(contents.utf8))
    }

    public func write(_ relative: String, _ bytes: [UInt8]) throws {
        let url = directory.url(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    public func remove(_ relative: String) throws {
        try FileManager.default.removeItem(at: directory.url(relative))
    }

    /// Stages everything and commits; returns the commit id.
    @discardableResult
    public func commitAll(_ message: String, tag: String? = nil) throws -> String {
        try git(["add", "-A"])
        try git(["commit", "--quiet", "--allow-empty", "-m", message])
        if let tag { try git(["tag", tag]) }
        return try git(["rev-parse", "HEAD"])
    }

    /// Stores a blob and returns its id.
    public func blob(_ bytes: [UInt8]) throws -> String {
        try git(["hash-object", "-w", "--stdin"], input: bytes)
    }

    public func blob(_ text: String) throws -> String {
        try blob(Array(text.utf8))
    }

    /// One entry of a tree written byte for byte.
    public struct TreeEntry {
        public var mode: String
        public var name: [UInt8]
        public var id: String
        public init(mode: String, name: [UInt8], id: String) {
            self.mode = mode
            self.name = name
            self.id = id
        }
        public init(mode: String, name: String, id: String) {
            self.init(mode: mode, name: Array(name.utf8), id: id)
        }
    }

    /// Writes a tree object exactly as given (no sorting, no name checks), the way
    /// a hostile repository could, and returns its id.
    public func tree(_ entries: [TreeEntry]) throws -> String {
        var body: [UInt8] = []
        for entry in entries {
            body += Array(entry.mode.utf8) + [0x20] + entry.name + [0]
            body += hexBytes(entry.id)
        }
        return try git(["hash-object", "-t", "tree", "--literally", "-w", "--stdin"], input: body)
    }

    /// Makes a commit of `tree` on `main` (with the previous tip as parent) and returns its id.
    @discardableResult
    public func commitTree(_ tree: String, message: String = "fixture", tag: String? = nil) throws -> String {
        var arguments = ["commit-tree", tree, "-m", message]
        if let parent = try? git(["rev-parse", "--verify", "--quiet", "refs/heads/main"]), !parent.isEmpty {
            arguments += ["-p", parent]
        }
        let commit = try git(arguments)
        try git(["update-ref", "refs/heads/main", commit])
        if let tag { try git(["tag", tag, commit]) }
        return commit
    }

    private func hexBytes(_ hex: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var iterator = hex.utf8.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            bytes.append(nibble(high) << 4 | nibble(low))
        }
        return bytes
    }

    private func nibble(_ c: UInt8) -> UInt8 {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: 0
        }
    }
}
