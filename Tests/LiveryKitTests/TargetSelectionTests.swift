import LiveryGit
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// `--target` for build, validate, diff and gallery: one rule (`TargetSelection`).
@Suite("Target selection: one rule for every command")
struct TargetSelectionTests {
    static func graph(_ targets: [(id: String, extends: String?, abstract: Bool)]) throws -> TargetGraph {
        let tree = try #require(ObjectID(hex: String(repeating: "0", count: 40)))
        return TargetGraph(
            targets.map {
                TargetSummary(id: $0.id, extends: $0.extends, abstract: $0.abstract, tree: tree, styleFile: "targets/\($0.id)/style.json")
            })
    }

    /// base (abstract) ← bank (abstract) ← acme ← acme-kids; base ← solo.
    static func family() throws -> TargetGraph {
        try graph([
            ("base", nil, true), ("bank", "base", true), ("acme", "bank", false), ("acme-kids", "acme", false), ("solo", "base", false),
        ])
    }

    @Test func noIdsSelectEveryTarget() throws {
        let selection = try TargetSelection([], in: Self.family())
        #expect(selection.isEverything)
        #expect(selection.filter(["acme", "solo"]) == ["acme", "solo"])
    }

    @Test func anAbstractTargetSelectsEveryTargetThatExtendsIt() throws {
        let graph = try Self.family()
        #expect(try TargetSelection(["bank"], in: graph).ids == ["bank", "acme", "acme-kids"])
        #expect(try TargetSelection(["base"], in: graph).filter(graph.concrete) == ["acme", "acme-kids", "solo"])
    }

    @Test func aConcreteTargetSelectsItselfOnlyEvenWhenExtended() throws {
        let graph = try Self.family()
        #expect(try TargetSelection(["acme"], in: graph).ids == ["acme"])
        #expect(try TargetSelection(["acme", "solo"], in: graph).filter(graph.concrete) == ["acme", "solo"])
    }

    @Test func anUnknownIdIsAnErrorThatSuggestsTheClosest() throws {
        #expect(throws: UnknownTargetError(id: "acmee", suggestion: "acme")) { try TargetSelection(["acme", "acmee"], in: Self.family()) }
        let graph = try Self.family()
        do throws(UnknownTargetError) {
            _ = try TargetSelection(["zzz"], in: graph)
            Issue.record("an unknown id was accepted")
        } catch {
            #expect(error.suggestion == nil)
            #expect(error.message == "unknown target 'zzz'. Run `livery list` to see the targets.")
            #expect(error.exitCode == 2)
        }
    }

    @Test func twoRevisionsKnowTheIdsOfEitherAndExpandWhereAbstract() throws {
        // In BASE `bank` is abstract with a client; in HEAD it became concrete and `acme` moved under `base`.
        let base = try Self.graph([("base", nil, true), ("bank", "base", true), ("acme", "bank", false)])
        let head = try Self.graph([("base", nil, true), ("bank", "base", false), ("acme", "base", false), ("new", nil, false)])
        #expect(try TargetSelection(["bank"], in: [base, head]).ids == ["bank", "acme"])
        #expect(try TargetSelection(["new"], in: [base, head]).ids == ["new"])
        #expect(throws: UnknownTargetError.self) { try TargetSelection(["old"], in: [base, head]) }
    }
}
