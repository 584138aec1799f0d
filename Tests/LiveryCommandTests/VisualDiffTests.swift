import Foundation
import LiveryTestSupport
import Testing

/// `livery diff --visual` where no browser draws: what it says when Chromium is missing, the
/// options only it takes, and the places its report may not go, on the demo targets' release.
/// (The pictures themselves, drawn in headless Chromium: LiveryBrowserTests.)
@Suite("livery diff --visual: without a browser, and where its report goes", .serialized)
struct VisualDiffTests {
    @Test func withoutChromiumTheCommandSaysHowToInstallItAndEverythingElseWorks() throws {
        let fixture = try DemoHistory.repository()
        let out = try TemporaryDirectory(prefix: "livery-visual-none")
        let bare = ["PATH": out.path, "LIVERY_CHROMIUM": ""]
        let missing = try LiveryBinary.run(["diff", "v1", "v2", "--visual", out.path + "/report"], in: fixture.path, environment: bare)
        #expect(missing.status == 2, "\(missing.stderr)")
        #expect(
            missing.stderr.contains("no Chromium was found") && missing.stderr.contains("apt-get install chromium")
                && missing.stderr.contains("--chromium"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/report"))
        let wrong = try LiveryBinary.run(
            ["diff", "v1", "v2", "--visual", out.path + "/report"], in: fixture.path,
            environment: ["LIVERY_CHROMIUM": out.path + "/nothing"])
        #expect(wrong.status == 2 && wrong.stderr.contains("no Chromium at \(out.path)/nothing"), "\(wrong.stderr)")
        // Every other command is as before.
        let text = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path, environment: bare)
        #expect(text.status == 0 && text.stdout.contains("acme-bank: changed"), "\(text.stderr)")
        #expect(try LiveryBinary.run(["validate"], in: fixture.path, environment: bare).status == 0)
        // Options that need --visual say so.
        let stray = try LiveryBinary.run(["diff", "v1", "v2", "--threshold", "0.1"], in: fixture.path)
        #expect(stray.status == 2 && stray.stderr.contains("--threshold is used only with --visual"), "\(stray.stderr)")
        let range = try LiveryBinary.run(["diff", "v1", "v2", "--visual", out.path + "/r", "--threshold", "2"], in: fixture.path)
        #expect(range.status == 2, "\(range.stderr)")
    }

    /// `--visual DIR` follows the rule of every output (`OutputPlace`): never the repository's
    /// root, targets/, .git or tracked content, and never a directory livery did not write.
    /// The place is refused before any browser starts, so no Chromium is needed here.
    @Test func theReportIsRefusedWhereNoCommandWritesAndOverAForeignDirectory() throws {
        let fixture = try DemoHistory.repository()
        let out = try TemporaryDirectory(prefix: "livery-visual-place")
        let browser = ["--chromium", "/bin/true"]
        for (place, says) in [
            ("targets/visual", "targets directory"), ("targets", "targets directory"), (".git/visual", "git directory"),
            (".", "repository's root"),
            ("targets/acme-bank/style.json", "not a directory"),
        ] {
            let refused = try LiveryBinary.run(["diff", "v1", "v2", "--visual", place] + browser, in: fixture.path)
            #expect(
                refused.status == 2 && refused.stderr.contains("refusing to write to") && refused.stderr.contains(says),
                "\(place): \(refused.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/visual"))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/.git/visual"))
        // A directory of someone else's is kept as it is.
        let foreign = out.path + "/notes"
        try FileManager.default.createDirectory(atPath: foreign, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: foreign + "/todo.txt"))
        let kept = try LiveryBinary.run(["diff", "v1", "v2", "--visual", foreign] + browser, in: fixture.path)
        #expect(kept.status == 2 && kept.stderr.contains("not a visual report livery wrote"), "\(kept.stderr)")
        #expect(try String(contentsOfFile: foreign + "/todo.txt", encoding: .utf8) == "mine")
        // A link in its place is not followed.
        try FileManager.default.createSymbolicLink(atPath: out.path + "/link", withDestinationPath: foreign)
        let linked = try LiveryBinary.run(["diff", "v1", "v2", "--visual", out.path + "/link"] + browser, in: fixture.path)
        #expect(linked.status == 2 && linked.stderr.contains("symbolic link"), "\(linked.stderr)")
    }
}
