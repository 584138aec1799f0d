import Foundation
import LiveryConcurrency
import LiveryCore
import LiveryDiff
import LiveryImport
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// `livery import dtcg` as a service, on a repository made for each test.
@Suite("Import: DTCG files into targets")
struct ImportServiceTests {
    /// A repository with one commit and no targets, and the multi-brand example beside it.
    struct Setup {
        let fixture: FixtureRepository
        let input: TemporaryDirectory

        /// The example's directory, inside the scratch directory (which is the current directory).
        var design: String { input.path + "/design" }
        var resolver: String { design + "/resolver.json" }
        func targetFile(_ id: String) -> String { fixture.path + "/targets/\(id)/style.json" }
    }

    func setup(targets: [String: String] = [:]) throws -> Setup {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        for (path, text) in targets { try fixture.write(path, text) }
        try fixture.commitAll("start")
        let input = try TemporaryDirectory(prefix: "livery-dtcg")
        try DTCGMultiBrandExample.write(to: input.path + "/design")
        return Setup(fixture: fixture, input: input)
    }

    func run(_ setup: Setup, _ request: ImportRequest) async throws -> ImportResult {
        var request = request
        request.repositoryPath = setup.fixture.path
        return try await ImportService.run(request)
    }

    func request(_ setup: Setup, _ change: (inout ImportRequest) -> Void = { _ in }) -> ImportRequest {
        var request = ImportRequest(
            files: ["design/resolver.json"], plan: ImportPlanRequest(brand: "brand"), bundleIDPrefix: "com.example",
            currentDirectory: setup.input.path
        )
        change(&request)
        return request
    }

    /// The resolved styles of the working tree's targets, by id.
    func resolved(_ setup: Setup) async throws -> [String: ResolvedStyle] {
        let workspace = try Workspace.open(RepositorySelection(path: setup.fixture.path))
        let styles = Locked<[String: ResolvedStyle]>([:])
        let report = try await ValidationService(workspace: workspace, schema: SchemaLoader.styleSchema(for: workspace))
            .validate(jobs: 1, onResolved: { style, _ in styles.withLock { $0[style.id] = style } })
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics.map(\.message))")
        return styles.withLock { $0 }
    }

    func document(_ path: String) throws -> JSONObject {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        return try #require(try JSONReader.parse(bytes, file: path).value.objectValue)
    }

    func replace(_ path: String, _ old: String, _ new: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old))
        try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
    }

    // MARK: the multi-brand example

    @Test func twoBrandsBecomeTwoClientsOfANewParentWithTheColoursTheFilesState() async throws {
        let setup = try setup()
        let result = try await run(setup, request(setup))
        #expect(result.written)
        #expect(result.targets.map(\.id) == ["multi-brand", "brand1", "brand2"])
        #expect(result.targets.map(\.role) == [.parent, .client, .client])
        let parent = try document(setup.targetFile("multi-brand"))
        #expect(parent["abstract"]?.value.boolValue == true)
        #expect(try document(setup.targetFile("brand1"))["extends"]?.value.stringValue == "multi-brand")

        let styles = try await resolved(setup)
        #expect(Set(styles.keys) == ["brand1", "brand2"])
        let one = try #require(styles["brand1"])
        let two = try #require(styles["brand2"])
        #expect(one.colors["primary"]?.light.hex == "#0000FF")
        #expect(one.colors["secondary"]?.light.hex == "#FF00FF")
        #expect(two.colors["primary"]?.light.hex == "#008000")
        #expect(two.colors["secondary"]?.light.hex == "#FF8000")
        #expect(one.colors["inputFieldBackground"]?.light.hex == "#FFFFFF")
        #expect(one.dimensions["inputAmountFieldWidth"] == 12)
        #expect(two.dimensions["inputAmountFieldWidth"] == 15)
        // 12 rem at 16 px.
        #expect(one.dimensions["inputFieldWidth"] == 192)
        #expect(one.dimensions["breakpointsXl"] == 1280)
        // What both brands share is written once, in the parent.
        #expect(parent["colors"]?.value.objectValue?["inputFieldBackground"] != nil)
        #expect(try document(setup.targetFile("brand1"))["dimensions"]?.value.objectValue?["breakpointsSm"] == nil)
    }

    @Test func contextPinsAnotherModifier() async throws {
        let setup = try setup()
        _ = try await run(setup, request(setup) { $0.plan.contexts = ["breakpoint": "breakpoints2"] })
        let styles = try await resolved(setup)
        let one = try #require(styles["brand1"])
        #expect(one.dimensions["breakpointsLg"] == 1024)
        #expect(one.dimensions["breakpointsXl"] == nil)
        #expect(one.dimensions["breakpoints2xl"] == nil)
    }

    @Test func prefixAndIDNameTheTargets() async throws {
        let setup = try setup()
        let result = try await run(
            setup,
            request(setup) {
                $0.prefix = "acme-"
                $0.parent = "acme"
            })
        #expect(result.targets.map(\.id) == ["acme", "acme-brand1", "acme-brand2"])
        let single = try await run(
            setup,
            request(setup) {
                $0.plan.contexts = ["brand": "brand2"]
                $0.plan.brand = nil
                $0.id = "green"
            })
        #expect(single.targets.map(\.id) == ["green"])
        #expect(try await resolved(setup)["green"]?.colors["primary"]?.light.hex == "#008000")
    }

    // MARK: app identity

    @Test func appIdentityFromTheBundleIDPrefix() async throws {
        let setup = try setup()
        _ = try await run(setup, request(setup))
        let app = try #require(try document(setup.targetFile("brand2"))["app"]?.value.objectValue)
        #expect(app["bundleId"]?.value.stringValue == "com.example.brand2")
        #expect(app["displayName"]?.value.stringValue == "Brand2")
    }

    @Test func appIdentityFromTheTokenFilesExtensions() async throws {
        let setup = try setup()
        try Data(
            #"""
            {
              "$extensions": { "dev.livery": { "app": { "displayName": "Acme Bank", "bundleId": "com.acme.bank" } } },
              "color": { "$type": "color", "primary": { "$value": { "colorSpace": "srgb", "components": [0, 0, 1] } } }
            }
            """#.utf8
        ).write(to: URL(fileURLWithPath: setup.design + "/acme.tokens.json"))
        let result = try await run(setup, ImportRequest(files: ["acme.tokens.json"], currentDirectory: setup.design))
        #expect(result.targets.map(\.id) == ["acme"])
        let app = try #require(try document(setup.targetFile("acme"))["app"]?.value.objectValue)
        #expect(app["bundleId"]?.value.stringValue == "com.acme.bank")
        #expect(app["displayName"]?.value.stringValue == "Acme Bank")
    }

    @Test func withoutAnAppIdentityTheImportNamesTheFlagAndWritesNothing() async throws {
        let setup = try setup()
        await #expect(throws: ImportError.noAppIdentity(["brand1", "brand2"])) {
            try await run(setup, request(setup) { $0.bundleIDPrefix = nil })
        }
        #expect(ImportError.noAppIdentity(["brand1"]).message.contains("--bundle-id-prefix"))
        #expect(!FileManager.default.fileExists(atPath: setup.fixture.path + "/targets"))
    }

    @Test func fontFilesAreAttachedFromTheFontsDirectory() async throws {
        let setup = try setup()
        try Data(
            #"""
            {
              "font": {
                "title": { "$type": "typography", "$value": { "fontFamily": "Inter", "fontSize": { "value": 22, "unit": "px" }, "fontWeight": 700 } },
                "body": { "$type": "typography", "$value": { "fontFamily": ["Source Serif", "serif"], "fontSize": { "value": 16, "unit": "px" }, "fontWeight": 400 } }
              }
            }
            """#.utf8
        ).write(to: URL(fileURLWithPath: setup.design + "/type.tokens.json"))
        let fonts = setup.input.path + "/fonts"
        try FileManager.default.createDirectory(atPath: fonts, withIntermediateDirectories: true)
        try Data(TestFiles.truetype(family: "Inter")).write(to: URL(fileURLWithPath: fonts + "/Inter-Bold.ttf"))
        let result = try await run(
            setup,
            ImportRequest(
                files: ["design/type.tokens.json"], id: "acme", bundleIDPrefix: "com.acme", fontsDirectory: "fonts",
                currentDirectory: setup.input.path
            ))
        #expect(result.written)
        #expect(result.targets.first?.files == ["assets/fonts/Inter-Bold.ttf", "style.json"])
        #expect(
            FileManager.default.contents(atPath: setup.fixture.path + "/targets/acme/assets/fonts/Inter-Bold.ttf")
                == Data(TestFiles.truetype(family: "Inter")))
        let title = try document(setup.targetFile("acme"))["fonts"]?.value.objectValue?["title"]?.value.objectValue
        #expect(title?["file"]?.value.stringValue == "assets/fonts/Inter-Bold.ttf")
        // The font no file matches is named once, with what to do.
        let missing = result.warnings.filter { $0.rule.id == "dtcg-font-file" }
        #expect(missing.map(\.message).count == 1)
        #expect(missing.first?.message.contains("body (Source Serif regular)") == true)
        #expect(try await resolved(setup)["acme"]?.fonts["title"]?.file?.path == "assets/fonts/Inter-Bold.ttf")
    }

    // MARK: re-import

    @Test func reimportKeepsAppImagesAndIconAndReportsTheChange() async throws {
        let setup = try setup()
        _ = try await run(setup, request(setup))
        // The target gets what livery manages and DTCG has no place for.
        try setup.fixture.write("targets/brand1/assets/logo.svg", TestFiles.svg)
        try setup.fixture.write("targets/brand1/assets/AppIcon.png", TestFiles.png(width: 1024, height: 1024))
        try replace(setup.targetFile("brand1"), #""bundleId": "com.example.brand1""#, #""bundleId": "com.example.blue""#)
        try replace(
            setup.targetFile("brand1"), #""extends": "multi-brand","#,
            #""extends": "multi-brand", "images": { "logo": "assets/logo.svg" }, "appIcon": "assets/AppIcon.png", "flags": { "welcomeText": "Hi" },"#
        )
        try setup.fixture.commitAll("brand1's assets")
        // The designers change brand1's primary colour.
        try replace(setup.design + "/brand-1.json", #""components": [0, 0, 1] },"#, #""components": [1, 0, 0] },"#)

        let result = try await run(setup, request(setup) { $0.bundleIDPrefix = nil })
        #expect(result.written)
        #expect(result.targets.first { $0.id == "brand1" }?.isNew == false)
        let own = try document(setup.targetFile("brand1"))
        #expect(own["app"]?.value.objectValue?["bundleId"]?.value.stringValue == "com.example.blue")
        #expect(own["images"]?.value.objectValue?["logo"]?.value.stringValue == "assets/logo.svg")
        #expect(own["appIcon"]?.value.stringValue == "assets/AppIcon.png")
        #expect(own["flags"]?.value.objectValue?["welcomeText"]?.value.stringValue == "Hi")
        #expect(try await resolved(setup)["brand1"]?.colors["primary"]?.light.hex == "#FF0000")

        let diff = try #require(result.diff)
        #expect(diff.targets.map(\.id) == ["brand1"])
        #expect(diff.targets.first?.status == .changed)
        let text = DiffTextFormat.render(diff)
        #expect(text.contains("primary"))
        #expect(text.contains("#0000FF → #FF0000"))
    }

    @Test func reimportingTheSameInputChangesNothing() async throws {
        let setup = try setup()
        _ = try await run(setup, request(setup))
        try setup.fixture.commitAll("imported")
        let before = try FileTree.contents(under: setup.fixture.path + "/targets")
        let again = try await run(setup, request(setup))
        #expect(again.files.isEmpty)
        #expect(again.diff?.targets.isEmpty == true)
        #expect(try FileTree.contents(under: setup.fixture.path + "/targets") == before)
    }

    // MARK: writing

    @Test func dryRunWritesNothing() async throws {
        let setup = try setup()
        let result = try await run(setup, request(setup) { $0.dryRun = true })
        #expect(!result.written)
        #expect(result.files.keys.sorted() == ["targets/brand1/style.json", "targets/brand2/style.json", "targets/multi-brand/style.json"])
        // New targets are listed as new; only targets that were there get a diff.
        #expect(result.diff == nil)
        #expect(result.targets.allSatisfy { $0.isNew })
        #expect(!FileManager.default.fileExists(atPath: setup.fixture.path + "/targets"))
    }

    @Test func commitRecordsABranchAndLeavesTheWorkingTreeAlone() async throws {
        let setup = try setup()
        let head = try setup.fixture.git(["rev-parse", "HEAD"])
        let result = try await run(setup, request(setup) { $0.commit = true })
        let commit = try #require(result.commit)
        #expect(commit.branch == "import/multi-brand")
        #expect(!FileManager.default.fileExists(atPath: setup.fixture.path + "/targets"))
        #expect(try setup.fixture.git(["rev-parse", "HEAD"]) == head)
        let committed = try setup.fixture.git(["show", "import/multi-brand:targets/brand1/style.json"])
        #expect(committed.contains("com.example.brand1"))
        #expect(try setup.fixture.git(["status", "--porcelain"]).isEmpty)
    }

    @Test func aReimportWithCommitReplacesTheFilesOnTheBranch() async throws {
        let setup = try setup()
        _ = try await run(setup, request(setup))
        try setup.fixture.commitAll("imported")
        let before = try String(contentsOfFile: setup.targetFile("brand1"), encoding: .utf8)
        try replace(setup.design + "/brand-1.json", #""components": [0, 0, 1] },"#, #""components": [1, 0, 0] },"#)
        let result = try await run(
            setup,
            request(setup) {
                $0.commit = true
                $0.branch = "design/red"
            })
        #expect(result.commit?.branch == "design/red")
        #expect(result.files.keys.sorted() == ["targets/brand1/style.json"])
        #expect(try setup.fixture.git(["show", "design/red:targets/brand1/style.json"]).contains(##""primary": "#FF0000""##))
        #expect(try String(contentsOfFile: setup.targetFile("brand1"), encoding: .utf8) == before)
        #expect(try setup.fixture.git(["status", "--porcelain"]).isEmpty)
    }

    @Test func anExistingParentIsLeftAloneAndWhatTheInputLacksIsDeleted() async throws {
        let base = #"""
            {
              "abstract": true,
              "colors": { "primary": "#111111", "legacy": "#222222" },
              "dimensions": { "gap": 8 }
            }
            """#
        let setup = try setup(targets: ["targets/base/style.json": base])
        let result = try await run(
            setup,
            request(setup) {
                $0.plan.brand = nil
                $0.plan.contexts = ["brand": "brand1"]
                $0.parent = "base"
                $0.id = "blue"
            })
        #expect(result.written)
        #expect(result.targets.map(\.id) == ["blue"])
        #expect(try String(contentsOfFile: setup.targetFile("base"), encoding: .utf8) == base)
        let own = try document(setup.targetFile("blue"))
        #expect(own["extends"]?.value.stringValue == "base")
        #expect(own["colors"]?.value.objectValue?["legacy"]?.value.isNull == true)
        let style = try #require(try await resolved(setup)["blue"])
        #expect(style.colors["legacy"] == nil)
        #expect(style.dimensions["gap"] == nil)
        #expect(style.colors["primary"]?.light.hex == "#0000FF")
    }

    @Test func aClientNamedLikeTheResolverIsNeverMadeTheParent() async throws {
        let client = ##"{ "app": { "displayName": "M", "bundleId": "com.m.app" }, "colors": { "primary": "#123456" } }"##
        let setup = try setup(targets: ["targets/multi-brand/style.json": client])
        await #expect(throws: ImportError.parentIsConcrete("multi-brand")) {
            try await run(setup, request(setup))
        }
        #expect(try String(contentsOfFile: setup.targetFile("multi-brand"), encoding: .utf8) == client)
    }

    @Test func aResultThatFailsValidationWritesNothing() async throws {
        // The parent's component needs `legacy`, which the import deletes.
        let base = #"""
            {
              "abstract": true,
              "colors": { "legacy": "#222222" },
              "components": { "text": { "title": { "color": "legacy" } } }
            }
            """#
        let setup = try setup(targets: ["targets/base/style.json": base])
        let result = try await run(setup, request(setup) { $0.parent = "base" })
        #expect(!result.written)
        #expect(result.validation?.diagnostics.hasErrors == true)
        #expect(!FileManager.default.fileExists(atPath: setup.fixture.path + "/targets/brand1"))
        #expect(!FileManager.default.fileExists(atPath: setup.fixture.path + "/targets/brand2"))
    }

    // MARK: the input

    @Test func aReferenceOutOfTheDirectoryIsRefusedWithItsPlace() async throws {
        let setup = try setup()
        try Data("{}".utf8).write(to: URL(fileURLWithPath: setup.input.path + "/outside.json"))
        try replace(setup.resolver, #""./shared.json""#, #""../outside.json""#)
        let result = try await run(setup, request(setup))
        #expect(!result.written)
        let error = try #require(result.inputErrors.first)
        #expect(error.rule.id == "dtcg-ref-outside")
        // Shown as the user named the files: relative to the current directory.
        #expect(error.file == "design/resolver.json")
        #expect(error.line != nil)
        #expect(!FileManager.default.fileExists(atPath: setup.fixture.path + "/targets"))
    }

    @Test func tokensWithNoPlaceAreCountedOnceByType() async throws {
        let setup = try setup()
        try Data(
            #"""
            {
              "color": { "$type": "color", "red": { "$value": { "colorSpace": "srgb", "components": [1, 0, 0] } } },
              "fade": {
                "$type": "gradient",
                "a": { "$value": [ { "color": "{color.red}", "position": 0 }, { "color": "{color.red}", "position": 1 } ] },
                "b": { "$value": [ { "color": "{color.red}", "position": 0 }, { "color": "{color.red}", "position": 1 } ] }
              },
              "lift": { "$type": "shadow", "$value": { "color": "{color.red}", "offsetX": { "value": 0, "unit": "px" },
                "offsetY": { "value": 2, "unit": "px" }, "blur": { "value": 4, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } }
            }
            """#.utf8
        ).write(to: URL(fileURLWithPath: setup.design + "/t.tokens.json"))
        let result = try await run(
            setup,
            ImportRequest(files: ["t.tokens.json"], id: "acme", bundleIDPrefix: "com.acme", dryRun: true, currentDirectory: setup.design))
        #expect(result.notImportedSummary == "not imported: 2 gradient tokens, 1 shadow token")
        #expect(result.warnings.allSatisfy { !$0.message.contains("fade") })
    }

    @Test func anUnknownModifierIsAUsageError() async throws {
        let setup = try setup()
        await #expect(throws: ImportPlanFailure.self) {
            try await run(setup, request(setup) { $0.plan.brand = "company" })
        }
    }
}
