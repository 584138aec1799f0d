import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// What hostile or damaged input gets: limits that hold whatever the key order,
/// reports bounded in size, nothing invisible reaching generated code, publishing
/// that a forged file cannot block, and messages in livery's words (no Foundation
/// error codes, zlib or libgit2 text, nothing echoed without bound).
@Suite("Hostile input: limits and messages")
struct HostileInputMessagesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    static func fixture(_ files: [String: String]) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": "#FFFFFF"}}"##)
        for (path, text) in files { try fixture.write(path, text) }
        try fixture.commitAll("v1", tag: "v1")
        return fixture
    }

    /// A chain of `count` colour aliases, written from its end up (the order
    /// resolution memoizes one step at a time).
    static func backwardChain(_ count: Int) -> String {
        var members = ["\"c\(count - 1)\": \"#112233\""]
        for index in stride(from: count - 2, through: 0, by: -1) { members.append("\"c\(index)\": \"{colors.c\(index + 1)}\"") }
        return members.joined(separator: ",\n")
    }

    // MARK: 2. Alias depth and report size

    /// A 2,000-token chain, in either order, is one `alias-depth` error; `diff`
    /// from a revision without it reports the error, not the chain per token.
    @Test func aLongAliasChainIsOneErrorWhateverTheOrderAndDiffStaysSmall() throws {
        let fixture = try Self.fixture([
            "targets/acme/style.json": ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"##
        ])
        try fixture.write(
            "targets/acme/style.json",
            ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"##
                + Self.backwardChain(2_000) + "}}")
        try fixture.commitAll("chain", tag: "v2")
        let validate = try LiveryBinary.run(["validate", "--rev", "v2"], in: fixture.path)
        #expect(validate.status == 1)
        #expect(
            validate.stdout.contains("[alias-depth]") || validate.stderr.contains("[alias-depth]"), "\(validate.stdout)\(validate.stderr)")
        for format in ["text", "markdown", "html", "json"] {
            let diff = try LiveryBinary.run(["diff", "v1", "v2", "--format", format], in: fixture.path)
            #expect([0, 1].contains(diff.status), "\(format): \(diff.stderr)")
            #expect(diff.stdoutBytes.count < 64 << 10, "\(format): \(diff.stdoutBytes.count) bytes")
        }
    }

    /// A 64-token chain (the longest that resolves) whose end changes: every token
    /// changes through it, and each shows its chain by its ends, not all 64 links.
    @Test func aChangedChainIsShownByItsEnds() throws {
        func style(_ end: String) -> String {
            ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"##
                + Self.backwardChain(64).replacingOccurrences(of: "#112233", with: end) + "}}"
        }
        let fixture = try Self.fixture(["targets/acme/style.json": style("#112233")])
        try fixture.write("targets/acme/style.json", style("#445566"))
        try fixture.commitAll("end", tag: "v2")
        let diff = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.contains("→ … 58 more … →"), "\(diff.stdout.prefix(2_000))")
        let longest = diff.stdout.split(separator: "\n").map(\.count).max() ?? 0
        #expect(longest < 400, "a line of \(longest) characters")
    }

    // MARK: 6. What reaches generated code

    @Test(arguments: ["\u{202E}", "\u{2066}", "\u{2069}", "\u{200E}", "\u{200F}", "\u{061C}", "\u{202A}"])
    func bidirectionalControlsAreRefusedWhereTheyAreWritten(_ control: String) throws {
        let style =
            "{\"extends\": \"base\", \"app\": {\"displayName\": \"Acme\(control)Bank\", \"bundleId\": \"com.example.acme\"},\n \"flags\": {\"motto\": \"a\(control)b\"}}"
        let fixture = try Self.fixture(["targets/acme/style.json": style])
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(output.contains("targets/acme/style.json:1:"), "\(output)")
        #expect(output.contains("a bidirectional control (U+"), "\(output)")
        #expect(output.contains("[control-character]"), "\(output)")
        #expect(!output.contains(control), "the message itself carries no control")
        let out = try TemporaryDirectory()
        _ = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(!FileManager.default.fileExists(atPath: out.path + "/acme"), "no bundle is written")
    }

    @Test func svgNumbersBeyondAFloatAreRefused() throws {
        let fixture = try Self.fixture([
            "targets/acme/style.json":
                ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "images": {"logo": "logo.svg"}}"##
        ])
        for svg in [
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e308 1e308"><path d="M0 0L1 1Z"/></svg>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><path d="M0 0L1e39 1Z"/></svg>"##,
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="4e38" height="1"><path d="M0 0L1 1Z"/></svg>"##,
        ] {
            try fixture.write("targets/acme/logo.svg", svg)
            let out = try TemporaryDirectory()
            let result = try LiveryBinary.run(["build", "--out", out.path, "--platform", "android"], in: fixture.path)
            let drawable = out.path + "/acme/android/res/drawable/logo.xml"
            let text = (try? String(contentsOfFile: drawable, encoding: .utf8)) ?? ""
            #expect(!text.contains("e+3") && !text.contains("e3") && !text.contains("inf"), "\(svg): \(text)")
            #expect(
                result.stderr.contains("android-image") || result.stdout.contains("android-image"),
                "\(svg): \(result.stdout)\(result.stderr)")
        }
    }

    // MARK: 8. Messages

    @Test func messagesSayWhatIsWrongInLiverysWords() throws {
        let fixture = try Self.fixture([
            "targets/acme/style.json": ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"##
        ])
        let loop = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: loop.path + "/a", withDestinationPath: loop.path + "/b")
        try FileManager.default.createSymbolicLink(atPath: loop.path + "/b", withDestinationPath: loop.path + "/a")
        let longRevision = String(repeating: "x", count: 100_000)
        let cases: [([String], String)] = [
            (["build", "--out", loop.path + "/a/dist"], "symbolic link"),
            (["diff", "v1", "--output", loop.path], "it is a directory"),
            (["validate", "--rev", longRevision], "… (100000 characters)"),
            (["diff", "v1", "v1", "--format", "update", "--output", loop.path + "/u", "--sequence", "-1"], "--sequence must be from 1"),
            (
                ["diff", "v1", "v1", "--format", "update", "--output", loop.path + "/u", "--expires-in", "-1d"],
                "--expires-in takes a positive"
            ),
            (["list", "--format", "matrix", "--shards", "-1"], "--shards must be at least 1"),
            (["build", "--jobs", "-1"], "--jobs must be at least 1"),
            (["build", "--platform", "all,ios"], "'all' means every platform and stands alone"),
            (["build", "--target", ""], "--target names no target id"),
            (["validate", "--target", " , "], "--target names no target id"),
        ]
        for (arguments, phrase) in cases {
            let result = try LiveryBinary.run(arguments, in: fixture.path)
            #expect(result.status == 2, "\(arguments.map { String($0.prefix(40)) }): \(result.stderr.prefix(500))")
            #expect(result.stderr.contains(phrase), "\(arguments.map { String($0.prefix(40)) }): \(result.stderr.prefix(500))")
            #expect(
                !result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Missing value"), "\(result.stderr.prefix(500))")
            #expect(result.stderr.utf8.count < 2_000, "a message is a few lines: \(result.stderr.utf8.count) bytes")
        }
    }

    /// A pack cut short: the branch exists, its commit cannot be read. A SHA-256
    /// repository: an extension libgit2 1.5 cannot read. Both are said plainly.
    @Test func damagedAndUnsupportedRepositoriesAreSaidPlainly() throws {
        let fixture = try Self.fixture([
            "targets/acme/style.json": ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"##
        ])
        _ = try fixture.git(["gc", "--quiet"])
        let packs = try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/.git/objects/pack").filter {
            $0.hasSuffix(".pack")
        }
        let pack = fixture.path + "/.git/objects/pack/" + (try #require(packs.first))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pack))
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: pack)
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: pack))
        let truncated = try LiveryBinary.run(["validate", "--rev", "HEAD"], in: fixture.path)
        #expect(truncated.status == 2, "\(truncated.stderr)")
        #expect(truncated.stderr.contains("damaged"), "\(truncated.stderr)")
        #expect(!truncated.stderr.contains("unknown revision"), "\(truncated.stderr)")
        for libraryWord in ["zlib", "inflate", "packfile", "libgit2"] {
            #expect(!truncated.stderr.lowercased().contains(libraryWord), "\(truncated.stderr)")
        }

        let sha256 = try TemporaryDirectory()
        let made = try runProcess("/usr/bin/git", ["init", "--quiet", "--object-format=sha256", sha256.path])
        guard made.status == 0 else { return }  // a git without SHA-256 support cannot make one
        let unsupported = try LiveryBinary.run(["validate"], in: sha256.path)
        #expect(unsupported.status == 2, "\(unsupported.stderr)")
        #expect(unsupported.stderr.contains("SHA-256"), "\(unsupported.stderr)")
        #expect(!unsupported.stderr.contains("unsupported extension name"), "\(unsupported.stderr)")
    }

    @Test func aDamagedPNGChunkNameIsShownEscaped() throws {
        var png = TestFiles.png(width: 4, height: 4)
        // The second chunk's type (after the 8-byte signature and the 25-byte IHDR chunk).
        png[33 + 4] = 0x1B
        png[33 + 5] = 0xFF
        let fixture = try Self.fixture([
            "targets/acme/style.json":
                ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "images": {"logo": "logo.png"}}"##
        ])
        try fixture.write("targets/acme/logo.png", png)
        try fixture.commitAll("damaged")
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        let output = result.stdout + result.stderr
        #expect(result.status == 1, "\(output)")
        #expect(output.contains("\\x1B\\xFF"), "\(output)")
        #expect(!output.unicodeScalars.contains { $0.value == 0x1B }, "no escape byte reaches the terminal")
    }

    /// An interlaced app icon is valid and builds without a word from the PNG
    /// library on standard error (only livery speaks to the user).
    @Test func anInterlacedIconBuildsWithoutAStrayLibraryWarning() throws {
        let fixture = try Self.fixture([
            "targets/acme/style.json":
                ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme", "androidPackage": "com.example.acme"}, "appIcon": "AppIcon.png"}"##
        ])
        try fixture.write(
            "targets/acme/AppIcon.png", TestFiles.png(width: 1024, height: 1024, format: .init(colorType: 2, bitDepth: 8), interlaced: true)
        )
        try fixture.commitAll("interlaced icon")
        let result = try LiveryBinary.run(["build", "--out", "dist", "--platform", "ios,android,web"], in: fixture.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: fixture.path + "/dist/acme/android/res/mipmap-xxxhdpi/ic_launcher.png"))
    }

    @Test func aSymlinkedStyleIsReportedAsALinkNotAsMissing() throws {
        let fixture = try Self.fixture([:])
        try fixture.write("elsewhere.json", ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"##)
        try FileManager.default.createDirectory(atPath: fixture.path + "/targets/acme", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path + "/targets/acme/style.json", withDestinationPath: "../../elsewhere.json")
        try fixture.commitAll("link")
        for arguments in [["validate"], ["validate", "--rev", "HEAD"]] {
            let result = try LiveryBinary.run(arguments, in: fixture.path)
            let output = result.stdout + result.stderr
            #expect(result.status == 1, "\(output)")
            #expect(output.contains("targets/acme/style.json") && output.contains("symbolic link"), "\(arguments): \(output)")
            #expect(!output.contains("has no style.json"), "\(arguments): \(output)")
        }
    }

    // MARK: 9. Small

    @Test(arguments: ["con", "nul", "prn", "aux", "com1", "com9", "lpt1", "lpt9"])
    func idsWindowsReservesAreRefused(_ id: String) throws {
        let fixture = try Self.fixture([
            "targets/\(id)/style.json": ##"{"extends": "base", "app": {"displayName": "X", "bundleId": "com.example.x"}}"##
        ])
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        let output = result.stdout + result.stderr
        #expect(result.status == 1, "\(output)")
        #expect(output.contains("'\(id)' is not a valid target id") && output.contains("Windows reserves"), "\(output)")
    }

    /// `BuildCommandTests.aSignalMidBuildStopsCleanly` covers SIGTERM and SIGHUP;
    /// the DTCG nesting limit is the one SECURITY.md states.
    @Test func theDocumentedDTCGNestingLimitIsTheOneApplied() throws {
        let security = try String(contentsOfFile: Self.root + "/SECURITY.md", encoding: .utf8)
        let words = security.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("a token file nests at most **64** levels"), "SECURITY.md states the DTCG file nesting limit")
        func nested(_ depth: Int) -> String {
            // `depth` levels of objects in all, the outermost the document.
            String(repeating: "{\"g\": ", count: depth - 1) + "{\"$value\": \"#FFFFFF\", \"$type\": \"color\"}"
                + String(repeating: "}", count: depth - 1)
        }
        let directory = try TemporaryDirectory()
        for (depth, accepted) in [(64, true), (65, false)] {
            try Data(nested(depth).utf8).write(to: URL(fileURLWithPath: directory.path + "/tokens-\(depth).json"))
            let fixture = try Self.fixture([:])
            let result = try LiveryBinary.run(
                ["import", "dtcg", directory.path + "/tokens-\(depth).json", "--id", "acme", "--dry-run"], in: fixture.path)
            let output = result.stdout + result.stderr
            #expect(output.contains("deeper than 64") != accepted, "\(depth): \(output.prefix(400))")
        }
    }

    // MARK: Messages that say what is true

    /// A `.git/config` git cannot parse is named with its line, not called a damaged object.
    @Test func aBrokenGitConfigIsNamedAtItsLine() throws {
        let fixture = try Self.fixture([:])
        let config = fixture.path + "/.git/config"
        let text = try String(contentsOfFile: config, encoding: .utf8)
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).count
        try (text + "[core\n\tbare = false\n").write(toFile: config, atomically: true, encoding: .utf8)
        let result = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("configuration file \(fixture.path)/.git/config is broken at line \(line)"), "\(result.stderr)")
        #expect(!result.stderr.contains("object or pack file"), "\(result.stderr)")
    }

    /// Revisions git's command line reads but livery does not, and one too long to be a
    /// revision, are said to be so, not blamed on git's library or a damaged reference.
    @Test(arguments: [
        (":!targets", "it is not a revision livery understands: name a branch, a tag, a commit id or an expression such as main~3"),
        (String(repeating: "a", count: 100_000), "it is 100000 characters long; a revision livery reads is at most 4096 bytes"),
    ])
    func aRevisionLiveryCannotReadIsSaidToBeSo(_ revision: String, _ reason: String) throws {
        let fixture = try Self.fixture([:])
        for arguments in [["validate", "--rev", revision], ["diff", revision, "HEAD"]] {
            let result = try LiveryBinary.run(arguments, in: fixture.path)
            #expect(result.status == 2, "\(result.stderr.prefix(400))")
            #expect(result.stderr.contains(reason), "\(result.stderr.prefix(400))")
            #expect(!result.stderr.contains("class 3") && !result.stderr.contains("damaged"), "\(result.stderr.prefix(400))")
            #expect(result.stderr.utf8.count < 1_000, "the revision is not echoed whole")
        }
    }

    /// Without a livery.json the output folder is the default `dist`; a link there
    /// leading out is refused in those words, not blamed on a setting nobody wrote.
    @Test func aLinkedDefaultOutputFolderIsRefusedAsTheDefault() throws {
        let fixture = try Self.fixture([
            "targets/acme/style.json": ##"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"##
        ])
        let outside = try TemporaryDirectory()
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/dist", withDestinationPath: outside.path)
        let result = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(
            result.stderr.contains("the default output folder 'dist' (livery.json names no \"outputDir\") leads outside the repository"),
            "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        // Named in livery.json, the setting is blamed.
        try fixture.write("livery.json", ##"{"outputDir": "dist"}"##)
        let configured = try LiveryBinary.run(["build"], in: fixture.path)
        #expect(configured.stderr.contains("\"outputDir\" in livery.json leads outside the repository"), "\(configured.stderr)")
    }
}
