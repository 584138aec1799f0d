import Foundation
import LiveryEmit
import LiveryTargets
import LiveryTestSupport
import Testing

/// `livery contract generate`: the app's typed theme written from the contract, only where
/// `--swift` and `--kotlin` say, never over a file livery did not write (docs/app-theme.md).
@Suite("livery contract generate")
struct ContractGenerateCommandTests {
    static let contract = """
        {
          "colors": {"bg": {"requires": ["dark"]}, "fg": {}},
          "fonts": {"body": {}},
          "flags": {"promo": {"type": "boolean", "optional": true}}
        }
        """

    func repository(contract: String? = Self.contract) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/alpha/style.json",
            ##"{"app": {"displayName": "Alpha", "bundleId": "com.example.alpha"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": "#222222"}, "fonts": {"body": {"family": "Inter", "size": 16}}}"##
        )
        if let contract { try fixture.write("targets/contract.json", contract) }
        try fixture.commitAll("first")
        return fixture
    }

    /// What the command must write for `text`, made by the library the golden files hold.
    func expected(_ language: AppThemeLanguage, _ text: String) throws -> String {
        language.file(for: try ContractParser.parse(Array(text.utf8), file: "targets/contract.json"))
    }

    func read(_ fixture: FixtureRepository, _ path: String) -> String? {
        (try? Data(contentsOf: URL(fileURLWithPath: fixture.path + "/" + path))).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func writesBothFilesWhereToldAndLeavesAnUpToDateOneAlone() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme/", "--kotlin", "android/theme"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                wrote App/Theme/AppTheme.swift: 4 tokens of targets/contract.json
                wrote android/theme/AppTheme.kt: 4 tokens of targets/contract.json

                """, "\(result.stdout)")
        #expect(read(fixture, "App/Theme/AppTheme.swift") == (try expected(.swift, Self.contract)))
        #expect(read(fixture, "android/theme/AppTheme.kt") == (try expected(.kotlin, Self.contract)))
        // The Compose conveniences go only where --compose says.
        #expect(read(fixture, "android/theme/AppThemeCompose.kt") == nil)
        let compose = try LiveryBinary.run(["contract", "generate", "--compose", "android/theme"], in: fixture.path)
        #expect(compose.status == 0, "\(compose.stderr)")
        #expect(read(fixture, "android/theme/AppThemeCompose.kt") == (try expected(.compose, Self.contract)))
        // Nothing else appeared: no temporary file, nothing in the targets.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.path + "/App/Theme") == ["AppTheme.swift"])
        #expect(try fixture.git(["status", "--porcelain", "targets"]).isEmpty)

        let swiftPath = fixture.path + "/App/Theme/AppTheme.swift"
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: swiftPath)
        let again = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme"], in: fixture.path)
        #expect(again.status == 0)
        #expect(again.stdout == "App/Theme/AppTheme.swift is up to date: 4 tokens of targets/contract.json\n", "\(again.stdout)")
        let modified = try FileManager.default.attributesOfItem(atPath: swiftPath)[.modificationDate] as? Date
        #expect(modified == Date(timeIntervalSince1970: 1_000_000), "an up-to-date file is not rewritten (its time drives the app's build)")
    }

    @Test func readsTheContractFromARevisionAndRewritesItsOwnTrackedFile() throws {
        let fixture = try repository()
        #expect(try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme"], in: fixture.path).status == 0)
        // The team commits the file with the app's sources: regenerating there is expected.
        _ = try fixture.commitAll("the app's theme")
        let grown = Self.contract.replacingOccurrences(of: #""fg": {}"#, with: #""fg": {}, "accent": {"optional": true}"#)
        try fixture.write("targets/contract.json", grown)

        let atHead = try LiveryBinary.run(["contract", "generate", "--rev", "HEAD", "--swift", "App/Theme"], in: fixture.path)
        #expect(atHead.status == 0, "\(atHead.stderr)")
        #expect(atHead.stdout.contains("is up to date"), "HEAD's contract is the one already written: \(atHead.stdout)")
        let working = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme"], in: fixture.path)
        #expect(working.status == 0, "\(working.stderr)")
        #expect(working.stdout == "wrote App/Theme/AppTheme.swift: 5 tokens of targets/contract.json\n", "\(working.stdout)")
        let written = read(fixture, "App/Theme/AppTheme.swift") ?? ""
        #expect(written == (try expected(.swift, grown)))
        #expect(written.contains("public var accent: AppThemeColor?"))
    }

    @Test func refusesPlacesLiveryNeverWritesTo() throws {
        let fixture = try repository()
        for (arguments, words) in [
            (["--swift", "targets/Theme"], "the repository's targets directory targets/"),
            (["--kotlin", ".git/theme"], "the repository's git directory .git/"),
            (["--swift", ""], "--swift is empty"),
            (["--swift", "."], "the repository's root"),
            (["--swift", "targets/alpha/style.json"], "it is a file, not a directory"),
            // The git directory on a disk that ignores case.
            (["--swift", ".GIT"], "inside a git directory (.GIT"),
            (["--kotlin", "app/.Git/theme"], "inside a git directory (.Git"),
        ] {
            let result = try LiveryBinary.run(["contract", "generate"] + arguments, in: fixture.path)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(words) && result.stderr.contains("Nothing was written"), "\(arguments): \(result.stderr)")
        }
        #expect(try fixture.git(["status", "--porcelain", "--ignored"]).isEmpty, "nothing was written anywhere")
        let none = try LiveryBinary.run(["contract", "generate"], in: fixture.path)
        #expect(none.status == 2)
        #expect(none.stderr.contains("--swift DIR, --kotlin DIR, or both"), "\(none.stderr)")
    }

    /// A link the repository tracks (`Committed` → a folder outside) leads nowhere: the
    /// folder outside stays empty, as `build` refuses such an `outputDir`.
    @Test func refusesALinkInTheRepositoryThatLeadsOutside() throws {
        let fixture = try repository()
        let outside = try TemporaryDirectory(prefix: "livery-outside")
        try FileManager.default.createSymbolicLink(atPath: fixture.path + "/Committed", withDestinationPath: outside.path)
        try fixture.commitAll("a link to a folder outside")
        #expect(try fixture.git(["ls-files", "Committed"]).contains("Committed"))
        for option in ["--kotlin", "--swift"] {
            let result = try LiveryBinary.run(["contract", "generate", option, "Committed"], in: fixture.path)
            #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
            #expect(
                result.stderr.contains("leads outside it through a symbolic link") && result.stderr.contains("Nothing was written"),
                "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        // A folder inside the repository, reached through no link, is fine.
        let inside = try LiveryBinary.run(["contract", "generate", "--kotlin", "android/theme"], in: fixture.path)
        #expect(inside.status == 0, "\(inside.stderr)")
    }

    @Test func neverReplacesAFileLiveryDidNotWriteWithoutForce() throws {
        let fixture = try repository()
        try fixture.write("App/Theme/AppTheme.swift", "// The team's own theme.\n")
        let refused = try LiveryBinary.run(["contract", "generate", "--kotlin", "android/theme", "--swift", "App/Theme"], in: fixture.path)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("App/Theme/AppTheme.swift was not written by livery"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--force"))
        #expect(read(fixture, "App/Theme/AppTheme.swift") == "// The team's own theme.\n")
        #expect(read(fixture, "android/theme/AppTheme.kt") == nil, "every place is checked before the first file is written")

        // A link in the file's place is never written through.
        let outside = try TemporaryDirectory()
        try "keep\n".write(toFile: outside.path + "/victim.swift", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: fixture.path + "/Linked", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: fixture.path + "/Linked/AppTheme.swift", withDestinationPath: outside.path + "/victim.swift")
        let linked = try LiveryBinary.run(["contract", "generate", "--swift", "Linked"], in: fixture.path)
        #expect(linked.status == 2)
        #expect(linked.stderr.contains("not a regular file"), "\(linked.stderr)")
        #expect((try? String(contentsOfFile: outside.path + "/victim.swift", encoding: .utf8)) == "keep\n")

        let forced = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme", "--force"], in: fixture.path)
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(read(fixture, "App/Theme/AppTheme.swift") == (try expected(.swift, Self.contract)))
    }

    @Test func replacesItsOwnFileHoweverLargeAnEarlierContractMadeIt() throws {
        let fixture = try repository()
        // An earlier livery file of several megabytes (a contract since cut down) is still livery's.
        let earlier = AppThemeLanguage.generatedMark + "an earlier contract\n" + String(repeating: "// token\n", count: 400_000)
        try fixture.write("App/Theme/AppTheme.swift", earlier)
        let replaced = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme"], in: fixture.path)
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(read(fixture, "App/Theme/AppTheme.swift") == (try expected(.swift, Self.contract)))
        // As large a file without the mark stays the team's.
        try fixture.write("App/Theme/AppTheme.swift", "// The team's own theme.\n" + String(repeating: "// token\n", count: 400_000))
        let refused = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme"], in: fixture.path)
        #expect(refused.status == 2 && refused.stderr.contains("was not written by livery"), "\(refused.stderr)")
    }

    @Test func withoutAContractOrWithABrokenOneNothingIsWritten() throws {
        let absent = try repository(contract: nil)
        let none = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme"], in: absent.path)
        #expect(none.status == 2)
        #expect(none.stderr.contains("has no targets/contract.json") && none.stderr.contains("livery contract init"), "\(none.stderr)")
        let broken = try repository(contract: "{\n  \"colours\": {}\n}")
        let result = try LiveryBinary.run(["contract", "generate", "--swift", "App/Theme"], in: broken.path)
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("targets/contract.json:2:3: error:") && result.stderr.contains("[contract-file]"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: broken.path + "/App"))
    }
}
