import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("CI shards and affected targets")
struct ShardPlanTests {
    @Test func everyTargetLandsInExactlyOneShardAndLoadsStayBalanced() {
        var random = SeededRandom(seed: 0x5AAD)
        for round in 0..<200 {
            let targets = Int.random(in: 0..<120, using: &random)
            var weights: [String: Int] = [:]
            for index in 0..<targets { weights["t\(index)"] = Int.random(in: 1...5_000_000, using: &random) }
            let count = Int.random(in: 1...20, using: &random)
            let plan = ShardPlan(weights: weights, count: count)
            #expect(plan.count == count)
            let all = plan.shards.flatMap { $0 }
            #expect(all.count == weights.count, "round \(round)")
            #expect(Set(all) == Set(weights.keys), "round \(round)")
            for shard in plan.shards { #expect(shard == shard.sorted()) }
            // Greedy balance: no shard is heavier than the lightest by more than the heaviest target.
            if let heaviest = weights.values.max(), let most = plan.loads.max(), let least = plan.loads.min() {
                #expect(most - least <= heaviest, "round \(round): loads \(plan.loads)")
            }
            for k in 1...count {
                if let shard = Shard(index: k, count: count) { #expect(plan.members(of: shard) == plan.shards[k - 1]) }
            }
        }
    }

    @Test func thePlanDependsOnlyOnTheWeights() {
        let weights = ["a": 5, "b": 5, "c": 9, "d": 1, "e": 7]
        let first = ShardPlan(weights: weights, count: 3)
        let again = ShardPlan(weights: Dictionary(uniqueKeysWithValues: weights.sorted { $0.key > $1.key }), count: 3)
        #expect(first == again)
        // c 9 → 1; e 7 → 2; a 5 → 3; b 5 → 3 (lightest); d 1 → 2.
        #expect(first.shards == [["c"], ["d", "e"], ["a", "b"]])
        #expect(first.loads == [9, 8, 10])
    }

    @Test func matrixJSONIsOneCompactLineWithoutEmptyJobs() {
        let plan = ShardPlan(weights: ["a": 3, "b": 2, "c": 1], count: 2)
        #expect(plan.matrixJSON() == #"{"include":[{"shard":"1/2","targets":"a","count":1},{"shard":"2/2","targets":"b c","count":2}]}"#)
        #expect(ShardPlan(weights: [:], count: 1).matrixJSON() == #"{"include":[]}"#)
    }

    @Test(arguments: [(8, 3, 3), (8, 100, 8), (300, 1_000, 256), (300, 256, 256), (1, 0, 1), (0, 5, 1)])
    func jobsNeverOutnumberTargetsOrTheMatrixLimit(requested: Int, targets: Int, expected: Int) {
        #expect(ShardPlan.effectiveCount(requested: requested, targets: targets) == expected)
    }

    // MARK: Affected targets

    static let baseFiles: [String: String] = [
        "targets/base/style.json": ##"{"abstract": true, "colors": {"bg": "#FFFFFF"}}"##,
        "targets/banks/style.json": #"{"abstract": true, "extends": "base", "flags": {"bank": true}}"#,
        "targets/acme/style.json": #"{"extends": "banks"}"#,
        "targets/harbor/style.json": #"{"extends": "banks"}"#,
        "targets/verde/style.json": #"{"extends": "base"}"#,
        "targets/gone/style.json": #"{"extends": "base"}"#,
    ]

    func graph(_ files: [String: String]) throws -> TargetGraph {
        let source = MemorySource(files: files.mapValues { Array($0.utf8) })
        return TargetGraph(try TargetCatalog.list(in: source).targets)
    }

    func affected(_ change: (inout [String: String]) -> Void, schema: Bool = false, settings: Bool = false) throws -> AffectedTargets {
        var head = Self.baseFiles
        change(&head)
        return AffectedTargets.compare(
            base: try graph(Self.baseFiles), head: try graph(head), schemaChanged: schema, settingsChanged: settings)
    }

    func summary(_ result: AffectedTargets) -> [String] {
        result.affected.map { "\($0.id): \($0.reason)" }
    }

    @Test func nothingChangedAffectsNothing() throws {
        let result = try affected { _ in }
        #expect(result.affected.isEmpty && result.removed.isEmpty)
    }

    @Test func aBaseChangeAffectsEveryDescendant() throws {
        let result = try affected { $0["targets/base/style.json"] = ##"{"abstract": true, "colors": {"bg": "#000000"}}"## }
        #expect(summary(result) == ["acme: via base", "gone: via base", "harbor: via base", "verde: via base"])
    }

    @Test func aGroupChangeAffectsOnlyItsMembers() throws {
        let result = try affected { $0["targets/banks/logo.svg"] = "<svg/>" }
        #expect(summary(result) == ["acme: via banks", "harbor: via banks"])
    }

    @Test func aLeafChangeAffectsOnlyThatTarget() throws {
        let result = try affected { $0["targets/verde/style.json"] = ##"{"extends": "base", "flags": {"x": 1}}"## }
        #expect(summary(result) == ["verde: changed"])
    }

    @Test func movingToAnotherParentCountsAsAChange() throws {
        let result = try affected { $0["targets/verde/style.json"] = ##"{"extends": "banks"}"## }
        #expect(summary(result) == ["verde: changed"])
    }

    @Test func addedAndRemovedTargetsAreReported() throws {
        let result = try affected {
            $0["targets/gone/style.json"] = nil
            $0["targets/newco/style.json"] = ##"{"extends": "base"}"##
        }
        #expect(summary(result) == ["newco: added"])
        #expect(result.removed == ["gone"])
    }

    @Test func aSchemaOrSettingsChangeAffectsEveryConcreteTarget() throws {
        #expect(
            summary(try affected({ _ in }, schema: true)) == [
                "acme: schema changed", "gone: schema changed", "harbor: schema changed", "verde: schema changed",
            ])
        #expect(try affected({ _ in }, settings: true).ids == ["acme", "gone", "harbor", "verde"])
    }
}
