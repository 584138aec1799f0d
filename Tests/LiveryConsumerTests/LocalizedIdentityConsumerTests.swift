import Foundation
import LiveryTestSupport
import Testing

/// The demo client with a name in three languages (one written right to left) and a
/// store listing, built with every platform, then read by what reads each file:
/// aapt2 links its `res/` and `dump badging` lists the label per locale; Python's
/// plistlib reads every `.strings` file; the String Catalogs hold only the keys
/// Xcode's format documents; the fastlane tree is the layout deliver and supply read.
/// (Its web manifest loaded by headless Chromium: LiveryBrowserTests.)
@Suite("Consumers: a client's identity per language and its store listing")
struct LocalizedIdentityConsumerTests {
    static let client = "verde-grocers"
    /// What targets/verde-grocers/style.json gives, by BCP 47 tag ("en" is the default).
    static let names = ["en": "Verde Grocers", "es-419": "Verde Mercado", "fr-CA": "Épicerie Verde", "he": "ורדה מכולת"]
    static let taglines = ["en": "Fresh every day", "es-419": "Fresco todos los días", "fr-CA": "Frais tous les jours", "he": "טרי כל יום"]

    /// The demo repository built once with every platform (one build for the whole suite).
    static let built: Result<(directory: TemporaryDirectory, bundle: String), any Error> = Result {
        let directory = try TemporaryDirectory()
        let out = directory.path + "/dist"
        let build = try LiveryBinary.run(["build", "--repo", ConsumerFixture.demoRoot, "--out", out, "--platform", "all"])
        guard build.status == 0 else { throw ConsumerFailure(description: "livery build: exit \(build.status)\n\(build.stderr)") }
        return (directory, out + "/" + client)
    }

    /// The client's bundle; `root` is where the test keeps its own files.
    static func build(_ root: String) throws -> String {
        try built.get().bundle
    }

    @Test(.enabled(if: ExternalTool.aapt2.isInstalled, "aapt2 is not installed (scripts/product/bootstrap --test installs it)"))
    func aapt2ListsTheLabelOfEveryLocale() throws {
        let root = try TemporaryDirectory()
        let bundle = try Self.build(root.path)
        let badging = try AndroidConsumerAppTests.linkAPK(bundle: bundle, applicationId: "com.example.verdegrocers", scratch: root.path)
        // aapt2 names each locale by its resource qualifier, in BCP 47 form.
        let expected = [
            "application-label:'Verde Grocers'", "application-label-fr-CA:'Épicerie Verde'",
            "application-label-iw:'ורדה מכולת'", "application-label-es-419:'Verde Mercado'",
        ]
        for line in expected { #expect(badging.contains(line + "\n"), "\(line) in:\n\(badging)") }
        #expect(
            badging.contains("locales:") && badging.contains("'fr-CA'") && badging.contains("'iw'") && badging.contains("'es-419'"),
            "\(badging)")
    }

    @Test(.enabled(if: ExternalTool.python3.isInstalled, "python3 is not installed"))
    func plistlibReadsEveryStringsFileAndTheCatalogsHoldTheirDocumentedKeys() throws {
        let root = try TemporaryDirectory()
        let bundle = try Self.build(root.path)
        let expected: [String: Any] = ["names": Self.names, "taglines": Self.taglines]
        try Data(JSONSerialization.data(withJSONObject: expected)).write(to: URL(fileURLWithPath: root.path + "/expected.json"))
        let script = #"""
            import glob, json, os, plistlib, sys
            ios, expected = sys.argv[1], json.load(open(sys.argv[2]))
            seen = {}
            for path in sorted(glob.glob(os.path.join(ios, "*.lproj", "*.strings"))):
                with open(path, "rb") as f:
                    table = plistlib.load(f)
                tag = os.path.basename(os.path.dirname(path))[:-len(".lproj")]
                name = os.path.basename(path)
                if name == "InfoPlist.strings":
                    assert table == {"CFBundleDisplayName": expected["names"][tag], "CFBundleName": expected["names"][tag]}, (path, table)
                elif name == "LiveryApp.strings":
                    want = {"tagline": expected["taglines"][tag]}
                    if tag == "en": want["supportEmail"] = "help@verde.example"
                    assert table == want, (path, table)
                else:
                    raise AssertionError("unexpected " + path)
                seen.setdefault(name, set()).add(tag)
            assert seen == {"InfoPlist.strings": set(expected["names"]), "LiveryApp.strings": set(expected["taglines"])}, seen
            # String Catalog (.xcstrings) keys, as Xcode's format has them.
            units = {"translated", "needs_review", "new", "stale"}
            for name, values in [("InfoPlist", expected["names"]), ("LiveryApp", expected["taglines"])]:
                catalog = json.load(open(os.path.join(ios, name + ".xcstrings")))
                assert set(catalog) == {"sourceLanguage", "strings", "version"}, catalog.keys()
                assert catalog["version"] == "1.0" and catalog["sourceLanguage"] == "en"
                for key, entry in catalog["strings"].items():
                    assert set(entry) <= {"comment", "extractionState", "localizations", "shouldTranslate"}, entry.keys()
                    assert entry["extractionState"] == "manual"
                    for tag, localization in entry["localizations"].items():
                        assert set(localization) == {"stringUnit"}, localization
                        unit = localization["stringUnit"]
                        assert set(unit) == {"state", "value"} and unit["state"] in units, unit
                        if key in ("CFBundleDisplayName", "CFBundleName", "tagline"):
                            assert unit["value"] == values[tag], (key, tag, unit)
                    if key != "supportEmail":
                        assert set(entry["localizations"]) == set(values), (key, entry["localizations"].keys())
                keys = set(catalog["strings"])
                assert keys == ({"CFBundleDisplayName", "CFBundleName"} if name == "InfoPlist" else {"tagline", "supportEmail"}), keys
            print("ok", sum(len(v) for v in seen.values()))
            """#
        let run = try runProcess(try #require(ExternalTool.python3.path), ["-c", script, bundle + "/ios", root.path + "/expected.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "ok 8\n")
        // The build setting would define the display name a second time beside the catalog.
        let xcconfig = try String(contentsOfFile: bundle + "/ios/Target.xcconfig", encoding: .utf8)
        #expect(!xcconfig.contains("INFOPLIST_KEY_CFBundleDisplayName"))
    }

    @Test func theFastlaneTreeIsTheLayoutDeliverAndSupplyRead() throws {
        let root = try TemporaryDirectory()
        let bundle = try Self.build(root.path)
        let metadata = bundle + "/fastlane/metadata"
        let screenshots = bundle + "/fastlane/screenshots"
        let written = FileTree.paths(under: metadata)
        let shots = FileTree.paths(under: screenshots)
        try Self.expectDeliverOrSupplyReadsEveryPath(written, screenshots: shots, in: screenshots)
        // File by file, the tree is the listing under each store's codes.
        let (expected, images) = Self.storeListing()
        #expect(
            Set(written) == Set(expected.keys),
            "extra: \(Set(written).subtracting(expected.keys).sorted()), missing: \(Set(expected.keys).subtracting(written).sorted())")
        #expect(Set(shots.map { "screenshots/" + $0 }) == Set(images.keys.filter { $0.hasPrefix("screenshots/") }))
        for (path, text) in expected where path.hasSuffix(".txt") {
            let got = try String(contentsOfFile: metadata + "/" + path, encoding: .utf8)
            #expect(got + "\n" == text, "\(path)")
        }
        for (path, origin) in images {
            let got = try Data(contentsOf: URL(fileURLWithPath: bundle + "/fastlane/" + path))
            #expect(got == (try Data(contentsOf: URL(fileURLWithPath: origin))), "\(path) is not \(origin)")
        }
        // The Play icon: 512×512, 32-bit (RGBA, PNG colour type 6), under Play's 1 MiB.
        let icon = try [UInt8](Data(contentsOf: URL(fileURLWithPath: metadata + "/android/iw-IL/images/icon.png")))
        #expect(Array(icon[16..<24]) == [0, 0, 2, 0, 0, 0, 2, 0] && icon[24] == 8 && icon[25] == 6)
        #expect(icon.count <= 1_048_576)
    }

    /// What each tool reads: deliver's localized files in a folder named by an App
    /// Store Connect code (any other folder but `android` stops it), supply's fields,
    /// changelogs, images and screenshot folders under android/<Play code>/, and
    /// deliver's screenshots as files of a language folder under screenshots/.
    static func expectDeliverOrSupplyReadsEveryPath(_ written: [String], screenshots shots: [String], in screenshots: String) throws {
        let deliverFiles = [
            "description", "keywords", "release_notes", "support_url", "marketing_url", "promotional_text", "name", "subtitle",
            "privacy_url", "apple_tv_privacy_policy",
        ]
        let deliverLanguages = Set(LocaleTableFixture.appStoreCodes)
        let supplyLanguages = Set(LocaleTableFixture.playCodes)
        for path in written {
            let parts = path.split(separator: "/").map(String.init)
            if parts[0] == "android" {
                #expect(supplyLanguages.contains(parts[1]), "\(path): not a Play language")
                let rest = parts.dropFirst(2).joined(separator: "/")
                let readable =
                    ["title.txt", "short_description.txt", "full_description.txt", "video.txt"].contains(rest)
                    || rest.wholeMatch(of: /changelogs\/[0-9]+\.txt/) != nil
                    || rest.wholeMatch(of: /images\/(featureGraphic|icon|tvBanner)\.(png|jpe?g)/) != nil
                    || rest.wholeMatch(of: /images\/(phone|sevenInch|tenInch|tv|wear)Screenshots\/[^\/]+\.(png|jpe?g)/) != nil
                #expect(readable, "\(path): supply does not read it")
            } else {
                #expect(parts.count == 2 && deliverLanguages.contains(parts[0]), "\(path): not an App Store language folder")
                #expect(deliverFiles.map { $0 + ".txt" }.contains(parts.last ?? ""), "\(path): deliver does not read it")
            }
        }
        for path in shots {
            let parts = path.split(separator: "/").map(String.init)
            #expect(
                parts.count == 2 && deliverLanguages.contains(parts[0]) && parts[1].wholeMatch(of: /[^\/]+\.(png|jpe?g)/) != nil,
                "\(path): deliver does not read it")
            // A size deliver puts in a display set (its table of App Store Connect's sizes).
            let png = try [UInt8](Data(contentsOf: URL(fileURLWithPath: screenshots + "/" + path)))
            let size = "\(Self.bigEndian(png[16..<20]))x\(Self.bigEndian(png[20..<24]))"
            #expect(LocaleTableFixture.deliverScreenshotSizes.contains(size), "\(path): \(size) is no App Store display")
        }
    }

    /// The listing the fastlane tree must hold, from the demo's store folders: each text
    /// file's expected content (empty for an image) by its path under metadata/, and each
    /// copied image's source by its path under fastlane/.
    static func storeListing() -> (texts: [String: String], images: [String: String]) {
        let store = ConsumerFixture.demoRoot + "/targets"
        func source(_ target: String, _ path: String) -> String? {
            try? String(contentsOfFile: "\(store)/\(target)/store/\(path)", encoding: .utf8)
        }
        var expected: [String: String] = [:]
        var images: [String: String] = [:]
        let appStore = ["en-US": "en-US", "fr-CA": "fr-CA", "he": "he"]
        let play = ["en-US": "en-US", "fr-CA": "fr-CA", "he": "iw-IL", "es-419": "es-419"]
        let appStoreFields = [
            "name", "subtitle", "description", "keywords", "promotional_text", "release_notes", "privacy_url", "support_url",
            "marketing_url",
        ]
        let playFields = ["title", "short_description", "full_description", "changelogs/42"]
        let folder = store + "/" + client + "/store/"
        for (tag, code) in appStore {
            for field in appStoreFields {
                guard let text = source(client, "\(tag)/\(field).txt") ?? source("base", "\(tag)/\(field).txt") else { continue }
                expected["\(code)/\(field).txt"] = text
            }
            // Hebrew's own screenshot replaces the shared one of its name.
            images["screenshots/\(code)/1-home.png"] = folder + (tag == "he" ? "he/" : "") + "images/screenshots/1-home.png"
        }
        for (tag, code) in play {
            for field in playFields {
                guard let text = source(client, "\(tag)/\(field).txt") else { continue }
                expected["android/\(code)/\(field).txt"] = text
            }
            expected["android/\(code)/images/icon.png"] = ""
            images["metadata/android/\(code)/images/featureGraphic.png"] = folder + "images/featureGraphic.png"
            images["metadata/android/\(code)/images/phoneScreenshots/1.png"] =
                folder + (tag == "he" ? "he/" : "") + "images/phoneScreenshots/1.png"
        }
        for path in images.keys where path.hasPrefix("metadata/") { expected[String(path.dropFirst("metadata/".count))] = "" }
        return (expected, images)
    }

    static func bigEndian(_ bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}

/// The store codes of fastlane's deliver and supply language lists.
enum LocaleTableFixture {
    static let appStoreCodes =
        "ar-SA bn ca cs da de-DE el en-AU en-CA en-GB en-US es-ES es-MX fi fr-CA fr-FR gu he hi hr hu id it ja kn ko ml mr ms nl-NL no or pa pl pt-BR pt-PT ro ru sk sl sv ta te th tr uk ur vi zh-Hans zh-Hant"
        .split(separator: " ").map(String.init)
    /// The pixel sizes deliver puts in an App Store display set (iPhone 6.9"/6.7", 6.5", 5.5"; iPad 13"/12.9").
    static let deliverScreenshotSizes: Set<String> = [
        "1320x2868", "2868x1320", "1290x2796", "2796x1290", "1284x2778", "1242x2688", "1242x2208", "2064x2752", "2048x2732",
    ]
    static let playCodes =
        "af am ar az-AZ be bg bn-BD ca cs-CZ da-DK de-DE el-GR en-AU en-CA en-GB en-IN en-SG en-US en-ZA es-419 es-ES es-US et eu-ES fa fi-FI fil fr-CA fr-FR gl-ES hi-IN hr hu-HU hy-AM id is-IS it-IT iw-IL ja-JP ka-GE km-KH kn-IN ko-KR ky-KG lo-LA lt lv mk-MK ml-IN mn-MN mr-IN ms ms-MY my-MM ne-NP nl-NL no-NO pl-PL pt-BR pt-PT rm ro ru-RU si-LK sk sl sr sv-SE sw ta-IN te-IN th tr-TR uk vi zh-CN zh-HK zh-TW zu"
        .split(separator: " ").map(String.init)
}
