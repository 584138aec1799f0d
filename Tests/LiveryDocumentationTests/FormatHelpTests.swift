import Foundation
import LiveryTestSupport
import Testing

/// Each command's `--format` values, as `--help` and shell completion give them,
/// are the ones its docs name: both come from the command's format registry.
@Suite("Format lists: help, completion and docs agree")
struct FormatHelpTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `(values: a, b, c; default: text)` of `--format` in `livery COMMAND --help`.
    static func helpValues(_ command: String) throws -> [String] {
        let help = try LiveryBinary.run([command, "--help"]).stdout.replacingOccurrences(of: "\n", with: " ")
        let squeezed = help.split(separator: " ").joined(separator: " ")
        let option = try #require(squeezed.range(of: "--format <format> "))
        let values = try #require(
            squeezed[option.upperBound...].range(of: #"\(values: [a-z, -]+; default: text\)"#, options: .regularExpression))
        return squeezed[values].dropFirst("(values: ".count).split(separator: ";")[0].components(separatedBy: ", ")
    }

    /// The names in `--format a\|b\|c` on the README's line for `livery COMMAND`,
    /// plus those given a line of their own (`--format update --output DIR`).
    static func readmeValues(_ command: String) throws -> [String] {
        let readme = try String(contentsOf: projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var names: [String] = []
        for line in readme.split(separator: "\n") where line.hasPrefix("| `livery \(command) ") {
            let cell = line.split(separator: "`")[1].replacingOccurrences(of: "\\|", with: "|")
            guard let range = cell.range(of: #"--format [a-z|-]+"#, options: .regularExpression) else { continue }
            names += cell[range].dropFirst("--format ".count).split(separator: "|").map(String.init)
        }
        return names
    }

    @Test(arguments: ["diff", "validate", "list"])
    func helpAndReadmeNameTheSameFormats(command: String) throws {
        let help = try Self.helpValues(command)
        #expect(help.first == "text")
        #expect(help == (try Self.readmeValues(command)), "livery \(command) --help and the README")
    }

    @Test func completionOffersTheFormatsTheHelpLists() throws {
        let script = try LiveryBinary.run(["--generate-completion-script", "bash"]).stdout
        for command in ["diff", "validate", "list"] {
            // bash's script lists a value per line: 'text'$'\n''json'…
            let words = try Self.helpValues(command).map { "'\($0)'" }.joined(separator: "$'\\n'")
            #expect(script.contains("-W \(words)\n"), "bash completion of livery \(command) --format")
        }
    }
}
