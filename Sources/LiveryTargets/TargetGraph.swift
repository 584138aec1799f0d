import LiveryJSON

/// The `extends` relation between targets: parents, chains, children, and the
/// problems in it (missing parents, cycles, abstract targets nothing uses).
///
/// Built for every command on thousands of targets, so the work is done once
/// on positions in `ids` (a parent index per target) rather than by looking
/// names up again and again; every walk is iterative, because a hostile
/// repository can make a chain thousands long.
public struct TargetGraph: Sendable {
    public let targets: TargetTable
    /// Ids in sorted order.
    public let ids: [String]
    /// Targets whose chain is broken (missing parent or cycle), with the diagnostics saying why.
    public private(set) var broken: Set<String> = []
    public private(set) var diagnostics: [Diagnostic] = []
    /// The position of each target's parent; `none` for a root, `missing` for a parent that is not a target.
    private let parent: [Int]
    /// Whether each target's chain is broken.
    private var isBroken: [Bool]

    private static let none = -1
    private static let missing = -2

    /// The longest `extends` chain livery follows, counted in targets (a root
    /// alone is 1). Real brands nest a handful deep; the limit keeps every
    /// target's merge to a bounded number of files, so a chain 100,000 long is
    /// one error at the target that passes the limit, not a crash or hours of merging.
    public static let maxChainLength = 64

    public init(_ summaries: [TargetSummary]) {
        let targets = TargetTable(summaries)
        self.targets = targets
        ids = targets.keys
        parent = targets.values.map { summary in
            guard let name = summary.extends else { return TargetGraph.none }
            return targets.position(of: name) ?? TargetGraph.missing
        }
        isBroken = Array(repeating: false, count: ids.count)
        check()
        checkChainLengths()
        broken = Set(ids.indices.filter { isBroken[$0] }.map { ids[$0] })
        checkAbstractTargetsUsed()
        diagnostics.sort()
    }

    /// The target and its ancestors, nearest first; nil when the chain is broken.
    public func chain(of id: String) -> [String]? {
        guard let start = targets.position(of: id), !isBroken[start] else { return nil }
        var chain: [String] = []
        var current = start
        while current >= 0 {
            chain.append(ids[current])
            current = parent[current]
        }
        return chain
    }

    /// Every target that inherits from `id`, directly or not, sorted.
    public func descendants(of id: String) -> [String] {
        ids.filter { $0 != id && (chain(of: $0)?.contains(id) ?? false) }
    }

    /// Concrete targets (the ones bundled), sorted.
    public var concrete: [String] {
        ids.filter { targets[$0]?.abstract == false }
    }

    /// Marks every target under a missing parent or in (or under) a cycle as
    /// broken, and reports each missing parent at the target naming it and each
    /// cycle once. Each target is walked once: a walk stops at the first target
    /// already decided.
    private mutating func check() {
        enum State { case unvisited, onPath, good, bad }
        var state = Array(repeating: State.unvisited, count: ids.count)
        for (index, next) in parent.enumerated() where next == Self.missing {
            guard let summary = targets[ids[index]], let name = summary.extends else { continue }
            let id = ids[index]
            diagnostics.append(
                problem(
                    summary, rule: .extendsMissing,
                    "'\(id)' extends '\(name)', which is not a target\(NameSuggestion.hint(for: name, in: ids.filter { $0 != id }))"
                ))
        }
        for start in ids.indices where state[start] == .unvisited {
            var path: [Int] = []
            var current = start
            var outcome = State.good
            while true {
                if current == Self.none { break }
                if current == Self.missing {
                    outcome = .bad
                    break
                }
                switch state[current] {
                case .good: break
                case .bad: outcome = .bad
                case .onPath:
                    outcome = .bad
                    if let first = path.firstIndex(of: current) { reportCycle(Array(path[first...])) }
                case .unvisited:
                    state[current] = .onPath
                    path.append(current)
                    current = parent[current]
                    continue
                }
                break
            }
            for member in path {
                state[member] = outcome
                if outcome == .bad { isBroken[member] = true }
            }
        }
    }

    /// Breaks every target whose chain holds more than `maxChainLength` targets,
    /// and reports each target that is the first to pass the limit (the one whose
    /// `extends` makes the chain one too long); those below it are broken by the
    /// same line, so they are not reported again. Lengths are counted once per
    /// target, walking up only to the first target already counted.
    private mutating func checkChainLengths() {
        let unknown = 0
        var length = Array(repeating: unknown, count: ids.count)
        var path: [Int] = []
        for start in ids.indices where !isBroken[start] && length[start] == unknown {
            path.removeAll(keepingCapacity: true)
            var current = start
            // Broken chains were settled by `check`: what is left ends at a root.
            while current >= 0, length[current] == unknown {
                path.append(current)
                current = parent[current]
            }
            var above = current >= 0 ? length[current] : 0
            for member in path.reversed() {
                above += 1
                length[member] = above
                guard above > Self.maxChainLength else { continue }
                isBroken[member] = true
                if above == Self.maxChainLength + 1, let summary = targets[ids[member]] {
                    diagnostics.append(
                        problem(
                            summary, rule: .extendsDepth,
                            "the `extends` chain of '\(ids[member])' holds more than \(Self.maxChainLength) targets, the most livery follows: make it extend a target nearer the root"
                        ))
                }
            }
        }
    }

    /// Reports a cycle at its lexically first member, so the report is stable.
    private mutating func reportCycle(_ members: [Int]) {
        // Positions follow sorted ids, so the smallest position is the first name.
        guard let first = members.min(), let at = members.firstIndex(of: first), let summary = targets[ids[first]] else { return }
        let rotated = Array(members[at...] + members[..<at]).map { ids[$0] }
        diagnostics.append(
            problem(
                summary, rule: .extendsCycle,
                "targets extend each other in a cycle: \((rotated + [ids[first]]).joined(separator: " → "))"
            ))
    }

    /// Every ancestor of a concrete target is used; an abstract target nothing
    /// uses is never bundled, which is worth a warning. Not for a target whose
    /// chain is broken (in or under a cycle, or under a missing parent): the
    /// error about the chain is the one thing to fix, and says it.
    private mutating func checkAbstractTargetsUsed() {
        var used = Array(repeating: false, count: ids.count)
        for (index, id) in ids.enumerated() where targets[id]?.abstract == false && !isBroken[index] {
            var current = index
            while current >= 0, !used[current] {
                used[current] = true
                current = parent[current]
            }
        }
        for (index, id) in ids.enumerated() where !used[index] && !isBroken[index] {
            guard let summary = targets[id], summary.abstract else { continue }
            diagnostics.append(
                Diagnostic(
                    .warning, rule: .abstractUnused,
                    "abstract target '\(id)' has no concrete target extending it, so it is never bundled",
                    file: summary.styleFile, target: id
                ))
        }
    }

    private func problem(_ summary: TargetSummary, rule: Rule, _ message: String) -> Diagnostic {
        if let location = summary.extendsLocation {
            return Diagnostic(.error, rule: rule, message, at: location, pointer: JSONPointer(tokens: ["extends"]), target: summary.id)
        }
        return Diagnostic(.error, rule: rule, message, file: summary.styleFile, target: summary.id)
    }
}
