import LiveryEmit
import LiveryGit
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("livery.json")
struct ConfigurationTests {
    @Test func defaultsWhenAbsent() throws {
        let (configuration, diagnostics) = try Configuration.load(from: MemorySource(texts: [:]))
        #expect(configuration == Configuration())
        #expect(configuration.targetsDirectory == "targets")
        #expect(configuration.outputDirectory == "dist")
        #expect(configuration.platforms.map(\.name) == ["ios", "android", "web"])
        #expect(configuration.platforms == Platform.defaults)
        #expect(configuration.contrastMinimum == 4.5)
        #expect(diagnostics.isEmpty)
    }

    @Test func readsEveryKey() throws {
        let text =
            #"{"targetsDir": "brands/", "templatesDir": "tpl", "outputDir": "out/bundles", "platforms": ["web", "ios"], "contrastMinimum": 7}"#
        let (configuration, diagnostics) = try Configuration.parse(Array(text.utf8))
        #expect(configuration.targetsDirectory == "brands")
        #expect(configuration.templatesDirectory == "tpl")
        #expect(configuration.outputDirectory == "out/bundles")
        // Registry order, whatever order livery.json lists them in: bundles and
        // manifests do not depend on how the list was typed.
        #expect(configuration.platforms.map(\.name) == ["ios", "web"])
        #expect(configuration.contrastMinimum == 7)
        #expect(diagnostics.isEmpty)
    }

    @Test func unknownKeysAreWarnings() throws {
        let (_, diagnostics) = try Configuration.parse(Array("{\n  \"targetDir\": \"x\"\n}".utf8))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.line == 2)
        #expect(diagnostics.first?.column == 3)
        #expect(diagnostics.first?.message.contains("\"targetDir\"") == true)
    }

    @Test(arguments: [
        (#"{"platforms": ["ios", "windows"]}"#, "/platforms/1"),
        (#"{"platforms": ["ios", 3]}"#, "/platforms/1"),
        (#"{"platforms": "ios"}"#, "/platforms"),
        (#"{"platforms": []}"#, "/platforms"),
        (#"{"contrastMinimum": "4.5"}"#, "/contrastMinimum"),
        (#"{"contrastMinimum": 30}"#, "/contrastMinimum"),
        (#"{"targetsDir": "../elsewhere"}"#, "/targetsDir"),
        (#"{"targetsDir": ".git/objects"}"#, "/targetsDir"),
        (#"{"outputDir": 3}"#, "/outputDir"),
        (#"[1]"#, ""),
    ])
    func wrongValuesAreErrorsWithPointer(text: String, pointer: String) throws {
        let error = #expect(throws: ConfigurationError.self) { try Configuration.parse(Array(text.utf8)) }
        #expect(error?.diagnostic.pointer?.description == pointer)
        #expect(error?.diagnostic.file == "livery.json")
        #expect(error?.diagnostic.line == 1)
    }

    @Test func malformedJSONIsAnErrorWithPosition() throws {
        let error = #expect(throws: ConfigurationError.self) { try Configuration.parse(Array("{\"a\": }".utf8)) }
        #expect(error?.diagnostic.rule.id == "json-syntax")
        #expect(error?.diagnostic.column == 7)
    }

    @Test func platformsAllNamesEveryRegisteredPlatform() throws {
        let (configuration, _) = try Configuration.parse(Array(#"{"platforms": ["all"]}"#.utf8))
        #expect(configuration.platforms == Platform.all)
    }

    @Test func unknownPlatformSuggestsTheClosestAndListsTheKnownOnes() throws {
        let error = #expect(throws: ConfigurationError.self) { try Configuration.parse(Array(#"{"platforms": ["andriod"]}"#.utf8)) }
        let message = error?.diagnostic.message ?? ""
        #expect(message.contains("\"andriod\""))
        #expect(message.contains("Did you mean \"android\"?"))
        for platform in Platform.all { #expect(message.contains(platform.name)) }
        #expect(error?.diagnostic.column == 16)
    }
}
