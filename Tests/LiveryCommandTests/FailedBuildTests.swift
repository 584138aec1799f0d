import Foundation
import LiveryTestSupport
import Testing

/// A target that fails validation has no bundle after the build: the one an earlier good
/// build wrote (directory or archive, with its record) is removed and the summary says so,
/// so a pipeline that ignores the exit status ships no stale branding. What livery did not
/// write stays, whatever its name.
@Suite("A failed target's earlier bundle")
struct FailedBuildTests {
    static func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        for id in ["cedar", "oak"] {
            try fixture.write(
                "targets/\(id)/style.json",
                ##"{"app": {"displayName": "\##(id)", "bundleId": "com.example.\##(id)"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}}"##
            )
        }
        _ = try fixture.commitAll("good")
        return fixture
    }

    /// cedar broken: a colour that is not one.
    static func breakCedar(_ fixture: FixtureRepository) throws {
        try fixture.write(
            "targets/cedar/style.json",
            ##"{"app": {"displayName": "cedar", "bundleId": "com.example.cedar"}, "colors": {"bg": {"light": "#GGGGGG", "dark": "#000000"}}}"##
        )
        _ = try fixture.commitAll("cedar broken")
    }

    @Test func aFailedTargetsEarlierBundleIsRemovedAndTheSummarySaysSo() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: out.path + "/cedar/manifest.json"))
        // What the user put in the output: a file of cedar's name livery did not write.
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out.path + "/cedar.zip"))
        try Data("notes".utf8).write(to: URL(fileURLWithPath: out.path + "/notes.txt"))
        try Self.breakCedar(fixture)
        let failed = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(failed.status == 1, "\(failed.stdout)\(failed.stderr)")
        #expect(
            failed.stdout.contains("failed    cedar (validation errors; its bundle from an earlier build was removed)"), "\(failed.stdout)")
        #expect(failed.stdout.contains("1 failed, 1 earlier bundle of failed targets removed"), "\(failed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/cedar"), "cedar's stale bundle is still there")
        #expect(FileManager.default.fileExists(atPath: out.path + "/oak/manifest.json"))
        #expect(try String(contentsOfFile: out.path + "/cedar.zip", encoding: .utf8) == "mine")
        #expect(try String(contentsOfFile: out.path + "/notes.txt", encoding: .utf8) == "notes")
        // Failing again: nothing more to remove, and the summary does not claim it.
        let again = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(again.status == 1)
        #expect(again.stdout.contains("failed    cedar (validation errors)\n"), "\(again.stdout)")
        #expect(!again.stdout.contains("earlier bundle"), "\(again.stdout)")
    }

    @Test func aFailedTargetsEarlierArchiveAndItsRecordAreRemoved() throws {
        let fixture = try Self.repository()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path, "--archive", "zip"], in: fixture.path).status == 0)
        #expect(FileManager.default.fileExists(atPath: out.path + "/cedar.zip"))
        let records = { (try? FileManager.default.contentsOfDirectory(atPath: out.path + "/.livery-archives")) ?? [] }
        #expect(records().contains("cedar.zip"), "\(records())")
        try Self.breakCedar(fixture)
        let failed = try LiveryBinary.run(["build", "--out", out.path, "--archive", "zip"], in: fixture.path)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("its bundle from an earlier build was removed"), "\(failed.stdout)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/cedar.zip"))
        #expect(!records().contains("cedar.zip"), "\(records())")
        #expect(FileManager.default.fileExists(atPath: out.path + "/oak.zip"))
    }

    @Test func aForeignDirectoryOfAFailedTargetsNameIsRefusedNotRemoved() throws {
        let fixture = try Self.repository()
        try Self.breakCedar(fixture)
        let out = try TemporaryDirectory()
        try FileManager.default.createDirectory(atPath: out.path + "/cedar", withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: out.path + "/cedar/keep.txt"))
        let run = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(try String(contentsOfFile: out.path + "/cedar/keep.txt", encoding: .utf8) == "keep")
    }
}
