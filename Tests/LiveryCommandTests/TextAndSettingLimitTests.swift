import Foundation
import LiveryTestSupport
import Testing

/// Texts that end up in generated sources are bounded (`text-length`), and the
/// `maxStyleBytes` a repository's livery.json may set has a ceiling: each limit
/// ends in an error at the value that passes it.
@Suite("Text and setting limits")
struct TextAndSettingLimitTests {
    static func repository(client: String, settings: String? = nil) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}}"##
        )
        try fixture.write("targets/client/style.json", client)
        if let settings { try fixture.write("livery.json", settings) }
        try fixture.commitAll("start")
        return fixture
    }

    @Test func aDisplayNameOfAHundredThousandCharactersIsAnErrorAtItsPlace() throws {
        let name = String(repeating: "A", count: 100_000)
        let fixture = try Self.repository(
            client: ##"{"extends": "base", "app": {"displayName": "\##(name)", "bundleId": "com.example.client"}}"##)
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 1, "\(validate.stdout.prefix(2000))\(validate.stderr.prefix(2000))")
        let output = validate.stdout + validate.stderr
        #expect(
            output.contains("targets/client/style.json:1:44: error: the display name is 100000 characters long, over the limit of 4096"),
            "\(output.prefix(2000))")
        #expect(output.contains("(at /app/displayName) [text-length]"))
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--out", out.path + "/dist"], in: fixture.path)
        #expect(build.status == 1)
        #expect(!FileManager.default.fileExists(atPath: out.path + "/dist/client"))
    }

    @Test func aFlagStringOverTheLimitIsAnError() throws {
        let text = String(repeating: "é", count: 4_097)
        let fixture = try Self.repository(
            client:
                ##"{"extends": "base", "app": {"displayName": "C", "bundleId": "com.example.client"}, "flags": {"banner": "\##(text)"}}"##)
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 1)
        let output = validate.stdout + validate.stderr
        #expect(output.contains("flag 'banner' is 4097 characters long, over the limit of 4096"), "\(output.prefix(2000))")
    }

    @Test func aBundleIDOverTheAppStoreLimitIsAnErrorWhateverTheRepositorysSchemaSays() throws {
        let id = "com." + String(repeating: "a", count: 152)
        let fixture = try Self.repository(client: ##"{"extends": "base", "app": {"displayName": "C", "bundleId": "\##(id)"}}"##)
        // The repository's own schema sets no length.
        try fixture.write("targets/style.schema.json", #"{"$schema": "https://json-schema.org/draft/2020-12/schema", "type": "object"}"#)
        let validate = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(validate.status == 1)
        let output = validate.stdout + validate.stderr
        #expect(output.contains("the bundle id is 156 characters long, over the limit of 155"), "\(output.prefix(3000))")
    }

    @Test func maxStyleBytesHasACeiling() throws {
        let client = ##"{"extends": "base", "app": {"displayName": "C", "bundleId": "com.example.client"}}"##
        let over = try Self.repository(client: client, settings: #"{"maxStyleBytes": 16777217}"#)
        let refused = try LiveryBinary.run(["validate"], in: over.path)
        #expect(refused.status == 2, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stderr.contains("livery.json:1:19"), "\(refused.stderr)")
        #expect(
            refused.stderr.contains("\"maxStyleBytes\" must be a whole number of bytes from 1 to 16777216 (16 MiB)"), "\(refused.stderr)")

        let most = try Self.repository(client: client, settings: #"{"maxStyleBytes": 16777216}"#)
        let accepted = try LiveryBinary.run(["validate"], in: most.path)
        #expect(accepted.status == 0, "\(accepted.stdout)\(accepted.stderr)")
    }
}
