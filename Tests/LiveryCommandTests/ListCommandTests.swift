import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

/// End to end: the built `livery` binary on real repositories.
@Suite("livery list")
struct ListCommandTests {
    func repository() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true}"#)
        try fixture.write("targets/acme-bank/style.json", #"{"extends": "base"}"#)
        try fixture.write("targets/verde/style.json", #"{"extends": "base"}"#)
        try fixture.commitAll("first", tag: "v1")
        return fixture
    }

    @Test func printsATableOfTheWorkingTreeFoundFromASubdirectory() throws {
        let fixture = try repository()
        try fixture.write("targets/new-client/style.json", #"{"extends": "acme-bank"}"#)
        let result = try LiveryBinary.run(["list"], in: fixture.path + "/targets/base")
        #expect(result.status == 0)
        #expect(result.stderr == "")
        let tree = { (path: String) in String(try fixture.git(["rev-parse", "HEAD:\(path)"]).prefix(7)) }
        let newTree = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("new-client") }?.split(separator: " ").last)
        #expect(
            result.stdout == """
                TARGET      EXTENDS    ABSTRACT  TREE
                acme-bank   base       no        \(try tree("targets/acme-bank"))
                base        -          yes       \(try tree("targets/base"))
                new-client  acme-bank  no        \(newTree)
                verde       base       no        \(try tree("targets/verde"))
                4 targets (3 concrete, 1 abstract)

                """)
    }

    @Test func jsonListsARevision() throws {
        let fixture = try repository()
        try fixture.write("targets/verde/style.json", #"{"extends": "acme-bank"}"#)
        let result = try LiveryBinary.run(["list", "--rev", "v1", "--format", "json", "--repo", fixture.path])
        #expect(result.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        #expect(document["version"] as? Int == 1)
        let source = try #require(document["source"] as? [String: Any])
        #expect(source["revision"] as? String == "v1")
        #expect(source["commit"] as? String == (try fixture.git(["rev-parse", "v1"])))
        let targets = try #require(document["targets"] as? [[String: Any]])
        #expect(targets.map { $0["id"] as? String } == ["acme-bank", "base", "verde"])
        // Read from v1, so the uncommitted edit to verde is not seen.
        #expect(targets.map { $0["extends"] as? String } == ["base", nil, "base"])
        #expect(targets[1]["extends"] is NSNull)
        #expect(targets.map { $0["abstract"] as? Bool } == [false, true, false])
        #expect(targets[0]["tree"] as? String == (try fixture.git(["rev-parse", "v1:targets/acme-bank"])))
        #expect((document["diagnostics"] as? [Any])?.isEmpty == true)
    }

    @Test func anUnknownRevisionExitsTwoNamingIt() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["list", "--rev", "v9", "--repo", fixture.path])
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr.hasPrefix("error: unknown revision 'v9'"))
    }

    @Test func outsideARepositoryExitsTwo() throws {
        let scratch = try TemporaryDirectory()
        let result = try LiveryBinary.run(["list"], in: scratch.path)
        #expect(result.status == 2)
        #expect(result.stderr == "error: not a git repository: \(scratch.path)\n")
    }

    @Test func usageErrorsExitTwo() throws {
        let fixture = try repository()
        let result = try LiveryBinary.run(["list", "--format", "yaml"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("yaml"))
    }

    @Test func invalidTargetsAreReportedAndExitOne() throws {
        let fixture = try repository()
        try fixture.write("targets/Bad_Name/style.json", "{}")
        try fixture.write("targets/notes.txt", "x")
        let result = try LiveryBinary.run(["list"], in: fixture.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("3 targets"))
        #expect(result.stderr.contains("targets/Bad_Name: error: 'Bad_Name' is not a valid target id"))
        #expect(result.stderr.contains("targets/notes.txt: warning: stray file 'notes.txt'"))
    }

    @Test func aBareRepositoryListsHead() throws {
        let fixture = try repository()
        let bare = try TemporaryDirectory()
        try runProcess(which("git") ?? "/usr/bin/git", ["clone", "--quiet", "--bare", fixture.path, bare.path + "/r.git"])
        let result = try LiveryBinary.run(["list", "--repo", bare.path + "/r.git"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("3 targets (2 concrete, 1 abstract)"))
    }

    @Test func aSymlinkedTargetIsRefused() throws {
        let fixture = try repository()
        let style = try fixture.blob("{}")
        let base = try fixture.tree([.init(mode: "100644", name: "style.json", id: style)])
        let link = try fixture.blob("/etc")
        let targets = try fixture.tree([
            .init(mode: "40000", name: "base", id: base),
            .init(mode: "120000", name: "evil", id: link),
        ])
        try fixture.commitTree(try fixture.tree([.init(mode: "40000", name: "targets", id: targets)]), tag: "hostile")
        let result = try LiveryBinary.run(["list", "--rev", "hostile", "--repo", fixture.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("'targets/evil' refused: symbolic links are not allowed"))
        #expect(result.stdout.contains("1 targets"))
    }

    @Test func theRepositorysOwnTargetsListCleanly() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let result = try LiveryBinary.run(["list", "--format", "json", "--repo", root])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        let targets = try #require(document["targets"] as? [[String: Any]])
        #expect(targets.contains { $0["id"] as? String == "base" && $0["abstract"] as? Bool == true })
        #expect(targets.count { $0["abstract"] as? Bool == false } >= 3)
    }

    /// Each target's identity as its chain gives it: inherited, overridden, removed with null,
    /// and the Android application id (androidPackage, else a bundleId Android accepts).
    @Test func jsonGivesEachTargetsDisplayNameBundleIdAndAndroidPackage() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}}"#)
        try fixture.write("targets/plain/style.json", #"{"extends": "base", "app": {"displayName": "Plain"}}"#)
        try fixture.write(
            "targets/hyphen/style.json", #"{"extends": "base", "app": {"displayName": "Sunny", "bundleId": "com.sunny-foods.app"}}"#)
        try fixture.write(
            "targets/own/style.json",
            #"{"extends": "base", "app": {"displayName": "Own", "bundleId": "com.own-it.app", "androidPackage": "com.ownit.app"}}"#)
        try fixture.write("targets/nameless/style.json", #"{"extends": "base", "app": {"displayName": null}}"#)
        try fixture.commitAll("identities")
        let result = try LiveryBinary.run(["list", "--format", "json", "--repo", fixture.path])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        let targets = try #require(document["targets"] as? [[String: Any]])
        func identity(_ id: String) -> [String] {
            guard let target = targets.first(where: { $0["id"] as? String == id }) else { return [] }
            return ["displayName", "bundleId", "androidPackage"].map { target[$0] as? String ?? "null" }
        }
        #expect(identity("base") == ["Base", "com.example.base", "com.example.base"])
        #expect(identity("plain") == ["Plain", "com.example.base", "com.example.base"])
        #expect(identity("hyphen") == ["Sunny", "com.sunny-foods.app", "null"])
        #expect(identity("own") == ["Own", "com.own-it.app", "com.ownit.app"])
        #expect(identity("nameless") == ["null", "com.example.base", "com.example.base"])
    }

    @Test func helpExplainsTheCommand() throws {
        let result = try LiveryBinary.run(["list", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("List the targets"))
        #expect(result.stdout.contains("--rev <rev>"))
        #expect(result.stdout.contains("--repo <path>"))
    }
}

extension ListCommandTests {
    /// Each client's `contract`: the file's declared version, its digest when it declares none,
    /// null for an abstract target and for every target of a repository without a contract.
    @Test func jsonGivesEachClientTheContractItIsBuiltAgainst() throws {
        let fixture = try repository()
        func contracts(_ rev: String) throws -> [String: String] {
            let result = try LiveryBinary.run(["list", "--format", "json", "--rev", rev], in: fixture.path)
            #expect(result.status == 0, "\(result.stderr)")
            let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
            var found: [String: String] = [:]
            for target in try #require(document["targets"] as? [[String: Any]]) {
                let contract = target["contract"] as? [String: Any]
                #expect(target.keys.contains("contract"))
                found[target["id"] as? String ?? ""] =
                    contract.map { "\($0["version"] as? String ?? "?") \($0["file"] as? String ?? "?")" } ?? "null"
            }
            return found
        }
        #expect(try contracts("v1") == ["base": "null", "acme-bank": "null", "verde": "null"])

        try fixture.write("targets/contract.json", #"{"version": "2.1.0", "flags": {}}"#)
        try fixture.commitAll("versioned", tag: "versioned")
        let versioned = try contracts("versioned")
        #expect(versioned == ["base": "null", "acme-bank": "2.1.0 targets/contract.json", "verde": "2.1.0 targets/contract.json"])

        let unversioned = #"{"flags": {}}"#
        try fixture.write("targets/contract.json", unversioned)
        try fixture.commitAll("unversioned", tag: "unversioned")
        let digest = "sha256:" + String(CanonicalJSON.digest(Array(unversioned.utf8)).prefix(12))
        #expect(try contracts("unversioned")["verde"] == "\(digest) targets/contract.json")
    }
}
