import Foundation
import LiveryDiff
import LiveryTargets
import Testing

@Suite("Derived changes and their alias chains")
struct AliasChainTests {
    /// `accent` follows `primary`, `link` follows `accent`, the button names `primary`,
    /// `onPrimary` takes its light appearance from the brand palette.
    static let base =
        ##"{"abstract": true, "palettes": {"brand": "#3366CC"}, "colors": {"primary": "#111111", "accent": "{colors.primary}", "link": "{colors.accent}", "bg": "#FFFFFF", "onPrimary": {"light": "{palettes.brand.light02}", "dark": "#000000"}}, "components": {"button": {"primary": {"background": "primary", "foreground": "bg"}}}}"##

    func diff(own before: String, _ after: String, baseBefore: String = base, baseAfter: String = base, changed: [String]) throws
        -> TargetDiff
    {
        let pair = TargetPair(
            base: try Styles.snapshot("acme", own: before, base: baseBefore),
            head: try Styles.snapshot("acme", own: after, base: baseAfter),
            changedInChain: changed
        )
        return try #require(DiffEngine.compare(pair))
    }

    func byPath(_ diff: TargetDiff) -> [String: Change] {
        Dictionary(uniqueKeysWithValues: diff.changes.map { ($0.path, $0) })
    }

    @Test func aClientsOwnPrimaryExplainsEveryValueThatFollowsIt() throws {
        let diff = try diff(
            own: ##"{"extends": "base"}"##, ##"{"extends": "base", "colors": {"primary": "#222222"}}"##, changed: ["acme"]
        )
        let changes = byPath(diff)
        #expect(changes.keys.sorted() == ["colors.accent", "colors.link", "colors.primary", "components.button.primary.background"])
        #expect(changes["colors.primary"]?.isDirect == true)
        #expect(changes["colors.primary"]?.aliasChains == [])
        #expect(changes["colors.accent"]?.aliasChains == [["colors.accent", "colors.primary"]])
        #expect(changes["colors.link"]?.aliasChains == [["colors.link", "colors.accent", "colors.primary"]])
        #expect(
            changes["components.button.primary.background"]?.aliasChains == [["components.button.primary.background", "colors.primary"]])
        // The client's own file made the change: no "via".
        #expect(diff.changes.allSatisfy { $0.via.isEmpty })
        let report = Styles.report([
            TargetPair(
                base: try Styles.snapshot("acme", own: ##"{"extends": "base"}"##, base: Self.base),
                head: try Styles.snapshot("acme", own: ##"{"extends": "base", "colors": {"primary": "#222222"}}"##, base: Self.base),
                changedInChain: ["acme"]
            )
        ])
        #expect(report.counts.direct == 1)
        #expect(report.counts.throughAliases == 3)
        #expect(DiffSummary.line(report) == "1 target changed · 4 changes (1 direct, 3 through aliases), 0 breaking · 0 unchanged")
    }

    @Test func aBaseChangeGivesDerivedValuesTheirChainAndVia() throws {
        let after = Self.base.replacingOccurrences(of: "\"primary\": \"#111111\"", with: "\"primary\": \"#222222\"")
        let diff = try diff(own: ##"{"extends": "base"}"##, ##"{"extends": "base"}"##, baseAfter: after, changed: ["base"])
        let changes = byPath(diff)
        #expect(changes["colors.link"]?.aliasChains == [["colors.link", "colors.accent", "colors.primary"]])
        #expect(diff.changes.allSatisfy { $0.via == ["base"] })
    }

    @Test func anAppearanceThatFollowsAPaletteNamesThatAppearance() throws {
        let after = Self.base.replacingOccurrences(of: "#3366CC", with: "#CC3366")
        let diff = try diff(own: ##"{"extends": "base"}"##, ##"{"extends": "base"}"##, baseAfter: after, changed: ["base"])
        let onPrimary = try #require(byPath(diff)["colors.onPrimary"])
        #expect(onPrimary.aliasChains == [["colors.onPrimary.light", "palettes.brand.light02"]])
        #expect(onPrimary.via == ["base"])
        #expect(byPath(diff)["palettes.brand"]?.isDirect == true)
    }

    @Test func aValueWhoseOwnTextChangedIsDirectEvenWhenItIsAnAlias() throws {
        // link now follows bg instead of accent: its own text changed.
        let diff = try diff(
            own: ##"{"extends": "base"}"##, ##"{"extends": "base", "colors": {"link": "{colors.bg}"}}"##, changed: ["acme"]
        )
        let link = try #require(byPath(diff)["colors.link"])
        #expect(link.isDirect)
        #expect(diff.changes.count == 1)
    }

    @Test func aRenamedTargetsOwnAliasIsStillNotADirectChange() throws {
        let own = ##"{"extends": "base", "colors": {"bg": "{colors.primary}"}}"##
        let after = Self.base.replacingOccurrences(of: "\"primary\": \"#111111\"", with: "\"primary\": \"#222222\"")
        let diff = try #require(
            DiffEngine.compare(
                TargetPair(
                    base: try Styles.snapshot("old", own: own, base: Self.base),
                    head: try Styles.snapshot("fresh", own: own, base: after),
                    changedInChain: ["fresh", "old", "base"]
                )))
        #expect(diff.status == .renamed)
        #expect(byPath(diff)["colors.bg"]?.aliasChains == [["colors.bg", "colors.primary"]])
        #expect(byPath(diff)["colors.bg"]?.via == ["base"])
    }

    @Test func everyFormatShowsTheChainAndTheSplit() throws {
        let report = Styles.report([
            TargetPair(
                base: try Styles.snapshot("acme", own: ##"{"extends": "base"}"##, base: Self.base),
                head: try Styles.snapshot("acme", own: ##"{"extends": "base", "colors": {"primary": "#222222"}}"##, base: Self.base),
                changedInChain: ["acme"]
            )
        ])
        let text = DiffTextFormat.render(report)
        #expect(text.contains("    ~ link  #111111 → #222222  (link → colors.accent → colors.primary)\n"), "\(text)")
        #expect(text.contains("    ~ button.primary.background  #111111 → #222222  (button.primary.background → colors.primary)\n"))
        #expect(text.contains("    ~ primary  #111111 → #222222\n"))
        #expect(text.contains("(1 direct, 3 through aliases)"))

        let markdown = DiffMarkdownFormat.render(report)
        #expect(markdown.contains("| | item | before | after | alias chain | via | breaking |"))
        #expect(
            markdown.contains("| ✏️ | colors.link | #111111 | #222222 | colors.link → colors.accent → colors.primary |  |  |"), "\(markdown)"
        )
        #expect(markdown.contains("(1 direct, 3 through aliases)"))

        // Paths may wrap between their words (`<wbr>`); the text is the same.
        let html = DiffHTMLFormat.render(report).replacingOccurrences(of: "<wbr>", with: "")
        #expect(html.contains("<td class=\"chain\">colors.link → colors.accent → colors.primary</td>"))
        #expect(html.contains("(1 direct, 3 through aliases)"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(DiffJSONFormat.render(report).utf8)) as? [String: Any])
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["changes"] as? Int == 4)
        #expect(summary["changesDirect"] as? Int == 1)
        #expect(summary["changesThroughAliases"] as? Int == 3)
        let changes = try #require((json["targets"] as? [[String: Any]])?.first?["changes"] as? [[String: Any]])
        let link = try #require(changes.first { $0["path"] as? String == "colors.link" })
        #expect(link["aliasChains"] as? [[String]] == [["colors.link", "colors.accent", "colors.primary"]])
        #expect(link["direct"] as? Bool == false)
        #expect(link["via"] as? [String] == [])
        let primary = try #require(changes.first { $0["path"] as? String == "colors.primary" })
        #expect(primary["aliasChains"] as? [[String]] == [])
        #expect(primary["direct"] as? Bool == true)
    }
}

@Suite("Diff sides named as given")
struct DiffSideNameTests {
    func report(base: RevisionInfo, head: RevisionInfo) throws -> DiffReport {
        let pair = TargetPair(
            base: try Styles.snapshot("acme", own: ##"{"colors": {"a": "#111111"}}"##),
            head: try Styles.snapshot("acme", own: ##"{"colors": {"a": "{colors.nope}"}}"##),
            changedInChain: ["acme"]
        )
        return Styles.report([pair], base: base, head: head)
    }

    static let previous = RevisionInfo(label: "HEAD~1 (1111111)", revision: "HEAD~1", commit: String(repeating: "1", count: 40))
    static let working = RevisionInfo(label: "working tree", revision: nil, commit: nil)

    @Test func anErrorInTheWorkingTreeIsNotBlamedOnHEAD() throws {
        let report = try report(base: Self.previous, head: Self.working)
        let text = DiffTextFormat.render(report)
        #expect(text.contains("  invalid in working tree:\n"), "\(text)")
        #expect(!text.contains("invalid in HEAD"))
        let markdown = DiffMarkdownFormat.render(report)
        #expect(markdown.contains("Invalid in working tree:\n"))
        #expect(!markdown.contains("Invalid in HEAD"))
        let html = DiffHTMLFormat.render(report)
        #expect(html.contains("<p>Invalid in <span class=\"rev\">working tree</span>:</p>"))
        #expect(!html.contains("Invalid in HEAD"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(DiffJSONFormat.render(report).utf8)) as? [String: Any])
        #expect((json["head"] as? [String: Any])?["name"] as? String == "working tree")
        #expect((json["base"] as? [String: Any])?["name"] as? String == "HEAD~1")
    }

    @Test func anErrorInARevisionNamesItAsWritten() throws {
        let report = try report(
            base: Self.previous,
            head: RevisionInfo(label: "main~2 (2222222)", revision: "main~2", commit: String(repeating: "2", count: 40)))
        #expect(DiffTextFormat.render(report).contains("  invalid in main~2:\n"))
        // A tilde is escaped in Markdown: GitHub would strike `HEAD~1 … main~2` through.
        let markdown = DiffMarkdownFormat.render(report)
        #expect(markdown.contains("Invalid in main&#126;2:\n"))
        #expect(markdown.hasPrefix("### livery diff — HEAD&#126;1 (1111111) → main&#126;2 (2222222)\n"))
    }

    @Test func quietKeepsTheCountsAndTheProblemsAndVerboseListsUnchangedTargets() throws {
        var report = try report(base: Self.previous, head: Self.working)
        let changed = TargetPair(
            base: try Styles.snapshot("bolt", own: ##"{"colors": {"a": "#111111"}}"##),
            head: try Styles.snapshot("bolt", own: ##"{"colors": {"a": "#222222"}}"##),
            changedInChain: ["bolt"]
        )
        report = DiffReport(
            base: report.base, head: report.head, targets: report.targets + [try #require(DiffEngine.compare(changed))],
            unchanged: 2, unchangedTargets: ["cove", "dune"]
        )
        let quiet = DiffTextFormat.render(report, detail: .quiet)
        #expect(quiet.contains("1 target changed, 1 invalid"))
        #expect(quiet.contains("invalid in working tree:"))
        #expect(!quiet.contains("bolt"))
        let normal = DiffTextFormat.render(report)
        #expect(normal.contains("bolt: changed"))
        #expect(!normal.contains("cove"))
        let verbose = DiffTextFormat.render(report, detail: .verbose)
        #expect(verbose.hasSuffix("\nunchanged (2)\n  cove\n  dune\n"), "\(verbose)")
        #expect(
            DiffMarkdownFormat.render(report, verbose: true).contains(
                "<details><summary>Unchanged targets (2)</summary>\n\n- cove\n- dune\n"))
        #expect(DiffHTMLFormat.render(report, verbose: true).contains("<li>cove</li>\n<li>dune</li>"))
        #expect(!DiffJSONFormat.render(report).contains("unchangedTargets"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(DiffJSONFormat.render(report, verbose: true).utf8)) as? [String: Any])
        #expect(json["unchangedTargets"] as? [String] == ["cove", "dune"])
    }
}
