import Foundation
import LiveryCore
import LiveryImport
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryKit

/// The parts of `livery import dtcg` that do not read tokens: file access, names,
/// font files, how a target's own document is made, and writing all or nothing.
@Suite("Import: files, names, composition, writing")
struct ImportPartsTests {
    func write(_ path: String, _ text: String) throws {
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func text(_ read: DTCGFileRead) -> String? {
        if case .bytes(let bytes) = read { return String(decoding: bytes, as: UTF8.self) }
        return nil
    }

    func refusal(_ read: DTCGFileRead) -> String? {
        if case .refused(let reason) = read { return reason }
        return nil
    }

    // MARK: the input's directory

    @Test func filesInsideTheDirectoryAreReadAndPathsThatLeaveItAreRefused() throws {
        let scratch = try TemporaryDirectory()
        try write(scratch.path + "/design/tokens.resolver.json", "{}")
        try write(scratch.path + "/design/sub/colors.json", "{\"a\":1}")
        try write(scratch.path + "/secret.json", "{\"secret\":1}")
        let (directory, files) = try DTCGDirectory.locate(["design/tokens.resolver.json"], currentDirectory: scratch.path)
        #expect(files == ["tokens.resolver.json"])
        #expect(directory.shownAs == "design/")
        #expect(directory.display("sub/colors.json") == "design/sub/colors.json")
        #expect(text(directory.read("sub/colors.json")) == "{\"a\":1}")
        #expect(refusal(directory.read("../secret.json"))?.contains("not a path inside design/") == true)
        #expect(refusal(directory.read("/etc/passwd")) != nil)
        #expect(refusal(directory.read("sub/../../secret.json")) != nil)
        if case .missing = directory.read("nothing.json") {} else { Issue.record("a missing file is .missing") }
    }

    @Test func aLinkLeadingOutOfTheDirectoryIsRefusedAndOneInsideIsFollowed() throws {
        let scratch = try TemporaryDirectory()
        try write(scratch.path + "/design/tokens.json", "{}")
        try write(scratch.path + "/outside.json", "{\"out\":1}")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/design/escape.json", withDestinationPath: "../outside.json")
        try FileManager.default.createSymbolicLink(atPath: scratch.path + "/design/alias.json", withDestinationPath: "tokens.json")
        let (directory, _) = try DTCGDirectory.locate([scratch.path + "/design/tokens.json"], currentDirectory: "/")
        #expect(refusal(directory.read("escape.json"))?.contains("link that leads out of") == true)
        #expect(text(directory.read("alias.json")) == "{}")
    }

    @Test func aDirectoryAndAFileOverTheLimitAreRefused() throws {
        let scratch = try TemporaryDirectory()
        try write(scratch.path + "/big.json", String(repeating: " ", count: 100) + "{}")
        try FileManager.default.createDirectory(atPath: scratch.path + "/folder.json", withIntermediateDirectories: true)
        let directory = DTCGDirectory(root: scratch.path, shownAs: "", maxBytes: 50)
        #expect(refusal(directory.read("big.json"))?.contains("over the limit of 50 bytes") == true)
        #expect(refusal(directory.read("folder.json"))?.contains("not a regular file") == true)
    }

    @Test func aTokenFileOutsideTheFirstFilesDirectoryIsAUsageError() throws {
        let scratch = try TemporaryDirectory()
        try write(scratch.path + "/design/a.tokens.json", "{}")
        try write(scratch.path + "/other/b.tokens.json", "{}")
        #expect(throws: ImportError.outsideDirectory(path: "other/b.tokens.json", directory: "design/")) {
            try DTCGDirectory.locate(["design/a.tokens.json", "other/b.tokens.json"], currentDirectory: scratch.path)
        }
        #expect(throws: ImportError.unreadableInput(path: "design/none.json", reason: "no such file")) {
            try DTCGDirectory.locate(["design/none.json"], currentDirectory: scratch.path)
        }
        let (_, files) = try DTCGDirectory.locate(
            ["design/a.tokens.json", "design/../design/a.tokens.json"], currentDirectory: scratch.path)
        #expect(files == ["a.tokens.json", "a.tokens.json"])
    }

    // MARK: names

    @Test func contextNamesBecomeTargetIDs() {
        #expect(ImportNaming.targetID(from: "brand1") == "brand1")
        #expect(ImportNaming.targetID(from: "brandOne") == "brand-one")
        #expect(ImportNaming.targetID(from: "Brand One") == "brand-one")
        #expect(ImportNaming.targetID(from: "acme_bank") == "acme-bank")
        #expect(ImportNaming.titleCase("acme-bank") == "Acme Bank")
        #expect(ImportNaming.titleCase("brandOne") == "Brand One")
        #expect(ImportNaming.bundleID(prefix: "com.acme", brand: "Brand One") == "com.acme.brand-one")
        #expect(ImportNaming.isValidBundleID("com.acme.brand-one"))
        #expect(!ImportNaming.isValidBundleID("1com.acme"))
        #expect(!ImportNaming.isValidBundleID("acme"))
        #expect(ImportNaming.stem(of: "dist/acme/dtcg/tokens.resolver.json") == "tokens")
        #expect(ImportNaming.stem(of: "acme.tokens.json") == "acme")
    }

    @Test func idsComeFromIDOrPrefixOrTheName() throws {
        #expect(
            try ImportNaming.clientIDs(brands: ["brand1", "brand2"], name: "x", fileStem: "f", id: nil, prefix: "acme-") == [
                "acme-brand1", "acme-brand2",
            ])
        #expect(try ImportNaming.clientIDs(brands: [nil], name: "acme", fileStem: "tokens", id: nil, prefix: nil) == ["acme"])
        #expect(try ImportNaming.clientIDs(brands: [nil], name: "acme", fileStem: "tokens", id: nil, prefix: "x-") == ["x-tokens"])
        #expect(try ImportNaming.clientIDs(brands: [nil], name: "acme", fileStem: "tokens", id: "mine", prefix: nil) == ["mine"])
        #expect(throws: ImportError.idNeedsOneClient(count: 2)) {
            try ImportNaming.clientIDs(brands: ["a", "b"], name: "x", fileStem: "f", id: "one", prefix: nil)
        }
        #expect(throws: ImportError.invalidTargetID(context: "Marque Été", tried: "marque-été")) {
            try ImportNaming.clientIDs(brands: ["Marque Été"], name: "x", fileStem: "f", id: nil, prefix: nil)
        }
        #expect(throws: ImportError.duplicateTargetID("brand-one")) {
            try ImportNaming.clientIDs(brands: ["brandOne", "brand_one"], name: "x", fileStem: "f", id: nil, prefix: nil)
        }
    }

    // MARK: fonts

    @Test func fontFilesAreMatchedByFamilyAndWeight() {
        let fonts = FontFiles(files: [
            "Inter-Bold.ttf": [1], "Inter.ttf": [2], "LeagueSpartan-SemiBold.otf": [3], "Inter-ExtraBold.ttf": [4],
        ])
        #expect(fonts.file(family: "Inter", weight: .bold) == "Inter-Bold.ttf")
        #expect(fonts.file(family: "Inter", weight: .regular) == "Inter.ttf")
        #expect(fonts.file(family: "Inter", weight: .heavy) == "Inter-ExtraBold.ttf")
        #expect(fonts.file(family: "League Spartan", weight: .semibold) == "LeagueSpartan-SemiBold.otf")
        #expect(fonts.file(family: "Inter", weight: .light) == nil)
    }

    // MARK: a target's own document

    func object(_ json: String) throws -> JSONObject {
        try #require(try JSONReader.parse(Array(json.utf8), file: "test").value.objectValue)
    }

    @Test func aChildWritesOnlyWhatDiffersAndDeletesWhatTheInputLacks() throws {
        let parent = try object(##"{"colors": {"primary": "#111111", "legacy": "#222222"}, "dimensions": {"gap": 8}}"##)
        let wanted = try object(##"{"colors": {"primary": "#111111", "accent": "#333333"}, "dimensions": {"gap": 8}}"##)
        let sections = ImportComposition.replacedSections(wanted)
        let own = ImportComposition.ownSections(wanted: wanted, inherited: parent, sections: sections, replacesWhole: { _ in false })
        let document = ImportComposition.document(existing: nil, extends: "base", abstract: false, app: nil, sections: own)
        #expect(
            JSONWriter.compact(document)
                == ##"{"$schema":"https://livery.dev/schemas/style/v1.json","extends":"base","colors":{"accent":"#333333","legacy":null}}"##
        )
        #expect(
            ImportComposition.firstDifference(
                wanted: wanted, own: document, inherited: parent, sections: sections, replacesWhole: { _ in false }) == nil)
    }

    @Test func aReimportKeepsWhatDTCGHasNoPlaceFor() throws {
        let existing = try object(
            ##"{"extends": "banks", "app": {"displayName": "A", "bundleId": "com.a.b"}, "colors": {"old": "#000000"}, "images": {"logo": "assets/logo.svg"}, "appIcon": "assets/AppIcon.png", "components": {"button": {}}}"##
        )
        let wanted = try object(##"{"colors": {"new": "#FFFFFF"}}"##)
        let own = ImportComposition.ownSections(
            wanted: wanted, inherited: nil, sections: ImportComposition.replacedSections(wanted), replacesWhole: { _ in false })
        let document = ImportComposition.document(existing: existing, extends: nil, abstract: false, app: nil, sections: own)
        #expect(
            JSONWriter.compact(document)
                == ##"{"extends":"banks","app":{"displayName":"A","bundleId":"com.a.b"},"colors":{"new":"#FFFFFF"},"images":{"logo":"assets/logo.svg"},"appIcon":"assets/AppIcon.png","components":{"button":{}}}"##
        )
    }

    @Test func fontFilesComeFromTheFontsDirectoryOrTheTargetBefore() throws {
        let wanted = try object(
            ##"{"fonts": {"title": {"family": "Inter", "size": 22, "weight": "bold"}, "body": {"family": "Inter", "size": 16, "weight": "regular"}, "code": {"family": "Mono", "size": 12, "weight": "regular"}}}"##
        )
        let before = try object(
            ##"{"fonts": {"body": {"family": "Inter", "size": 15, "weight": "regular", "file": "assets/fonts/Inter.ttf"}, "code": {"family": "Other", "size": 12, "weight": "regular", "file": "assets/fonts/Other.ttf"}}}"##
        )
        let (fonts, used) = ImportComposition.attachFontFiles(wanted, fonts: FontFiles(files: ["Inter-Bold.ttf": [1]]), known: [before])
        #expect(used == ["Inter-Bold.ttf"])
        let section = try #require(fonts["fonts"]?.value.objectValue)
        #expect(section["title"]?.value.objectValue?["file"]?.value.stringValue == "assets/fonts/Inter-Bold.ttf")
        #expect(section["body"]?.value.objectValue?["file"]?.value.stringValue == "assets/fonts/Inter.ttf")
        // Another family's file is not taken for a font that kept its name.
        #expect(section["code"]?.value.objectValue?["file"] == nil)
        #expect(ImportComposition.fontsWithoutFile(fonts) == ["code (Mono regular)"])
    }

    // MARK: writing

    @Test func everyTargetIsWrittenOrNone() throws {
        let root = try TemporaryDirectory()
        try write(root.path + "/targets/old/style.json", "old")
        try ImportWriter.write(
            [
                "targets/new/style.json": Array("new".utf8), "targets/new/assets/fonts/A.ttf": [1, 2],
                "targets/old/style.json": Array("updated".utf8),
            ],
            root: root.path, newDirectories: ["targets/new"]
        )
        #expect(try String(contentsOfFile: root.path + "/targets/new/style.json", encoding: .utf8) == "new")
        #expect(try String(contentsOfFile: root.path + "/targets/old/style.json", encoding: .utf8) == "updated")
        #expect(FileManager.default.fileExists(atPath: root.path + "/targets/new/assets/fonts/A.ttf"))
        let left = try FileManager.default.contentsOfDirectory(atPath: root.path + "/targets").filter { $0.hasPrefix(".") }
        #expect(left.isEmpty)
    }

    @Test func aFailureLeavesEverythingAsItWas() throws {
        let root = try TemporaryDirectory()
        try write(root.path + "/targets/old/style.json", "old")
        // A directory where a file of an existing target should go: staging it fails.
        try FileManager.default.createDirectory(atPath: root.path + "/targets/old/blocked.json", withIntermediateDirectories: true)
        #expect(throws: ImportError.self) {
            try ImportWriter.write(
                [
                    "targets/new/style.json": Array("new".utf8), "targets/old/style.json": Array("updated".utf8),
                    "targets/old/blocked.json": [1],
                ],
                root: root.path, newDirectories: ["targets/new"]
            )
        }
        #expect(!FileManager.default.fileExists(atPath: root.path + "/targets/new"))
        #expect(try String(contentsOfFile: root.path + "/targets/old/style.json", encoding: .utf8) == "old")
        let scratch =
            try FileManager.default.contentsOfDirectory(atPath: root.path + "/targets/old")
            + FileManager.default.contentsOfDirectory(atPath: root.path + "/targets")
        #expect(scratch.filter { $0.contains("livery-import") }.isEmpty)
    }
}
