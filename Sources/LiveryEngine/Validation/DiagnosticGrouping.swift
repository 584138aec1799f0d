import LiveryTargets

/// Turns per-target diagnostics into one report per problem. A mistake in a
/// shared file (a base every client extends) is found once per target that
/// inherits it; people and CI systems want to see it once, at its source, with
/// the targets it affects. Pure, so every output format and `build` agree.
package enum DiagnosticGrouping {
    /// How many target ids a note names before it says "…".
    package static let idsShown = 5

    /// One diagnostic per problem. Diagnostics equal in everything but their
    /// target (severity, rule, message, file, line, column, pointer, related
    /// places) become one with no `target` and the sorted `affectedTargets`.
    /// A message that names its target differs per target, so such diagnostics
    /// stay apart. Only problems in a file are merged: without a file, the target
    /// is the only place a reader has. Ordered by file, then position.
    package static func grouped(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let problems = Problems(diagnostics)
        var result: [Diagnostic] = []
        // At most one problem per diagnostic: one allocation instead of doublings.
        result.reserveCapacity(problems.diagnosticCount)
        problems.forEach { result.append($0) }
        return result
    }

    /// The problems `grouped` returns, made one at a time each time they are
    /// walked, for a report written as it is made: a report of 100,000
    /// diagnostics need not hold its problems beside them.
    package struct Problems {
        private let diagnostics: [Diagnostic]
        /// Positions in `diagnostics` sorted by place, so one problem's diagnostics
        /// are side by side: each run of them becomes its problems without a table
        /// of every problem (at scale, tables and sets per problem took more memory
        /// than the diagnostics). Positions rather than a sorted copy: a copy of
        /// 100,000 diagnostics was 13 MB beside the report's own.
        private let byPlace: [Int]

        package init(_ diagnostics: [Diagnostic]) {
            self.diagnostics = diagnostics
            var byPlace = Array(diagnostics.indices)
            byPlace.sort { placeOrder(diagnostics[$0], diagnostics[$1]) }
            self.byPlace = byPlace
        }

        /// How many diagnostics the problems come from.
        var diagnosticCount: Int { byPlace.count }

        /// Each problem, in `fileOrder`.
        package func forEach(_ body: (Diagnostic) -> Void) {
            var start = byPlace.startIndex
            while start < byPlace.endIndex {
                var end = start + 1
                while end < byPlace.endIndex, !placeOrder(diagnostics[byPlace[start]], diagnostics[byPlace[end]]) { end += 1 }
                for problem in problems(in: byPlace[start..<end].lazy.map { diagnostics[$0] }) { body(problem) }
                start = end
            }
        }
    }

    /// The problems among diagnostics at one place (same file, position, rule,
    /// message, pointer), in `fileOrder`.
    fileprivate static func problems(in run: some Collection<Diagnostic>) -> [Diagnostic] {
        var passed: [Diagnostic] = []
        var merged: [(problem: Diagnostic, targets: [String])] = []
        for diagnostic in run {
            let targets = diagnostic.affectedTargets + (diagnostic.target.map { [$0] } ?? [])
            guard diagnostic.file != nil, !targets.isEmpty else {
                if !passed.contains(diagnostic) { passed.append(diagnostic) }
                continue
            }
            let problem = placeOnly(diagnostic)
            if let index = merged.firstIndex(where: { $0.problem == problem }) {
                merged[index].targets += targets
            } else {
                merged.append((problem, targets))
            }
        }
        var result = passed
        for (problem, found) in merged {
            let targets = Array(Set(found)).sorted()
            var one = problem
            if targets.count == 1 {
                one.target = targets.first
            } else {
                one.affectedTargets = targets
            }
            result.append(one)
        }
        return result.count > 1 ? result.sorted(by: fileOrder) : result
    }

    /// `fileOrder` without the targets: diagnostics it does not tell apart are
    /// one problem, or differ only in a related place.
    fileprivate static func placeOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.file != rhs.file {
            guard let left = lhs.file else { return true }
            guard let right = rhs.file else { return false }
            return left < right
        }
        let l = (lhs.line ?? 0, lhs.column ?? 0)
        let r = (rhs.line ?? 0, rhs.column ?? 0)
        if l != r { return l < r }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        if lhs.message != rhs.message { return lhs.message < rhs.message }
        let lp = lhs.pointer?.description ?? ""
        let rp = rhs.pointer?.description ?? ""
        if lp != rp { return lp < rp }
        let lr = lhs.related.map(\.message)
        let rr = rhs.related.map(\.message)
        return lr.lexicographicallyPrecedes(rr)
    }

    /// Every target any of the diagnostics belongs to or affects.
    package static func targets(of diagnostics: [Diagnostic]) -> Set<String> {
        var all = Set<String>()
        for diagnostic in diagnostics {
            if let target = diagnostic.target { all.insert(target) }
            all.formUnion(diagnostic.affectedTargets)
        }
        return all
    }

    /// Which targets a problem affects, when its place does not say so:
    /// `affects 2,000 targets: client-0000, client-0001, …` for a shared problem,
    /// `affects acme` for a problem one target inherits from another's file.
    /// Nil for a problem in the target's own directory, or of no target; a
    /// problem without a file names its target.
    package static func affectsNote(_ diagnostic: Diagnostic, targetsDirectory: String = "targets") -> String? {
        let targets = diagnostic.affectedTargets
        if targets.count > 1 {
            let shown = targets.prefix(idsShown).joined(separator: ", ")
            return "affects \(thousands(targets.count)) targets: \(shown)\(targets.count > idsShown ? ", …" : "")"
        }
        guard let target = diagnostic.target ?? targets.first else { return nil }
        // Without a file, nothing but the note says which target it is.
        guard let file = diagnostic.file else { return "affects \(target)" }
        let own = targetsDirectory + "/" + target
        return file == own || file.hasPrefix(own + "/") ? nil : "affects \(target)"
    }

    /// `2,000`: digits grouped by three, the same in every locale, so output is stable.
    package static func thousands(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(digit)
        }
        return (number < 0 ? "-" : "") + out
    }

    /// The problem without the targets it was found in.
    private static func placeOnly(_ diagnostic: Diagnostic) -> Diagnostic {
        var problem = diagnostic
        problem.target = nil
        problem.affectedTargets = []
        return problem
    }

    /// File (none first), line, column, then severity, rule, message, target:
    /// reports read top to bottom through each file, the same on every run.
    package static func fileOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if placeOrder(lhs, rhs) { return true }
        if placeOrder(rhs, lhs) { return false }
        if lhs.target != rhs.target { return (lhs.target ?? "") < (rhs.target ?? "") }
        return lhs.affectedTargets.lexicographicallyPrecedes(rhs.affectedTargets)
    }
}
