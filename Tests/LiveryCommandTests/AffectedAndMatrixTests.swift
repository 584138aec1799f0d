import Foundation
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("list --affected-since, matrices and shards")
struct AffectedAndMatrixTests {
    /// base → banks → bank-N, base → solo; a history with one kind of change per tag.
    func history() throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Client", "bundleId": "com.example.client"}, "colors": {"bg": "#FFFFFF"}}"##)
        try fixture.write("targets/banks/style.json", #"{"abstract": true, "extends": "base"}"#)
        for index in 0..<3 {
            try fixture.write(
                "targets/bank-\(index)/style.json", "{\"extends\": \"banks\", \"app\": {\"bundleId\": \"com.example.bank\(index)\"}}")
        }
        try fixture.write("targets/solo/style.json", #"{"extends": "base", "app": {"bundleId": "com.example.solo"}}"#)
        try fixture.commitAll("v1", tag: "v1")
        try fixture.write("targets/solo/style.json", #"{"extends": "base", "app": {"bundleId": "com.example.solo"}, "flags": {"x": true}}"#)
        try fixture.commitAll("leaf", tag: "leaf")
        try fixture.write("targets/banks/style.json", #"{"abstract": true, "extends": "base", "flags": {"bank": true}}"#)
        try fixture.commitAll("group", tag: "group")
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Client", "bundleId": "com.example.client"}, "colors": {"bg": "#000000"}}"##)
        try fixture.commitAll("base", tag: "base")
        try fixture.write(
            "targets/style.schema.json", String(decoding: try LiveryBinary.run(["schema", "--built-in"]).stdoutBytes, as: UTF8.self) + " ")
        try fixture.commitAll("schema", tag: "schema")
        return fixture
    }

    func affected(_ fixture: FixtureRepository, since: String, rev: String) throws -> [String] {
        let result = try LiveryBinary.run(["list", "--rev", rev, "--affected-since", since, "--format", "json"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        let targets = try #require(document["targets"] as? [[String: Any]])
        return targets.compactMap { target in
            guard let id = target["id"] as? String, let change = target["change"] as? String else { return nil }
            return "\(id): \(change)"
        }
    }

    @Test func eachKindOfChangeAffectsExactlyTheTargetsThatInheritIt() throws {
        let fixture = try history()
        #expect(try affected(fixture, since: "v1", rev: "v1") == [])
        #expect(try affected(fixture, since: "v1", rev: "leaf") == ["solo: changed"])
        #expect(try affected(fixture, since: "leaf", rev: "group") == ["bank-0: via banks", "bank-1: via banks", "bank-2: via banks"])
        #expect(
            try affected(fixture, since: "group", rev: "base") == [
                "bank-0: via base", "bank-1: via base", "bank-2: via base", "solo: via base",
            ])
        #expect(
            try affected(fixture, since: "base", rev: "schema") == [
                "bank-0: schema changed", "bank-1: schema changed", "bank-2: schema changed", "solo: schema changed",
            ])
    }

    @Test func theTextFormSaysWhyAndWhatWasRemoved() throws {
        let fixture = try history()
        try fixture.remove("targets/solo")
        try fixture.write("targets/bank-0/style.json", #"{"extends": "banks", "flags": {"new": 1}}"#)
        let result = try LiveryBinary.run(["list", "--affected-since", "schema"], in: fixture.path)
        #expect(result.status == 0)
        let tree = try #require(result.stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").last)
        #expect(
            result.stdout == """
                TARGET  EXTENDS  CHANGE   TREE
                bank-0  banks    changed  \(tree)
                1 of 3 concrete targets affected; removed: solo

                """)
    }

    @Test func anUnknownBaseRevisionIsAnError() throws {
        let fixture = try history()
        let result = try LiveryBinary.run(["list", "--affected-since", "no-such-tag"], in: fixture.path)
        #expect(result.status == 2)
        #expect(result.stderr.contains("no-such-tag"))
    }

    @Test func matricesHoldAtMost256JobsAndBuildsConsumeThem() throws {
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", #"{"abstract": true}"#)
        for index in 0..<300 {
            try fixture.write(
                "targets/c\(index)/style.json",
                ##"{"extends": "base", "app": {"displayName": "C\##(index)", "bundleId": "com.example.c\##(index)"}}"##)
        }
        // One heavy client: the plan gives it a job of its own.
        try fixture.write("targets/c7/big.bin", [UInt8](repeating: 7, count: 2_000_000))
        try fixture.commitAll("clients", tag: "v1")

        let wide = try LiveryBinary.run(["list", "--format", "matrix", "--shards", "256"], in: fixture.path)
        #expect(wide.status == 0, "\(wide.stderr)")
        #expect(wide.stdout.hasSuffix("}\n") && wide.stdout.split(separator: "\n").count == 1)
        let matrix = try #require(try JSONSerialization.jsonObject(with: Data(wide.stdoutBytes)) as? [String: Any])
        let include = try #require(matrix["include"] as? [[String: Any]])
        #expect(include.count == 256)
        let ids = include.flatMap { (($0["targets"] as? String) ?? "").split(separator: " ").map(String.init) }
        #expect(ids.count == 300 && Set(ids).count == 300)
        #expect(include.contains { ($0["targets"] as? String) == "c7" })
        #expect(include.allSatisfy { ($0["shard"] as? String)?.hasSuffix("/256") == true })
        #expect(try LiveryBinary.run(["list", "--format", "matrix", "--shards", "257"], in: fixture.path).status == 2)
        #expect(try LiveryBinary.run(["list", "--format", "matrix", "--shards", "0"], in: fixture.path).status == 2)

        // A narrow matrix: building each entry by --target and by --shard gives the same clients.
        let narrow = try LiveryBinary.run(["list", "--format", "matrix", "--shards", "3", "--rev", "v1"], in: fixture.path)
        let entries = try #require(
            (try JSONSerialization.jsonObject(with: Data(narrow.stdoutBytes)) as? [String: Any])?["include"] as? [[String: Any]])
        #expect(entries.count == 3)
        var all: [String] = []
        for entry in entries {
            let targets = try #require(entry["targets"] as? String)
            let shard = try #require(entry["shard"] as? String)
            let byTarget = try TemporaryDirectory()
            let byShard = try TemporaryDirectory()
            let first = try LiveryBinary.run(
                ["build", "--rev", "v1", "--platform", "web", "--out", byTarget.path, "--target", targets], in: fixture.path)
            let second = try LiveryBinary.run(
                ["build", "--rev", "v1", "--platform", "web", "--out", byShard.path, "--shard", shard], in: fixture.path)
            #expect(first.status == 0 && second.status == 0, "\(first.stderr)\(second.stderr)")
            let built = try FileManager.default.contentsOfDirectory(atPath: byTarget.path).filter { !$0.hasPrefix(".") }.sorted()
            #expect(built == targets.split(separator: " ").map(String.init).sorted())
            #expect(try FileManager.default.contentsOfDirectory(atPath: byShard.path).filter { !$0.hasPrefix(".") }.sorted() == built)
            all += built
        }
        #expect(all.sorted() == (0..<300).map { "c\($0)" }.sorted())
    }

    @Test func timingsShowWhereTheTimeWent() throws {
        let fixture = try history()
        let out = try TemporaryDirectory()
        let result = try LiveryBinary.run(["build", "--out", out.path, "--timings", "--platform", "web"], in: fixture.path)
        #expect(result.status == 0, "\(result.stderr)")
        // A row per phase, named as the pipeline names its stages: every stage a build
        // runs, and the reading and parsing inside them.
        let rows = result.stderr.split(separator: "\n").map { $0.prefix(21).trimmingCharacters(in: .whitespaces) }
        for phase in Phase.allCases.map(\.name) + ["total"] {
            #expect(rows.contains(phase), "\(phase) missing from \(result.stderr)")
        }
        let quiet = try LiveryBinary.run(["validate"], in: fixture.path)
        #expect(!quiet.stderr.contains("timings"))
    }
}
