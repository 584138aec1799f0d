import Foundation
import LiveryTestSupport
import Testing

/// scripts/ holds four folders, each with one kind of script: what a user or the release runs,
/// what livery's GitHub Action and pre-commit hook run in a user's repository, what the tests and
/// CI run, and what only benchmarks run. Tests never call a benchmark tool
/// (a benchmark may change or go without a test noticing), and every script path the repository
/// names is one that exists.
@Suite("Architecture: the scripts/ folders")
struct ScriptLayoutTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let scripts = projectRoot.appendingPathComponent("scripts")

    /// The folders of scripts/, each described by its README.md.
    static let product = "product", integration = "integration", testing = "testing", benchmarks = "benchmarks"
    static let folders: Set<String> = [product, integration, testing, benchmarks]

    /// The names under `folder` of scripts/ (README.md left out): scripts and the folders of tools.
    static func entries(of folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: scripts.appendingPathComponent(folder).path)
            .filter { $0 != "README.md" && !$0.hasPrefix(".") }
            .sorted()
    }

    /// Every regular file under `relative` (a path from the project root), as (repo path, text);
    /// files that are not UTF-8 text and build folders are left out.
    static func textFiles(under relative: String) -> [(path: String, text: String)] {
        let root = projectRoot.appendingPathComponent(relative)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [] }
        var files: [(path: String, text: String)] = []
        for case let url as URL in walker {
            if url.lastPathComponent.hasPrefix(".build") {
                walker.skipDescendants()
                continue
            }
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                let text = try? String(contentsOf: url, encoding: .utf8)
            else { continue }
            files.append((String(url.path.dropFirst(projectRoot.path.count + 1)), text))
        }
        return files
    }

    @Test func everyScriptIsInOneOfTheFourFolders() throws {
        let top = try FileManager.default.contentsOfDirectory(atPath: Self.scripts.path).filter { !$0.hasPrefix(".") }
        #expect(
            Set(top) == Self.folders,
            "scripts/ should hold only \(Self.folders.sorted()); outside them: \(Set(top).subtracting(Self.folders).sorted())")
        for folder in Self.folders {
            let readme = try String(contentsOf: Self.scripts.appendingPathComponent(folder + "/README.md"), encoding: .utf8)
            #expect(readme.hasPrefix("# scripts/" + folder + "\n"), "scripts/\(folder)/README.md should say what belongs there")
            #expect(try !Self.entries(of: folder).isEmpty)
        }
    }

    /// The paths a file would name to reach into the benchmark folder, from the root
    /// (`scripts/…/bench-diff`) or from a sibling folder (`../…/bench-diff`).
    static func benchmarkPaths() throws -> [String] {
        try entries(of: benchmarks).map { benchmarks + "/" + $0 }
    }

    /// The tests, what they share, the test scripts and CI: none names a benchmark tool.
    @Test(arguments: ["Tests", "Sources/LiveryTestSupport", "scripts/" + testing, ".ci"])
    func testsCallNoBenchmarkTool(folder: String) throws {
        let files = Self.textFiles(under: folder)
        #expect(!files.isEmpty, "\(folder) holds no text file")
        let tools = try Self.benchmarkPaths()
        #expect(tools.contains(Self.benchmarks + "/bench"), "\(tools)")
        // A tool's path up to where a path ends: `…/bench` is not named by `…/bench-diff`.
        let patterns = try tools.map { try NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: $0) + #"(?![\w-]|\.\w)"#) }
        for file in files {
            let whole = NSRange(file.text.startIndex..., in: file.text)
            let named = zip(tools, patterns).filter { $0.1.firstMatch(in: file.text, range: whole) != nil }.map(\.0)
            #expect(
                named.isEmpty,
                "\(file.path) names \(named.map { "scripts/" + $0 }), a benchmark tool; a tool tests need belongs in scripts/\(Self.testing)"
            )
        }
    }

    /// Each script path in `text`, from the folder after `scripts/` to where the path ends.
    static let scriptPath = try? NSRegularExpression(pattern: #"(?<![\w.-])scripts/([\w.-]+(?:/[\w.-]+)?)"#)

    static func scriptPaths(in text: String) throws -> [String] {
        let expression = try #require(scriptPath)
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            guard let range = Range(match.range(at: 1), in: text) else { return nil }
            var path = String(text[range])
            while path.hasSuffix(".") { path.removeLast() }  // a sentence's full stop
            return path.isEmpty ? nil : path
        }
    }

    /// The places that name scripts to run: docs, the README, the Makefile, Package.swift, CI,
    /// the tests, the scripts themselves, and the changelog's unreleased section (released ones
    /// keep the paths of their day).
    static func filesNamingScripts() throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for folder in ["Tests", "Sources", "scripts", "docs", ".ci", "runtime", "Fuzz", "Plugins"] {
            files += textFiles(under: folder)
        }
        for name in ["README.md", "SECURITY.md", "Makefile", "Package.swift", "action.yml", ".pre-commit-hooks.yaml"] {
            files.append((name, try String(contentsOf: projectRoot.appendingPathComponent(name), encoding: .utf8)))
        }
        let changelog = try String(contentsOf: projectRoot.appendingPathComponent("CHANGELOG.md"), encoding: .utf8)
        let unreleased = changelog.components(separatedBy: "\n## [").dropFirst().first ?? ""
        #expect(unreleased.hasPrefix("Unreleased]"), "CHANGELOG.md should start with its [Unreleased] section")
        files.append(("CHANGELOG.md [Unreleased]", unreleased))
        return files
    }

    @Test func everyScriptPathNamedExists() throws {
        var named = 0
        for file in try Self.filesNamingScripts() {
            for path in try Self.scriptPaths(in: file.text) {
                named += 1
                let folder = path.split(separator: "/").first.map(String.init) ?? path
                #expect(Self.folders.contains(folder), "\(file.path) names scripts/\(path), which is in none of \(Self.folders.sorted())")
                #expect(
                    FileManager.default.fileExists(atPath: Self.scripts.appendingPathComponent(path).path),
                    "\(file.path) names scripts/\(path), which does not exist")
            }
        }
        #expect(named > 100, "only \(named) script paths found: the scan is broken")
    }

    /// The README's set-up is two commands, one in each of the product and test folders, and CI
    /// runs the second one exactly.
    @Test func theSetUpIsTwoScriptsAndCIRunsTheTestOne() throws {
        let readme = try String(contentsOf: Self.projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "\n## Set up\n").dropFirst().first, "README.md has no Set up section")
        let block = try #require(section.components(separatedBy: "```sh\n").dropFirst().first?.components(separatedBy: "```").first)
        // Each line's command, without the comment the README aligns after it.
        let commands = block.split(separator: "\n").map { $0.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces) }
        #expect(commands == ["scripts/\(Self.product)/demo", "scripts/\(Self.testing)/test"])
        for command in commands {
            #expect(FileManager.default.isExecutableFile(atPath: Self.projectRoot.appendingPathComponent(command).path), "\(command)")
        }
        let ci = try String(contentsOf: Self.projectRoot.appendingPathComponent(".ci/run"), encoding: .utf8)
        let runs = ci.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix("set ") && !$0.hasPrefix("cd ") }
        #expect(runs == ["exec \(commands.last ?? "")"], "\(runs)")
    }
}
