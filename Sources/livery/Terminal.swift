import ArgumentParser
import Foundation
import LiveryKit

/// Writing to the terminal: the only place that knows about standard streams and colour.
enum Terminal {
    /// Every text livery writes to standard output, shown by ``TerminalText/visible(_:keepingColour:)``.
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.visible(text, keepingColour: stdoutIsColorTerminal).utf8))
    }

    /// Standard output written a piece at a time by `body`, in 64 KiB writes: for
    /// output too long to build as one string (an answer per line of a large file).
    static func streamOut(_ body: ((String) -> Void) throws -> Void) rethrows {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(64 << 10)
        defer { if !buffer.isEmpty { outBytes(buffer) } }
        let colour = stdoutIsColorTerminal
        try body { piece in
            buffer.append(contentsOf: TerminalText.visible(piece, keepingColour: colour).utf8)
            if buffer.count >= 64 << 10 {
                outBytes(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    static func outBytes(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    /// Appends to a file such as GitHub's step summary, creating it when missing.
    static func append(_ text: String, toFile path: String) throws {
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(TerminalText.visible(text).utf8))
    }

    /// A progress line on standard error, redrawn in place; only on an interactive
    /// terminal outside CI, so pipes and CI logs stay quiet.
    static func progressReporter(_ label: String) -> (@Sendable (Int, Int) -> Void)? {
        let environment = ProcessInfo.processInfo.environment
        guard isatty(STDERR_FILENO) == 1, environment["CI"] == nil, environment["TERM"] != "dumb" else { return nil }
        let throttle = ProgressThrottle()
        return { done, total in
            guard throttle.shouldDraw(done: done, total: total) else { return }
            let line = done == total ? "\r\u{1B}[2K" : "\r\u{1B}[2K\(label) \(done)/\(total)…"
            FileHandle.standardError.write(Data(line.utf8))
        }
    }

    /// True when a person can answer questions: standard input and standard error are
    /// a terminal, and not in CI (`CI` set to anything but `false` or `0`).
    static var isInteractive: Bool {
        let ci = ProcessInfo.processInfo.environment["CI"] ?? ""
        return isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 && (ci.isEmpty || ci == "false" || ci == "0")
    }

    /// Every text livery writes to standard error, shown by ``TerminalText/visible(_:keepingColour:)``.
    static func err(_ text: String) {
        FileHandle.standardError.write(Data(TerminalText.visible(text, keepingColour: stderrIsColorTerminal).utf8))
    }

    /// Colour on a terminal whose TERM is not `dumb`, or wherever `FORCE_COLOR`
    /// is set (to anything but empty or `0`); never when `NO_COLOR` is set to
    /// anything but empty.
    static var stderrIsColorTerminal: Bool { colours(STDERR_FILENO) }

    static var stdoutIsColorTerminal: Bool { colours(STDOUT_FILENO) }

    static func colours(_ descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if let force = environment["FORCE_COLOR"], !force.isEmpty, force != "0" { return true }
        return isatty(descriptor) == 1 && environment["TERM"] != "dumb"
    }

    /// Each diagnostic on standard error, with the targets it affects when its
    /// place does not say so and the places that explain it.
    static func report(_ diagnostics: [Diagnostic], targetsDirectory: String = "targets") {
        let styler = styler(colored: stderrIsColorTerminal)
        for diagnostic in diagnostics { err(DiagnosticFormats.block(diagnostic, styler: styler, targetsDirectory: targetsDirectory)) }
    }

    /// `path:line:col: error: message`, then the hint on a line of its own.
    static func describe(_ error: any UserError, styler: Styler = .plain) -> String {
        var text = error.place.map { $0 + ": " } ?? ""
        text += styler("error:", .errorLabel) + " " + error.message + "\n"
        if let hint = error.hint { text += hint + "\n" }
        return text
    }

    /// The renderers' emphasis as ANSI colours when `colored`, else plain text.
    static func styler(colored: Bool) -> Styler {
        colored ? ansi : .plain
    }

    /// The one place livery asks for terminal colour (see ``TerminalText/colour(_:)``).
    static let ansi = Styler { text, emphasis in
        let code =
            switch emphasis {
            case .errorLabel: "1;31"
            case .warningLabel: "1;33"
            case .problem, .removed: "31"
            case .added: "32"
            case .changed: "33"
            case .heading: "1"
            }
        // Marks, not escape sequences: the writer turns only these into colour.
        return TerminalText.colour(code) + text + TerminalText.colour("0")
    }

    /// Runs a command's body and ends the command with the status its outcome
    /// decides: the one place a result becomes an exit code. An error is printed
    /// as ``describe(_:styler:)`` says and ends the command with its own status.
    static func execute(_ body: () async throws -> any CommandOutcome) async throws {
        let status: Int32
        do {
            status = try await body().exitStatus.rawValue
        } catch {
            status = report(error)
        }
        if status != ExitStatus.success.rawValue { throw ExitCode(status) }
    }

    /// ``execute(_:)`` for a body that waits for nothing.
    static func execute(_ body: () throws -> any CommandOutcome) throws {
        let status: Int32
        do {
            status = try body().exitStatus.rawValue
        } catch {
            status = report(error)
        }
        if status != ExitStatus.success.rawValue { throw ExitCode(status) }
    }

    /// Prints an error and returns its exit status: livery's own errors as they
    /// say (``UserError``), any other (a file system error from Foundation) as a
    /// usage or environment error.
    static func report(_ error: any Error) -> Int32 {
        switch error {
        case let error as any UserError:
            err(describe(error, styler: styler(colored: stderrIsColorTerminal)))
            return error.exitCode
        case let error as any LocalizedError:
            err("error: \(error.errorDescription ?? "\(error)")\n")
            return ExitStatus.usage.rawValue
        default:
            err("error: \(error)\n")
            return ExitStatus.usage.rawValue
        }
    }
}

/// Redraws at most every 50 ms, and always for the last step.
final class ProgressThrottle: Sendable {
    private let last = Locked(DispatchTime(uptimeNanoseconds: 0))

    func shouldDraw(done: Int, total: Int) -> Bool {
        last.withLock { last in
            let now = DispatchTime.now()
            if done == total || now.uptimeNanoseconds - last.uptimeNanoseconds > 50_000_000 {
                last = now
                return true
            }
            return false
        }
    }
}
