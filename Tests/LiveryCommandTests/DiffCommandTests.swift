import Foundation
import LiveryTestSupport
import Testing

@Suite("livery diff")
struct DiffCommandTests {
    static let base =
        ##"{"abstract": true, "colors": {"primary": {"light": "#111111", "dark": "#222222"}, "bg": "#FFFFFF", "accent": "#0000AA"}, "components": {"text": {"body": {"background": "bg", "foreground": "primary"}}}}"##

    static func child(_ id: String, extra: String = "") -> String {
        ##"{"extends": "base", "app": {"displayName": "\##(id)", "bundleId": "com.example.\##(id)"}\##(extra)}"##
    }

    /// v1: base, acme, bolt, and cove, which overrides `primary`.
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", Self.base)
        try fixture.write("targets/acme/style.json", Self.child("acme"))
        try fixture.write("targets/bolt/style.json", Self.child("bolt"))
        try fixture.write("targets/cove/style.json", Self.child("cove", extra: ##", "colors": {"primary": "#003300"}"##))
        try fixture.commitAll("v1", tag: "v1")
        return fixture
    }

    func json(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any], "\(result.stdout)\(result.stderr)")
    }

    func targets(_ document: [String: Any]) -> [String: [String: Any]] {
        var byID: [String: [String: Any]] = [:]
        for target in document["targets"] as? [[String: Any]] ?? [] {
            if let id = target["id"] as? String { byID[id] = target }
        }
        return byID
    }

    func changes(_ target: [String: Any]?) -> [String: [String: Any]] {
        var byPath: [String: [String: Any]] = [:]
        for change in target?["changes"] as? [[String: Any]] ?? [] {
            if let path = change["path"] as? String { byPath[path] = change }
        }
        return byPath
    }

    @Test func aBaseChangeReachesEveryChildButOneThatShadowsIt() throws {
        let fixture = try repository()
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: "#222222", with: "#333333"))
        try fixture.commitAll("v2", tag: "v2")
        let document = try json(try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path))
        let byID = targets(document)
        #expect(byID.keys.sorted() == ["acme", "bolt"])
        #expect((document["summary"] as? [String: Any])?["targetsUnchanged"] as? Int == 1)
        for id in ["acme", "bolt"] {
            let primary = changes(byID[id])["colors.primary"]
            #expect(primary?["via"] as? [String] == ["base"])
            #expect(primary?["breaking"] as? Bool == false)
        }
        let text = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(text.status == 0)
        #expect(text.stdout.contains("    ~ primary  dark #222222 → #333333  (via base)\n"), "\(text.stdout)")
        #expect(!text.stdout.contains("cove"))
    }

    @Test func aDarkOnlyChangeShowsOnlyTheDarkAppearance() throws {
        let fixture = try repository()
        try fixture.write(
            "targets/acme/style.json", Self.child("acme", extra: ##", "colors": {"accent": {"light": "#0000AA", "dark": "#5555FF"}}"##))
        try fixture.commitAll("v2", tag: "v2")
        let result = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path)
        #expect(
            result.stdout == """
                livery diff v1 (\(try fixture.git(["rev-parse", "--short=7", "v1"]))) → v2 (\(try fixture.git(["rev-parse", "--short=7", "v2"])))
                1 target changed · 1 change, 0 breaking · 2 unchanged
                release: patch — acme: colors.accent changed

                acme: changed (1 change)
                  Colours
                    ~ accent  dark #0000AA → #5555FF

                """)
    }

    @Test func aRenamedTargetIsPairedAndBreaking() throws {
        let fixture = try repository()
        try fixture.git(["mv", "targets/bolt", "targets/bolt-two"])
        try fixture.commitAll("v2", tag: "v2")
        let document = try json(try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path))
        let renamed = try #require(targets(document)["bolt-two"])
        #expect(renamed["status"] as? String == "renamed")
        #expect(renamed["renamedFrom"] as? String == "bolt")
        #expect(renamed["breaking"] as? Bool == true)
        #expect(targets(document)["bolt"] == nil)
        // Uncommitted, in the working tree: paired by content.
        try fixture.git(["mv", "targets/acme", "targets/acme-two"])
        let working = try json(try LiveryBinary.run(["diff", "v2", "--format", "json"], in: fixture.path))
        #expect(targets(working)["acme-two"]?["renamedFrom"] as? String == "acme")
    }

    @Test func anAssetSwappedUnderTheSameNameShowsSizeAndDimensions() throws {
        let fixture = try repository()
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: ##", "images": {"logo": "assets/logo.png"}"##))
        try fixture.write("targets/acme/assets/logo.png", TestFiles.png(width: 10, height: 10))
        try fixture.commitAll("v2", tag: "v2")
        try fixture.write("targets/acme/assets/logo.png", TestFiles.png(width: 20, height: 30))
        try fixture.commitAll("v3", tag: "v3")
        let document = try json(try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path))
        let logo = try #require(changes(targets(document)["acme"])["images.logo"])
        #expect(logo["kind"] as? String == "changed")
        let old = (logo["old"] as? [String: Any])?["light"] as? [String: Any]
        let new = (logo["new"] as? [String: Any])?["light"] as? [String: Any]
        #expect(old?["path"] as? String == "assets/logo.png")
        #expect(new?["path"] as? String == "assets/logo.png")
        #expect(
            [old?["width"] as? Int, old?["height"] as? Int, new?["width"] as? Int, new?["height"] as? Int] as [Int?] == [10, 10, 20, 30])
        #expect(old?["bytes"] as? Int == TestFiles.png(width: 10, height: 10).count)
        #expect(new?["bytes"] as? Int == TestFiles.png(width: 20, height: 30).count)
        let text = try LiveryBinary.run(["diff", "v2", "v3"], in: fixture.path).stdout
        #expect(text.contains("~ logo  assets/logo.png (378 B, 10×10) → assets/logo.png (1.9 KiB, 20×30)\n"), "\(text)")
    }

    @Test func removalsAreBreaking() throws {
        let fixture = try repository()
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: ##", "accent": "#0000AA""##, with: ""))
        try fixture.remove("targets/cove")
        try fixture.commitAll("v2", tag: "v2")
        let document = try json(try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path))
        let byID = targets(document)
        #expect(byID["cove"]?["status"] as? String == "removed")
        #expect(byID["cove"]?["breakingReason"] as? String == "target removed")
        let accent = changes(byID["acme"])["colors.accent"]
        #expect(accent?["kind"] as? String == "removed")
        #expect(accent?["breaking"] as? Bool == true)
        #expect(accent?["breakingReason"] as? String == "colour removed")
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["breaking"] as? Int == 3)  // cove removed, accent removed from acme and bolt
    }

    @Test func targetSelectsLikeBuildAndValidate() throws {
        // acme-kids extends the concrete acme; both change with base's primary colour.
        let fixture = try repository()
        try fixture.write(
            "targets/acme-kids/style.json", ##"{"extends": "acme", "app": {"displayName": "Kids", "bundleId": "com.example.kids"}}"##)
        try fixture.commitAll("v2", tag: "v2")
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: "#111111", with: "#121212"))
        func compared(_ arguments: [String]) throws -> Set<String> {
            let result = try LiveryBinary.run(["diff", "v2", "--format", "json"] + arguments, in: fixture.path)
            #expect(result.status == 0, "\(result.stderr)")
            return Set(try targets(json(result)).keys)
        }
        // A concrete target selects itself only, though another extends it.
        #expect(try compared(["--target", "acme"]) == ["acme"])
        // An abstract one selects everything under it; ids may share one argument, as a CI matrix gives them.
        #expect(try compared(["--target", "base"]) == ["acme", "acme-kids", "bolt"])
        #expect(try compared(["--target", "acme, bolt"]) == ["acme", "bolt"])
    }

    @Test func exitCodesFollowGitDiff() throws {
        let fixture = try repository()
        let same = try LiveryBinary.run(["diff", "v1", "v1", "--exit-code"], in: fixture.path)
        #expect(same.status == 0)
        #expect(same.stdout.hasSuffix("no differences (3 targets unchanged)\n"))
        try fixture.write("targets/acme/style.json", Self.child("acme-x"))
        #expect(try LiveryBinary.run(["diff", "v1", "--exit-code"], in: fixture.path).status == 1)
        #expect(try LiveryBinary.run(["diff", "v1"], in: fixture.path).status == 0)
        let unknown = try LiveryBinary.run(["diff", "nope", "v1"], in: fixture.path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown revision 'nope'"))
        let badTarget = try LiveryBinary.run(["diff", "v1", "--target", "acm"], in: fixture.path)
        #expect(badTarget.status == 2)
        #expect(badTarget.stderr.contains("unknown target 'acm'"))
        let scratch = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["diff", "v1", "--repo", scratch.path], in: scratch.path).status == 2)
        let unwritable = try LiveryBinary.run(["diff", "v1", "--output", scratch.path + "/missing/dir/report.txt"], in: fixture.path)
        #expect(unwritable.status == 2)
        #expect(
            unwritable.stderr.contains(
                "cannot write '\(scratch.path)/missing/dir/report.txt': its directory \(scratch.path)/missing/dir does not exist"),
            "\(unwritable.stderr)")
        #expect(try LiveryBinary.run(["diff"], in: fixture.path).status == 2)
        let help = try LiveryBinary.run(["diff", "--help"])
        #expect(help.stdout.contains("USAGE: livery diff [<options>] <base> [<head>]"), "\(help.stdout)")
    }

    /// The three files a change can be made in without touching any style.json.
    enum SwappedFile: String, CaseIterable, Sendable {
        case image, font, appIcon

        /// The style.json member declaring it, and the file at one level.
        var member: String {
            switch self {
            case .image: ##""images": {"logo": "logo.png"}"##
            case .font: ##""fonts": {"body": {"family": "Test Sans", "size": 14, "weight": "regular", "file": "body.ttf"}}"##
            case .appIcon: ##""appIcon": "icon.png""##
            }
        }

        var file: String {
            switch self {
            case .image: "logo.png"
            case .font: "body.ttf"
            case .appIcon: "icon.png"
            }
        }

        func bytes(version: Int) -> [UInt8] {
            switch self {
            case .image: TestFiles.png(width: 8 * version, height: 8, rgb: (UInt8(version), 2, 3))
            case .font: TestFiles.truetype(family: version == 1 ? "Test Sans" : "Test Sans ")
            case .appIcon: TestFiles.png(width: 1024, height: 1024, rgb: (UInt8(version * 40), 2, 3))
            }
        }

        var path: String {
            switch self {
            case .image: "images.logo"
            case .font: "fonts.body"
            case .appIcon: "appIcon"
            }
        }
    }

    /// base → banks → acme: in one release base changes a colour and banks a flag, and the file
    /// of an image, a font or the app icon is swapped in place at one level. The swap is
    /// attributed to that level only: no `via` when it is the client's own directory.
    @Test(arguments: SwappedFile.allCases, ["acme", "banks", "base"])
    func aSwappedFileIsAttributedToTheDirectoryItIsIn(_ kind: SwappedFile, _ level: String) throws {
        let fixture = try FixtureRepository()
        func write(version: Int) throws {
            let member = ", " + kind.member
            try fixture.write(
                "targets/base/style.json",
                ##"{"abstract": true, "colors": {"primary": "#\##(version == 1 ? "111111" : "222222")"}\##(level == "base" ? member : "")}"##
            )
            try fixture.write(
                "targets/banks/style.json",
                ##"{"abstract": true, "extends": "base", "flags": {"v\##(version)": true}\##(level == "banks" ? member : "")}"##)
            try fixture.write(
                "targets/acme/style.json",
                ##"{"extends": "banks", "app": {"displayName": "Acme", "bundleId": "com.example.acme"}\##(level == "acme" ? member : "")}"##
            )
            try fixture.write("targets/\(level)/\(kind.file)", kind.bytes(version: version))
        }
        try write(version: 1)
        try fixture.commitAll("v1", tag: "v1")
        try write(version: 2)
        try fixture.commitAll("v2", tag: "v2")

        let expected = level == "acme" ? [] : [level]
        let document = try json(try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path))
        let changed = changes(targets(document)["acme"])
        #expect(changed[kind.path]?["via"] as? [String] == expected, "\(changed[kind.path] ?? [:])")
        // The other changes of the release keep their own attribution.
        #expect(changed["colors.primary"]?["via"] as? [String] == ["base"])
        let text = try LiveryBinary.run(["diff", "v1", "v2"], in: fixture.path).stdout
        let line = try #require(
            text.split(separator: "\n").first {
                $0.contains(kind.path == "appIcon" ? "~ appIcon" : "~ " + kind.path.split(separator: ".")[1])
            }, "\(text)")
        #expect(level == "acme" ? !line.contains("via") : line.contains("(via \(level))"), "\(line)")
        let markdown = try LiveryBinary.run(["diff", "v1", "v2", "--format", "markdown"], in: fixture.path).stdout
        // The app icon's row says it needs an app release.
        let item = kind.path == "appIcon" ? "appIcon (needs an app release)" : kind.path
        let row = try #require(markdown.split(separator: "\n").first { $0.contains("| " + item + " |") }, "\(markdown)")
        let cells = row.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells.count > 6 && cells[6] == expected.joined(separator: ", "), "\(row)")
        let html = try LiveryBinary.run(["diff", "v1", "v2", "--format", "html"], in: fixture.path).stdout
        let tableRow = try #require(
            html.split(separator: "\n").first {
                $0.contains("<tr class=\"changed\">")
                    && $0.replacingOccurrences(of: "<wbr>", with: "").contains("<code>" + kind.path + "</code>")
            }, "\(html)")
        #expect(tableRow.hasSuffix("<td>\(expected.joined(separator: ", "))</td></tr>"), "\(tableRow)")
    }

    @Test func exitCodeBreakingGatesOnlyOnBreakingChanges() throws {
        let fixture = try repository()
        // A changed value is a difference, not a breaking one.
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: "#0000AA", with: "#0000BB"))
        #expect(try LiveryBinary.run(["diff", "v1", "--exit-code"], in: fixture.path).status == 1)
        let compatible = try LiveryBinary.run(["diff", "v1", "--exit-code", "breaking"], in: fixture.path)
        #expect(compatible.status == 0, "\(compatible.stdout)\(compatible.stderr)")
        #expect(try LiveryBinary.run(["diff", "v1", "--exit-code=breaking", "--format", "json"], in: fixture.path).status == 0)
        // A removed colour is breaking.
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: ##", "accent": "#0000AA""##, with: ""))
        #expect(try LiveryBinary.run(["diff", "v1", "--exit-code", "breaking"], in: fixture.path).status == 1)
        #expect(try LiveryBinary.run(["diff", "v1", "HEAD", "--exit-code", "breaking"], in: fixture.path).status == 0)
        // The bare flag, last or before other options, still means any difference.
        #expect(try LiveryBinary.run(["diff", "v1", "--exit-code", "--quiet"], in: fixture.path).status == 1)
        #expect(try LiveryBinary.run(["diff", "v1", "v1", "--exit-code"], in: fixture.path).status == 0)
        let wrong = try LiveryBinary.run(["diff", "v1", "--exit-code=sometimes"], in: fixture.path)
        #expect(wrong.status == 2)
    }

    @Test func anInvalidTargetIsReportedAndTheRestStillDiff() throws {
        let fixture = try repository()
        try fixture.write("targets/acme/style.json", Self.child("acme", extra: ##", "colors": {"bg": "{colors.nope}"}"##))
        try fixture.write("targets/bolt/style.json", Self.child("bolt-2"))
        try fixture.commitAll("v2", tag: "v2")
        let result = try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path)
        #expect(result.status == 0)
        let byID = targets(try json(result))
        #expect(byID["acme"]?["status"] as? String == "invalid")
        let errors = (byID["acme"]?["errors"] as? [String: Any])?["head"] as? [[String: Any]]
        #expect(errors?.first?["rule"] as? String == "alias-missing")
        #expect(changes(byID["bolt"])["app.displayName"]?["new"] as? String == "bolt-2")
    }

    @Test func targetFilterAndDeterministicOutput() throws {
        let fixture = try repository()
        try fixture.write("targets/base/style.json", Self.base.replacingOccurrences(of: "#FFFFFF", with: "#FEFEFE"))
        try fixture.commitAll("v2", tag: "v2")
        let one = try json(try LiveryBinary.run(["diff", "v1", "v2", "--target", "cove", "--format", "json"], in: fixture.path))
        #expect(targets(one).keys.sorted() == ["cove"])
        let all = try json(try LiveryBinary.run(["diff", "v1", "v2", "--target", "base", "--format", "json"], in: fixture.path))
        #expect(targets(all).keys.sorted() == ["acme", "bolt", "cove"])
        for format in ["text", "json", "markdown", "html", "patch"] {
            let first = try LiveryBinary.run(["diff", "v1", "v2", "--format", format], in: fixture.path)
            let second = try LiveryBinary.run(["diff", "v1", "v2", "--format", format], in: fixture.path)
            #expect(first.status == 0)
            #expect(first.stdoutBytes == second.stdoutBytes, "\(format)")
        }
    }

    /// The loose object file of the blob at `path` in `revision`.
    func objectFile(_ fixture: FixtureRepository, _ revision: String, _ path: String) throws -> String {
        let id = try fixture.git(["rev-parse", "\(revision):\(path)"])
        return fixture.path + "/.git/objects/" + id.prefix(2) + "/" + id.dropFirst(2)
    }

    @Test func aSecondDiffReadsNothingOfTheUnchangedClients() throws {
        let fixture = try repository()
        for index in 0..<12 { try fixture.write("targets/c\(index)/style.json", Self.child("c\(index)")) }
        try fixture.commitAll("v2", tag: "v2")
        try fixture.write("targets/dune/style.json", Self.child("dune"))
        try fixture.write("targets/acme/style.json", Self.child("acme-renamed"))
        try fixture.commitAll("v3", tag: "v3")
        let cacheDirectory = try TemporaryDirectory()
        let cache = ["LIVERY_CACHE_DIR": cacheDirectory.path]
        let cold = try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path, environment: cache)
        #expect(cold.status == 0, "\(cold.stderr)")
        // One directory for the repository in the cache directory, none in the repository.
        let directories = try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path)
        #expect(directories.count == 1)
        let cacheFile = cacheDirectory.path + "/" + (directories.first ?? "") + "/target-headers"
        #expect(FileManager.default.fileExists(atPath: cacheFile))
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/.git/livery"))

        // Take away the style files of every client that did not change: a diff that
        // needed them would fail, so a warm one that succeeds read none of them.
        for index in 0..<12 { try FileManager.default.removeItem(atPath: try objectFile(fixture, "v2", "targets/c\(index)/style.json")) }
        for id in ["bolt", "cove"] { try FileManager.default.removeItem(atPath: try objectFile(fixture, "v2", "targets/\(id)/style.json")) }
        let warm = try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path, environment: cache)
        #expect(warm.status == 0, "\(warm.stderr)")
        #expect(warm.stdout == cold.stdout)
        let document = try json(warm)
        #expect(targets(document).keys.sorted() == ["acme", "dune"])
        #expect((document["summary"] as? [String: Any])?["targetsUnchanged"] as? Int == 14)

        // Without the cache (turned off, or damaged) the same diff has to read them.
        let off = try LiveryBinary.run(["diff", "v2", "v3"], in: fixture.path, environment: cache.merging(["LIVERY_NO_CACHE": "1"]) { $1 })
        #expect(off.status == 2)
        try Data("not a cache\n".utf8).write(to: URL(fileURLWithPath: cacheFile))
        #expect(try LiveryBinary.run(["diff", "v2", "v3"], in: fixture.path, environment: cache).status == 2)
    }

    @Test func aRenamedTargetWithAnEditedStyleIsStillARename() throws {
        let fixture = try repository()
        try fixture.git(["mv", "targets/bolt", "targets/bolt-two"])
        try fixture.write("targets/bolt-two/style.json", Self.child("bolt", extra: ##", "flags": {"beta": true}"##))
        try fixture.commitAll("v2", tag: "v2")
        let document = try json(try LiveryBinary.run(["diff", "v1", "v2", "--format", "json"], in: fixture.path))
        #expect(targets(document)["bolt-two"]?["renamedFrom"] as? String == "bolt")
        #expect(targets(document)["bolt"] == nil)
        // A client unrelated to the one removed is an addition and a removal.
        try fixture.remove("targets/cove/style.json")
        try fixture.write(
            "targets/zeta/style.json",
            ##"{"extends": "base", "app": {"displayName": "Zeta Bank of Somewhere Else", "bundleId": "org.other.zeta"}, "colors": {"bg": "#000000", "accent": "#FF00FF"}}"##
        )
        try fixture.commitAll("v3", tag: "v3")
        let second = try json(try LiveryBinary.run(["diff", "v2", "v3", "--format", "json"], in: fixture.path))
        #expect(targets(second)["zeta"]?["status"] as? String == "added")
        #expect(targets(second)["cove"]?["status"] as? String == "removed")
    }
}
