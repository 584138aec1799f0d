import LiveryGit
import LiveryJSON
import LiveryTargets

/// How a set of targets is split into CI jobs: balanced by weight (the bytes of
/// each target's assets, which is what building costs most), and the same for
/// the same input on every machine and run. `livery list --format matrix` prints
/// it and `livery build --shard K/N` builds part K of the same plan, so N jobs
/// together build each target exactly once.
public struct ShardPlan: Sendable, Equatable {
    /// Target ids per shard, each sorted; shard K is `shards[K - 1]`.
    let shards: [[String]]
    /// The summed weight per shard.
    let loads: [Int]

    /// Longest processing time first: heaviest targets first (ties by id), each
    /// to the lightest shard so far (ties to the lowest index). Within 4/3 of
    /// the best possible balance, and deterministic.
    package init(weights: [String: Int], count: Int) {
        let count = max(1, count)
        var shards = Array(repeating: [String](), count: count)
        var loads = Array(repeating: 0, count: count)
        let ordered = weights.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
        for (id, weight) in ordered {
            var lightest = 0
            for index in 1..<count where loads[index] < loads[lightest] { lightest = index }
            shards[lightest].append(id)
            loads[lightest] += weight
        }
        self.shards = shards.map { $0.sorted() }
        self.loads = loads
    }

    var count: Int { shards.count }

    /// The targets of part `shard.index` of `shard.count`.
    package func members(of shard: Shard) -> [String] {
        guard shard.count == count, shard.index >= 1, shard.index <= count else { return [] }
        return shards[shard.index - 1]
    }

    /// GitHub Actions' most jobs in one matrix.
    public static let matrixLimit = 256

    /// The number of shards for `requested` jobs over `targets` targets: no more
    /// than there are targets (no empty jobs) and no more than a matrix allows.
    package static func effectiveCount(requested: Int, targets: Int) -> Int {
        max(1, min(requested, targets, matrixLimit))
    }

    /// One line of compact JSON for `strategy.matrix`:
    /// `{"include":[{"shard":"1/4","targets":"a b c","count":3},…]}`; `{"include":[]}` when there is nothing to build.
    package func matrixJSON() -> String {
        let entries: [JSONValue] = shards.enumerated().compactMap { index, ids in
            guard !ids.isEmpty else { return nil }
            return .makeObject([
                ("shard", .string("\(index + 1)/\(count)")),
                ("targets", .string(ids.joined(separator: " "))),
                ("count", .integer(ids.count)),
            ])
        }
        return JSONWriter.compact(.makeObject([("include", .makeArray(entries))]))
    }
}

/// The weight of each target for sharding: the bytes of the files in its own
/// directory, plus a fixed cost for the files every bundle gets whatever its assets.
package enum TargetWeights {
    static let perTarget = 16 * 1024

    package static func weights(of ids: [String], in source: any Source, targetsDirectory: String) throws -> [String: Int] {
        var weights: [String: Int] = [:]
        for id in ids {
            weights[id] = perTarget + (try bytes(under: targetsDirectory + "/" + id, in: source))
        }
        return weights
    }

    static func bytes(under path: String, in source: any Source) throws -> Int {
        guard let directory = try source.directory(at: path) else { return 0 }
        var total = 0
        for entry in directory.entries {
            // Sizes come from object headers (or lstat): no asset is read to weigh it.
            total += entry.isDirectory ? try bytes(under: entry.path, in: source) : try source.size(of: entry)
        }
        return total
    }
}
