import LiveryEngine
import LiveryTargets

/// Which warnings of the targets that build `livery build` holds until its
/// report. The report shows a few warnings per rule and counts the rest, so it
/// need not hold one per client: 50,000 clients whose logo Android cannot use
/// are 50,000 warnings of a few hundred bytes each.
///
/// A warning in a target's own file, when no other target extends it, is a
/// problem of its own: no other target can report the same place, so the
/// report will never merge it with another. Of those, each rule keeps the
/// first `perRule` in report order (`DiagnosticGrouping.fileOrder`) and only
/// counts the others, which the report would not show. Every other warning may
/// be one problem found in many targets (a base's file), and is kept for the
/// report to merge. Pure: fed one passing target's diagnostics at a time.
struct BuildWarningSample {
    let perRule: Int
    let targetsDirectory: String
    /// Targets another target extends: their files are also other targets'.
    let extended: Set<String>
    /// Per rule, the first `perRule` own-file problems seen so far, in report order.
    private var first: [String: [Diagnostic]] = [:]
    /// Per rule, the own-file problems not kept, each later than `perRule` kept ones.
    private(set) var counted: [String: Int] = [:]

    init(perRule: Int, targetsDirectory: String, graph: TargetGraph) {
        self.perRule = perRule
        self.targetsDirectory = targetsDirectory
        extended = Set(graph.targets.values.compactMap(\.extends))
    }

    /// The diagnostics of one target without errors that the report keeps.
    mutating func keep(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var kept: [Diagnostic] = []
        for (index, diagnostic) in diagnostics.enumerated() {
            // A target that reports one warning twice has one problem, counted once.
            if diagnostics[..<index].contains(diagnostic) { continue }
            guard isOwnProblem(diagnostic) else {
                kept.append(diagnostic)
                continue
            }
            var sample = first[diagnostic.rule.id, default: []]
            if sample.count >= perRule, !(sample.last.map { DiagnosticGrouping.fileOrder(diagnostic, $0) } ?? false) {
                counted[diagnostic.rule.id, default: 0] += 1
                continue
            }
            // Still among the first: kept. The one it pushes out of the sample stays
            // in the report too, and is shown or counted there.
            let at = sample.firstIndex { DiagnosticGrouping.fileOrder(diagnostic, $0) } ?? sample.endIndex
            sample.insert(diagnostic, at: at)
            if sample.count > perRule { sample.removeLast() }
            first[diagnostic.rule.id] = sample
            kept.append(diagnostic)
        }
        return kept
    }

    /// A warning in a file of its own target's directory that no other target inherits.
    private func isOwnProblem(_ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.severity == .warning, diagnostic.affectedTargets.isEmpty,
            let target = diagnostic.target, let file = diagnostic.file, !extended.contains(target)
        else { return false }
        let own = targetsDirectory + "/" + target + "/"
        return file.hasPrefix(own)
    }
}
