import Foundation
import LiveryTestSupport
import Testing

/// Repository content printed by a command reaches the terminal visible: a
/// folder's name, a file's name or a store text holding escape sequences is
/// shown with `\uXXXX` escapes, never as sequences a terminal would run (erase a
/// line, move up, set the title, write the clipboard with OSC 52).
@Suite("Repository content on the terminal")
struct TerminalOutputTests {
    static let style = ##"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "colors": {"bg": "#FFFFFF"}}"##

    static func noRawControls(_ result: ProcessResult, _ what: String) {
        let bytes = Array(result.stdout.utf8) + Array(result.stderr.utf8)
        #expect(!bytes.contains(0x1B), "\(what): a raw ESC reached the terminal: \(result.stdout)\(result.stderr)")
        #expect(!bytes.contains(0x07), "\(what): a raw BEL reached the terminal")
    }

    @Test func aTargetFolderNamedWithAnEscapeIsShownEscaped() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/ev\u{1B}[31mil/style.json", Self.style)
        try fixture.commitAll("v1")
        for arguments in [["validate"], ["list"]] {
            let result = try LiveryBinary.run(arguments, in: fixture.path, environment: ["NO_COLOR": "1"])
            Self.noRawControls(result, "\(arguments)")
            #expect((result.stdout + result.stderr).contains("ev\\u001B[31mil"), "\(arguments): \(result.stdout)\(result.stderr)")
        }
    }

    @Test func aStoreFileNamedWithAnOSCSequenceIsShownEscaped() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/acme/store/en-US/a\u{1B}]0;pwned\u{07} b.txt", "text\n")
        try fixture.commitAll("v1")
        let result = try LiveryBinary.run(["validate"], in: fixture.path, environment: ["NO_COLOR": "1"])
        Self.noRawControls(result, "validate")
        #expect((result.stdout + result.stderr).contains("a\\u001B]0;pwned\\u0007 b.txt"), "\(result.stdout)\(result.stderr)")
    }

    /// A store text holding escape sequences is refused (store-character), and
    /// the diff that says so names the character without writing it.
    @Test func aStoreTextHoldingEscapesIsRefusedByDiffWithoutWritingThem() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/acme/store/en-US/name.txt", "Acme\n")
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/acme/store/en-US/name.txt", "\u{1B}[2K\u{1B}[1A\u{1B}]52;c;aGk=\u{07}\n")
        try fixture.commitAll("v2", tag: "v2")
        for format in ["text", "markdown", "json"] {
            let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", format], in: fixture.path, environment: ["NO_COLOR": "1"])
            Self.noRawControls(result, format)
            #expect(result.stdout.contains(format == "json" ? "store-character" : "name.txt:1:1"), "\(format): \(result.stdout)")
            #expect(result.stdout.contains("U+001B"), "\(format): \(result.stdout)")
            if format == "json" {
                #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "the JSON report stays JSON")
            }
        }
    }

    /// A store text holding a bidirectional override (a warning, so the diff
    /// shows the text) is shown with the override as `\u202E` in every human format.
    @Test func aStoreTextHoldingAnOverrideIsShownEscapedByDiffInEveryHumanFormat() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/acme/store/en-US/name.txt", "Acme\n")
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/acme/store/en-US/name.txt", "Ac\u{202E}me\n")
        try fixture.commitAll("v2", tag: "v2")
        for format in ["text", "markdown", "json"] {
            let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", format], in: fixture.path, environment: ["NO_COLOR": "1"])
            #expect(!result.stdout.contains("\u{202E}"), "\(format): the override reached the terminal")
            // Markdown's escaper writes the backslash as a reference, which Markdown shows as `\`.
            #expect(result.stdout.contains(format == "markdown" ? "Ac&#92;u202Eme" : "Ac\\u202Eme"), "\(format): \(result.stdout)")
        }
    }

    /// On a colour terminal (forced here with `FORCE_COLOR`) livery's own labels
    /// are coloured, while a folder's name holding SGR stays visible text.
    @Test func onAColourTerminalOnlyLiverysOwnColourIsWritten() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/ev\u{1B}[31mil/style.json", Self.style)
        try fixture.commitAll("v1")
        let result = try LiveryBinary.run(["validate"], in: fixture.path, environment: ["NO_COLOR": "", "FORCE_COLOR": "1"])
        let shown = result.stdout + result.stderr
        #expect(shown.contains("\u{1B}[1;31merror:\u{1B}[0m"), "livery's label is coloured: \(shown)")
        #expect(shown.contains("ev\\u001B[31mil"), "\(shown)")
        #expect(!shown.contains("\u{1B}[31mil"), "the name's SGR reached the terminal: \(shown)")
        let plain = try LiveryBinary.run(["validate"], in: fixture.path, environment: ["FORCE_COLOR": "1", "NO_COLOR": "1"])
        #expect(!(plain.stdout + plain.stderr).utf8.contains(0x1B), "NO_COLOR wins over FORCE_COLOR")
    }

    /// A Markdown or HTML report written with `--output` shows a bidirectional
    /// override as an escape (`&#92;u202E`, which Markdown shows as `\u202E`;
    /// HTML's `&#x202E;`), never the raw character.
    @Test func diffReportFilesShowControlsAsEscapes() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/acme/store/en-US/name.txt", "Acme\n")
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/acme/store/en-US/name.txt", "Ac\u{202E}me\n")
        try fixture.commitAll("v2", tag: "v2")
        for (format, shown) in [("html", "Ac&#x202E;me"), ("markdown", "Ac&#92;u202Eme")] {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("livery-report-\(UUID().uuidString).\(format)").path
            defer { try? FileManager.default.removeItem(atPath: file) }
            let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", format, "--output", file], in: fixture.path)
            #expect(result.status == 0, "\(format): \(result.stderr)")
            let text = try String(contentsOfFile: file, encoding: .utf8)
            #expect(!text.contains("\u{202E}"), "\(format): the raw override reached the file")
            #expect(text.contains(shown), "\(format): \(text)")
        }
    }
}
