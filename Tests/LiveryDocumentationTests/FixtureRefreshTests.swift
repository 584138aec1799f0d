import Foundation
import LiveryTestSupport
import Testing

/// Every environment switch under which a test rewrites its fixtures is a kind of
/// `scripts/testing/refresh-fixtures`, which names its tests and files, and docs/architecture.md
/// lists every kind: a new switch cannot stay where nobody finds it.
@Suite("scripts/testing/refresh-fixtures knows every fixture switch")
struct FixtureRefreshTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let script = projectRoot.appendingPathComponent("scripts/testing/refresh-fixtures").path

    struct Kind: Equatable {
        var name: String, switchName: String, files: [String], filter: String
    }

    /// The kinds as `--list` prints them: `name switch files…`, then `    tests: filter`.
    static func kinds() throws -> [Kind] {
        let listed = try runProcess(script, ["--list"])
        try #require(listed.status == 0, "\(listed.stderr)")
        let lines = listed.stdout.split(separator: "\n").map(String.init)
        try #require(lines.count % 2 == 0, "\(listed.stdout)")
        return try stride(from: 0, to: lines.count, by: 2).map { index in
            let fields = lines[index].split(separator: " ").map(String.init)
            let tests = lines[index + 1].trimmingCharacters(in: .whitespaces)
            try #require(fields.count >= 3 && tests.hasPrefix("tests: "), "\(lines[index]) / \(tests)")
            return Kind(name: fields[0], switchName: fields[1], files: Array(fields[2...]), filter: String(tests.dropFirst(7)))
        }
    }

    /// The switches the tests read: each `LIVERY_WRITE_` name in a Swift file under Tests/.
    static func switchesInTests() throws -> [String: [String]] {
        let expression = try NSRegularExpression(pattern: "LIVERY_WRITE_[A-Z][A-Z_]*")
        var found: [String: [String]] = [:]
        for file in ScriptLayoutTests.textFiles(under: "Tests") where file.path.hasSuffix(".swift") {
            let whole = NSRange(file.text.startIndex..., in: file.text)
            for match in expression.matches(in: file.text, range: whole) {
                guard let range = Range(match.range, in: file.text) else { continue }
                found[String(file.text[range]), default: []].append(file.path)
            }
        }
        return found
    }

    @Test func everySwitchTheTestsReadIsAKind() throws {
        let kinds = try Self.kinds()
        let used = try Self.switchesInTests()
        #expect(used.count >= 7, "only \(used.keys.sorted()) found: the scan is broken")
        let known = Set(kinds.map(\.switchName))
        for (name, files) in used.sorted(by: { $0.key < $1.key }) {
            #expect(
                known.contains(name),
                "\(name) (read in \(Set(files).sorted())) is no kind of scripts/testing/refresh-fixtures: add it there and to docs/architecture.md"
            )
        }
        for kind in kinds {
            #expect(used[kind.switchName] != nil, "refresh-fixtures' \(kind.name) sets \(kind.switchName), which no test reads")
        }
        #expect(Set(kinds.map(\.name)).count == kinds.count, "\(kinds.map(\.name))")
    }

    /// What a kind names is there: its files, and a suite for each of its filter's tests.
    @Test func everyKindNamesFilesAndSuitesThatExist() throws {
        let tests = ScriptLayoutTests.textFiles(under: "Tests").filter { $0.path.hasSuffix(".swift") }.map(\.text).joined()
        for kind in try Self.kinds() {
            for file in kind.files {
                #expect(FileManager.default.fileExists(atPath: Self.projectRoot.appendingPathComponent(file).path), "\(kind.name): \(file)")
            }
            for test in kind.filter.split(separator: "|") {
                let parts = test.components(separatedBy: ".*")
                #expect(tests.contains("struct \(parts[0]) "), "\(kind.name): no suite \(parts[0])")
                if parts.count > 1 { #expect(tests.contains("func \(parts[1])("), "\(kind.name): no test \(parts[1])") }
            }
        }
    }

    @Test func theDocsListEveryKind() throws {
        let page = try String(contentsOf: Self.projectRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        for kind in try Self.kinds() {
            #expect(
                page.contains("| `\(kind.name)` | `\(kind.switchName)` |"),
                "docs/architecture.md's fixture table has no row for \(kind.name)")
        }
    }

    @Test func anUnknownKindIsRefusedWithTheKinds() throws {
        let refused = try runProcess(Self.script, ["no-such-kind"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("no fixture kind 'no-such-kind'") && refused.stderr.contains("golden"), "\(refused.stderr)")
        #expect(refused.stdout.isEmpty)
    }
}
