import Foundation
import LiveryGit
import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("One report per problem")
struct DiagnosticGroupingTests {
    static let base = "targets/base/style.json"

    /// The same schema error in base, as each of `count` clients finds it.
    static func typo(in targets: [String]) -> [Diagnostic] {
        targets.map { target in
            Diagnostic(
                .error, rule: .schema, "`colors.error` is not a colour", file: base, line: 25, column: 14,
                pointer: JSONPointer(tokens: ["colors", "error"]), target: target)
        }
    }

    static func clients(_ count: Int) -> [String] {
        (0..<count).map { "client-" + String(format: "%04d", $0) }
    }

    @Test func aProblemInASharedFileIsReportedOnceWithTheTargetsItAffects() {
        let grouped = DiagnosticGrouping.grouped(Self.typo(in: Self.clients(50).reversed()))
        #expect(grouped.count == 1)
        #expect(grouped.first?.target == nil)
        #expect(grouped.first?.affectedTargets == Self.clients(50))
        #expect(grouped.first?.file == Self.base && grouped.first?.line == 25 && grouped.first?.column == 14)
        #expect(grouped.errorCount == 1)
    }

    @Test func aMessageThatDiffersPerTargetIsNotMerged() {
        let diagnostics = ["acme", "verde"].map { target in
            Diagnostic(
                .warning, rule: .contrast, "foreground on \(target)'s background is too light", file: Self.base, line: 88, column: 23,
                target: target)
        }
        let grouped = DiagnosticGrouping.grouped(diagnostics)
        #expect(grouped.count == 2)
        #expect(grouped.map(\.target) == ["acme", "verde"])
        #expect(grouped.allSatisfy { $0.affectedTargets.isEmpty })
    }

    @Test func aDifferentPlaceOrRelatedPlaceIsADifferentProblem() {
        var other = Self.typo(in: ["verde"])[0]
        other.pointer = JSONPointer(tokens: ["colors", "other"])
        #expect(DiagnosticGrouping.grouped(Self.typo(in: ["acme"]) + [other]).count == 2)
        var explained = Self.typo(in: ["verde"])[0]
        explained.related = [RelatedLocation("set here", file: "targets/verde/style.json", line: 3, column: 5)]
        #expect(DiagnosticGrouping.grouped(Self.typo(in: ["acme"]) + [explained]).count == 2)
        var warning = Self.typo(in: ["verde"])[0]
        warning.severity = .warning
        #expect(DiagnosticGrouping.grouped(Self.typo(in: ["acme"]) + [warning]).count == 2)
    }

    @Test func problemsWithoutAFileStayWithTheirTarget() {
        let diagnostics = ["acme", "verde"].map { Diagnostic(.error, rule: .schema, "same words", target: $0) }
        #expect(DiagnosticGrouping.grouped(diagnostics).map(\.target) == ["acme", "verde"])
        #expect(DiagnosticGrouping.affectsNote(diagnostics[0]) == "affects acme")
        #expect(DiagnosticGrouping.affectsNote(Diagnostic(.error, rule: .config, "no target")) == nil)
    }

    @Test func oneTargetKeepsItsTargetAndGroupingTwiceChangesNothing() {
        let one = DiagnosticGrouping.grouped(Self.typo(in: ["acme"]))
        #expect(one.map(\.target) == ["acme"])
        #expect(one.first?.affectedTargets == [])
        let once = DiagnosticGrouping.grouped(Self.typo(in: Self.clients(7)) + Self.typo(in: ["acme"]))
        #expect(DiagnosticGrouping.grouped(once) == once)
        #expect(once.first?.affectedTargets == ["acme"] + Self.clients(7))
    }

    @Test func problemsAreOrderedByFileThenPosition() {
        let late = Diagnostic(.error, rule: .schema, "b", file: "targets/acme/style.json", line: 9, column: 1, target: "acme")
        let early = Diagnostic(.warning, rule: .schema, "a", file: "targets/acme/style.json", line: 2, column: 1, target: "acme")
        let repository = Diagnostic(.error, rule: .config, "c")
        let grouped = DiagnosticGrouping.grouped([late] + Self.typo(in: ["x", "y"]) + [early, repository])
        #expect(grouped.map(\.message) == ["c", "a", "b", "`colors.error` is not a colour"])
        #expect(grouped.map(\.file) == [nil, "targets/acme/style.json", "targets/acme/style.json", Self.base])
    }

    @Test func theNoteNamesTheCountAndTheFirstFewTargets() {
        let grouped = DiagnosticGrouping.grouped(Self.typo(in: Self.clients(2000)))
        #expect(
            DiagnosticGrouping.affectsNote(grouped[0])
                == "affects 2,000 targets: client-0000, client-0001, client-0002, client-0003, client-0004, …")
        let two = DiagnosticGrouping.grouped(Self.typo(in: ["acme", "verde"]))
        #expect(DiagnosticGrouping.affectsNote(two[0]) == "affects 2 targets: acme, verde")
        // One target inheriting the problem from another's file is named; its own file needs no note.
        #expect(DiagnosticGrouping.affectsNote(Self.typo(in: ["acme"])[0]) == "affects acme")
        let own = Diagnostic(.error, rule: .schema, "x", file: "targets/acme/style.json", line: 1, target: "acme")
        #expect(DiagnosticGrouping.affectsNote(own) == nil)
        let asset = Diagnostic(.error, rule: .assetType, "x", file: "targets/acme/assets/logo.png", target: "acme")
        #expect(DiagnosticGrouping.affectsNote(asset) == nil)
        #expect(
            DiagnosticGrouping.affectsNote(
                Diagnostic(.error, rule: .schema, "y", file: "brands/acme/style.json", target: "acme"), targetsDirectory: "brands") == nil)
    }

    @Test func thousandsAreGroupedTheSameEverywhere() {
        #expect(DiagnosticGrouping.thousands(7) == "7")
        #expect(DiagnosticGrouping.thousands(999) == "999")
        #expect(DiagnosticGrouping.thousands(2000) == "2,000")
        #expect(DiagnosticGrouping.thousands(1_234_567) == "1,234,567")
    }
}
