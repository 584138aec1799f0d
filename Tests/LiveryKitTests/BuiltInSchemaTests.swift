import Foundation
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("The built-in style schema")
struct BuiltInSchemaTests {
    static let valid = ##"""
        {
          "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
          "palettes": {"brand": "#11A4D6"},
          "colors": {"primary": {"light": "#11A4D6", "dark": "{palettes.brand.light04}"}, "bg": "#FFF"},
          "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular", "file": "assets/Inter.ttf"}},
          "dimensions": {"radiusS": 8, "radiusM": "{dimensions.radiusS}"},
          "animations": {"easeIn": {"short": 0.25}},
          "components": {"button": {"primary": {"background": "primary", "shape": {"roundedRectangle": {"cornerRadius": 8}}, "uppercase": true}}},
          "images": {"logo": "assets/logo.svg", "splash": {"light": "assets/s.png", "dark": "assets/s-dark.png"}},
          "appIcon": "assets/AppIcon.png",
          "flags": {"on": true, "count": 3, "text": "hi"}
        }
        """##

    func violations(_ patch: String) throws -> [SchemaViolation] {
        let base = try JSONReader.parse(Array(Self.valid.utf8), file: "style.json")
        let change = try JSONReader.parse(Array(patch.utf8), file: "patch.json")
        let document = try #require(MergePatch.apply(change, to: base))
        return try SchemaLoader.builtIn().schema.validate(document)
    }

    @Test func aCompleteStyleIsValid() throws {
        #expect(try violations("{}").isEmpty)
    }

    @Test(arguments: [
        (
            ##"{"colors": {"primary": {"light": "#12345", "dark": "#000"}}}"##, "/colors/primary/light",
            "`colors.primary.light` = `\"#12345\"` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA"
        ),
        (#"{"colors": {"bg": "red"}}"#, "/colors/bg", "`colors.bg` = `\"red\"` is invalid, not a colour"),
        (##"{"colors": {"bg": {"light": "#FFF"}}}"##, "/colors/bg", "missing required property `dark`"),
        (#"{"colour": {}}"#, "/colour", "unknown property `colour` (did you mean `colors`?)"),
        (#"{"fonts": {"body": {"weight": "heavyish"}}}"#, "/fonts/body/weight", "must be one of \"ultraLight\""),
        (#"{"fonts": {"body": {"size": -2}}}"#, "/fonts/body/size", "greater than 0"),
        (#"{"fonts": {"body": {"size": "16"}}}"#, "/fonts/body/size", "is invalid, not a dimension"),
        (#"{"dimensions": {"radiusS": -1}}"#, "/dimensions/radiusS", "at least 0"),
        (#"{"images": {"logo": "../x.png"}}"#, "/images/logo", "is invalid, not a relative path"),
        (#"{"images": {"logo": "/etc/logo.png"}}"#, "/images/logo", "is invalid, not a relative path"),
        (#"{"images": {"logo": "assets/logo.gif"}}"#, "/images/logo", "is invalid, not an image"),
        (#"{"appIcon": "assets/icon.jpg"}"#, "/appIcon", "is invalid, not a PNG"),
        (#"{"app": {"bundleId": "not a bundle id"}}"#, "/app/bundleId", "is invalid, not a bundle id"),
        (#"{"app": null}"#, "", "missing required property `app`"),
        (#"{"flags": {"nested": {"a": 1}}}"#, "/flags/nested", "must be a boolean or number or string, found an object"),
        (
            #"{"components": {"button": {"primary": {"shape": "hexagon"}}}}"#, "/components/button/primary/shape",
            "must be one of \"circle\""
        ),
        (##"{"colors": {"bad-name": "#FFF"}}"##, "/colors/bad-name", "property name `bad-name`"),
        (#"{"animations": {"easeIn": {"short": 120}}}"#, "/animations/easeIn/short", "at most 60"),
    ])
    func rejectsWithThePointer(patch: String, pointer: String, words: String) throws {
        let found = try violations(patch)
        #expect(found.count == 1, "\(found)")
        let violation = try #require(found.first)
        #expect(violation.instancePointer.description == pointer)
        #expect(violation.message.contains(words), "\(violation.message)")
    }

    @Test func colourImageAndShapeValuesAreReplacedWhole() throws {
        let schema = try SchemaLoader.builtIn()
        #expect(schema.replacesWhole(["colors", "primary"]))
        #expect(schema.replacesWhole(["images", "splash"]))
        #expect(schema.replacesWhole(["components", "button", "primary", "shape"]))
        #expect(!schema.replacesWhole(["colors"]))
        #expect(!schema.replacesWhole(["fonts", "body"]))
        #expect(!schema.replacesWhole(["components", "button", "primary"]))
    }

    @Test func theDemoTargetsValidateClean() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let workspace = try Workspace.open(RepositorySelection(path: root))
        let report = try ValidationService(workspace: workspace, schema: try SchemaLoader.styleSchema(for: workspace)).validate()
        // Every demo asset works on every platform (the logos are drawn with paths): no warning at all.
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics)")
        #expect(report.targets.count >= 5)
    }

    @Test(
        .enabled(
            if: ExternalTool.python3.isInstalled,
            "python3 is not installed: the corpus is not made (scripts/product/bootstrap --test installs it)"))
    func aGeneratedCorpusValidatesCleanOfErrors() throws {
        // livery's own corpus generator, the one the benchmarks use.
        let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("scripts/testing/make-corpus").path
        let python = try #require(ExternalTool.python3.path)
        let scratch = try TemporaryDirectory()
        let corpus = scratch.path + "/corpus"
        let made = try runProcess(python, [generator, corpus, "--targets", "60", "--images", "1", "--colors", "12"])
        #expect(made.status == 0, "\(made.stderr)")
        let repository = try Repository.open(at: corpus)
        for tag in ["v1", "v3", "v5"] {
            let workspace = Workspace(repository: repository, source: try RevisionSource(repository: repository, revision: tag))
            let report = try ValidationService(workspace: workspace, schema: try SchemaLoader.builtIn()).validate()
            // The corpus picks random colours, so contrast warnings are expected; errors are not.
            #expect(report.diagnostics.errorCount == 0, "\(tag): \(report.diagnostics.filter { $0.severity == .error }.prefix(5))")
            #expect(report.targets.count > 60)
        }
    }
}
