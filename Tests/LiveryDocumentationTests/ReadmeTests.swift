import Foundation
import LiveryTestSupport
import Testing

/// The README's commands for a user's own repository, and `make install`, run as written.
@Suite("README: your own repository and make install")
struct ReadmeTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The lines of the ```sh blocks in the README section titled `heading`, comments removed.
    static func commands(under heading: String) throws -> [String] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("README.md"), encoding: .utf8)
        var inSection = false
        var inShell = false
        var commands: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## " + heading }
            guard inSection else { continue }
            if line.hasPrefix("```") {
                inShell = line == "```sh"
                continue
            }
            guard inShell else { continue }
            // A comment starts at `  #` (the README aligns them); `#` inside a value stays.
            let command = line.components(separatedBy: "  #").first?.trimmingCharacters(in: .whitespaces) ?? ""
            if !command.isEmpty { commands.append(command) }
        }
        return commands
    }

    /// Runs `script` with bash in `directory` as a reader's shell would, stopping at the first failure.
    func shell(_ script: String, in directory: String, home: String) throws -> ProcessResult {
        try ShellExample.run(script, in: directory, home: home, stopAtFirstFailure: true)
    }

    @Test func startingYourOwnRepositoryWorksAsWritten() throws {
        let commands = try Self.commands(under: "Start your own branding repository")
        #expect(commands.first?.hasPrefix("git init") == true)
        for step in ["livery new ", "livery validate", "livery build", "dist/", "git commit"] {
            #expect(commands.contains { $0.contains(step) }, "the section should show \(step)")
        }
        let scratch = try TemporaryDirectory()
        let result = try shell(commands.joined(separator: "\n"), in: scratch.path, home: scratch.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")

        // The repository the commands made: one client (the starter's style and placeholder icon),
        // committed; its bundle built and ignored.
        let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter { !$0.hasPrefix(".") }
        let repository = scratch.path + "/" + (try #require(names.first))
        #expect(names.count == 1)
        #expect(FileManager.default.fileExists(atPath: repository + "/dist/acme/manifest.json"))
        let tracked = try shell("git ls-files && git status --porcelain", in: repository, home: scratch.path)
        #expect(tracked.stdout == ".gitignore\ntargets/acme/assets/AppIcon.png\ntargets/acme/style.json\n", "\(tracked.stderr)")
    }

    @Test func theCompletionScriptsAreWrittenAsShown() throws {
        let commands = try Self.commands(under: "Install").filter { $0.hasPrefix("livery --generate-completion-script") }
        #expect(commands.count == 3)
        let scratch = try TemporaryDirectory()
        for directory in [".zfunc", ".config/fish/completions"] {
            try FileManager.default.createDirectory(atPath: scratch.path + "/" + directory, withIntermediateDirectories: true)
        }
        let result = try shell(commands.joined(separator: "\n"), in: scratch.path, home: scratch.path)
        #expect(result.status == 0, "\(result.stderr)")
        for file in [".livery-completion.bash", ".zfunc/_livery", ".config/fish/completions/livery.fish"] {
            let text = try String(contentsOfFile: scratch.path + "/" + file, encoding: .utf8)
            #expect(text.contains("livery"), "\(file)")
        }
    }

    /// `make install` as documented, with the built binary instead of a release build
    /// (which would take minutes); the documented command differs only by `LIVERY`.
    @Test(.enabled(if: ExternalTool.make.isInstalled, "make is not installed: make install is not run"))
    func makeInstallPutsTheBinaryAndCompletionUnderThePrefix() throws {
        let documented = try Self.commands(under: "Install").filter { $0.hasPrefix("make install") }
        #expect(documented == ["make install PREFIX=$HOME/.local"])
        let scratch = try TemporaryDirectory()
        let command = "make -C '\(Self.projectRoot.path)' install PREFIX=$HOME/.local LIVERY='\(LiveryBinary.path)'"
        let result = try shell(command, in: scratch.path, home: scratch.path)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let prefix = scratch.path + "/.local"
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/livery"))
        for file in [
            "share/bash-completion/completions/livery", "share/zsh/site-functions/_livery", "share/fish/vendor_completions.d/livery.fish",
        ] {
            let size = (try? FileManager.default.attributesOfItem(atPath: prefix + "/" + file)[.size] as? Int) ?? 0
            #expect(size > 1000, "\(file)")
        }
        let version = try runProcess(prefix + "/bin/livery", ["version"])
        #expect(version.stdout == (try LiveryBinary.run(["--version"])).stdout)
    }
}
