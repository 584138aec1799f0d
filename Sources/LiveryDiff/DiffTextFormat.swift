import LiveryTargets
import LiveryText

/// `livery diff --format text`: for a terminal, counts first, then each target's
/// changes grouped by section. Emphasis (added, removed, problems) goes through
/// `styler`, plain by default; the command line passes one with colours on a terminal.
public enum DiffTextFormat {
    /// `quiet`: the counts and invalid targets' errors only; `verbose`: also a line per unchanged target.
    public static func render(_ report: DiffReport, styler: Styler = .plain, detail: DiffDetail = .normal) -> String {
        var out = "livery diff \(report.base.label) → \(report.head.label)\n"
        out += DiffSummary.line(report) + "\n"
        if report.hasDifferences { out += report.release.line + "\n" }
        if let contract = report.contract { out += ContractDiffRendering.text(contract, styler: styler) }
        for target in report.targets {
            // Quiet keeps the problems: a target that could not be compared.
            if detail == .quiet, target.baseErrors.isEmpty, target.headErrors.isEmpty { continue }
            out += "\n" + styler(heading(target), .heading) + "\n"
            if let reason = target.breakingReason { out += "  " + styler("BREAKING: \(reason)", .problem) + "\n" }
            for (side, errors) in DiffSummary.errorsBySide(target, report) {
                out += "  invalid in \(side):\n"
                for error in errors { out += "    " + styler(DiffSummary.diagnosticLine(error), .problem) + "\n" }
            }
            if detail == .quiet { continue }
            var section: DiffSection?
            for change in target.changes {
                if change.section != section {
                    section = change.section
                    out += "  \(change.section.title)\n"
                }
                out += "    " + line(change, styler: styler) + "\n"
            }
            if !target.accessibilityRegressions.isEmpty { out += "  Accessibility\n" }
            for regression in target.accessibilityRegressions {
                out += "    " + styler("! accessibility regression: \(regression.text)", .problem) + "\n"
            }
            if !target.variants.isEmpty { out += "  Variants\n" }
            for change in target.variants {
                let name = styler(
                    "\(VariantChangeText.mark(change)) \(change.name)",
                    change.kind == .added ? .added : change.kind == .changed ? .changed : .removed)
                out += "    \(name)  \(VariantChangeText.summary(change))\n"
                for line in VariantChangeText.details(change) { out += "        \(line)\n" }
            }
            if !target.unrepresentable.isEmpty {
                out += "  note: null values a merge patch cannot set (it deletes them): \(target.unrepresentable.joined(separator: ", "))\n"
            }
        }
        if detail == .verbose, let unchanged = report.unchangedTargets, !unchanged.isEmpty {
            out += "\n" + styler("unchanged (\(unchanged.count))", .heading) + "\n"
            for id in unchanged { out += "  \(id)\n" }
        }
        return out
    }

    static func heading(_ target: TargetDiff) -> String {
        var text = "\(target.id): \(target.status.rawValue)"
        if let old = target.renamedFrom { text += " from \(old)" }
        let breaking = target.breakingCount
        var counts: [String] = []
        if !target.changes.isEmpty {
            counts.append("\(target.changes.count) change\(target.changes.count == 1 ? "" : "s")")
            if breaking > 0 { counts.append("\(breaking) breaking") }
        }
        if !target.variants.isEmpty { counts.append(DiffSummary.plural(target.variants.count, "variant change")) }
        if !target.accessibilityRegressions.isEmpty {
            counts.append(DiffSummary.plural(target.accessibilityRegressions.count, "accessibility regression"))
        }
        if !counts.isEmpty { text += " (\(counts.joined(separator: ", ")))" }
        return text
    }

    static func line(_ change: Change, styler: Styler) -> String {
        let name = change.section == .appIcon ? "appIcon" : change.name
        var text: String
        switch change.kind {
        case .added:
            text = styler("+ \(name)", .added) + "  " + (change.new?.display ?? "")
        case .removed:
            text = styler("- \(name)", .removed) + "  " + (change.old?.display ?? "")
        case .changed:
            text = styler("~ \(name)", .changed) + "  " + DiffSummary.changeText(change)
        case .renamed:
            // A token renamed while its value moved (through a palette it points to) says both values.
            let value = change.old == change.new ? (change.new?.display ?? "") : DiffSummary.changeText(change)
            text = styler("~ \(change.renamedFrom ?? "") → \(name)", .changed) + "  " + value
        }
        var why: [String] = []
        if !change.aliasChains.isEmpty { why.append(DiffSummary.chainsText(change, relativeToSection: true)) }
        if !change.via.isEmpty { why.append("via \(change.via.joined(separator: ", "))") }
        if !why.isEmpty { text += "  (\(why.joined(separator: "; ")))" }
        if let reason = change.breakingReason { text += "  " + styler("BREAKING: \(reason)", .problem) }
        if let delivery = change.delivery { text += "  [\(delivery.rawValue)]" }
        return text
    }
}

/// Wording shared by the text and Markdown reports.
public enum DiffSummary {
    /// `2 targets changed, 1 added · 5 changes, 1 breaking · 997 unchanged` or `no differences…`.
    public static func line(_ report: DiffReport) -> String {
        let counts = report.counts
        guard report.hasDifferences else {
            return "no differences (\(plural(counts.unchanged, "target")) unchanged)"
        }
        // The contract leads: it concerns the app and every client at once.
        let contract = report.contract.map { ContractDiffRendering.heading($0) + " · " } ?? ""
        guard !report.targets.isEmpty else { return contract + "no target differs (\(counts.unchanged) unchanged)" }
        var targets: [String] = []
        if counts.changed > 0 { targets.append("\(plural(counts.changed, "target")) changed") }
        if counts.added > 0 { targets.append("\(counts.added) added") }
        if counts.removed > 0 { targets.append("\(counts.removed) removed") }
        if counts.renamed > 0 { targets.append("\(counts.renamed) renamed") }
        if counts.invalid > 0 { targets.append("\(counts.invalid) invalid") }
        return contract + targets.joined(separator: ", ")
            + " · \(plural(counts.changes, "change"))\(split(counts)), \(counts.breaking) breaking"
            + (counts.variantChanges > 0 ? " · \(plural(counts.variantChanges, "variant change"))" : "")
            + " · \(counts.unchanged) unchanged"
    }

    /// ` (1 direct, 2 through aliases)` when some changes only followed an alias;
    /// nothing when every change was made directly.
    static func split(_ counts: DiffCounts) -> String {
        counts.throughAliases == 0
            ? "" : " (\(counts.direct) direct, \(counts.throughAliases) through \(counts.throughAliases == 1 ? "an alias" : "aliases"))"
    }

    /// Each side's errors of an invalid target, the side named as the user gave it.
    public static func errorsBySide(_ target: TargetDiff, _ report: DiffReport) -> [(side: String, errors: [Diagnostic])] {
        [(report.base.name, target.baseErrors), (report.head.name, target.headErrors)].filter { !$0.1.isEmpty }
    }

    /// `link → colors.accent → colors.primary`; several chains (one per appearance
    /// that follows an alias) separated by commas. The first link is written as the
    /// line names the item when `relativeToSection`, else as its full path.
    /// A chain of more than ``chainLinksShown`` links shows its first and last
    /// three and how many are between, so a report grows with the changes, not
    /// with the length of the chains behind them (JSON keeps every link).
    public static func chainsText(_ change: Change, relativeToSection: Bool) -> String {
        change.aliasChains.map { chain in
            let links = chain.enumerated().map { index, link in
                guard index == 0, relativeToSection, change.section != .appIcon else { return link }
                let prefix = change.section.rawValue + "."
                return link.hasPrefix(prefix) ? String(link.dropFirst(prefix.count)) : link
            }
            guard links.count > chainLinksShown else { return links.joined(separator: " → ") }
            return (links.prefix(3) + ["… \(links.count - 6) more …"] + links.suffix(3)).joined(separator: " → ")
        }.joined(separator: ", ")
    }

    /// The most links of one alias chain a text, Markdown or HTML report shows whole.
    public static let chainLinksShown = 8

    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// `old → new`, per appearance for colours: `dark #111111 → #222222`.
    public static func changeText(_ change: Change) -> String {
        if case .color(let a)? = change.old, case .color(let b)? = change.new, a.isUniform, b.isUniform {
            return "\(a.lightValue.text) → \(b.lightValue.text)"
        }
        if case .asset(let a)? = change.old, case .asset(let b)? = change.new {
            // Only the files that differ, each with its size and dimensions before and after.
            let slots = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted(by: AssetSlots.order)
            let prefix = slots == ["light"] && a.count <= 1 && b.count <= 1
            return slots.map { slot in
                (prefix ? "" : "\(slot): ") + "\(a[slot].map(assetText) ?? "(none)") → \(b[slot].map(assetText) ?? "(none)")"
            }.joined(separator: "; ")
        }
        let appearances = change.appearanceChanges
        if !appearances.isEmpty {
            return appearances.map { "\($0.appearance) \($0.old?.text ?? "(none)") → \($0.new?.text ?? "(none)")" }.joined(separator: ", ")
        }
        return "\(change.old?.display ?? "(none)") → \(change.new?.display ?? "(none)")"
    }

    /// `assets/logo.png (1.2 KiB, 100×100)`.
    public static func assetText(_ file: AssetFile) -> String {
        file.path + " (" + ([ByteCount.text(file.size)] + (file.dimensions.map { [$0] } ?? [])).joined(separator: ", ") + ")"
    }

    public static func diagnosticLine(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.position.map { "\($0): " } ?? ""
        return "\(place)\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule)]"
    }
}

/// How much a report says: `--quiet`, the default, `--verbose`.
public enum DiffDetail: Sendable, Hashable {
    case quiet, normal, verbose
}

extension DiffTextFormat: DiffRenderer {
    public static let name = "text"
    public static let summary = "a terminal"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        render(report, styler: context.styler, detail: context.detail)
    }
}
