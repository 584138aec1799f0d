import LiverySource
import LiveryTargets
import Testing

@Suite("Target summaries by id")
struct TargetTableTests {
    static func summary(_ id: String, extends parent: String? = nil, tree digit: Character = "0") throws -> TargetSummary {
        let tree = try #require(ObjectID(hex: String(repeating: digit, count: 40)))
        return TargetSummary(id: id, extends: parent, abstract: parent == nil, tree: tree, styleFile: "targets/\(id)/style.json")
    }

    @Test func summariesAreFoundByIdAndKeptInIdOrder() throws {
        let table = TargetTable([
            try Self.summary("globex", extends: "base"), try Self.summary("base"), try Self.summary("acme", extends: "base"),
        ])
        #expect(table.keys == ["acme", "base", "globex"])
        #expect(table.values.map(\.id) == table.keys)
        #expect(table.count == 3)
        #expect(table["globex"]?.extends == "base")
        #expect(table["initech"] == nil)
        #expect(table.position(of: "base") == 1)
        #expect(table.position(of: "initech") == nil)
        #expect(TargetTable().isEmpty)
    }

    @Test func ofTwoSummariesWithOneIdTheLaterCounts() throws {
        let table = TargetTable([try Self.summary("acme", tree: "1"), try Self.summary("base"), try Self.summary("acme", tree: "2")])
        #expect(table.count == 2)
        #expect(table["acme"]?.tree.hex == String(repeating: "2", count: 40))
        #expect(table.keys == ["acme", "base"])
    }
}
