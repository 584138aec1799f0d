import Foundation
import LiveryDiff
import LiveryTestSupport
import LiveryText
import Testing

/// `DiffFormat.all` is the one list of diff formats: names are unique and looked up
/// by it, the help is made from it, the docs name exactly its formats, and the
/// worked example of docs/architecture.md adds a format with one file and one line.
@Suite("Diff formats: the registry, its help and docs, adding a format")
struct DiffFormatRegistryTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func page(_ path: String) throws -> String {
        try String(contentsOf: projectRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The lines of `text` from the heading `heading` to the next heading of its level or above.
    static func section(_ heading: String, of text: String) throws -> [Substring] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex(of: Substring(heading)), "no \(heading)")
        let level = heading.prefix { $0 == "#" }.count
        let rest = lines[(start + 1)...]
        let end =
            rest.firstIndex { line in
                let hashes = line.prefix { $0 == "#" }.count
                return hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ")
            } ?? lines.endIndex
        return Array(lines[(start + 1)..<end])
    }

    /// Every `--format` value named on the `livery diff` usage lines of a page:
    /// `[--format a|b|c]` (`\|` in a Markdown table) in order, and the formats
    /// given a line of their own (`--format update --output DIR`).
    static func usageFormats(_ text: String) -> (report: [[String]], own: [String]) {
        var report: [[String]] = []
        var own: [String] = []
        for line in text.split(separator: "\n") where line.contains("livery diff BASE [HEAD]") {
            let unescaped = line.replacingOccurrences(of: "\\|", with: "|")
            if let range = unescaped.range(of: #"\[--format ([a-z|-]+)\]"#, options: .regularExpression) {
                let list = unescaped[range].dropFirst("[--format ".count).dropLast()
                report.append(list.split(separator: "|").map(String.init))
            } else if let range = unescaped.range(of: #"--format [a-z]+ "#, options: .regularExpression) {
                own.append(String(unescaped[range].dropFirst("--format ".count).dropLast()))
            }
        }
        return (report, own)
    }

    @Test func namesAreUniqueAndLookedUpByName() {
        let names = DiffFormat.all.map(\.name)
        #expect(Set(names).count == names.count)
        for format in DiffFormat.all {
            #expect(DiffFormat(named: format.name) == format)
            #expect(!format.summary.isEmpty)
        }
        #expect(DiffFormat(named: "nope") == nil)
        #expect(DiffFormat.all.filter(\.writesUpdates).map(\.name) == ["update"])
    }

    @Test func helpIsMadeFromTheRegistry() {
        #expect(DiffFormat.optionHelp() == "Output: " + ListPhrase.join(DiffFormat.all.map(\.name), lastSeparator: " or ") + ".")
        let paragraph = DiffFormat.helpParagraph()
        #expect(paragraph.hasPrefix("Formats: text (a terminal), markdown (a pull-request comment;"))
        #expect(paragraph.hasSuffix("see docs/runtime.md). See docs/diff.md."))
        for format in DiffFormat.all { #expect(paragraph.contains("\(format.name) (\(format.summary))")) }
    }

    @Test func docsNameExactlyTheRegisteredFormats() throws {
        let formats = try Self.section("## Formats", of: Self.page("docs/diff.md")).compactMap { line -> String? in
            guard line.hasPrefix("- **"), let end = line.dropFirst(4).firstIndex(of: "*") else { return nil }
            return String(line[line.index(line.startIndex, offsetBy: 4)..<end])
        }
        #expect(formats == DiffFormat.all.map(\.name), "docs/diff.md's Formats section")
        let reportFormats = DiffFormat.all.filter { !$0.writesUpdates }.map(\.name)
        for page in ["docs/diff.md", "README.md"] {
            let usage = Self.usageFormats(try Self.page(page))
            #expect(!usage.report.isEmpty, "\(page) has no livery diff usage line")
            for list in usage.report { #expect(list == reportFormats, "\(page)'s livery diff --format list") }
            #expect(usage.own == DiffFormat.all.filter(\.writesUpdates).map(\.name), "\(page)'s --format update line")
        }
    }

    @Test func theAddingAFormatExampleIsThisCopy() throws {
        let section = try Self.section("## Adding a format", of: Self.page("docs/architecture.md")).joined(separator: "\n")
        var blocks: [String] = []
        var rest = Substring(section)
        while let open = rest.range(of: "```swift\n"), let close = rest[open.upperBound...].range(of: "```") {
            blocks.append(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[close.upperBound...]
        }
        #expect(blocks.count == 2)
        let copy = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Examples/DiffTSVFormat.swift"),
            encoding: .utf8)
        #expect(
            blocks.first.map { "import LiveryDiff\n\n" + $0 } == copy,
            "docs/architecture.md's example and Tests/LiveryDiffTests/Examples/DiffTSVFormat.swift differ")
        #expect(blocks.last == "        DiffFormat(DiffTSVFormat.self),\n")
        // The registry line has the shape of the registry's own lines.
        let registry = try String(
            contentsOf: Self.projectRoot.appendingPathComponent("Sources/LiveryDiff/DiffFormat.swift"), encoding: .utf8)
        #expect(registry.contains("\n        DiffFormat(DiffPatchFormat.self),\n"))
    }

    @Test func theExampleFormatParsesRendersAndShowsInTheHelp() throws {
        let formats = DiffFormat.all + [DiffFormat(DiffTSVFormat.self)]
        let tsv = try #require(DiffFormat(named: "tsv", in: formats))
        #expect(DiffFormat(named: "tsv") == nil)
        let names = DiffFormat.all.map(\.name)
        #expect(DiffFormat.optionHelp(formats) == "Output: " + names.joined(separator: ", ") + " or tsv.")
        #expect(DiffFormat.helpParagraph(formats).hasSuffix(", tsv (\(DiffTSVFormat.summary)). See docs/diff.md."))
        let added = TargetPair(
            base: nil, head: try Styles.snapshot("zeta", own: ##"{"colors": {"a": "#000000"}}"##), changedInChain: ["zeta"])
        let changed = TargetPair(
            base: try Styles.snapshot("acme", own: ##"{"colors": {"a": "#000000", "b": "#111111"}}"##),
            head: try Styles.snapshot("acme", own: ##"{"colors": {"a": "#222222"}}"##),
            changedInChain: ["acme"]
        )
        let report = Styles.report([added, changed], unchanged: 3)
        #expect(tsv.render(report, context: DiffRenderContext()) == "acme\tchanged\t2\nzeta\tadded\t0\n")
    }

    @Test func everyFormatRendersThroughItsRegistryEntryAsItsRendererDoes() throws {
        let pair = TargetPair(
            base: try Styles.snapshot(
                "acme", own: ##"{"colors": {"a": "#000000"}, "images": {"logo": "a.png"}}"##,
                files: ["targets/acme/a.png": TestFiles.png(width: 4, height: 4)]),
            head: try Styles.snapshot(
                "acme", own: ##"{"colors": {"a": "#222222"}, "images": {"logo": "a.png"}}"##,
                files: ["targets/acme/a.png": TestFiles.png(width: 8, height: 8)]),
            changedInChain: ["acme"]
        )
        let report = Styles.report([pair], unchanged: 1)
        let marked = Styler { text, _ in "<\(text)>" }
        let context = DiffRenderContext(detail: .verbose, styler: marked) { _ in AssetPreviews(unreadable: ["x": "gone"]) }
        #expect(DiffFormat.text.render(report, context: context) == DiffTextFormat.render(report, styler: marked, detail: .verbose))
        #expect(DiffFormat.markdown.render(report, context: context) == DiffMarkdownFormat.render(report, verbose: true))
        #expect(try #require(DiffFormat(named: "json")).render(report, context: context) == DiffJSONFormat.render(report, verbose: true))
        #expect(try #require(DiffFormat(named: "patch")).render(report, context: context) == DiffPatchFormat.render(report))
        #expect(try #require(DiffFormat(named: "update")).render(report, context: context) == DiffPatchFormat.render(report))
        let html = try #require(DiffFormat(named: "html")).render(report, context: context)
        #expect(html == DiffHTMLFormat.render(report, assets: AssetPreviews(unreadable: ["x": "gone"]), verbose: true))
    }
}
