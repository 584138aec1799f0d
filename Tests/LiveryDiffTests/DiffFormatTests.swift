import Foundation
import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import LiveryText
import Testing

@Suite("Diff report formats")
struct DiffFormatTests {
    static let hostile = ##"<script>document.title='pwned'</script> | *x* [a](http://evil.test) `c`"##

    func report() throws -> DiffReport {
        let before =
            ##"{"app": {"displayName": "Acme"}, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "old": "#000000"}, "images": {"logo": "a.png"}}"##
        let after =
            ##"{"app": {"displayName": "\##(Self.hostile.replacingOccurrences(of: "\"", with: "\\\""))"}, "colors": {"primary": {"light": "#111111", "dark": "#333333"}}, "images": {"logo": "a.png"}}"##
        let pair = TargetPair(
            base: try Styles.snapshot("acme", own: before, files: ["targets/acme/a.png": TestFiles.png(width: 4, height: 4)]),
            head: try Styles.snapshot("acme", own: after, files: ["targets/acme/a.png": TestFiles.png(width: 8, height: 8)]),
            changedInChain: ["acme"]
        )
        return Styles.report([pair], unchanged: 2)
    }

    @Test func textLeadsWithCountsAndShowsOldToNew() throws {
        let text = DiffTextFormat.render(try report())
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "livery diff v1 (1111111) → v2 (2222222)")
        #expect(lines[1] == "1 target changed · 4 changes, 1 breaking · 2 unchanged")
        #expect(text.contains("acme: changed (4 changes, 1 breaking)"))
        #expect(text.contains("    ~ primary  dark #222222 → #333333\n"))
        #expect(text.contains("    - old  #000000  BREAKING: colour removed\n"))
        #expect(text.contains("    ~ logo  a.png ("))
        #expect(!text.contains("\u{1B}["))
        // Emphasis is described, never written as terminal codes: the caller's styler shows it.
        let styled = DiffTextFormat.render(try report(), styler: Styler { text, emphasis in "<\(emphasis)>\(text)</\(emphasis)>" })
        #expect(styled.contains("    <removed>- old</removed>  #000000  <problem>BREAKING: colour removed</problem>\n"), "\(styled)")
        #expect(styled.contains("<heading>acme: changed (4 changes, 1 breaking)</heading>"))
        #expect(!styled.contains("\u{1B}["))
    }

    @Test func markdownEscapesRepositoryText() throws {
        let markdown = DiffMarkdownFormat.render(try report())
        #expect(
            markdown.hasPrefix(
                "### livery diff — v1 (1111111) → v2 (2222222)\n\n**1 target changed · 4 changes, 1 breaking · 2 unchanged**\n"))
        #expect(!markdown.contains("<script>"))
        #expect(!markdown.contains("](http"))
        #expect(markdown.contains("&lt;script&gt;"))
        #expect(markdown.contains("| ✏️ | colors.primary | dark #222222 | dark #333333 |  |  |"))
    }

    @Test func largeMarkdownIsSummarisedUnderTheLimit() throws {
        var pairs: [TargetPair] = []
        for index in 0..<60 {
            let id = "client-\(index)"
            pairs.append(
                TargetPair(
                    base: try Styles.snapshot(id, own: ##"{"colors": {"a": "#111111", "b": "#222222", "c": "#333333"}}"##),
                    head: try Styles.snapshot(id, own: ##"{"colors": {"a": "#111112", "b": "#222223", "c": "#333334"}}"##),
                    changedInChain: [id]
                ))
        }
        let report = Styles.report(pairs)
        let full = DiffMarkdownFormat.render(report)
        #expect(full.contains("<details>"))
        let limit = 4000
        #expect(full.utf8.count > limit)
        let summarised = DiffMarkdownFormat.render(report, limit: limit)
        #expect(summarised.utf8.count <= limit)
        #expect(!summarised.contains("<details>"))
        #expect(summarised.contains("1 MiB"))
        let tiny = DiffMarkdownFormat.render(report, limit: 1200)
        #expect(tiny.utf8.count <= 1200)
        #expect(tiny.contains("more targets"))
    }

    @Test func htmlIsSelfContainedAndEscaped() throws {
        let report = try report()
        let blobs = report.targets.flatMap(\.changes).flatMap { change -> [AssetFile] in
            [change.old, change.new].compactMap { value in
                if case .asset(let files)? = value { return files["light"] }
                return nil
            }
        }
        #expect(blobs.count == 2)
        let assets = Dictionary(uniqueKeysWithValues: blobs.map { ($0.blob, TestFiles.png(width: 4, height: 4)) })
        // Paths may wrap between their words (`<wbr>`); the text is the same.
        let html = DiffHTMLFormat.render(report, assets: AssetPreviews(bytes: assets)).replacingOccurrences(of: "<wbr>", with: "")
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
        #expect(html.contains("default-src 'none'"))
        #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url("))
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,").count == 3)
        #expect(html.contains("background:#333333"))
        let capped = DiffHTMLFormat.render(report, assets: AssetPreviews(bytes: assets), maxInlineBytes: 10)
        #expect(!capped.contains("data:image/png"))
        #expect(capped.contains("not inlined: larger than 10 B"))
    }

    @Test func htmlSaysWhichImagesCouldNotBeRead() throws {
        let report = try report()
        let blobs = report.targets.flatMap(\.changes).flatMap { change -> [String] in
            [change.old, change.new].compactMap { value in
                if case .asset(let files)? = value { return files["light"]?.blob }
                return nil
            }
        }
        let readable = try #require(blobs.first)
        let unreadable = try #require(blobs.last)
        let assets = AssetPreviews(
            bytes: [readable: TestFiles.png(width: 4, height: 4)], unreadable: [unreadable: "object <missing> not found"])
        let html = DiffHTMLFormat.render(report, assets: assets)
        #expect(
            html.contains(
                "<p class=\"note unreadable\">1 image could not be read from the repository and is not shown; each says why below.</p>"))
        #expect(html.contains("<div class=\"omitted unreadable\">could not be read: object &lt;missing&gt; not found</div>"))
        #expect(html.components(separatedBy: "src=\"data:image/png;base64,").count == 2)
        // Every image read: no note.
        #expect(
            !DiffHTMLFormat.render(report, assets: AssetPreviews(bytes: [readable: [1], unreadable: [2]])).contains("could not be read"))
    }

    @Test func jsonIsVersionedAndDeterministic() throws {
        let first = DiffJSONFormat.render(try report())
        #expect(first == DiffJSONFormat.render(try report()))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["targetsChanged"] as? Int == 1)
        #expect(summary["breaking"] as? Int == 1)
        let targets = try #require(document["targets"] as? [[String: Any]])
        let changes = try #require(targets.first?["changes"] as? [[String: Any]])
        let primary = try #require(changes.first { $0["path"] as? String == "colors.primary" })
        #expect((primary["appearances"] as? [[String: Any]])?.first?["appearance"] as? String == "dark")
        #expect((primary["new"] as? [String: Any])?["dark"] as? String == "#333333")
        let logo = try #require(changes.first { $0["path"] as? String == "images.logo" })
        #expect(((logo["new"] as? [String: Any])?["light"] as? [String: Any])?["width"] as? Int == 8)
    }

    @Test func patchFormatIsKeyedByTarget() throws {
        let patch = DiffPatchFormat.render(try report())
        let document = try #require(try JSONSerialization.jsonObject(with: Data(patch.utf8)) as? [String: Any])
        let acme = try #require(document["acme"] as? [String: Any])
        #expect((acme["colors"] as? [String: Any])?["old"] is NSNull)
        #expect(((acme["colors"] as? [String: Any])?["primary"] as? [String: Any])?["dark"] as? String == "#333333")
    }
}
