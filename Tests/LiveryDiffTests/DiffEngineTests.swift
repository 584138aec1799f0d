import Foundation
import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Comparing resolved targets")
struct DiffEngineTests {
    static let base =
        ##"{"abstract": true, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "bg": "#FFFFFF"}, "dimensions": {"spacingM": 16}, "components": {"button": {"primary": {"background": "primary", "foreground": "bg", "shape": "capsule"}}}}"##

    func pair(
        _ id: String = "acme", before: String, after: String, baseBefore: String? = nil, baseAfter: String? = nil,
        changed: [String] = ["acme"], files: [String: [UInt8]] = [:], filesAfter: [String: [UInt8]]? = nil
    ) throws -> TargetPair {
        TargetPair(
            base: try Styles.snapshot(id, own: before, base: baseBefore, files: files),
            head: try Styles.snapshot(id, own: after, base: baseAfter, files: filesAfter ?? files),
            changedInChain: changed
        )
    }

    @Test func aBaseChangeIsAttributedViaBase() throws {
        let after = Self.base.replacingOccurrences(of: "#222222", with: "#333333")
        let diff = try #require(
            DiffEngine.compare(
                try pair(
                    before: #"{"extends": "base"}"#, after: #"{"extends": "base"}"#, baseBefore: Self.base, baseAfter: after,
                    changed: ["base"])))
        #expect(diff.status == .changed)
        let paths = diff.changes.map(\.path)
        #expect(paths == ["colors.primary", "components.button.primary.background"])
        #expect(diff.changes.allSatisfy { $0.via == ["base"] })
        #expect(diff.changes.allSatisfy { !$0.isBreaking })
    }

    @Test func aChildOverrideShadowsTheBaseChange() throws {
        let after = Self.base.replacingOccurrences(of: "#222222", with: "#333333")
        let child = ##"{"extends": "base", "colors": {"primary": "#ABCDEF"}}"##
        #expect(
            DiffEngine.compare(try pair(before: child, after: child, baseBefore: Self.base, baseAfter: after, changed: ["base"])) == nil)
    }

    @Test func aDarkOnlyChangeNamesOnlyTheDarkAppearance() throws {
        let diff = try #require(
            DiffEngine.compare(
                try pair(
                    before: ##"{"colors": {"primary": {"light": "#111111", "dark": "#222222", "highContrastDark": "#000000"}}}"##,
                    after: ##"{"colors": {"primary": {"light": "#111111", "dark": "#333333", "highContrastDark": "#000001"}}}"##
                )))
        let change = try #require(diff.changes.first)
        #expect(diff.changes.count == 1)
        #expect(change.via.isEmpty)
        #expect(change.appearanceChanges.map(\.appearance) == ["dark", "highContrastDark"])
        #expect(DiffSummary.changeText(change) == "dark #222222 → #333333, highContrastDark #000000 → #000001")
    }

    @Test func removalsAndKindChangesAreBreaking() throws {
        let diff = try #require(
            DiffEngine.compare(
                try pair(
                    before:
                        ##"{"colors": {"a": "#111111", "b": "#222222"}, "components": {"button": {"primary": {"background": "a", "label": "OK"}}}, "flags": {"beta": true}}"##,
                    after:
                        ##"{"colors": {"a": "#111111", "c": "#222222"}, "components": {"button": {"primary": {"label": 3}}}, "flags": {"beta": false}}"##
                )))
        let byPath = Dictionary(uniqueKeysWithValues: diff.changes.map { ($0.path, $0) })
        #expect(byPath["colors.b"]?.breakingReason == "colour removed")
        #expect(byPath["colors.c"]?.kind == .added)
        #expect(byPath["colors.c"]?.isBreaking == false)
        #expect(byPath["components.button.primary.background"]?.breakingReason == "component property removed")
        #expect(byPath["components.button.primary.label"]?.breakingReason == "kind changed from string to number")
        #expect(byPath["flags.beta"]?.isBreaking == false)
        #expect(diff.breakingCount == 3)
    }

    @Test func targetsAddedRemovedAndRenamed() throws {
        let style = ##"{"colors": {"a": "#111111"}}"##
        let added = TargetPair(base: nil, head: try Styles.snapshot("new", own: style), changedInChain: ["new"])
        let removed = TargetPair(base: try Styles.snapshot("gone", own: style), head: nil, changedInChain: ["gone"])
        let renamed = TargetPair(
            base: try Styles.snapshot("old", own: style), head: try Styles.snapshot("fresh", own: style), changedInChain: ["fresh", "old"])
        let report = Styles.report([added, removed, renamed], unchanged: 5)
        #expect(report.targets.map(\.id) == ["fresh", "gone", "new"])
        #expect(report.targets.map(\.status) == [.renamed, .removed, .added])
        #expect(report.targets[0].renamedFrom == "old")
        #expect(report.targets[0].breakingReason == "target renamed")
        #expect(report.targets[1].breakingReason == "target removed")
        #expect(report.targets[2].breakingCount == 0)
        let counts = report.counts
        #expect([counts.added, counts.removed, counts.renamed, counts.unchanged] as [Int] == [1, 1, 1, 5])
        #expect(counts.breaking == 2)
        #expect(DiffSummary.line(report) == "1 added, 1 removed, 1 renamed · 0 changes, 2 breaking · 5 unchanged")
    }

    @Test func anInvalidTargetIsReportedWithItsErrors() throws {
        let pair = TargetPair(
            base: try Styles.snapshot("acme", own: ##"{"colors": {"a": "#111111"}}"##),
            head: try Styles.snapshot("acme", own: ##"{"colors": {"a": "{colors.nope}"}}"##),
            changedInChain: ["acme"]
        )
        let diff = try #require(DiffEngine.compare(pair))
        #expect(diff.status == .invalid)
        #expect(diff.headErrors.map(\.rule.id) == ["alias-missing"])
        #expect(diff.baseErrors.isEmpty)
    }

    @Test func anAssetSwappedUnderTheSameNameShowsSizesAndDimensions() throws {
        let style = ##"{"images": {"logo": "assets/logo.png"}}"##
        let before = ["targets/acme/assets/logo.png": TestFiles.png(width: 10, height: 10)]
        let after = ["targets/acme/assets/logo.png": TestFiles.png(width: 20, height: 30)]
        let diff = try #require(DiffEngine.compare(try pair(before: style, after: style, files: before, filesAfter: after)))
        let change = try #require(diff.changes.first)
        #expect(change.path == "images.logo")
        #expect(change.kind == .changed)
        guard case .asset(let old)? = change.old, case .asset(let new)? = change.new else {
            Issue.record("not an asset change")
            return
        }
        #expect(old["light"]?.dimensions == "10×10")
        #expect(new["light"]?.dimensions == "20×30")
        #expect(old["light"]?.size == before.values.first?.count)
        #expect(new["light"]?.size == after.values.first?.count)
        #expect(change.old?.display.contains("assets/logo.png (") == true)
    }

    @Test func thePatchTurnsBaseIntoHead() throws {
        let before = ##"{"app": {"displayName": "Acme"}, "colors": {"a": "#111111", "b": "#222222"}, "flags": {"x": 1}}"##
        let after =
            ##"{"app": {"displayName": "Acme 2"}, "colors": {"a": {"light": "#111111", "dark": "#000000"}}, "flags": {"x": 1, "y": "z"}}"##
        let pair = try pair(before: before, after: after)
        let diff = try #require(DiffEngine.compare(pair))
        let patch = try #require(diff.patch)
        guard case .resolved(let old, _)? = pair.base?.state, case .resolved(let new, _)? = pair.head?.state else {
            Issue.record("not resolved")
            return
        }
        let applied = MergePatch.apply(
            JSONNode(patch, at: .synthesized), to: JSONNode(ResolvedStyleJSON.document(for: old), at: .synthesized))
        #expect(applied?.value == ResolvedStyleJSON.document(for: new))
        #expect(
            JSONWriter.compact(patch, sortedKeys: true)
                == ##"{"app":{"displayName":"Acme 2"},"colors":{"a":{"dark":"#000000"},"b":null},"flags":{"y":"z"}}"##)
    }

    @Test func identicalResolvedStylesAreUnchanged() throws {
        // Different files, same resolved values: an alias and its literal.
        let report = Styles.report([
            try pair(
                before: ##"{"colors": {"a": "#111111", "b": "{colors.a}"}}"##, after: ##"{"colors": {"a": "#111111", "b": "#111111"}}"##)
        ])
        #expect(!report.hasDifferences)
        #expect(report.unchanged == 1)
        #expect(DiffSummary.line(report) == "no differences (1 target unchanged)")
    }
}
