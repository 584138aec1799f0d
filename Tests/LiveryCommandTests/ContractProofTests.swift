import Foundation
import LiveryTestSupport
import Testing

/// A repository made as a new team makes one: three clients from the built-in `starter`
/// and two brands of a DTCG import. It validates clean only once every client keeps the
/// app's contract; a client that drops a contract token fails validate, which names it;
/// two clients with one bundle id fail it, naming both files.
@Suite("A new team's repository, held to its contract")
struct ContractProofTests {
    func livery(_ arguments: [String], in fixture: FixtureRepository) throws -> ProcessResult {
        try LiveryBinary.run(arguments, in: fixture.path, environment: ["NO_COLOR": "1"])
    }

    func edit(_ fixture: FixtureRepository, _ path: String, _ change: (String) -> String) throws {
        let text = try String(contentsOfFile: fixture.path + "/" + path, encoding: .utf8)
        try fixture.write(path, change(text))
    }

    static let starters = ["north", "south", "east"]

    func teamRepository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("README.md", "branding\n")
        try fixture.commitAll("start")
        for id in Self.starters {
            let made = try livery(
                ["new", id, "--template", "starter", "--set", "displayName=\(id.capitalized)", "--set", "bundleId=com.example.\(id)-app"],
                in: fixture)
            #expect(made.status == 0, "\(made.stdout)\(made.stderr)")
        }
        try DTCGMultiBrandExample.write(to: fixture.path + "/design")
        let imported = try livery(
            ["import", "dtcg", "design/resolver.json", "--brand", "brand", "--bundle-id-prefix", "com.example"], in: fixture)
        #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
        // The imported clients get their app icons, as a team would add them next.
        for brand in ["brand1", "brand2"] {
            try fixture.write("targets/\(brand)/AppIcon.png", TestFiles.png(width: 1024, height: 1024))
            try edit(fixture, "targets/\(brand)/style.json") {
                $0.replacingOccurrences(of: "{\n", with: "{\n  \"appIcon\": \"AppIcon.png\",\n", options: [], range: $0.range(of: "{\n"))
            }
        }
        return fixture
    }

    @Test func theTeamsRepositoryValidatesCleanOnlyOnceTheContractHolds() throws {
        let fixture = try teamRepository()
        // Starters are clean on their own: a new client has an icon and a valid Android package.
        let before = try livery(["validate"], in: fixture)
        #expect(before.status == 0, "\(before.stdout)")
        let lines = before.stdout.split(separator: "\n")
        #expect(lines.allSatisfy { !$0.contains(": warning: ") || $0.hasSuffix("[contract-uneven]") }, "\(before.stdout)")
        // Without a contract, what the clients do not share is warned of, token by token.
        #expect(lines.contains { $0.contains("[contract-uneven]") }, "\(before.stdout)")

        // The contract from the clients as they are; then the app's shared code reads
        // fonts.body, which the starters lack.
        #expect(try livery(["contract", "init"], in: fixture).status == 0)
        #expect(try livery(["validate"], in: fixture).stdout == "✓ 6 targets valid\n")
        try edit(fixture, "targets/contract.json") { text in
            text.contains("\"fonts\": {")
                ? text.replacingOccurrences(of: "\"fonts\": {\n", with: "\"fonts\": {\n    \"body\": {},\n")
                : text.replacingOccurrences(of: "\"colors\": {", with: "\"fonts\": {\"body\": {}},\n  \"colors\": {")
        }
        let failing = try livery(["validate"], in: fixture)
        #expect(failing.status == 1, "\(failing.stdout)")
        for id in Self.starters {
            #expect(
                failing.stdout.contains(
                    "targets/\(id)/style.json: error: '\(id)' has no font 'body', which the app's contract declares: add it to targets/\(id)/style.json"
                ), "\(failing.stdout)")
        }
        // Once each client defines it (the imports have no fonts.body either), the repository is clean.
        for id in Self.starters + ["brand1", "brand2"] {
            let path = fixture.path + "/targets/\(id)/style.json"
            var style = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
            var fonts = style["fonts"] as? [String: Any] ?? [:]
            fonts["body"] = ["family": "Inter", "size": 16, "weight": "regular"]
            style["fonts"] = fonts
            try JSONSerialization.data(withJSONObject: style, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: path))
        }
        let clean = try livery(["validate"], in: fixture)
        #expect(clean.stdout == "✓ 6 targets valid\n", "\(clean.stdout)")

        // Dropping one contract token from one client fails validate, naming it, before any build.
        // colors.primary, which every client has and the contract requires; north's own
        // references to it become literals, so the contract is the only thing it breaks.
        let contract = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: fixture.path + "/targets/contract.json")))
                as? [String: Any])
        let declared = try #require(contract["colors"] as? [String: [String: Any]])
        let dropping = "primary"
        #expect(declared[dropping] != nil && declared[dropping]?["optional"] == nil, "\(declared)")
        let north = fixture.path + "/targets/north/style.json"
        var style = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: north))) as? [String: Any])
        var colors = try #require(style["colors"] as? [String: Any])
        #expect(colors.removeValue(forKey: dropping) != nil)
        colors["link"] = ["light": "#0B5FFF", "dark": "#8FB0FF"]
        style["colors"] = colors
        style["components"] = [
            "button": [
                "primary": [
                    "background": "link", "foreground": "onPrimary", "height": "buttonHeight", "padding": "spacingM", "shape": "capsule",
                ]
            ]
        ]
        try JSONSerialization.data(withJSONObject: style, options: [.prettyPrinted, .sortedKeys]).write(to: URL(fileURLWithPath: north))
        let dropped = try livery(["validate"], in: fixture)
        #expect(dropped.status == 1)
        #expect(
            dropped.stdout.contains(
                "targets/north/style.json: error: 'north' has no colour '\(dropping)', which the app's contract declares"),
            "\(dropped.stdout)")
        #expect(dropped.stdout.hasSuffix("✗ 1 error in 1 of 6 targets\n"), "\(dropped.stdout)")
        let build = try livery(["build", "--platform", "web", "--out", fixture.path + "/out"], in: fixture)
        #expect(build.status == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.path + "/out/north"))
    }

    @Test func twoClientsWithOneBundleIdFailNamingBothFiles() throws {
        let fixture = try teamRepository()
        try edit(fixture, "targets/east/style.json") { $0.replacingOccurrences(of: "com.example.east-app", with: "com.example.north-app") }
        let result = try livery(["validate"], in: fixture)
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "error: 'north' (targets/north/style.json) has the same bundleId 'com.example.north-app' as 'east' (targets/east/style.json)"
            ), "\(result.stdout)")
        #expect(result.stdout.contains("[identity-duplicate]"))
    }
}
