import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

@testable import LiveryKit

/// What livery writes, kept byte for byte in `Tests/Fixtures/golden/`: every platform's
/// bundle of the demo targets (with `style.json` and `manifest.json`), each bundle's tar
/// and zip archive (by digest), `validate`'s reports of a repository with problems in
/// every format, `diff`'s reports between two revisions in every format, `list`'s and
/// `templates`' in every format, and every command's help and completion script. The
/// formats are the registries' (`ValidationFormat.all`, …): a new one is golden-tested
/// once `scripts/testing/refresh-golden` has written its files. A change to
/// any output fails here with the files that differ, so a refactoring that should change
/// nothing shows that it changed nothing. After an intended change, `scripts/testing/refresh-golden`
/// (`LIVERY_WRITE_GOLDEN=1 swift test --skip-build --filter GoldenOutputTests`) rewrites the
/// expected files; review them with `git diff` before committing. The consumer checks
/// (swiftc, kotlinc, aapt2, xmllint, Chromium) stay in their own tests.
@Suite("Golden files: every command's output byte for byte")
struct GoldenOutputTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path
    static let golden = root + "/Tests/Fixtures/golden"

    @Test func demoBundlesOfEveryPlatform() throws {
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--platform", "all", "--quiet"])
        #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
        // The output directory's own marker, lock and cache are livery's book-keeping, not a bundle.
        let bundles = try FileTree.contents(under: out.path).filter { !$0.key.hasPrefix(".") }
        #expect(["acme-bank", "harbor-credit-union", "verde-grocers"].allSatisfy { bundles.keys.contains($0 + "/manifest.json") })
        try GoldenFiles.check(bundles, against: Self.golden + "/build")
    }

    @Test func demoArchives() throws {
        var digests = ""
        for format in ["tar", "zip"] {
            let out = try TemporaryDirectory()
            let build = try LiveryBinary.run([
                "build", "--repo", Self.root, "--out", out.path, "--platform", "all", "--archive", format, "--quiet",
            ])
            #expect(build.status == 0, "\(build.stdout)\(build.stderr)")
            let archives = try FileTree.contents(under: out.path).filter { !$0.key.hasPrefix(".") }
            #expect(archives.count >= 3, "\(archives.keys.sorted())")
            for (name, bytes) in archives.sorted(by: { $0.key < $1.key }) {
                let digest = CanonicalJSON.digest(Array(bytes))
                digests += "\(digest)  \(bytes.count)  \(name)\n"
            }
        }
        // Archives repeat the bundles' bytes: their digests and sizes are kept, not their bytes.
        try GoldenFiles.check(["archives.sha256": Data(digests.utf8)], against: Self.golden + "/archives")
    }

    @Test func validateReportsInEveryFormat() throws {
        let fixture = try Self.repositoryWithProblems()
        var reports: [String: Data] = [:]
        for format in ValidationFormat.all.map(\.name) {
            let file = "report." + format
            let result = try LiveryBinary.run(["validate", "--format", format, "--quiet"], in: fixture.path)
            #expect(result.status == 1, "\(format): \(result.stdout)\(result.stderr)")
            reports[file] = Data(result.stdoutBytes)
            reports[file + ".stderr"] = Data(result.stderr.utf8)
        }
        #expect(
            !reports.values.contains { String(decoding: $0, as: UTF8.self).contains(fixture.path) }, "a report names the scratch directory")
        try GoldenFiles.check(reports, against: Self.golden + "/validate")
    }

    @Test func diffReportsInEveryFormat() throws {
        let fixture = try DemoHistory.repository()
        var reports: [String: Data] = [:]
        // `--format update` writes signed files, not a report: DiffUpdateCommandTests checks them.
        for format in DiffFormat.all.filter({ !$0.writesUpdates }).map(\.name) {
            let file = "v1-v2." + format
            let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", format, "--verbose"], in: fixture.path)
            #expect(result.status == 0, "\(format): \(result.stdout)\(result.stderr)")
            reports[file] = Data(result.stdoutBytes)
        }
        #expect(
            !reports.values.contains { String(decoding: $0, as: UTF8.self).contains(fixture.path) }, "a report names the scratch directory")
        try GoldenFiles.check(reports, against: Self.golden + "/diff")
    }

    @Test func listReportsInEveryFormat() throws {
        let fixture = try DemoHistory.repository()
        var reports: [String: Data] = [:]
        for format in ListFormat.all.map(\.name) {
            for (name, arguments) in [("v2", ["--rev", "v2"]), ("affected-v1-v2", ["--rev", "v2", "--affected-since", "v1"])] {
                let result = try LiveryBinary.run(["list", "--format", format] + arguments, in: fixture.path)
                #expect(result.status == 0, "\(format): \(result.stdout)\(result.stderr)")
                reports["\(name).\(format)"] = Data(result.stdoutBytes)
                reports["\(name).\(format).stderr"] = Data(result.stderr.utf8)
            }
        }
        try GoldenFiles.check(reports, against: Self.golden + "/list")
    }

    @Test func templatesInEveryFormat() throws {
        let fixture = try Self.repositoryWithProblems()
        var reports: [String: Data] = [:]
        for format in TemplateFormat.all.map(\.name) {
            let result = try LiveryBinary.run(["templates", "--format", format], in: fixture.path)
            #expect(result.status == 0, "\(format): \(result.stdout)\(result.stderr)")
            reports["templates." + format] = Data(result.stdoutBytes)
        }
        try GoldenFiles.check(reports, against: Self.golden + "/templates")
    }

    /// Every command's `--help` at 80 columns, and the completion script of each shell:
    /// what the registries put in them (platforms, formats) is shown to users here.
    @Test func helpAndCompletionOfEveryCommand() throws {
        let columns = ["COLUMNS": "80"]
        var pages: [String: Data] = [:]
        for path in try Self.commandPaths() {
            let result = try LiveryBinary.run(path + ["--help"], environment: columns)
            #expect(result.status == 0, "\(path): \(result.stderr)")
            pages[(["livery"] + path).joined(separator: " ") + ".txt"] = Data(result.stdoutBytes)
        }
        #expect(pages.count > 10, "\(pages.keys.sorted())")
        for shell in ["bash", "zsh", "fish"] {
            let result = try LiveryBinary.run(["--generate-completion-script", shell], environment: columns)
            #expect(result.status == 0, "\(shell): \(result.stderr)")
            pages["completion." + shell] = Data(result.stdoutBytes)
        }
        try GoldenFiles.check(pages, against: Self.golden + "/help")
    }

    /// Every command and subcommand, as ArgumentParser describes them
    /// (`--experimental-dump-help`), without its own `help` command.
    static func commandPaths() throws -> [[String]] {
        let dump = try LiveryBinary.run(["--experimental-dump-help"])
        let object = try JSONSerialization.jsonObject(with: Data(dump.stdoutBytes)) as? [String: Any]
        var paths: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            paths.append(path)
            for sub in command["subcommands"] as? [[String: Any]] ?? [] {
                guard let name = sub["commandName"] as? String, name != "help" else { continue }
                walk(sub, path + [name])
            }
        }
        walk(try #require(object?["command"] as? [String: Any]), [])
        return paths
    }

    /// A small repository with one problem of each kind validate reports: bad JSON, a value
    /// the schema refuses, an alias to nothing, a missing asset, low contrast, in a parent
    /// two clients inherit and in the clients themselves.
    static func repositoryWithProblems() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"""
            {
              "abstract": true,
              "colors": {
                "primary": "#1F5FD1",
                "onPrimary": "#FFFFFF",
                "faint": "#EEEEEE",
                "background": "#FFFFFF",
                "link": "{colors.missing}"
              },
              "components": {
                "text": { "hint": { "color": "faint" } },
                "button": { "primary": { "background": "background", "foreground": "faint" } }
              }
            }
            """##)
        try fixture.write(
            "targets/acme/style.json",
            ##"""
            {
              "extends": "base",
              "app": { "displayName": "Acme", "bundleId": "com.example.acme" },
              "colors": { "primary": "#12345" },
              "images": { "logo": "assets/logo.png" }
            }
            """##)
        try fixture.write(
            "targets/bolt/style.json",
            ##"""
            {
              "extends": "base",
              "app": { "displayName": "Bolt", "bundleId": "com.example.bolt" },
              "dimensions": { "radius": "large" }
            }
            """##)
        try fixture.write(
            "targets/cove/style.json",
            ##"""
            {
              "extends": "base",
              "app": { "displayName": "Cove", "bundleId": "com.example.cove" },
              "colors": { "primary": "#003300", "primary": "#004400" }
            }
            """##)
        try fixture.commitAll("problems")
        return fixture
    }
}

/// Compares files made by a test with the expected ones under a directory, or, with
/// `LIVERY_WRITE_GOLDEN=1`, makes that directory hold exactly them.
enum GoldenFiles {
    static var writing: Bool { ProcessInfo.processInfo.environment["LIVERY_WRITE_GOLDEN"] == "1" }

    static func check(_ actual: [String: Data], against directory: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        if writing {
            try? FileManager.default.removeItem(atPath: directory)
            for (path, bytes) in actual {
                let url = URL(fileURLWithPath: directory + "/" + path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: url)
            }
            return
        }
        let expected = try FileTree.contents(under: directory)
        var differences: [String] = []
        for path in Set(expected.keys).union(actual.keys).sorted() {
            switch (expected[path], actual[path]) {
            case (nil, _?): differences.append("written, not expected: \(path)")
            case (_?, nil): differences.append("expected, not written: \(path)")
            case (let want?, let got?) where want != got: differences.append("\(path): \(firstDifference(want, got))")
            default: break
            }
        }
        guard !differences.isEmpty else { return }
        let shown = differences.prefix(20).joined(separator: "\n")
        let more = differences.count > 20 ? "\n… and \(differences.count - 20) more" : ""
        Issue.record(
            "\(differences.count) file(s) differ from \(directory):\n\(shown)\(more)\nif the change is intended: scripts/testing/refresh-golden",
            sourceLocation: sourceLocation
        )
    }

    /// The first line that differs, for text; the sizes, for other bytes.
    static func firstDifference(_ want: Data, _ got: Data) -> String {
        guard let wantText = String(data: want, encoding: .utf8), let gotText = String(data: got, encoding: .utf8) else {
            return "bytes differ (expected \(want.count) bytes, got \(got.count))"
        }
        let wantLines = wantText.split(separator: "\n", omittingEmptySubsequences: false)
        let gotLines = gotText.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(wantLines.count, gotLines.count) {
            let want = index < wantLines.count ? String(wantLines[index]) : "<end>"
            let got = index < gotLines.count ? String(gotLines[index]) : "<end>"
            if want != got { return "line \(index + 1): expected \(want.debugDescription), got \(got.debugDescription)" }
        }
        return "differs"
    }
}
