import Foundation
import LiveryTestSupport
import Testing

/// `livery new` and `livery import` killed while they put a target together
/// (SIGKILL: nothing of livery runs after it) leave nothing under targets/ that
/// the next validate trips over, and the next `new` or `import` works.
@Suite("Interrupted new and import", .serialized)
struct InterruptedWriteTests {
    /// Starts livery with `arguments`, waits until an entry whose name holds one of
    /// `markers` appears in one of `watched` (livery's scratch space), kills it with
    /// SIGKILL at once, and says whether it was caught at that moment (false when it
    /// finished first).
    static func killWhileStaging(_ arguments: [String], watching watched: [String], markers: [String]) throws -> Bool {
        let pid = try spawnQuietLivery(arguments)
        var status: Int32 = 0
        let deadline = Date(timeIntervalSinceNow: 120)
        while Date() < deadline {
            if waitpid(pid, &status, WNOHANG) == pid { return false }
            for directory in watched {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
                if names.contains(where: { name in markers.contains { name.contains($0) } }) {
                    kill(pid, SIGKILL)
                    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                    return true
                }
            }
        }
        kill(pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return false
    }

    /// Everything under targets/ whose name starts with a dot: scratch livery left.
    static func hiddenEntries(under targets: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: targets) else { return [] }
        return walker.compactMap { $0 as? String }.filter { ($0 as NSString).lastPathComponent.hasPrefix(".") }
    }

    @Test func aKilledNewLeavesNothingValidateTripsOver() throws {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}}"##
        )
        try fixture.write(
            "targets/client/style.json", ##"{"extends": "base", "app": {"displayName": "Client", "bundleId": "com.example.client"}}"##)
        try fixture.write("templates/big/template.json", ##"{"description": "A template with many files.", "variables": {}}"##)
        try fixture.write(
            "templates/big/style.json", ##"{"extends": "base", "app": {"displayName": "{{id}}", "bundleId": "com.example.{{id}}"}}"##)
        // Many files keep the target being written long enough to be caught.
        for index in 0..<300 { try fixture.write("templates/big/data/part\(index).txt", "part \(index)\n") }
        try fixture.commitAll("start")

        let gitDirectory = fixture.path + "/.git"
        let caught = try Self.killWhileStaging(
            ["new", "fresh", "--template", "big", "--no-input", "--repo", fixture.path],
            watching: [fixture.path + "/targets", gitDirectory], markers: ["livery-new", "livery-scratch"]
        )
        #expect(caught, "livery new finished before it was caught writing")
        #expect(
            Self.hiddenEntries(under: fixture.path + "/targets").isEmpty,
            "left under targets/: \(Self.hiddenEntries(under: fixture.path + "/targets"))")
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/targets/fresh"), "no half-written target")
        let validate = try LiveryBinary.run(["validate", "--repo", fixture.path])
        #expect(validate.status == 0, "\(validate.stdout)\(validate.stderr)")

        // The next new works, and clears what the killed one left in the git directory.
        let again = try LiveryBinary.run(["new", "fresh", "--template", "big", "--no-input", "--repo", fixture.path])
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        let scratch = try FileManager.default.contentsOfDirectory(atPath: gitDirectory).filter { $0.contains("livery") }
        #expect(scratch.isEmpty, "left in .git: \(scratch)")
        #expect(Self.hiddenEntries(under: fixture.path + "/targets").isEmpty)
    }

    @Test func aKilledImportLeavesNothingValidateTripsOver() throws {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        // Many brands: the import stages a directory for each before moving any.
        let design = try TemporaryDirectory()
        let brands = 300
        var contexts: [String] = []
        for index in 0..<brands {
            contexts.append(#""b\#(index)": [{ "$ref": "./b\#(index).json" }]"#)
            let blue = Double(index) / Double(brands)
            try Data(
                #"{"color": {"primary": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [0, 0.5, \#(blue)]}}}}"#.utf8
            )
            .write(to: URL(fileURLWithPath: design.path + "/b\(index).json"))
        }
        try Data(
            #"""
            {"name": "many", "version": "2025.10",
             "sets": {"shared": {"sources": [{"$ref": "./shared.json"}]}},
             "modifiers": {"brand": {"contexts": {\#(contexts.joined(separator: ", "))}, "default": "b0"}},
             "resolutionOrder": [{"$ref": "#/sets/shared"}, {"$ref": "#/modifiers/brand"}]}
            """#.utf8
        ).write(to: URL(fileURLWithPath: design.path + "/many.resolver.json"))
        try Data(#"{"color": {"surface": {"$type": "color", "$value": {"colorSpace": "srgb", "components": [1, 1, 1]}}}}"#.utf8)
            .write(to: URL(fileURLWithPath: design.path + "/shared.json"))
        let arguments = [
            "import", "dtcg", design.path + "/many.resolver.json", "--brand", "brand", "--bundle-id-prefix", "com.example", "--repo",
            fixture.path,
        ]

        let gitDirectory = fixture.path + "/.git"
        let caught = try Self.killWhileStaging(
            arguments, watching: [fixture.path + "/targets", gitDirectory], markers: ["livery-import", "livery-scratch"])
        #expect(caught, "livery import finished before it was caught writing")
        #expect(
            Self.hiddenEntries(under: fixture.path + "/targets").isEmpty,
            "left under targets/: \(Self.hiddenEntries(under: fixture.path + "/targets").prefix(3))")

        let again = try LiveryBinary.run(arguments)
        #expect(again.status == 0, "\(again.stdout.suffix(500))\(again.stderr.suffix(2000))")
        let validate = try LiveryBinary.run(["validate", "--repo", fixture.path])
        #expect(validate.status == 0, "\(validate.stdout.suffix(500))\(validate.stderr.suffix(2000))")
        let scratch = try FileManager.default.contentsOfDirectory(atPath: gitDirectory).filter { $0.contains("livery") }
        #expect(scratch.isEmpty, "left in .git: \(scratch)")
    }
}
