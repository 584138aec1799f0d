import LiveryDiff
import LiveryTargets
import Testing

@testable import LiveryKit

/// `livery diff --exit-code GATE`: the gates are a registry, and each is met by what it names.
@Suite("Diff exit-code gates")
struct DiffGateTests {
    static let revision = RevisionInfo(label: "v1", revision: "v1", commit: nil)

    static func report(_ pairs: [TargetPair] = []) -> DiffReport {
        DiffReport(base: revision, head: revision, targets: pairs.compactMap { DiffEngine.compare($0) }, unchanged: 0)
    }

    static func pictures(_ differing: [Int], total: Int = 1000) -> VisualReport {
        let appearances = differing.enumerated().map { index, count in
            VisualReport.Appearance(name: "a\(index)", differing: count, total: total, before: nil, after: nil, difference: nil)
        }
        return VisualReport(
            base: "v1", head: "v2", colorThreshold: 0.02,
            clients: [VisualReport.Client(id: "acme", status: "changed", appearances: appearances)])
    }

    @Test func theGatesAreARegistryAndTheHelpIsMadeFromIt() {
        #expect(DiffGate.all.map(\.name) == ["any", "breaking", "accessibility", "visual", "major", "minor", "patch"])
        for gate in DiffGate.all { #expect(DiffGate(named: gate.name) == gate) }
        #expect(DiffGate(named: "pixels") == nil)
        #expect(DiffGate.registry.suggestion(for: "visaul") == "visual")
        for gate in DiffGate.all { #expect(DiffGate.optionHelp().contains("\(gate.name) (\(gate.summary))")) }
        #expect(DiffGate.all.filter(\.needsVisual).map(\.name) == ["visual"])
    }

    @Test func anyAndBreakingGateOnTheValues() {
        let added = TargetPair(base: nil, head: TargetSnapshot(id: "new", state: .invalid([])), changedInChain: [])
        #expect(!DiffGate.any.isMet(by: Self.report()))
        #expect(DiffGate.any.isMet(by: Self.report([added])))
        let removed = TargetPair(base: TargetSnapshot(id: "old", state: .invalid([])), head: nil, changedInChain: [])
        #expect(DiffGate.breaking.isMet(by: Self.report([removed])))
        #expect(!DiffGate.breaking.isMet(by: Self.report()))
    }

    /// `major`, `minor` and `patch` are met by a release of that level or above.
    @Test func theLevelGatesAreMetFromTheirLevelUp() {
        let gates = DiffGate.all.filter { ["major", "minor", "patch"].contains($0.name) }
        let added = TargetPair(base: nil, head: TargetSnapshot(id: "new", state: .invalid([])), changedInChain: [])
        let removed = TargetPair(base: TargetSnapshot(id: "old", state: .invalid([])), head: nil, changedInChain: [])
        #expect(gates.filter { $0.isMet(by: Self.report()) }.isEmpty)
        #expect(gates.filter { $0.isMet(by: Self.report([added])) }.map(\.name) == ["minor", "patch"], "a client added")
        #expect(Self.report([removed]).release.level == .major)
        #expect(gates.filter { $0.isMet(by: Self.report([removed])) }.map(\.name) == ["major", "minor", "patch"])
    }

    /// Met only when some appearance changed more than the threshold's share of its pixels.
    @Test func theVisualGateComparesTheLargestShareWithTheThreshold() {
        let report = Self.report()
        #expect(DiffGate.visual.isMet(by: report, visual: Self.pictures([0, 2, 0, 0]), threshold: 0.001))
        #expect(
            !DiffGate.visual.isMet(by: report, visual: Self.pictures([0, 1, 0, 0]), threshold: 0.001),
            "exactly the threshold is not beyond it")
        #expect(!DiffGate.visual.isMet(by: report, visual: Self.pictures([0, 2, 0, 0]), threshold: 0.01))
        #expect(DiffGate.visual.isMet(by: report, visual: Self.pictures([0, 1, 0, 0]), threshold: 0))
        #expect(!DiffGate.visual.isMet(by: report, visual: Self.pictures([0, 0, 0, 0]), threshold: 0))
        #expect(!DiffGate.visual.isMet(by: report, visual: Self.pictures([1000]), threshold: 1))
        #expect(!DiffGate.visual.isMet(by: report, visual: nil, threshold: 0), "no pictures: nothing to gate on")
    }
}
