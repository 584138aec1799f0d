import LiveryJSON

/// One variant of a client as `variant.json` describes it: its condition
/// (`when`, always when absent), where it comes in the order of trying
/// (`order`, then name), and the experiment arm it is, if any.
public struct VariantDefinition: Sendable, Hashable {
    /// The variant's directory name (`targets/<id>/variants/<name>/`).
    public let name: String
    public let condition: VariantCondition
    /// `when` as written (positions dropped), for the bundle and updates to carry; nil when absent.
    public let conditionJSON: JSONValue?
    public let order: Int64
    public let experiment: ExperimentArm?

    public init(name: String, condition: VariantCondition, conditionJSON: JSONValue?, order: Int64 = 0, experiment: ExperimentArm? = nil) {
        self.name = name
        self.condition = condition
        self.conditionJSON = conditionJSON
        self.order = order
        self.experiment = experiment
    }

    /// The definition as JSON: `when` (when present), `order`, `experiment` (when present).
    public var json: JSONValue {
        var pairs: [(String, JSONValue)] = [("order", .number(JSONNumber(literal: String(order))))]
        if let conditionJSON { pairs.append(("when", conditionJSON)) }
        if let experiment { pairs.append(("experiment", experiment.json)) }
        return .makeObject(pairs)
    }

    /// Whether `a` is tried before `b`: lower `order` first, then name by UTF-8 bytes.
    public static func triedBefore(_ a: VariantDefinition, _ b: VariantDefinition) -> Bool {
        if a.order != b.order { return a.order < b.order }
        return Array(a.name.utf8).lexicographicallyPrecedes(Array(b.name.utf8))
    }

    public static func == (lhs: VariantDefinition, rhs: VariantDefinition) -> Bool {
        lhs.name == rhs.name && lhs.condition == rhs.condition && lhs.order == rhs.order && lhs.experiment == rhs.experiment
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(condition)
        hasher.combine(order)
        hasher.combine(experiment)
    }
}

/// A variant's place in an experiment: the experiment's id, the arm's weight
/// and the experiment's coverage, each a percentage in millionths
/// (`50` → 50,000,000).
///
/// An install's place in an experiment is its bucket for the experiment's id
/// (``InstallBucket``, the id as the seed). The arms, in name order, split
/// the buckets by weight, and each arm takes the first `coverage` of its
/// share: with arms `a` 50 and `b` 50 at 10 % coverage, `a` holds buckets
/// 0–5 % and `b` 50–55 %. Raising the coverage lengthens each arm's range at
/// its end, so no install leaves its arm (GrowthBook's ranges); changing the
/// weights, or adding or renaming an arm, moves installs.
public struct ExperimentArm: Sendable, Hashable {
    public let id: String
    public let weight: Int64
    public let coverage: Int64

    public init(id: String, weight: Int64, coverage: Int64 = InstallBucket.range) {
        self.id = id
        self.weight = weight
        self.coverage = coverage
    }

    public var json: JSONValue {
        .makeObject([
            ("id", .string(id)),
            ("weight", .number(JSONNumber(literal: Percentage.text(weight)))),
            ("coverage", .number(JSONNumber(literal: Percentage.text(coverage)))),
        ])
    }
}

/// Percentages written as plain decimals with up to six decimal places,
/// kept as whole millionths so that every runtime compares them exactly.
public enum Percentage {
    /// `12.5` → 12,500,000; nil for a literal with an exponent, a sign, more
    /// than six decimals, or a value above 100.
    public static func millionths(_ literal: String) -> Int64? {
        let parts = literal.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let whole = parts.first, (1...3).contains(whole.utf8.count),
            whole.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let wholeValue = InputInteger(whole)
        else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard (1...6).contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let value = InputInteger(digits + String(repeating: "0", count: 6 - digits.utf8.count))
            else { return nil }
            fraction = value.value
        }
        return wholeValue.multiplied(by: 1_000_000)?.adding(fraction)?.within(0...InstallBucket.range)
    }

    /// The canonical literal of a percentage in millionths (`12500000` → `12.5`).
    public static func text(_ millionths: Int64) -> String {
        let whole = millionths / 1_000_000
        let fraction = millionths % 1_000_000
        guard fraction != 0 else { return String(whole) }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 6 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits)"
    }
}
