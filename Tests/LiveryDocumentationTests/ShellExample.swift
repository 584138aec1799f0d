import Foundation
import LiveryTestSupport

/// A shell example of a page: a ```sh block (commands a reader types) or a ```console block
/// (commands after `$ `, each followed by the output the page says it prints).
struct ShellExample: CustomStringConvertible, Sendable {
    /// One command, its continuation lines joined, with the page line it starts on and, in a
    /// console block, the output shown under it.
    struct Command: Sendable {
        var text: String
        var line: Int
        var output: [String]?
    }

    let page: String
    /// The line of the opening fence.
    let line: Int
    let language: String
    /// The block's text as written (a ```sh block runs as one script, so `cd` carries on).
    let body: String
    var commands: [Command]

    var description: String { "\(page):\(line) (```\(language) block)" }

    /// Runs `script` with bash in `directory` as a reader's shell would: livery on PATH, a scratch
    /// HOME and git identity, no colour and no CI variables. `stopAtFirstFailure` adds `-eu`
    /// (a set-up script); without it every command runs and its output is there to compare.
    static func run(_ script: String, in directory: String, home: String, stopAtFirstFailure: Bool) throws -> ProcessResult {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            URL(fileURLWithPath: LiveryBinary.path).deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = home
        environment["NO_COLOR"] = "1"
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CEILING_DIRECTORIES"] = directory
        for role in ["AUTHOR", "COMMITTER"] {
            environment["GIT_\(role)_NAME"] = "Documentation Tests"
            environment["GIT_\(role)_EMAIL"] = "docs@livery.invalid"
        }
        for variable in ["GITHUB_ACTIONS", "GITHUB_STEP_SUMMARY", "CI"] { environment.removeValue(forKey: variable) }
        let options = stopAtFirstFailure ? ["-euo", "pipefail"] : ["-o", "pipefail"]
        return try runProcess("/bin/bash", options + ["-c", script], in: directory, environment: environment)
    }

    /// The languages whose blocks are shell examples.
    static let languages: Set<String> = ["sh", "console"]

    /// Every shell example of `text`, the Markdown of `page`, in order.
    static func examples(in text: String, page: String) -> [ShellExample] {
        var examples: [ShellExample] = []
        var open: (language: String, line: Int, lines: [(Int, String)])?
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("```") else {
                open?.lines.append((index + 1, line))
                continue
            }
            if let block = open {
                if languages.contains(block.language) {
                    examples.append(ShellExample(page: page, line: block.line, language: block.language, lines: block.lines))
                }
                open = nil
            } else {
                open = (String(trimmed.dropFirst(3)), index + 1, [])
            }
        }
        return examples
    }

    init(page: String, line: Int, language: String, lines: [(Int, String)]) {
        self.page = page
        self.line = line
        self.language = language
        body = lines.map(\.1).joined(separator: "\n")
        commands = language == "console" ? Self.transcript(lines) : Self.script(lines)
    }

    /// A console block: a line starting `$ ` is a command (with the lines its trailing `\`
    /// continues); the lines up to the next command are its output.
    static func transcript(_ lines: [(Int, String)]) -> [Command] {
        var commands: [Command] = []
        var continuing = false
        for (number, line) in lines {
            if continuing, var last = commands.popLast() {
                last.text += "\n" + line
                continuing = line.hasSuffix("\\")
                commands.append(last)
            } else if line.hasPrefix("$ ") {
                commands.append(Command(text: String(line.dropFirst(2)), line: number, output: []))
                continuing = line.hasSuffix("\\")
            } else if var last = commands.popLast() {
                last.output?.append(line)
                commands.append(last)
            }
        }
        return commands
    }

    /// A sh block: every line that is not blank or a comment, its continuations joined and the
    /// comment aligned after it (`  #`) removed; `#` inside a value stays.
    static func script(_ lines: [(Int, String)]) -> [Command] {
        var commands: [Command] = []
        var continuing = false
        for (number, line) in lines {
            let command = line.components(separatedBy: "  #")[0].trimmingCharacters(in: .whitespaces)
            if continuing, var last = commands.popLast() {
                last.text += "\n" + command
                commands.append(last)
            } else if !command.isEmpty, !command.hasPrefix("#") {
                commands.append(Command(text: command, line: number, output: nil))
            }
            continuing = command.hasSuffix("\\")
        }
        return commands
    }

    /// The differences between the output a page shows and what the command printed, as
    /// messages; none when they agree. `…` alone on a line stands for any lines (none too);
    /// within a line, for any text. Trailing blank lines do not count.
    static func mismatches(shown: [String], printed: [String]) -> [String] {
        let shown = trimmed(shown)
        let printed = trimmed(printed)
        if matches(shown[...], printed[...]) { return [] }
        let first = zip(shown, printed).enumerated().first { !lineMatches($0.element.0, $0.element.1) }
        let place =
            first.map { "output line \($0.offset + 1): shown '\($0.element.0)', printed '\($0.element.1)'" }
            ?? "shown \(shown.count) lines, printed \(printed.count)"
        return ["\(place)\n--- shown\n\(shown.joined(separator: "\n"))\n--- printed\n\(printed.joined(separator: "\n"))"]
    }

    static func trimmed(_ lines: [String]) -> [String] {
        var lines = lines
        while lines.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { lines.removeLast() }
        return lines
    }

    static func matches(_ shown: ArraySlice<String>, _ printed: ArraySlice<String>) -> Bool {
        guard let first = shown.first else { return printed.isEmpty }
        if first.trimmingCharacters(in: .whitespaces) == "…" {
            // Any run of printed lines, shortest first.
            return (printed.startIndex...printed.endIndex).contains { matches(shown.dropFirst(), printed[$0...]) }
        }
        guard let line = printed.first, lineMatches(first, line) else { return false }
        return matches(shown.dropFirst(), printed.dropFirst())
    }

    static func lineMatches(_ shown: String, _ printed: String) -> Bool {
        guard shown.contains("…") else { return shown == printed }
        let pattern = shown.components(separatedBy: "…").map(NSRegularExpression.escapedPattern(for:)).joined(separator: ".*")
        return printed.range(of: "^" + pattern + "$", options: .regularExpression) != nil
    }
}
