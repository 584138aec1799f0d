import LiveryCore
import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// A client's variants in a diff: added, removed, condition or values changed, broken;
/// listed under the client with what the change does and how it reaches installs.
@Suite("Variants in the diff")
struct VariantDiffTests {
    static let client =
        ##"{"app": {"displayName": "Acme", "bundleId": "com.acme.app"}, "colors": {"primary": {"light": "#111111", "dark": "#222222"}}, "dimensions": {"spacingM": 16}}"##

    /// A variant of the client: its `variant.json` and its patch merged over the client.
    func variant(_ name: String, _ definition: String, _ patch: String, client: String = client) throws -> VariantSnapshot {
        let merged =
            MergePatch.apply(
                try JSONReader.parse(Array(patch.utf8), file: "style.json"),
                to: try JSONReader.parse(Array(client.utf8), file: "style.json")) ?? JSONNode(.null, at: .synthesized)
        let (style, problems) = StyleResolver().resolve(
            id: "acme", chain: ["acme"], document: merged, assets: MemoryAssets(files: [:], ancestors: [:]))
        if problems.contains(where: { $0.severity == .error }) { return VariantSnapshot(name: name, state: .invalid(problems)) }
        return VariantSnapshot(
            name: name,
            state: .resolved(
                try VariantParser.definition(try JSONReader.parse(Array(definition.utf8), file: "variant.json"), name: name), style))
    }

    func diff(base: [VariantSnapshot], head: [VariantSnapshot], clientBefore: String = client, clientAfter: String = client) throws
        -> TargetDiff?
    {
        var before = try Styles.snapshot("acme", own: clientBefore)
        var after = try Styles.snapshot("acme", own: clientAfter)
        before.variants = base
        after.variants = head
        return DiffEngine.compare(TargetPair(base: before, head: after, changedInChain: ["acme"]))
    }

    static let holiday = ##"{"when": {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00"}, "order": 10}"##
    static let red = ##"{"colors": {"primary": {"light": "#AA0000", "dark": "#CC0000"}}}"##

    @Test func aConditionChangeAloneListsTheClientAndSaysWhoGetsItChanges() throws {
        let later = Self.holiday.replacingOccurrences(of: "2026-12-27", with: "2027-01-02")
        let target = try #require(try diff(base: [variant("holiday", Self.holiday, Self.red)], head: [variant("holiday", later, Self.red)]))
        #expect(target.status == .changed && target.changes.isEmpty)
        let change = try #require(target.variants.first)
        #expect(target.variants.count == 1)
        #expect(change.kind == .changed && change.aspects == [.condition] && change.affectsAudience)
        #expect(change.values.isEmpty)
        #expect(change.delivery == .styleUpdate)
        #expect(change.effect == "who gets it changes")
        #expect(
            VariantChangeText.details(change) == [
                ##"when {"from":"2026-12-01T00:00","until":"2026-12-27T00:00"} → {"from":"2026-12-01T00:00","until":"2027-01-02T00:00"}"##
            ])
    }

    @Test func aValueChangeSaysWhatItsInstallsSee() throws {
        let darker = Self.red.replacingOccurrences(of: "#AA0000", with: "#990000")
        let target = try #require(
            try diff(base: [variant("holiday", Self.holiday, Self.red)], head: [variant("holiday", Self.holiday, darker)]))
        let change = try #require(target.variants.first)
        #expect(change.aspects == [.values] && !change.affectsAudience)
        #expect(change.values.map(\.path) == ["colors.primary.light"])
        #expect(change.effect == "what its installs see changes")
        #expect(VariantChangeText.details(change) == [##"colors.primary.light "#AA0000" → "#990000""##])
    }

    @Test func addedRemovedAndReorderedVariantsEachHaveTheirKind() throws {
        let first = ##"{"order": 1}"##
        let second = ##"{"order": 2}"##
        let target = try #require(
            try diff(
                base: [variant("gone", first, Self.red), variant("moved", first, "{}")],
                head: [variant("moved", second, "{}"), variant("new", ##"{"experiment": {"id": "x", "weight": 100}}"##, Self.red)]
            ))
        #expect(target.variants.map(\.name) == ["gone", "moved", "new"])
        #expect(target.variants.map(\.kind) == [.removed, .changed, .added])
        #expect(target.variants[1].aspects == [.order])
        #expect(target.variants[2].aspects == [.condition, .order, .experiment, .values])
        #expect(VariantChangeText.details(target.variants[2]).contains("experiment x, weight 100 %, coverage 100 %"))
        #expect(target.variants.allSatisfy { $0.affectsAudience })
    }

    @Test func theSameVariantsOverAChangedClientAreNotListed() throws {
        let client2 = Self.client.replacingOccurrences(of: "\"spacingM\": 16", with: "\"spacingM\": 20")
        let target = try #require(
            try diff(
                base: [variant("holiday", Self.holiday, Self.red)], head: [variant("holiday", Self.holiday, Self.red, client: client2)],
                clientAfter: client2
            ))
        #expect(target.changes.map(\.path) == ["dimensions.spacingM"])
        #expect(target.variants.isEmpty)
    }

    @Test func nothingChangedIsNoDifference() throws {
        let same = try diff(base: [variant("holiday", Self.holiday, Self.red)], head: [variant("holiday", Self.holiday, Self.red)])
        #expect(same == nil)
    }

    @Test func aVariantBrokenInHeadIsListedWithItsErrors() throws {
        let broken = ##"{"colors": {"primary": {"light": "{colors.nowhere}", "dark": "#000000"}}}"##
        let target = try #require(
            try diff(base: [variant("holiday", Self.holiday, Self.red)], head: [variant("holiday", Self.holiday, broken)]))
        let change = try #require(target.variants.first)
        #expect(change.kind == .invalid && !change.errors.isEmpty)
        #expect(VariantChangeText.summary(change) == "does not resolve: no install gets it")
    }

    @Test func aVariantThatChangesTheAppsIdentityNeedsAnAppRelease() throws {
        let renamed = ##"{"app": {"displayName": "Other"}}"##
        let target = try #require(try diff(base: [], head: [variant("rename", "{}", renamed)]))
        let change = try #require(target.variants.first)
        #expect(change.delivery == .appRelease)
        #expect(VariantChangeText.details(change).contains("/app/displayName may change only with an app release"))
    }

    @Test func everyFormatListsTheVariantUnderItsClient() throws {
        let later = Self.holiday.replacingOccurrences(of: "2026-12-27", with: "2027-01-02")
        let target = try #require(try diff(base: [variant("holiday", Self.holiday, Self.red)], head: [variant("holiday", later, Self.red)]))
        let report = DiffReport(base: Styles.base, head: Styles.head, targets: [target], unchanged: 0)
        let text = DiffTextFormat.render(report)
        #expect(text.contains("acme: changed (1 variant change)\n  Variants\n    ~ holiday  who gets it changes  [style update only]\n"))
        #expect(text.contains("· 1 variant change ·"))
        let markdown = DiffMarkdownFormat.render(report)
        #expect(markdown.contains("| ✏️ | holiday | who gets it changes | style update only | when "))
        let html = DiffHTMLFormat.render(report)
        #expect(
            html.contains("<code>holiday</code></td><td>who gets it changes<div class=\"delivery styleUpdate\">style update only</div>"))
        let json = try JSONReader.parse(Array(DiffJSONFormat.render(report).utf8), file: "report.json").value
        let variant = try #require(
            json.objectValue?["targets"]?.value.arrayValue?.first?.value.objectValue?["variants"]?.value.arrayValue?.first?.value
                .objectValue)
        #expect(variant["name"]?.value.stringValue == "holiday")
        #expect(variant["aspects"]?.value.arrayValue?.map(\.value) == [.string("when")])
        #expect(variant["affectsAudience"]?.value == .bool(true))
        #expect(variant["delivery"]?.value.stringValue == "styleUpdate")
        #expect(json.objectValue?["summary"]?.value.objectValue?["variantChanges"]?.value == .integer(1))
    }
}
