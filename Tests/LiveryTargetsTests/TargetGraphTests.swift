import LiverySource
import LiveryTargets
import Testing

@Suite("The extends graph")
struct TargetGraphTests {
    static let tree = ObjectID(hex: String(repeating: "0", count: 40))!

    static func summary(_ id: String, extends parent: String? = nil, abstract: Bool = false) -> TargetSummary {
        TargetSummary(id: id, extends: parent, abstract: abstract, tree: tree, styleFile: "targets/\(id)/style.json")
    }

    @Test func chainsRunFromTheTargetToItsRoot() {
        let graph = TargetGraph([
            Self.summary("base", abstract: true),
            Self.summary("group", extends: "base", abstract: true),
            Self.summary("acme", extends: "group"),
            Self.summary("bolt", extends: "base"),
        ])
        #expect(graph.ids == ["acme", "base", "bolt", "group"])
        #expect(graph.chain(of: "acme") == ["acme", "group", "base"])
        #expect(graph.chain(of: "base") == ["base"])
        #expect(graph.chain(of: "nobody") == nil)
        #expect(graph.concrete == ["acme", "bolt"])
        #expect(graph.descendants(of: "base") == ["acme", "bolt", "group"])
        #expect(graph.descendants(of: "group") == ["acme"])
        #expect(graph.diagnostics.isEmpty)
    }

    @Test func aMissingParentBreaksEveryTargetBelowItAndIsReportedOnce() {
        let graph = TargetGraph([
            Self.summary("group", extends: "bsae", abstract: true),
            Self.summary("acme", extends: "group"),
            Self.summary("base", abstract: true),
            Self.summary("bolt", extends: "base"),
        ])
        #expect(graph.broken == ["group", "acme"])
        #expect(graph.chain(of: "acme") == nil)
        #expect(graph.chain(of: "bolt") == ["bolt", "base"])
        let errors = graph.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.rule.id) == ["extends-missing"])
        #expect(errors.first?.target == "group")
        #expect(errors.first?.message == "'group' extends 'bsae', which is not a target (did you mean 'base'?)")
    }

    @Test func aCycleIsReportedOnceAtItsFirstMemberAndBreaksWhatHangsBelow() {
        let graph = TargetGraph([
            Self.summary("c", extends: "a"),
            Self.summary("a", extends: "b"),
            Self.summary("b", extends: "c"),
            Self.summary("d", extends: "b"),
            Self.summary("self", extends: "self"),
        ])
        #expect(graph.broken == ["a", "b", "c", "d", "self"])
        #expect(
            graph.diagnostics.map(\.message) == [
                "targets extend each other in a cycle: a → b → c → a",
                "targets extend each other in a cycle: self → self",
            ])
        #expect(graph.diagnostics.map(\.target) == ["a", "self"])
    }

    @Test func anAbstractTargetNothingUsesIsAWarning() {
        let graph = TargetGraph([
            Self.summary("base", abstract: true),
            Self.summary("unused", extends: "base", abstract: true),
            Self.summary("acme", extends: "base"),
        ])
        #expect(graph.diagnostics.map(\.rule.id) == ["abstract-unused"])
        #expect(graph.diagnostics.first?.target == "unused")
        #expect(graph.diagnostics.first?.severity == .warning)
    }

    @Test func aChainOfTheLongestLengthIsFollowed() {
        let count = TargetGraph.maxChainLength
        #expect(count == 64)
        var summaries = [Self.summary("t0", abstract: true)]
        for index in 1..<count { summaries.append(Self.summary("t\(index)", extends: "t\(index - 1)", abstract: index < count - 1)) }
        let graph = TargetGraph(summaries)
        #expect(graph.diagnostics.isEmpty)
        #expect(graph.chain(of: "t\(count - 1)")?.count == count)
        #expect(graph.chain(of: "t\(count - 1)")?.last == "t0")
    }

    /// A hostile repository's chain 100,000 long is walked without recursion,
    /// and is one error at the target that passes the limit, at its `extends`.
    @Test func aChainAHundredThousandLongIsOneErrorWhereItPassesTheLimit() {
        let count = 100_000
        var summaries = [Self.summary("t0", abstract: true)]
        for index in 1..<count { summaries.append(Self.summary("t\(index)", extends: "t\(index - 1)")) }
        // A short branch off the long chain stays whole.
        summaries.append(Self.summary("side", extends: "t3"))
        let graph = TargetGraph(summaries)
        #expect(graph.diagnostics.map(\.rule.id) == ["extends-depth"])
        #expect(graph.diagnostics.first?.target == "t64")
        #expect(
            graph.diagnostics.first?.message
                == "the `extends` chain of 't64' holds more than 64 targets, the most livery follows: make it extend a target nearer the root"
        )
        #expect(graph.chain(of: "t63")?.count == 64)
        #expect(graph.chain(of: "t64") == nil)
        #expect(graph.chain(of: "t99999") == nil)
        #expect(graph.chain(of: "side") == ["side", "t3", "t2", "t1", "t0"])
        #expect(graph.broken.count == count - 64)
    }
}
