import Foundation
import LiveryGit
import LiveryJSON
import LiveryTargets

/// The targets a command works on, from its `--target` ids: one rule for
/// `build`, `validate` and `diff`.
///
/// - No ids: every target.
/// - Each id selects its target. An abstract target (one that exists to be
///   extended, and is never bundled) also selects every target that extends
///   it, directly or not. A concrete target selects itself only, even when
///   others extend it: `--target acme` builds, checks or compares `acme`.
/// - An id that names no target is an error that suggests the closest id.
///
/// `diff` reads two revisions: an id is known when either names it, and is
/// expanded in each revision where it is abstract.
package struct TargetSelection: Sendable, Equatable {
    /// The ids chosen, or nil for every target.
    let ids: Set<String>?

    /// Selects `requested` among the targets of `graphs`.
    package init(_ requested: [String], in graphs: [TargetGraph]) throws(UnknownTargetError) {
        guard !requested.isEmpty else {
            ids = nil
            return
        }
        var chosen: Set<String> = []
        for id in requested {
            let holding = graphs.filter { $0.targets[id] != nil }
            guard !holding.isEmpty else {
                let known = Set(graphs.flatMap(\.ids)).sorted()
                throw UnknownTargetError(id: id, suggestion: NameSuggestion.closest(to: id, in: known))
            }
            chosen.insert(id)
            for graph in holding where graph.targets[id]?.abstract == true {
                chosen.formUnion(graph.descendants(of: id))
            }
        }
        ids = chosen
    }

    /// Selects `requested` among the targets of `graph`.
    package init(_ requested: [String], in graph: TargetGraph) throws(UnknownTargetError) {
        try self.init(requested, in: [graph])
    }

    /// True when every target is selected (no `--target`).
    var isEverything: Bool { ids == nil }

    /// Whether `id` is selected.
    package func contains(_ id: String) -> Bool {
        ids?.contains(id) ?? true
    }

    /// The selected ones of `candidates`, in their order.
    package func filter(_ candidates: [String]) -> [String] {
        guard let ids else { return candidates }
        return candidates.filter(ids.contains)
    }
}

/// A `--target` id that names no target: a usage error.
package struct UnknownTargetError: UserError, LocalizedError, Sendable, Equatable {
    let id: String
    let suggestion: String?

    init(id: String, suggestion: String?) {
        self.id = id
        self.suggestion = suggestion
    }

    package var errorDescription: String? {
        "unknown target '\(id)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + ". Run `livery list` to see the targets."
    }
}
