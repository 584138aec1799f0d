import Foundation
import LiveryCore
import LiveryJSON
import LiveryTestSupport
import Testing

/// `livery keys` for a root of trust: two offline root keys with a threshold
/// of two sign a root one at a time, a client's own key signs its updates, a
/// timestamp lists them, `keys verify --root` checks the folder as an app
/// sees it, and a stolen client key is revoked by the next root.
@Suite("livery keys: a root of trust")
struct KeysTrustCommandTests {
    let directory: TemporaryDirectory
    var path: String { directory.path }

    init() throws {
        directory = try TemporaryDirectory()
        for name in ["root-a", "root-b", "stamp", "acme", "acme-new", "globex"] {
            let result = try LiveryBinary.run(["keys", "generate", "--output", path + "/" + name])
            #expect(result.status == 0, "\(result.stderr)")
        }
        try FileManager.default.createDirectory(atPath: path + "/updates", withIntermediateDirectories: true)
    }

    func key(_ name: String) throws -> UpdateSigningKey {
        try #require(UpdateSigningKey(text: String(contentsOfFile: path + "/\(name)/signing.key", encoding: .utf8)))
    }

    func keys(_ arguments: [String]) throws -> ProcessResult {
        try LiveryBinary.run(["keys"] + arguments, in: path)
    }

    /// A client's update signed by `signer`, written where `livery diff --format update` would.
    func publish(client: String, sequence: Int64, signer: String) throws {
        let base = CanonicalJSON.digest(Array("\(client)-\(sequence)".utf8))
        let update = StyleUpdate(
            target: client, base: base, result: CanonicalJSON.digest(Array("\(client)-\(sequence + 1)".utf8)), patch: .makeObject([]),
            sequence: sequence)
        try FileManager.default.createDirectory(atPath: path + "/updates/\(client)", withIntermediateDirectories: true)
        try Data(try key(signer).sign(update).bytes).write(to: URL(fileURLWithPath: path + "/updates/\(client)/\(base).json"))
    }

    func makeFirstRoot() throws {
        let create = try keys([
            "root", "create", "--root-key", "root-a/signing.pub", "--root-key", "root-b/signing.pub", "--threshold", "2",
            "--timestamp-key", "stamp/signing.pub", "--output", "root.json",
        ])
        #expect(create.status == 0, "\(create.stderr)")
        #expect(try keys(["delegate", "root.json", "--client", "acme", "--public-key", "acme/signing.pub"]).status == 0)
        #expect(try keys(["delegate", "root.json", "--client", "globex", "--public-key", "globex/signing.pub"]).status == 0)
        // Each root key holder signs on their own machine; the file passes between them.
        let first = try keys(["sign", "root.json", "--signing-key", "root-a/signing.key"])
        #expect(first.stdout.contains("1 of 2 root signatures"), "\(first.stdout)\(first.stderr)")
        let second = try keys(["sign", "root.json", "--signing-key", "root-b/signing.key"])
        #expect(second.stdout.contains("2 of 2 root signatures"), "\(second.stdout)\(second.stderr)")
    }

    @Test func aRootSignedByTwoKeysVerifiesAPublishedFolder() throws {
        try makeFirstRoot()
        let root = try TrustRoot(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path + "/root.json"))))
        #expect(root.version == 1 && root.rootRole.threshold == 2 && root.signatures.count == 2)
        #expect(root.clients["acme"]?.keys == [try key("acme").keyID])
        try publish(client: "acme", sequence: 2, signer: "acme")
        try publish(client: "globex", sequence: 5, signer: "globex")
        #expect(try keys(["timestamp", "updates", "--signing-key", "stamp/signing.key", "--expires-in", "3600"]).status == 0)
        let verified = try keys(["verify", "updates", "--root", "root.json"])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdout.contains("2 updates for 2 clients checked under root version 1: no problems"), "\(verified.stdout)")
        // acme's key signing globex's update is refused with its reason.
        try publish(client: "globex", sequence: 6, signer: "acme")
        #expect(try keys(["timestamp", "updates", "--signing-key", "stamp/signing.key"]).status == 0)
        let crossed = try keys(["verify", "updates", "--root", "root.json"])
        #expect(crossed.status == 1)
        #expect(crossed.stderr.contains("which the root does not delegate globex's updates to"), "\(crossed.stderr)")
    }

    @Test func aStolenClientKeyIsRevokedByTheNextRoot() throws {
        try makeFirstRoot()
        try publish(client: "acme", sequence: 2, signer: "acme")
        #expect(try keys(["timestamp", "updates", "--signing-key", "stamp/signing.key"]).status == 0)
        #expect(try keys(["root", "next", "root.json", "--output", "updates/2.root.json"]).status == 0)
        let acmeID = try key("acme").keyID
        #expect(try keys(["revoke", "updates/2.root.json", "--key-id", acmeID]).status == 0)
        #expect(try keys(["delegate", "updates/2.root.json", "--client", "acme", "--public-key", "acme-new/signing.pub"]).status == 0)
        // Signed by one root key only, apps do not walk to it.
        #expect(try keys(["sign", "updates/2.root.json", "--signing-key", "root-a/signing.key"]).status == 0)
        let half = try keys(["verify", "updates", "--root", "root.json"])
        #expect(half.stderr.contains("2.root.json: 1 of the root keys signed, fewer than its threshold of 2"), "\(half.stderr)")
        #expect(try keys(["sign", "updates/2.root.json", "--signing-key", "root-b/signing.key"]).status == 0)
        let revoked = try keys(["verify", "updates", "--root", "root.json"])
        #expect(revoked.status == 1)
        #expect(revoked.stderr.contains("signed by key id \(acmeID), which a newer root revoked"), "\(revoked.stderr)")
        try publish(client: "acme", sequence: 2, signer: "acme-new")
        let clean = try keys(["verify", "updates", "--root", "root.json"])
        #expect(clean.status == 0, "\(clean.stderr)")
        #expect(clean.stdout.contains("checked under root version 2"), "\(clean.stdout)")
    }

    @Test func changesThatLeaveAnUnusableRootAreRefused() throws {
        try makeFirstRoot()
        let threshold = try keys(["threshold", "root.json", "--role", "root", "--threshold", "3"])
        #expect(threshold.status == 2)
        #expect(threshold.stderr.contains("the root role would have 2 keys and a threshold of 3"), "\(threshold.stderr)")
        let revoke = try keys(["revoke", "root.json", "--key-id", try key("root-a").keyID])
        #expect(revoke.status == 2)
        #expect(revoke.stderr.contains("the root role would have 1 key and a threshold of 2"), "\(revoke.stderr)")
        let stranger = try keys(["sign", "root.json", "--signing-key", "acme-new/signing.key"])
        #expect(stranger.status == 2)
        #expect(stranger.stderr.contains("is not one of this root's keys"), "\(stranger.stderr)")
        // A new root goes only where every output may (OutputPlace).
        let empty = try keys(["root", "create", "--root-key", "root-a/signing.pub", "--output", ""])
        #expect(empty.status == 2 && empty.stderr.contains("--output is empty"), "\(empty.stderr)")
        let again = try keys(["root", "create", "--root-key", "root-a/signing.pub", "--output", "root.json"])
        #expect(again.status == 2 && again.stderr.contains("livery never overwrites a root"), "\(again.stderr)")
        // Lowering the threshold drops the signatures: the root is signed again after any change.
        #expect(try keys(["threshold", "root.json", "--role", "root", "--threshold", "1"]).status == 0)
        let root = try TrustRoot(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: path + "/root.json"))))
        #expect(root.rootRole.threshold == 1 && root.signatures.isEmpty)
    }
}
