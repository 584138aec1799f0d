import Foundation
import LiveryTestSupport
import Testing

/// One locale, one name on every platform: a client's display name per language is
/// built for every platform, then read back as each platform resolves it (iOS: the
/// language's `.lproj` strings and the String Catalog, falling back to the catalog's
/// source language; Android: `values-<qualifier>/strings.xml`, falling back to
/// `values/`; the web: the manifest's `name` for its `lang`), and the readings agree.
@Suite("Locales: the same locale gets the same text on every platform")
struct LocaleAgreementTests {
    /// The Android qualifier of each tag these tests use, as Android names it.
    static let qualifiers = ["en": "en", "he": "iw", "fr-CA": "fr-rCA", "de": "de"]

    func build(_ app: String) throws -> (run: ProcessResult, bundle: String, directory: TemporaryDirectory, fixture: FixtureRepository) {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/verde/style.json",
            """
            {"colors": {"primary": "#2E7D32"},
             "app": \(app)}
            """)
        _ = try fixture.commitAll("verde")
        let out = try TemporaryDirectory()
        let run = try LiveryBinary.run(["build", "--platform", "all", "--out", out.path], in: fixture.path)
        return (run, out.path + "/verde", out, fixture)
    }

    /// The display name each platform shows for `tag` (nil where it shows none).
    func names(_ bundle: String, tag: String) throws -> (ios: String?, iosStrings: String?, android: String?) {
        let catalogData = try Data(contentsOf: URL(fileURLWithPath: bundle + "/ios/InfoPlist.xcstrings"))
        let catalog = try #require(try JSONSerialization.jsonObject(with: catalogData) as? [String: Any])
        let source = try #require(catalog["sourceLanguage"] as? String)
        let strings = try #require(catalog["strings"] as? [String: Any])
        let entry = try #require(strings["CFBundleDisplayName"] as? [String: Any])
        let localizations = try #require(entry["localizations"] as? [String: [String: [String: String]]])
        let ios = (localizations[tag] ?? localizations[source])?["stringUnit"]?["value"]
        // The `.lproj` strings file, an XML property list, for projects without catalogs.
        let lproj = bundle + "/ios/\(tag).lproj/InfoPlist.strings"
        let fallback = bundle + "/ios/\(source).lproj/InfoPlist.strings"
        let plistPath = FileManager.default.fileExists(atPath: lproj) ? lproj : fallback
        let plist =
            try PropertyListSerialization.propertyList(from: Data(contentsOf: URL(fileURLWithPath: plistPath)), format: nil)
            as? [String: String]
        let android =
            try Self.appName(bundle + "/android/res/values-\(try #require(Self.qualifiers[tag]))/strings.xml")
            ?? Self.appName(bundle + "/android/res/values/strings.xml")
        return (ios, plist?["CFBundleDisplayName"], android)
    }

    static func appName(_ path: String) throws -> String? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        guard let match = text.firstMatch(of: /<string name="app_name">([^<]*)<\/string>/) else { return nil }
        return String(match.1).replacingOccurrences(of: "\\'", with: "'")
    }

    func manifest(_ bundle: String) throws -> (name: String?, lang: String?) {
        let data = try Data(contentsOf: URL(fileURLWithPath: bundle + "/web/manifest.webmanifest"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return (object["name"] as? String, object["lang"] as? String)
    }

    /// With the default texts written for another language (`defaultLocale`), `en`'s own
    /// name is English's on every platform: iOS's `en.lproj` and catalog entry, Android's
    /// `values-en`; a language without its own (`de`) falls back to the default on both;
    /// the web manifest speaks the default locale.
    @Test func eachLocaleReadsTheSameNameOnEveryPlatform() throws {
        let built = try build(
            #"{"displayName": {"default": "Verde Québec", "en": "Verde Intl", "he": "ורדה"}, "defaultLocale": "fr-CA", "bundleId": "com.example.verde"}"#
        )
        #expect(built.run.status == 0, "\(built.run.stderr)")
        let expected = ["en": "Verde Intl", "he": "ורדה", "fr-CA": "Verde Québec", "de": "Verde Québec"]
        for (tag, name) in expected {
            let read = try names(built.bundle, tag: tag)
            #expect(read.ios == name && read.iosStrings == name && read.android == name, "\(tag): \(read)")
        }
        let web = try manifest(built.bundle)
        #expect(web.lang == "fr-CA" && web.name == "Verde Québec", "\(web)")
    }

    /// The same text under "default" and the default locale's tag is one meaning.
    @Test func theSameTextTwiceIsOneName() throws {
        let built = try build(#"{"displayName": {"default": "Verde", "en": "Verde", "he": "ורדה"}, "bundleId": "com.example.verde"}"#)
        #expect(built.run.status == 0, "\(built.run.stderr)")
        for (tag, name) in ["en": "Verde", "he": "ורדה", "de": "Verde"] {
            let read = try names(built.bundle, tag: tag)
            #expect(read.ios == name && read.iosStrings == name && read.android == name, "\(tag): \(read)")
        }
        #expect(try manifest(built.bundle).name == "Verde")
    }

    /// "default" and a different text for the default locale would name it twice (iOS
    /// and the web would show one, Android's `values-en` the other): an error at the
    /// tagged text in validate, and build writes no bundle.
    @Test func twoTextsForTheDefaultLocaleAreAnErrorAtTheTaggedOne() throws {
        let built = try build(
            """
            {"displayName": {"default": "Verde",
                             "en": "Verde Intl", "he": "ורדה"}, "bundleId": "com.example.verde"}
            """)
        #expect(built.run.status == 1)
        #expect(!FileManager.default.fileExists(atPath: built.bundle + "/ios"))
        let validate = try LiveryBinary.run(["validate"], in: built.fixture.path)
        #expect(validate.status == 1)
        let out = validate.stdout + validate.stderr
        #expect(
            out.contains(
                "targets/verde/style.json:3:18: error: 'en' is livery's default locale (no defaultLocale is set), so the \"default\" displayName 'Verde' is already its text; 'Verde Intl' would give 'en' a second one"
            ), "\(out)")
        #expect(out.contains("(at /app/displayName/en) [locale]"), "\(out)")

        // The same with an explicit default locale, for another text.
        let fixture = built.fixture
        try fixture.write(
            "targets/verde/style.json",
            """
            {"app": {"displayName": "Verde", "bundleId": "com.example.verde", "defaultLocale": "he",
                     "tagline": {"default": "טרי", "he": "טרי כל יום", "en": "Fresh"}}}
            """)
        _ = try fixture.commitAll("he")
        let second = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(second.status == 1)
        #expect(
            (second.stdout + second.stderr).contains(
                "targets/verde/style.json:2:40: error: 'he' is app.defaultLocale, so the \"default\" tagline 'טרי' is already its text"),
            "\(second.stdout)\(second.stderr)")
    }
}
