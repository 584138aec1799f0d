import LiveryTargets

/// Sorting and de-duplicating diagnostics in place. Reports from tens of
/// thousands of targets hold a hundred thousand diagnostics: a `Set` of them and
/// the arrays made from it were each as large as the report, so these work on
/// the one array, and equal diagnostics are found among neighbours once sorted.
enum DiagnosticOrder {
    /// Sorts `diagnostics` by `<`, each distinct diagnostic once. Diagnostics
    /// that `<` does not tell apart keep the order they came in.
    static func sortOnce(_ diagnostics: inout [Diagnostic]) {
        diagnostics.sort()
        removeRepeats(&diagnostics, tied: { !($0 < $1) && !($1 < $0) })
    }

    /// Removes from `sorted` each diagnostic equal to an earlier one. Equal
    /// diagnostics are `tied`, and a sorted array holds ties side by side, so only
    /// a run of ties is searched (runs are short: ties differ only in what the
    /// order does not compare, such as a pointer).
    static func removeRepeats(_ sorted: inout [Diagnostic], tied: (Diagnostic, Diagnostic) -> Bool) {
        var kept = 0
        var runStart = 0
        for index in sorted.indices {
            if kept > runStart, !tied(sorted[kept - 1], sorted[index]) { runStart = kept }
            if sorted[runStart..<kept].contains(sorted[index]) { continue }
            if kept != index { sorted.swapAt(kept, index) }
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
    }
}
