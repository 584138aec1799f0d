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

    @Test func aStoreTextHoldingEscapesIsShownEscapedByDiffInEveryHumanFormat() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/acme/style.json", Self.style)
        try fixture.write("targets/acme/store/en-US/name.txt", "Acme\n")
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/acme/store/en-US/name.txt", "\u{1B}[2K\u{1B}[1A\u{1B}]52;c;aGk=\u{07}\n")
        try fixture.commitAll("v2", tag: "v2")
        for format in ["text", "markdown", "json"] {
            let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", format], in: fixture.path, environment: ["NO_COLOR": "1"])
            Self.noRawControls(result, format)
            // Markdown writes the text through its own escaper; text and JSON show it as written, escaped.
            if format != "markdown" { #expect(result.stdout.contains("\\u001B]52;c;aGk="), "\(format): \(result.stdout)") }
            if format == "json" {
                #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "the JSON report stays JSON")
            }
        }
    }
}
