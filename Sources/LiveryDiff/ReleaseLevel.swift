/// What a release means for the app, over the whole range compared, in SemVer's
/// three levels: `major` when it breaks the app's code, its contract or an app built
/// from a client (everything `DiffReport.hasBreakingChanges` counts), `minor` when it
/// only adds (clients, tokens, locales, variants), `patch` when it changes values and
/// nothing else. `none` when nothing differs.
public enum ReleaseLevel: String, Sendable, Hashable, CaseIterable, Comparable {
    case none, patch, minor, major

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: ReleaseLevel, rhs: ReleaseLevel) -> Bool { lhs.rank < rhs.rank }
}

/// A release's level and the reason for it: the first thing found at that level (in
/// report order: the contract, then the clients by id), and how many more there are.
public struct ReleaseAssessment: Sendable, Hashable {
    public var level: ReleaseLevel
    public var reason: String

    /// `major: acme: colors.accent removed: code that reads it breaks (and 2 more)`.
    public var line: String { "release: \(level.rawValue) — \(reason)" }

    /// The level of `report`'s range, and why.
    public static func of(_ report: DiffReport) -> ReleaseAssessment {
        let found = ReleaseFindings(report)
        for level in [ReleaseLevel.major, .minor, .patch] {
            let reasons = found.reasons(at: level)
            guard let first = reasons.first else { continue }
            let more = reasons.count - 1
            return ReleaseAssessment(level: level, reason: first + (more > 0 ? " (and \(more) more)" : ""))
        }
        return ReleaseAssessment(level: .none, reason: "nothing differs")
    }
}

extension DiffReport {
    /// The release's level and why (`ReleaseAssessment`).
    public var release: ReleaseAssessment { ReleaseAssessment.of(self) }
}

/// Every reason a report gives for each level, in report order.
struct ReleaseFindings {
    private var major: [String] = []
    private var minor: [String] = []
    private var patch: [String] = []

    init(_ report: DiffReport) {
        if let contract = report.contract {
            if contract.breaks { major.append(contract.breakingReason) } else { minor.append(contract.breakingReason) }
        }
        for target in report.targets { add(target, head: report.head.label) }
    }

    func reasons(at level: ReleaseLevel) -> [String] {
        switch level {
        case .major: major
        case .minor: minor
        case .patch: patch
        case .none: []
        }
    }

    private mutating func add(_ target: TargetDiff, head: String) {
        let id = target.id
        if let reason = target.breakingReason { major.append("\(id): \(reason)") }
        if !target.headErrors.isEmpty { major.append("\(id): invalid in \(head), so no app can be built from it") }
        if target.status == .added { minor.append("\(id): client added") }
        for change in target.changes {
            if let reason = change.breakingReason {
                major.append("\(id): \(change.path) \(change.kind.rawValue): \(reason)")
            } else if change.kind == .added {
                minor.append("\(id): \(change.path) added")
            } else {
                patch.append("\(id): \(change.path) \(change.kind.rawValue)")
            }
        }
        for variant in target.variants {
            if variant.kind == .added {
                minor.append("\(id): variant \(variant.name) added")
            } else {
                patch.append("\(id): variant \(variant.name) \(variant.kind.rawValue)")
            }
        }
    }
}
