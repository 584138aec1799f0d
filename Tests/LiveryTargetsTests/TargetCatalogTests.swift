import LiveryJSON
import LiverySource
import LiveryTargets
import Testing

@Suite("Finding targets")
struct TargetCatalogTests {
    @Test func listsTargetsWithParentsAbstractnessAndTreeIds() throws {
        let source = MemorySource(texts: [
            "targets/base/style.json": #"{"abstract": true}"#,
            "targets/acme-bank/style.json": #"{"extends": "base", "app": {}}"#,
            "targets/verde/style.json": "{\n  \"extends\": \"base\",\n  \"abstract\": false\n}",
        ])
        let listing = try TargetCatalog.list(in: source)
        #expect(listing.diagnostics.isEmpty)
        #expect(listing.targets.map(\.id) == ["acme-bank", "base", "verde"])
        #expect(listing.targets.map(\.extends) == ["base", nil, "base"])
        #expect(listing.targets.map(\.abstract) == [false, true, false])
        #expect(listing.targets[0].styleFile == "targets/acme-bank/style.json")
        let directory = try #require(try source.directory(at: "targets"))
        #expect(listing.targets[0].tree == directory.entry(named: "acme-bank")?.id)
        #expect(listing.tree == directory.id)
    }

    @Test(arguments: ["Acme", "acme_bank", "-acme", "acme.bank", String(repeating: "a", count: 64), "ünï"])
    func invalidTargetIdsAreErrorsNotSkipped(id: String) throws {
        let source = MemorySource(texts: ["targets/\(id)/style.json": "{}", "targets/ok/style.json": "{}"])
        let listing = try TargetCatalog.list(in: source)
        #expect(listing.targets.map(\.id) == ["ok"])
        #expect(listing.diagnostics.count == 1)
        let diagnostic = try #require(listing.diagnostics.first)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.rule.id == "target-id")
        #expect(diagnostic.file == "targets/\(id)")
        #expect(diagnostic.message.contains("'\(id)' is not a valid target id"))
    }

    /// Earlier versions staged `new` and `import` in targets/; what a killed one left is named as such.
    @Test(arguments: [(".acme.livery-new-oLkewb", "new"), (".b0.livery-import-5mRGNa", "import")])
    func aScratchDirectoryOfAnEarlierVersionIsNamedWithWhatToDo(name: String, command: String) throws {
        let source = MemorySource(texts: ["targets/\(name)/style.json": "{}", "targets/ok/style.json": "{}"])
        let listing = try TargetCatalog.list(in: source)
        #expect(listing.targets.map(\.id) == ["ok"])
        let diagnostic = try #require(listing.diagnostics.first)
        #expect(diagnostic.rule.id == "target-id")
        #expect(
            diagnostic.message
                == "'\(name)' was left by an interrupted `livery \(command)` of an earlier livery version; remove it (livery now stages new targets in the git directory)"
        )
    }

    @Test(arguments: ["a", "0", "acme-bank", "a1-b2", String(repeating: "z", count: 63)])
    func validTargetIds(id: String) {
        #expect(TargetID.isValid(id))
    }

    @Test func strayFilesAreWarningsButTheSchemaFileIsAllowed() throws {
        let source = MemorySource(texts: [
            "targets/README.md": "hi",
            "targets/style.schema.json": "{}",
            "targets/a/style.json": "{}",
        ])
        let listing = try TargetCatalog.list(in: source)
        #expect(listing.targets.map(\.id) == ["a"])
        #expect(listing.diagnostics.map(\.rule.id) == ["stray-file"])
        #expect(listing.diagnostics.first?.severity == .warning)
        #expect(listing.diagnostics.first?.file == "targets/README.md")
    }

    @Test func aTargetWithoutStyleJSONIsAnError() throws {
        let source = MemorySource(texts: ["targets/empty/assets/logo.svg": "<svg/>"])
        let listing = try TargetCatalog.list(in: source)
        #expect(listing.targets.map(\.id) == ["empty"])
        #expect(listing.diagnostics.map(\.rule.id) == ["missing-style"])
        #expect(listing.diagnostics.first?.file == "targets/empty/style.json")
    }

    @Test func malformedJSONAndWrongTypesArePlacedPrecisely() throws {
        let source = MemorySource(texts: [
            "targets/broken/style.json": "{\n  \"extends\": \"base\",\n}",
            "targets/typed/style.json": "{\n  \"extends\": 7,\n  \"abstract\": \"yes\"\n}",
        ])
        let listing = try TargetCatalog.list(in: source)
        let broken = try #require(listing.diagnostics.first { $0.target == "broken" })
        #expect(broken.rule.id == "json-syntax")
        #expect(broken.file == "targets/broken/style.json")
        #expect(broken.line == 3)
        #expect(broken.column == 1)
        let typed = listing.diagnostics.filter { $0.target == "typed" }
        #expect(typed.map(\.rule.id) == ["extends", "abstract"])
        #expect(typed.map(\.line) == [2, 3])
        #expect(typed.map(\.column) == [14, 15])
        #expect(typed.map { $0.pointer?.description } == ["/extends", "/abstract"])
    }

    @Test func aMissingTargetsDirectoryIsAnError() throws {
        let listing = try TargetCatalog.list(in: MemorySource(texts: ["README.md": "x"]))
        #expect(listing.targets.isEmpty)
        #expect(listing.diagnostics.map(\.rule.id) == ["no-targets"])
    }

    @Test func aCustomTargetsDirectoryIsRead() throws {
        let listing = try TargetCatalog.list(in: MemorySource(texts: ["brands/x/style.json": "{}"]), targetsDirectory: "brands")
        #expect(listing.targets.map(\.id) == ["x"])
        #expect(listing.targets.first?.styleFile == "brands/x/style.json")
    }
}
