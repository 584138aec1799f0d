import Foundation
import LiveryTestSupport
import Testing

/// livery's version has one source, `Livery.version` (what `livery --version` prints); every file a
/// user copies a version from — the Action, the pre-commit hooks, the pages that pin a release —
/// names that version, so an example never points at a release that does not exist.
@Suite("Every place that names livery's release names livery --version")
struct ReleaseVersionTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Where livery's own version is written, and the pattern whose first group is that version.
    /// Each pattern must match at least once, so a reworded line cannot drop out of the check.
    static let places: [(file: String, pattern: String)] = [
        ("action.yml", #"The livery release to install, e\.g\. ([0-9][0-9A-Za-z.-]*[0-9])\."#),
        (".pre-commit-hooks.yaml", #"rev: v([0-9][0-9A-Za-z.-]*)"#),
        ("scripts/integration/action-install", #"e\.g\. ([0-9][0-9A-Za-z.-]*[0-9])"#),
        ("docs/ci.md", #"LIVERY_VERSION: ([0-9][0-9A-Za-z.-]*)"#),
        ("docs/ci.md", #"/livery@v([0-9][0-9A-Za-z.-]*)"#),
        ("docs/ci.md", #"rev: v([0-9][0-9A-Za-z.-]*)"#),
        ("docs/ci.md", #"the release to install, e\.g\. `([^`]+)`"#),
        ("docs/runtime-android.md", #"dev\.livery:livery-runtime(?:-compose)?:([^"]+)""#),
        ("docs/swiftpm-plugin.md", #"dist/livery-([0-9][0-9A-Za-z.]*[0-9])[-.]"#),
        ("docs/swiftpm-plugin.md", #"from: "([^"]+)""#),
        ("docs/bundles.md", #""livery": "([^"]+)""#),
    ]

    static func liveryVersion() throws -> String {
        let printed = try LiveryBinary.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // `livery --version` prints the version alone; a future "livery 1.2.3" keeps working.
        return String(printed.split(separator: " ").last ?? "")
    }

    /// The first group of every match of `pattern` in `text`, with the line it is on.
    static func versions(in text: String, matching pattern: String) throws -> [(line: Int, version: String)] {
        let expression = try NSRegularExpression(pattern: pattern)
        let whole = NSRange(text.startIndex..., in: text)
        return expression.matches(in: text, range: whole).compactMap { match in
            guard let range = Range(match.range(at: 1), in: text) else { return nil }
            let line = text[..<range.lowerBound].reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            return (line, String(text[range]))
        }
    }

    @Test func theVersionIsAReleaseNumber() throws {
        let version = try Self.liveryVersion()
        #expect(
            version.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression) != nil, "livery --version printed '\(version)'")
    }

    @Test(arguments: places.indices)
    func thePlaceNamesLiverysVersion(_ index: Int) throws {
        let (file, pattern) = Self.places[index]
        let version = try Self.liveryVersion()
        let text = try String(contentsOf: Self.projectRoot.appendingPathComponent(file), encoding: .utf8)
        let found = try Self.versions(in: text, matching: pattern)
        #expect(!found.isEmpty, "\(file): no line matches \(pattern) any more; update the pattern to where the version is now")
        for (line, named) in found {
            #expect(named == version, "\(file):\(line): names livery \(named), but livery --version is \(version)")
        }
    }

    /// The files a user copies a version from name no other release at all (a stale example
    /// elsewhere in them would not match the patterns above).
    @Test(arguments: ["action.yml", ".pre-commit-hooks.yaml", "scripts/integration/action-install"])
    func theFileNamesNoOtherRelease(_ file: String) throws {
        let version = try Self.liveryVersion()
        let text = try String(contentsOf: Self.projectRoot.appendingPathComponent(file), encoding: .utf8)
        for (line, named) in try Self.versions(in: text, matching: #"(?<![0-9.])v?([0-9]+\.[0-9]+\.[0-9]+)(?![0-9])"#) {
            #expect(named == version, "\(file):\(line): names release \(named), but livery --version is \(version)")
        }
    }

    /// The check can fail: a stale version in a copy of the Action is found, with its line.
    @Test func aStaleVersionIsReportedWithItsLine() throws {
        let text = "inputs:\n  version:\n    description: The livery release to install, e.g. 1.4.0.\n"
        let found = try Self.versions(in: text, matching: Self.places[0].pattern)
        #expect(found.count == 1 && found.first?.line == 3 && found.first?.version == "1.4.0")
    }
}
