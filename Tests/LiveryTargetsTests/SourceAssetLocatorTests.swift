import LiverySource
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Finding assets in a source: the target's own, then its ancestors'")
struct SourceAssetLocatorTests {
    static let tree = ObjectID(hex: String(repeating: "0", count: 40))!

    static func summary(_ id: String, extends parent: String? = nil) -> TargetSummary {
        TargetSummary(id: id, extends: parent, abstract: parent == nil, tree: tree, styleFile: "targets/\(id)/style.json")
    }

    let locator = SourceAssetLocator(
        source: MemorySource(files: [
            "targets/base/style.json": Array("{}".utf8),
            "targets/base/assets/logo.png": TestFiles.png(width: 40, height: 20),
            "targets/base/assets/fonts/Sans.ttf": TestFiles.truetype(),
            "targets/acme/style.json": Array("{}".utf8),
            "targets/acme/assets/logo.png": TestFiles.png(width: 80, height: 40, alpha: true),
            "targets/bolt/style.json": Array("{}".utf8),
        ]),
        graph: TargetGraph([summary("base"), summary("acme", extends: "base"), summary("bolt", extends: "base")]),
        targetsDirectory: "targets"
    )

    func found(_ path: String, in target: String) throws -> AssetReference {
        guard case .found(let reference) = locator.locate(path, declaredIn: "targets/\(target)/style.json") else {
            Issue.record("'\(path)' not found for \(target)")
            throw LookupFailed()
        }
        return reference
    }

    struct LookupFailed: Error {}

    @Test func aTargetsOwnFileComesFirstWithItsFacts() throws {
        let own = try found("assets/logo.png", in: "acme")
        #expect(own.foundIn == "acme")
        #expect(own.repositoryPath == "targets/acme/assets/logo.png")
        #expect(own.info == AssetInfo(kind: .png, width: 80, height: 40, hasAlpha: true))
        #expect(own.size == TestFiles.png(width: 80, height: 40, alpha: true).count)
    }

    /// Inherited files are remembered between lookups; asking again, from
    /// another target, gives the same facts.
    @Test func anInheritedFileHasTheSameFactsForEveryDescendant() throws {
        let fromBolt = try found("assets/logo.png", in: "bolt")
        let again = try found("assets/logo.png", in: "bolt")
        let font = try found("assets/fonts/Sans.ttf", in: "acme")
        #expect(fromBolt.foundIn == "base")
        #expect(fromBolt.info == AssetInfo(kind: .png, width: 40, height: 20, hasAlpha: false))
        #expect(again.info == fromBolt.info && again.size == fromBolt.size && again.blob == fromBolt.blob)
        #expect(font.foundIn == "base")
        #expect(font.info.kind == .truetype)
        #expect(try found("assets/fonts/Sans.ttf", in: "bolt").info == font.info)
    }

    @Test func aMissingFileListsEveryPlaceTried() {
        guard case .missing(let searched) = locator.locate("assets/none.png", declaredIn: "targets/acme/style.json") else {
            Issue.record("expected a missing asset")
            return
        }
        #expect(searched == ["targets/acme/assets/none.png", "targets/base/assets/none.png"])
    }

    @Test func anUnsafePathIsRefused() {
        guard case .refused = locator.locate("../base/assets/logo.png", declaredIn: "targets/acme/style.json") else {
            Issue.record("expected a refusal")
            return
        }
    }
}
