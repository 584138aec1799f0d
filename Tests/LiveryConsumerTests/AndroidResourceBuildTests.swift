import Foundation
import LiveryTestSupport
import Testing

/// Every `android/res/` livery writes, for the demo targets and for the
/// 100-client benchmark corpus, compiled by AOSP's aapt against the framework
/// resources, and every XML file in it accepted by `xmllint --noout`. Tools:
/// Debian's `aapt`, `android-framework-res` and `libxml2-utils`, installed by
/// `scripts/product/bootstrap --test`; the corpus comes from livery's own `scripts/testing/make-corpus`.
@Suite("Android res/ of the demo and the 100-client corpus compile with aapt")
struct AndroidResourceBuildTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path
    static let frameworkResources = ExternalTool.frameworkResources

    struct Tools {
        var aapt: String
        var xmllint: String
    }

    static let haveTools = ExternalTool.aapt.isInstalled && ExternalTool.xmllint.isInstalled
    static let toolsMissing: Comment = """
        aapt, android-framework-res or xmllint is not installed: android/res is not compiled \
        (scripts/product/bootstrap --test installs them: apt-get install aapt android-framework-res libxml2-utils)
        """

    /// aapt and xmllint; every test calling this is enabled only when both are installed.
    func tools() throws -> Tools {
        Tools(aapt: try #require(ExternalTool.aapt.path), xmllint: try #require(ExternalTool.xmllint.path))
    }

    /// Packages each bundle's `android/res/` with aapt and lints its XML files; returns the failures.
    func check(bundlesIn out: String, tools: Tools) throws -> [String] {
        let manifest = out + "/AndroidManifest.xml"
        try Data(
            #"<?xml version="1.0" encoding="utf-8"?><manifest xmlns:android="http://schemas.android.com/apk/res/android" package="dev.livery.check"/>"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: manifest))
        var failures: [String] = []
        let bundles = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") && $0 != "AndroidManifest.xml" }
            .sorted()
        var xml: [String] = []
        for id in bundles {
            let res = "\(out)/\(id)/android/res"
            let result = try runProcess(
                tools.aapt, ["package", "-f", "-M", manifest, "-S", res, "-I", Self.frameworkResources, "-F", "\(out)/\(id).apk"])
            if result.status != 0 { failures.append("aapt \(id): \(result.stderr)") }
            let files = FileManager.default.enumerator(atPath: res)
            while let path = files?.nextObject() as? String {
                if path.hasSuffix(".xml") { xml.append("\(res)/\(path)") }
            }
            try? FileManager.default.removeItem(atPath: "\(out)/\(id).apk")
        }
        // One xmllint per few hundred files keeps the process count small.
        var start = 0
        while start < xml.count {
            let batch = Array(xml[start..<min(start + 400, xml.count)])
            let lint = try runProcess(tools.xmllint, ["--noout"] + batch)
            if lint.status != 0 { failures.append("xmllint: \(lint.stderr)") }
            start += 400
        }
        return failures
    }

    @Test(.enabled(if: Self.haveTools, Self.toolsMissing))
    func theDemoBundlesCompileAndLint() throws {
        let tools = try tools()
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--platform", "android"])
        #expect(build.status == 0, "\(build.stderr)")
        let failures = try check(bundlesIn: out.path, tools: tools)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
        let bundles = try FileManager.default.contentsOfDirectory(atPath: out.path).filter {
            !$0.hasPrefix(".") && $0 != "AndroidManifest.xml"
        }
        #expect(bundles.count >= 3)
        let acme = out.path + "/acme-bank/android/res"
        for path in [
            "values/styles.xml", "values/integers.xml", "values/bools.xml", "font/karla.xml", "font/league_spartan.xml",
            "font/leaguespartan_bold.otf",
        ] {
            #expect(FileManager.default.fileExists(atPath: "\(acme)/\(path)"), "missing \(path)")
        }
        let dimens = try String(contentsOfFile: acme + "/values/dimens.xml", encoding: .utf8)
        #expect(dimens.contains(#"<item name="card_aspect_ratio" type="dimen" format="float">1.586</item>"#))
        // The demo logos are drawn with paths: each is a VectorDrawable, and the build warns of nothing.
        #expect(FileManager.default.fileExists(atPath: acme + "/drawable/logo.xml"))
        #expect(!build.stdout.contains("warning") && !build.stderr.contains("warning"), "\(build.stdout)\(build.stderr)")
    }

    /// Names that need escaping, awkward strings and flags, and SVGs drawn with
    /// paths and shapes (light and dark) compile too; a clash of two names is an
    /// error that leaves that target unbuilt.
    @Test(.enabled(if: Self.haveTools, Self.toolsMissing))
    func escapedNamesStringsAndVectorsCompile() throws {
        let tools = try tools()
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/edge--case/style.json",
            ##"""
            {"app": {"displayName": "  Two  spaces & 'quotes' \"double\" @start 100%", "bundleId": "com.example.edge"},
             "colors": {"default": "#123456", "new": {"light": "#FFFFFF", "dark": "#000000"}, "Class": "#00000080"},
             "fonts": {"body": {"family": "Test Sans", "size": 15.5, "weight": "semibold", "file": "Test.ttf"},
                       "system": {"family": "sans-serif-condensed", "size": 12, "weight": "light"}},
             "dimensions": {"int": 4, "aspectRatio": 1.5, "disabledAlpha": 0.38},
             "animations": {"fade": {"short": 0.15, "x": 60}},
             "components": {"button": {"default": {"background": "default", "foreground": "#FFFFFF", "font": "body",
                                                   "height": 44, "shape": {"roundedRectangle": {"cornerRadius": 6}}}},
                            "switch": {"default": {"thumb": "new", "track": "Class"}},
                            "textField": {"plain": {"placeholder": "Class", "font": "system"}}},
             "images": {"mark": {"light": "mark.svg", "dark": "mark-dark.svg"}, "badge": "badge.svg"},
             "flags": {"for": true, "limit": -2147483648, "ratio": 0.5, "big": 3000000000, "note": "?why\nnot\t<b>"}}
            """##)
        try fixture.write("targets/edge--case/Test.ttf", TestFiles.truetype(weight: 600))
        try fixture.write(
            "targets/edge--case/mark.svg",
            ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="-2 -2 28 28"><g fill="#0A3D91" fill-rule="evenodd"><path d="M0 0h24v24H0z M4 4v16h16V4z"/></g><path d="M2 12l5 5L22 4" fill="none" stroke="#F2A900" stroke-width="2.5" stroke-linecap="round" stroke-linejoin="round" stroke-opacity=".8"/></svg>"##
        )
        try fixture.write(
            "targets/edge--case/mark-dark.svg",
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect x="1" y="1" width="22" height="22" rx="5" fill="#fff" fill-opacity="0.9"/><circle cx="12" cy="12" r="6" fill="#000"/><polygon points="12,2 14,8 10,8"/></svg>"##
        )
        try fixture.write("targets/edge--case/badge.svg", ##"<svg viewBox="0 0 10 10"><text>1</text></svg>"##)
        try fixture.write(
            "targets/clash/style.json",
            ##"{"app": {"displayName": "C", "bundleId": "com.example.clash"}, "colors": {"onPrimary": "#FFFFFF", "on_primary": "#000000"}}"##
        )
        try fixture.commitAll("edge")
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--out", out.path, "--platform", "android"], in: fixture.path)
        let report = build.stdout + build.stderr
        #expect(build.status != 0, "\(report)")
        #expect(report.contains("colour 'onPrimary' and colour 'on_primary' are both the Android resource @color/on_primary"), "\(report)")
        #expect(report.contains("colour 'default' is the Android resource 'default_'"), "\(report)")
        #expect(report.contains("image 'badge' (badge.svg) is not usable on Android: it uses <text>"), "\(report)")
        #expect(!FileManager.default.fileExists(atPath: out.path + "/clash"))
        let res = out.path + "/edge--case/android/res"
        for path in ["drawable/mark.xml", "drawable-night/mark.xml", "values/bools.xml", "font/test_sans.xml"] {
            #expect(FileManager.default.fileExists(atPath: "\(res)/\(path)"), "missing \(path)")
        }
        #expect(!FileManager.default.fileExists(atPath: res + "/drawable/badge.xml"))
        let failures = try check(bundlesIn: out.path, tools: tools)
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// The check can fail: aapt refuses a dimension without a unit, xmllint a broken file.
    @Test(.enabled(if: Self.haveTools, Self.toolsMissing))
    func theCheckRejectsBrokenResources() throws {
        let tools = try tools()
        let out = try TemporaryDirectory()
        let values = out.path + "/broken/android/res/values"
        try FileManager.default.createDirectory(atPath: values, withIntermediateDirectories: true)
        try Data(#"<resources><dimen name="spacing">16</dimen></resources>"#.utf8).write(to: URL(fileURLWithPath: values + "/dimens.xml"))
        let failures = try check(bundlesIn: out.path, tools: tools)
        #expect(failures.count == 1 && failures[0].hasPrefix("aapt broken"))
        try Data(#"<resources><bool name="a">true</bool>"#.utf8).write(to: URL(fileURLWithPath: values + "/dimens.xml"))
        #expect(try check(bundlesIn: out.path, tools: tools).contains { $0.hasPrefix("xmllint") })
    }

    @Test(
        .enabled(if: Self.haveTools, Self.toolsMissing),
        .enabled(
            if: ExternalTool.python3.isInstalled,
            "python3 is not installed: the corpus is not made (scripts/product/bootstrap --test installs it)")
    )
    func theHundredClientCorpusCompiles() throws {
        let tools = try tools()
        let python = try #require(ExternalTool.python3.path)
        let work = try TemporaryDirectory()
        let corpus = work.path + "/corpus"
        let made = try runProcess(python, [Self.root + "/scripts/testing/make-corpus", corpus, "--targets", "100"])
        try #require(made.status == 0, "\(made.stderr)")
        let out = work.path + "/dist"
        let build = try LiveryBinary.run(["build", "--repo", corpus, "--out", out, "--platform", "android"])
        #expect(build.status == 0, "\(build.stderr)")
        // The corpus logo sets its label as <text>: a warning per client, never a silent drop.
        // The build shows five and counts the rest; validate lists every one.
        let shown = (build.stdout + build.stderr).components(separatedBy: "[android-image]").count - 1
        #expect(shown == 5)
        #expect(build.stderr.contains("… and \(100 - shown) more android-image warnings"), "\(build.stderr.suffix(400))")
        let bundles = try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") }
        #expect(bundles.count == 100)
        let failures = try check(bundlesIn: out, tools: tools)
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n"))")
    }
}
