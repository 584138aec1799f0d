import LiveryJSON

/// The `extends` relation between targets: parents, chains, children, and the
/// problems in it (missing parents, cycles, abstract targets nothing uses).
public struct TargetGraph: Sendable {
    public let targets: [String: TargetSummary]
    /// Ids in sorted order.
    public let ids: [String]
    /// Targets whose chain is broken (missing parent or cycle), with the diagnostics saying why.
    public private(set) var broken: Set<String> = []
    public private(set) var diagnostics: [Diagnostic] = []

    public init(_ summaries: [TargetSummary]) {
        var byID: [String: TargetSummary] = [:]
        for summary in summaries { byID[summary.id] = summary }
        targets = byID
        ids = byID.keys.sorted()
        check()
    }

    /// The target and its ancestors, nearest first; nil when the chain is broken.
    public func chain(of id: String) -> [String]? {
        guard !broken.contains(id), targets[id] != nil else { return nil }
        var chain = [id]
        var current = id
        while let parent = targets[current]?.extends {
            chain.append(parent)
            current = parent
        }
        return chain
    }

    /// Every target that inherits from `id`, directly or not, sorted.
    public func descendants(of id: String) -> [String] {
        ids.filter { $0 != id && (chain(of: $0)?.contains(id) ?? false) }
    }

    /// For each target, the targets that inherit from it (directly or not), sorted;
    /// computed for all targets in one pass over the chains.
    public func allDescendants() -> [String: [String]] {
        var result: [String: [String]] = [:]
        for id in ids {
            for ancestor in (chain(of: id) ?? []).dropFirst() { result[ancestor, default: []].append(id) }
        }
        return result
    }

    /// Concrete targets (the ones bundled), sorted.
    public var concrete: [String] {
        ids.filter { targets[$0]?.abstract == false }
    }

    private mutating func check() {
        var reportedCycles: Set<[String]> = []
        for id in ids {
            var seen: [String] = [id]
            var current = id
            while let summary = targets[current], let parent = summary.extends {
                guard let parentSummary = targets[parent] else {
                    broken.insert(id)
                    if current == id {
                        let known = ids.filter { $0 != id }
                        diagnostics.append(problem(
                            summary, rule: "extends-missing",
                            "'\(id)' extends '\(parent)', which is not a target\(NameSuggestion.hint(for: parent, in: known))"
                        ))
                    }
                    break
                }
                if let start = seen.firstIndex(of: parent) {
                    broken.insert(id)
                    let cycle = Array(seen[start...])
                    let key = cycle.sorted()
                    if reportedCycles.insert(key).inserted {
                        // Report at the lexically first member so the report is stable.
                        let first = cycle.min() ?? id
                        let rotated = rotate(cycle, toStartAt: first)
                        if let summary = targets[first] {
                            diagnostics.append(problem(
                                summary, rule: "extends-cycle",
                                "targets extend each other in a cycle: \((rotated + [first]).joined(separator: " → "))"
                            ))
                        }
                    }
                    break
                }
                seen.append(parent)
                current = parentSummary.id
            }
        }
        // Every ancestor of a concrete target is used; one pass over the chains.
        var used: Set<String> = []
        for id in ids where targets[id]?.abstract == false {
            for ancestor in chain(of: id) ?? [] { used.insert(ancestor) }
        }
        for id in ids where targets[id]?.abstract == true {
            if !used.contains(id) {
                if let summary = targets[id] {
                    diagnostics.append(Diagnostic(
                        .warning, rule: "abstract-unused",
                        "abstract target '\(id)' has no concrete target extending it, so it is never bundled",
                        file: summary.styleFile, target: id
                    ))
                }
            }
        }
        diagnostics.sort()
    }

    private func problem(_ summary: TargetSummary, rule: String, _ message: String) -> Diagnostic {
        if let location = summary.extendsLocation {
            return Diagnostic(.error, rule: rule, message, at: location, pointer: JSONPointer(tokens: ["extends"]), target: summary.id)
        }
        return Diagnostic(.error, rule: rule, message, file: summary.styleFile, target: summary.id)
    }

    private func rotate(_ cycle: [String], toStartAt first: String) -> [String] {
        guard let index = cycle.firstIndex(of: first) else { return cycle }
        return Array(cycle[index...] + cycle[..<index])
    }
}
