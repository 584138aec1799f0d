import Foundation
import LiveryEmit
import LiveryTestSupport
import Testing

/// The platform registry is the one place platforms are listed: parsing, help,
/// completion, livery.json and the manifest all come from it.
@Suite("platforms as plug-ins")
struct PlatformSeamTests {
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/acme/style.json",
            ##"""
            {"app": {"displayName": "Acme", "bundleId": "com.example.acme"},
             "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": "#111111"},
             "fonts": {"body": {"family": "Test Sans", "size": 16, "weight": "regular"}},
             "dimensions": {"spacingM": 16}}
            """##)
        // A store listing, which the fastlane platform writes out.
        try fixture.write("targets/acme/store/en-US/title.txt", "Acme\n")
        try fixture.commitAll("acme")
        return fixture
    }

    @Test func theRegistryHasTheThreeDefaultPlatformsFirstAndUniqueNames() {
        #expect(Platform.all.prefix(3).map(\.name) == ["ios", "android", "web"])
        #expect(Platform.defaults.map(\.name) == ["ios", "android", "web"])
        #expect(Set(Platform.all.map(\.name)).count == Platform.all.count)
        for platform in Platform.all {
            #expect(!platform.summary.isEmpty && !platform.summary.contains("\n"))
            for needed in platform.requires { #expect(Platform(named: needed) != nil, "\(platform.name) requires unknown \(needed)") }
        }
    }

    @Test func listsParseInRegistryOrderAndNameTheProblem() throws {
        #expect(try Platform.parse(list: "web,ios").get().map(\.name) == ["ios", "web"])
        #expect(try Platform.parse(list: " web , web ").get().map(\.name) == ["web"])
        #expect(try Platform.parse(list: "all").get() == Platform.all)
        #expect(Platform.parse(list: "andriod") == .failure(.unknown("andriod", suggestion: "android")))
        #expect(Platform.parse(list: ",") == .failure(.empty))
        #expect(PlatformListError.unknown("x", suggestion: nil).description.contains(Platform.registry.knownNames))
        for platform in Platform.all where !platform.requires.isEmpty {
            let alone = Platform.parse(list: platform.name)
            #expect(alone == .failure(.missingRequirement(platform.name, needs: platform.requires[0])))
            #expect(
                try Platform.parse(list: ([platform.name] + platform.requires).joined(separator: ",")).get().count == 1
                    + platform.requires.count)
        }
    }

    @Test func helpListsEveryRegisteredPlatformWithItsSummaryAndDefault() throws {
        let help = try LiveryBinary.run(["build", "--help"])
        #expect(help.status == 0)
        // ArgumentParser wraps long lines; compare without line breaks and indentation.
        let flat = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for platform in Platform.all {
            let line = "\(platform.name) \(platform.isDefault ? "* " : "")\(platform.summary)"
            #expect(flat.contains(line), "help lacks: \(line)")
        }
    }

    @Test func completionOffersEveryPlatformAndAll() throws {
        let script = try LiveryBinary.run(["--generate-completion-script", "bash"])
        #expect(script.status == 0)
        // The --platform completion is one word list: 'ios'$'\n''android'…
        let words = (Platform.all.map(\.name) + ["all"]).map { "'\($0)'" }.joined(separator: "$'\\n'")
        #expect(script.stdout.contains(words), "bash completion lacks \(words)")
    }

    @Test func anUnknownPlatformIsAUsageErrorThatListsTheKnownOnes() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["build", "--platform", "ios,andriod"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown platform 'andriod'"))
        #expect(result.stderr.contains("Did you mean 'android'?"))
        #expect(result.stderr.contains(Platform.registry.knownNames))
    }

    @Test func livery_jsonPlatformsComeFromTheRegistry() throws {
        let fixture = try repository()
        try fixture.write("livery.json", #"{"platforms": ["web", "nope"]}"#)
        let result = try LiveryBinary.run(["build", "--out", try TemporaryDirectory().path], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("livery.json:1:23"), "\(result.stderr)")
        #expect(result.stderr.contains("unknown platform \"nope\""))
    }

    /// Every file under `root`, relative.
    func files(_ root: String) -> Set<String> {
        var found: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.insert(path)
            }
        }
        return found
    }

    @Test func allBuildsEveryPlatformAndTheManifestNamesThem() throws {
        let fixture = try repository()
        let out = try TemporaryDirectory()
        let result = try LiveryBinary.run(["build", "--out", out.path, "--platform", "all"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out.path + "/acme/manifest.json")))
            as? [String: Any]
        #expect(manifest?["platforms"] as? [String] == Platform.all.map(\.name))
        let everything = files(out.path + "/acme")
        let listed = Set(((manifest?["files"] as? [[String: Any]]) ?? []).compactMap { $0["path"] as? String })
        #expect(listed == everything.subtracting(["manifest.json"]))
        // Each platform, built alone (with what it requires), adds files of its
        // own, and every one of them is in the `all` bundle.
        for platform in Platform.all {
            func built(_ names: [String]) throws -> Set<String> {
                let dir = try TemporaryDirectory()
                let run = try LiveryBinary.run(["build", "--out", dir.path, "--platform", names.joined(separator: ",")], in: fixture.path)
                #expect(run.status == 0, "\(names): \(run.stderr)")
                return files(dir.path + "/acme")
            }
            let base = platform.requires.isEmpty ? ["manifest.json", "style.json"] : try built(platform.requires)
            let own = try built(platform.requires + [platform.name]).subtracting(base)
            #expect(!own.isEmpty, "\(platform.name) wrote nothing of its own")
            #expect(own.isSubset(of: everything), "\(platform.name): \(own.subtracting(everything).sorted())")
        }
    }

    @Test func withoutPlatformsInLiveryJsonOnlyTheDefaultsAreBuilt() throws {
        let fixture = try repository()
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        let manifest =
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out.path + "/acme/manifest.json")))
            as? [String: Any]
        #expect(manifest?["platforms"] as? [String] == ["ios", "android", "web"])
        let top = try FileManager.default.contentsOfDirectory(atPath: out.path + "/acme").sorted()
        #expect(top == ["android", "ios", "manifest.json", "style.json", "web"])
    }

    @Test func aPlatformWarningSharedByManyClientsIsShownOnceWithItsTargets() throws {
        let fixture = try FixtureRepository()
        // The base's logo has text, which Android cannot draw: every client inherits the warning.
        try fixture.write("targets/base/style.json", ##"{"abstract": true, "colors": {"bg": "#FFFFFF"}, "images": {"logo": "logo.svg"}}"##)
        try fixture.write(
            "targets/base/logo.svg", #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="1" y="9">A</text></svg>"#)
        for index in 0..<8 {
            try fixture.write(
                "targets/client-\(index)/style.json",
                ##"{"extends": "base", "app": {"displayName": "C\##(index)", "bundleId": "com.example.c\##(index)"}}"##)
        }
        try fixture.commitAll("clients")
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--out", out.path, "--platform", "android"], in: fixture.path)
        #expect(build.status == 0, "\(build.stderr)")
        let lines = build.stderr.split(separator: "\n")
        // One problem, in base's file: one line, with the clients it affects.
        #expect(lines.filter { $0.contains("[android-image]") }.count == 1, "\(build.stderr)")
        #expect(build.stderr.contains("\n  affects 8 targets: client-0, client-1, client-2, client-3, client-4, …\n"), "\(build.stderr)")
        // validate reports it the same way.
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.stdout.split(separator: "\n").filter { $0.contains("[android-image]") }.count == 1)
        #expect(validate.stdout.contains("affects 8 targets: client-0"))
    }
}
