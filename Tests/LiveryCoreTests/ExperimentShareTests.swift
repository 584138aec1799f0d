import Testing

@testable import LiveryCore

/// An experiment's arms over a million synthetic installs: each arm's share
/// is its weight, and raising the coverage keeps every install in its arm.
@Suite struct ExperimentShareTests {
    static let weights: [(String, Int64)] = [("arm-a", 50), ("arm-b", 30), ("arm-c", 20)]
    static let installs = 1_000_000

    static func set(coverage: Int64) -> VariantSet {
        let entries = weights.map { name, weight in
            VariantSet.Entry(
                definition: VariantDefinition(
                    name: name, condition: .all([]), conditionJSON: nil,
                    experiment: ExperimentArm(id: "cta-2026", weight: weight * 1_000_000, coverage: coverage * 1_000_000)
                ),
                patch: .makeObject([]), result: String(repeating: "0", count: 64)
            )
        }
        return VariantSet(client: String(repeating: "0", count: 64), entries: entries)
    }

    static let date = UpdateTime(secondsSince1970: 1_790_000_000)

    @Test func everyArmsShareIsItsWeightWithinAFifthOfAPoint() {
        let set = Self.set(coverage: 100)
        var counts: [String: Int] = [:]
        for index in 0..<Self.installs {
            let choice = set.choose(for: VariantContext(installID: "install-\(index)", date: Self.date))
            counts[choice?.variant ?? "none", default: 0] += 1
        }
        #expect(counts["none"] == nil, "full coverage puts every install in an arm")
        for (name, weight) in Self.weights {
            let share = Double(counts[name] ?? 0) / Double(Self.installs) * 100
            #expect(abs(share - Double(weight)) < 0.2, "\(name): \(share) % for a weight of \(weight)")
        }
    }

    @Test func raisingCoverageFromTenToTwentyMovesNoInstall() {
        let ten = Self.set(coverage: 10)
        let twenty = Self.set(coverage: 20)
        var inTen = 0
        var inTwenty = 0
        var moved = 0
        for index in 0..<Self.installs {
            let context = VariantContext(installID: "install-\(index)", date: Self.date)
            let before = ten.choose(for: context)?.variant
            let after = twenty.choose(for: context)?.variant
            if before != nil { inTen += 1 }
            if after != nil { inTwenty += 1 }
            if let before, before != after { moved += 1 }
        }
        #expect(moved == 0)
        // The coverage did change who is in: about a tenth, then a fifth.
        #expect(abs(Double(inTen) / Double(Self.installs) - 0.10) < 0.002)
        #expect(abs(Double(inTwenty) / Double(Self.installs) - 0.20) < 0.002)
    }
}
