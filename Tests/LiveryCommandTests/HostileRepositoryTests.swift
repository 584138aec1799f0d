import Foundation
import LiveryTestSupport
import Testing

/// Hostile repositories run through the binary: every command gives a clear error
/// or a correct result, exits with the documented code, and writes nothing outside
/// `--out` (checked on the whole file tree under a temporary root, which is also
/// the commands' HOME and TMPDIR).
///
/// The table is cases × commands; a command is one entry of `commands`, so adding
/// one (as `diff` was) is one line. `diff` runs only when this build has it.
@Suite("Hostile repositories, end to end", .serialized)
struct HostileRepositoryTests {
    /// What a command must do with one case.
    struct Expectation: Sendable {
        var status: Int32
        /// Text that must appear in stdout + stderr (empty: nothing in particular).
        var message: String
    }

    /// One hostile repository. `make` commits the hostile content on `main` over the
    /// clean fixture (tag `clean`); each command's expectation is keyed by command name.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var make: @Sendable (FixtureRepository) throws -> Void
        var expected: [String: Expectation]
        /// When set, validate and build may use at most this much more memory than on the clean fixture.
        var extraMemoryMiB: Int? = nil
        var testDescription: String { name }
    }

    /// A command: its arguments for a repository and an output directory.
    struct Command: Sendable {
        var name: String
        var arguments: @Sendable (_ repo: String, _ out: String) -> [String]
        /// Paths under the root (besides `out/`) the command may change.
        var mayWrite: [String] = []
    }

    static let commands: [Command] = [
        Command(name: "validate") { repo, _ in ["validate", "--repo", repo, "--rev", "main"] },
        Command(name: "build") { repo, out in ["build", "--repo", repo, "--rev", "main", "--out", out] },
        // --commit records the new target as git objects and a branch: inside .git only.
        Command(
            name: "new",
            arguments: { repo, _ in
                ["new", "fresh", "--template", "plain", "--set", "name=Fresh", "--no-input", "--commit", "--repo", repo]
            }, mayWrite: ["repo/.git/"]),
        // diff remembers target headers in the user cache directory (~/.cache/livery/ here,
        // with HOME in the sandbox), never in the repository, and nowhere else.
        Command(name: "diff", arguments: { repo, _ in ["diff", "clean", "main", "--repo", repo] }, mayWrite: ["home/.cache/livery/"]),
    ]

    /// Whether this livery has `diff` (it is being written on another branch).
    static let hasDiff: Bool = {
        guard let help = try? LiveryBinary.run(["diff", "--help"]) else { return false }
        // Without the subcommand, argument-parser answers with the top-level help.
        return help.status == 0 && help.stdout.contains("USAGE: livery diff")
    }()

    // MARK: The fixture

    /// A base, one client with a logo, and a template; tagged `clean`.
    static func cleanRepository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}}"##
        )
        try fixture.write(
            "targets/client/style.json",
            ##"{"extends": "base", "app": {"displayName": "Client", "bundleId": "com.example.client"}, "images": {"logo": "logo.png"}}"##)
        try fixture.write("targets/client/logo.png", TestFiles.png(width: 4, height: 4))
        try fixture.write(
            "templates/plain/template.json",
            ##"{"description": "Plain.", "variables": {"name": {"description": "A name.", "required": true}}}"##)
        try fixture.write(
            "templates/plain/style.json", ##"{"extends": "base", "app": {"displayName": "{{name}}", "bundleId": "com.example.{{id}}"}}"##)
        try fixture.commitAll("clean", tag: "clean")
        return fixture
    }

    typealias Entry = FixtureRepository.TreeEntry

    /// The entries of the tree at `path` (`""`: the root) of `main`'s tip.
    static func entries(_ fixture: FixtureRepository, _ path: String) throws -> [Entry] {
        let listing = try fixture.git(["ls-tree", path.isEmpty ? "main^{tree}" : "main:\(path)"])
        return listing.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", maxSplits: 1)
            guard parts.count == 2 else { return nil }
            let fields = parts[0].split(separator: " ")
            return Entry(mode: String(fields[0]), name: String(parts[1]), id: String(fields[2]))
        }
    }

    /// Commits `main`'s tree with the directory at `path` changed by `change`.
    static func commitChanging(_ fixture: FixtureRepository, _ path: String, _ change: (inout [Entry]) throws -> Void) throws {
        var components = path.split(separator: "/").map(String.init)
        var inner = try entries(fixture, path)
        try change(&inner)
        var id = try fixture.tree(inner.sorted { $0.name.lexicographicallyPrecedes($1.name) })
        while let name = components.popLast() {
            var outer = try entries(fixture, components.joined(separator: "/"))
            outer.removeAll { $0.name == Array(name.utf8) }
            outer.append(Entry(mode: "40000", name: name, id: id))
            id = try fixture.tree(outer.sorted { $0.name.lexicographicallyPrecedes($1.name) })
        }
        try fixture.commitTree(id, message: "hostile")
    }

    /// Adds one entry to `targets/client/`.
    static func addToClient(_ fixture: FixtureRepository, name: [UInt8], mode: String, id: String) throws {
        try commitChanging(fixture, "targets/client") { $0.append(Entry(mode: mode, name: name, id: id)) }
    }

    /// A directory holding a style.json that would overwrite `~/.bashrc` if followed.
    static func evilDirectory(_ fixture: FixtureRepository) throws -> String {
        let style = try fixture.blob(##"{"extends": "base", "app": {"displayName": "Evil", "bundleId": "com.example.evil"}}"##)
        let config = try fixture.blob("[core]\n\tfsmonitor = touch /tmp/pwned\n")
        return try fixture.tree([Entry(mode: "100644", name: "config", id: config), Entry(mode: "100644", name: "style.json", id: style)])
    }

    static func same(_ status: Int32, _ message: String, diff: Int32? = nil, new: Int32 = 0) -> [String: Expectation] {
        [
            "validate": Expectation(status: status, message: message),
            "build": Expectation(status: status, message: message),
            "new": Expectation(status: new, message: new == 0 ? "" : message),
            "diff": Expectation(status: diff ?? 0, message: ""),
        ]
    }

    // MARK: The cases

    static let cases: [Case] = {
        var cases: [Case] = []
        // Names refused by the git layer, each inside a client's directory.
        let refusedNames: [(String, [UInt8], String)] = [
            ("dot-dot directory", Array("..".utf8), "40000"),
            (".git directory", Array(".git".utf8), "40000"),
            (".GIT directory", Array(".GIT".utf8), "40000"),
            ("'.git ' (NTFS trailing space)", Array(".git ".utf8), "40000"),
            ("'.git.' (NTFS trailing dot)", Array(".git.".utf8), "40000"),
            ("GIT~1 (NTFS short name)", Array("GIT~1".utf8), "40000"),
            (".g<ZWNJ>it (HFS ignorable)", Array(".g\u{200C}it".utf8), "40000"),
            ("<BOM>.git (HFS ignorable)", Array("\u{FEFF}.git".utf8), "40000"),
            ("absolute-looking /etc", Array("/etc".utf8), "40000"),
            ("backslash name", Array("..\\..\\x".utf8), "100644"),
            ("non-UTF-8 name", [0x66, 0xFF, 0x6F], "100644"),
        ]
        for (label, name, mode) in refusedNames {
            cases.append(
                Case(
                    name: label,
                    make: { fixture in
                        let id = mode == "40000" ? try evilDirectory(fixture) : try fixture.blob("x")
                        try addToClient(fixture, name: name, mode: mode, id: id)
                    }, expected: same(1, "refused")))
        }
        cases.append(
            Case(
                name: "symlink to /etc/passwd used as the logo",
                make: { fixture in
                    let target = try fixture.blob("/etc/passwd")
                    try commitChanging(fixture, "targets/client") { entries in
                        entries.removeAll { $0.name == Array("logo.png".utf8) }
                        entries.append(Entry(mode: "120000", name: "logo.png", id: target))
                    }
                }, expected: same(1, "symbolic link")))
        cases.append(
            Case(
                name: "symlink to a directory outside",
                make: { fixture in
                    try addToClient(fixture, name: Array("assets".utf8), mode: "120000", id: try fixture.blob("../../../../../../.."))
                }, expected: same(1, "symbolic link")))
        cases.append(
            Case(
                name: "submodule",
                make: { fixture in
                    try addToClient(fixture, name: Array("vendor".utf8), mode: "160000", id: String(repeating: "ab", count: 20))
                }, expected: same(1, "submodule")))
        // Not a target, so build (which reports the problems of the targets it builds)
        // builds the others and leaves it out; validate reports it.
        var slash = same(1, "'targets/a/../../b' refused")
        slash["build"] = Expectation(status: 0, message: "✓ 1 built")
        cases.append(
            Case(
                name: "target id containing /",
                make: { fixture in
                    let evil = try evilDirectory(fixture)
                    try commitChanging(fixture, "targets") { $0.append(Entry(mode: "40000", name: "a/../../b", id: evil)) }
                }, expected: slash))
        cases.append(
            Case(
                name: "names differing only by case",
                make: { fixture in
                    try addToClient(
                        fixture, name: Array("LOGO.png".utf8), mode: "100644", id: try fixture.blob(TestFiles.png(width: 4, height: 4)))
                }, expected: same(1, "case")))
        cases.append(
            Case(
                name: "names differing only by Unicode normalisation",
                make: { fixture in
                    let blob = try fixture.blob("x")
                    try commitChanging(fixture, "targets/client") { entries in
                        entries.append(Entry(mode: "100644", name: Array("caf\u{E9}.txt".utf8), id: blob))
                        entries.append(Entry(mode: "100644", name: Array("cafe\u{301}.txt".utf8), id: blob))
                    }
                }, expected: same(1, "refused")))
        cases.append(
            Case(
                name: "a 100 MB asset",
                make: { fixture in
                    // A sparse file of zeros: quick to make, quick to compress into one blob.
                    let file = fixture.path + "/../big-\(getpid()).png"
                    let descriptor = open(file, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
                    #expect(descriptor >= 0 && ftruncate(descriptor, 100 << 20) == 0)
                    close(descriptor)
                    defer { unlink(file) }
                    let big = try fixture.git(["hash-object", "-w", file])
                    try commitChanging(fixture, "targets/client") { entries in
                        entries.removeAll { $0.name == Array("logo.png".utf8) }
                        entries.append(Entry(mode: "100644", name: "logo.png", id: big))
                    }
                },
                expected: same(
                    1,
                    "'targets/client/logo.png' is 104857600 bytes (100.0 MiB), over the limit of 33554432 bytes (32.0 MiB): make the file smaller, or raise \"maxAssetBytes\" in livery.json"
                ),
                extraMemoryMiB: 40))
        cases.append(
            Case(
                name: "10,000-deep JSON nesting",
                make: { fixture in
                    let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
                    let style = try fixture.blob(
                        ##"{"extends": "base", "app": {"displayName": "C", "bundleId": "com.example.c"}, "x": "## + deep + "}")
                    try commitChanging(fixture, "targets/client") { entries in
                        entries.removeAll { $0.name == Array("style.json".utf8) }
                        entries.append(Entry(mode: "100644", name: "style.json", id: style))
                    }
                }, expected: same(1, "targets/client/style.json:1:")))
        cases.append(
            Case(
                name: "a 2 MB style.json",
                make: { fixture in
                    let padding = String(repeating: " ", count: 2 << 20)
                    let style = try fixture.blob(
                        ##"{"extends": "base", "app": {"displayName": "C", "bundleId": "com.example.c"}}"## + padding)
                    try commitChanging(fixture, "targets/client") { entries in
                        entries.removeAll { $0.name == Array("style.json".utf8) }
                        entries.append(Entry(mode: "100644", name: "style.json", id: style))
                    }
                }, expected: same(1, "raise \"maxStyleBytes\" in livery.json")))
        cases.append(
            Case(
                name: "a Git LFS pointer claiming 1 GB",
                make: { fixture in
                    let pointer = try fixture.blob(TestFiles.lfsPointer(size: 1 << 30))
                    try commitChanging(fixture, "targets/client") { entries in
                        entries.removeAll { $0.name == Array("logo.png".utf8) }
                        entries.append(Entry(mode: "100644", name: "logo.png", id: pointer))
                    }
                }, expected: same(1, "Git LFS pointer for a 1073741824-byte file")))
        // A font is more than its first four bytes: OTTO and a table count, then 30 MB of junk,
        // is refused at validate time (at its style.json position), so build never meets it.
        cases.append(
            Case(
                name: "OTTO followed by 30 MB of junk as a font",
                make: { fixture in
                    var junk = Array("OTTO".utf8) + [0, 12, 0, 0x80, 0, 3, 0, 0x40]
                    var random = SeededRandom(seed: 32)
                    let block = (0..<65_536).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                    junk.reserveCapacity(30 << 20)
                    while junk.count < 30 << 20 { junk += block }
                    try fixture.write("targets/client/Brand.otf", junk)
                    try fixture.write(
                        "targets/client/style.json",
                        ##"{"extends": "base", "app": {"displayName": "Client", "bundleId": "com.example.client"}, "images": {"logo": "logo.png"}, "fonts": {"body": {"family": "Brand", "size": 16, "file": "Brand.otf"}}}"##
                    )
                    try fixture.commitAll("junk font")
                }, expected: same(1, "'Brand.otf' cannot be bundled: its '")))
        return cases
    }()

    // MARK: Running the table

    @Test(arguments: cases)
    func hostileRepository(_ hostile: Case) throws {
        let root = try TemporaryDirectory(prefix: "livery-hostile")
        let fixture = try Self.cleanRepository()
        try hostile.make(fixture)
        // The repository and everything livery could touch live under one root.
        try FileManager.default.moveItem(atPath: fixture.path, toPath: root.path + "/repo")
        defer { try? FileManager.default.moveItem(atPath: root.path + "/repo", toPath: fixture.path) }
        for directory in ["home", "tmp", "out"] {
            try FileManager.default.createDirectory(atPath: root.path + "/" + directory, withIntermediateDirectories: true)
        }
        let environment = ["HOME": root.path + "/home", "TMPDIR": root.path + "/tmp", "XDG_CONFIG_HOME": root.path + "/home/.config"]
        for command in Self.commands {
            guard command.name != "diff" || Self.hasDiff, let expected = hostile.expected[command.name] else { continue }
            let before = try FileTreeSnapshot(root.path)
            let result = try LiveryBinary.run(
                command.arguments(root.path + "/repo", root.path + "/out"), in: root.path + "/home", environment: environment)
            let output = result.stdout + result.stderr
            #expect(result.status == expected.status, "\(command.name): exit \(result.status)\n\(output)")
            #expect(
                expected.message.isEmpty || output.contains(expected.message),
                "\(command.name): missing '\(expected.message)' in\n\(output)")
            #expect(!output.contains("Fatal error") && !output.contains("Stack dump"), "\(command.name) crashed:\n\(output)")
            let changed = try FileTreeSnapshot(root.path).changes(since: before)
                // A place a command may write, and the directories that lead to it.
                .filter { path in !path.hasPrefix("out/") && !command.mayWrite.contains { path.hasPrefix($0) || $0.hasPrefix(path) } }
            #expect(changed.isEmpty, "\(command.name) wrote outside --out: \(changed)")
        }
        if let extra = hostile.extraMemoryMiB {
            // The large file is never loaded: memory stays near what the clean fixture needs.
            for arguments in [["validate"], ["build", "--out", root.path + "/out"]] {
                let clean = try peakMemory(arguments + ["--repo", root.path + "/repo", "--rev", "clean"])
                let large = try peakMemory(arguments + ["--repo", root.path + "/repo", "--rev", "main"])
                #expect(large.status == 1)
                #expect(
                    large.kib - clean.kib < extra * 1024, "\(arguments[0]): \(large.kib) KiB against \(clean.kib) KiB for the clean fixture"
                )
            }
        }
        // Whatever was built is a bundle of a real target, nothing else.
        let built = try FileManager.default.contentsOfDirectory(atPath: root.path + "/out").filter { !$0.hasPrefix(".") }
        #expect(built.allSatisfy { $0 == "client" }, "unexpected bundles: \(built)")
    }

    @Test func aShallowCloneReadsWhatItHasAndNamesWhatIsMissing() throws {
        let origin = try Self.cleanRepository()
        try origin.write(
            "targets/client/style.json",
            ##"{"extends": "base", "app": {"displayName": "Client 2", "bundleId": "com.example.client"}, "images": {"logo": "logo.png"}}"##)
        try origin.commitAll("second")
        let root = try TemporaryDirectory(prefix: "livery-shallow")
        let clone = root.path + "/repo"
        let cloned = try runProcess(which("git") ?? "/usr/bin/git", ["clone", "--quiet", "--depth", "1", "file://" + origin.path, clone])
        #expect(cloned.status == 0, "\(cloned.stderr)")
        try FileManager.default.createDirectory(atPath: root.path + "/out", withIntermediateDirectories: true)
        let before = try FileTreeSnapshot(root.path)

        let validate = try LiveryBinary.run(["validate", "--repo", clone, "--rev", "HEAD"])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")
        let build = try LiveryBinary.run(["build", "--repo", clone, "--rev", "HEAD", "--out", root.path + "/out"])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.path + "/out/client/manifest.json"))
        // The parent commit is not in the clone.
        let missing = try LiveryBinary.run(["validate", "--repo", clone, "--rev", "HEAD~1"])
        #expect(missing.status == 2)
        #expect(
            missing.stderr
                == "error: unknown revision 'HEAD~1': this is a shallow clone, so older commits are missing. Fetch them with `git fetch --unshallow` (in CI, check out with full history, e.g. fetch-depth: 0).\n",
            "\(missing.stderr)")
        #expect(!missing.stderr.contains("Fatal error"))
        let missingBuild = try LiveryBinary.run(["build", "--repo", clone, "--rev", "HEAD~1", "--out", root.path + "/out"])
        #expect(missingBuild.status == 2)
        if Self.hasDiff {
            let diff = try LiveryBinary.run(["diff", "HEAD~1", "HEAD", "--repo", clone])
            #expect(diff.status == 2, "\(diff.stdout)\(diff.stderr)")
            #expect(diff.stderr.contains("HEAD~1"))
        }
        let changed = try FileTreeSnapshot(root.path).changes(since: before).filter { !$0.hasPrefix("out/") }
        #expect(changed.isEmpty, "wrote outside --out: \(changed)")
    }
}

/// Starts livery with `arguments`, its output to /dev/null, and returns its pid
/// for the caller to wait for (or kill).
func spawnQuietLivery(_ arguments: [String]) throws -> pid_t {
    let argv = ([LiveryBinary.path] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, LiveryBinary.path, &actions, nil, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
    return pid
}

/// Runs livery and returns its exit status and peak resident memory, from `wait4`.
func peakMemory(_ arguments: [String]) throws -> (status: Int32, kib: Int) {
    let pid = try spawnQuietLivery(arguments)
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    return ((status >> 8) & 0xFF, usage.ru_maxrss)
}

/// Every file, directory and link under a root with its kind, mode, size,
/// modification time and (for files up to 1 MiB) content.
struct FileTreeSnapshot {
    struct Item: Equatable {
        var kind: mode_t
        var mode: mode_t
        var size: Int64
        var modified: Int
        var content: Data?
        var link: String?
    }

    var items: [String: Item] = [:]

    init(_ root: String) throws {
        try scan(root, relative: "")
    }

    private mutating func scan(_ directory: String, relative: String) throws {
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            let path = directory + "/" + name
            let key = relative + name
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            let kind = info.st_mode & S_IFMT
            var item = Item(
                kind: kind, mode: info.st_mode & 0o7777, size: Int64(info.st_size),
                modified: info.st_mtim.tv_sec * 1_000_000_000 + info.st_mtim.tv_nsec, content: nil, link: nil)
            switch kind {
            case S_IFDIR:
                items[key + "/"] = Item(kind: kind, mode: item.mode, size: 0, modified: 0, content: nil, link: nil)
                try scan(path, relative: key + "/")
            case S_IFLNK:
                item.link = try FileManager.default.destinationOfSymbolicLink(atPath: path)
                items[key] = item
            default:
                if info.st_size <= 1 << 20 { item.content = FileManager.default.contents(atPath: path) }
                items[key] = item
            }
        }
    }

    /// Paths added, removed or changed since `earlier`, sorted.
    func changes(since earlier: FileTreeSnapshot) -> [String] {
        Set(items.keys).union(earlier.items.keys).filter { items[$0] != earlier.items[$0] }.sorted()
    }
}
