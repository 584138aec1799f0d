import LiveryText

/// `livery diff --format markdown`: for a pull-request comment and GitHub's step
/// summary. Counts first, a table of targets, then each target's changes in a
/// collapsed section. Kept under `limit` bytes (GitHub's 1 MiB) by leaving the
/// details out, then rows of the table, saying so.
public enum DiffMarkdownFormat {
    /// GitHub refuses step summaries over 1 MiB; leave room for other steps.
    public static let defaultLimit = 1_000_000

    /// `verbose` adds the list of unchanged targets (left out first when over `limit`).
    public static func render(_ report: DiffReport, limit: Int = defaultLimit, verbose: Bool = false) -> String {
        if verbose {
            let full = render(report, details: true, rows: report.targets.count) + unchangedList(report)
            if full.utf8.count <= limit { return full }
        }
        let full = render(report, details: true, rows: report.targets.count)
        if full.utf8.count <= limit { return full }
        // Summarised: the table alone, then as many rows as fit.
        var rows = report.targets.count
        var text = render(report, details: false, rows: rows)
        while text.utf8.count > limit, rows > 0 {
            rows = text.utf8.count > 2 * limit ? rows / 2 : rows - max(1, rows / 10)
            text = render(report, details: false, rows: rows)
        }
        return text
    }

    static func render(_ report: DiffReport, details: Bool, rows: Int) -> String {
        var out = "### livery diff — \(TextEscaping.markdown(report.base.label)) → \(TextEscaping.markdown(report.head.label))\n\n"
        out += "**\(TextEscaping.markdown(DiffSummary.line(report)))**\n"
        guard report.hasDifferences else { return out + "\n" }
        out += "\n\(TextEscaping.markdown(report.release.line))\n"
        if let contract = report.contract { out += ContractDiffRendering.markdown(contract) }
        guard !report.targets.isEmpty else { return out + "\n" }
        out += "\n| target | status | changes | breaking |\n|---|---|---:|---:|\n"
        for target in report.targets.prefix(rows) {
            var status = target.status.rawValue
            if let old = target.renamedFrom { status += " from \(TextEscaping.markdown(old))" }
            let breaking = target.breakingCount
            let variants = target.variants.isEmpty ? "" : " (+\(DiffSummary.plural(target.variants.count, "variant")))"
            out +=
                "| \(TextEscaping.markdown(target.id)) | \(status) | \(target.changes.count)\(variants) | \(breaking > 0 ? "⚠️ \(breaking)" : "0") |\n"
        }
        if rows < report.targets.count {
            out +=
                "\n…and \(report.targets.count - rows) more targets. The full report was too large for GitHub (1 MiB); run `livery diff` locally or use `--format json`.\n"
        } else if !details {
            out +=
                "\nPer-target details are left out to stay under GitHub's 1 MiB limit; run `livery diff` locally or use `--format json` for them.\n"
        }
        guard details else { return out + "\n" }
        // Added and removed targets are one line of the table; the others get their details.
        for target in report.targets
        where !target.changes.isEmpty || !target.variants.isEmpty || !target.baseErrors.isEmpty || !target.headErrors.isEmpty {
            out += "\n<details><summary><b>\(TextEscaping.markdown(target.id))</b> — \(target.status.rawValue)"
            if let old = target.renamedFrom { out += " from \(TextEscaping.markdown(old))" }
            let variantCount = target.variants.isEmpty ? "" : ", \(DiffSummary.plural(target.variants.count, "variant change"))"
            out +=
                " (\(target.changes.count) change\(target.changes.count == 1 ? "" : "s"), \(target.breakingCount) breaking\(variantCount))</summary>\n\n"
            if let reason = target.breakingReason { out += "⚠️ **breaking:** \(TextEscaping.markdown(reason))\n\n" }
            for (side, errors) in DiffSummary.errorsBySide(target, report) {
                out += "Invalid in \(TextEscaping.markdown(side)):\n\n"
                for error in errors { out += "- ❌ \(TextEscaping.markdown(DiffSummary.diagnosticLine(error)))\n" }
                out += "\n"
            }
            if !target.changes.isEmpty {
                out += "| | item | before | after | alias chain | via | breaking |\n|---|---|---|---|---|---|---|\n"
                for change in target.changes {
                    let mark = change.kind == .added ? "➕" : change.kind == .removed ? "➖" : "✏️"
                    let (before, after) = sides(change)
                    let chain = TextEscaping.markdown(DiffSummary.chainsText(change, relativeToSection: false))
                    let item =
                        (change.oldPath.map { $0 + " → " + change.path } ?? change.path)
                        + (change.delivery.map { " (\($0.rawValue))" } ?? "")
                    out +=
                        "| \(mark) | \(TextEscaping.markdown(item)) | \(before) | \(after) | \(chain) | \(TextEscaping.markdown(change.via.joined(separator: ", "))) | \(change.breakingReason.map { "⚠️ " + TextEscaping.markdown($0) } ?? "") |\n"
                }
                out += "\n"
            }
            for regression in target.accessibilityRegressions {
                out += "- ♿ **accessibility regression:** \(TextEscaping.markdown(regression.text))\n"
            }
            if !target.accessibilityRegressions.isEmpty { out += "\n" }
            out += variantTable(target.variants)
            out += "</details>\n"
        }
        return out + "\n"
    }

    /// The client's variants that differ: what kind of change, how it reaches installs, and what changed.
    static func variantTable(_ variants: [VariantChange]) -> String {
        guard !variants.isEmpty else { return "" }
        var out = "| | variant | change | reaches installs by | what |\n|---|---|---|---|---|\n"
        for change in variants {
            let mark =
                switch change.kind {
                case .added: "➕"
                case .removed: "➖"
                case .changed: "✏️"
                case .invalid: "❌"
                }
            let delivery = change.kind == .invalid ? "" : change.delivery.rawValue
            let details = VariantChangeText.details(change).map(TextEscaping.markdown).joined(separator: "<br>")
            out +=
                "| \(mark) | \(TextEscaping.markdown(change.name)) | \(TextEscaping.markdown(change.effect)) | \(delivery) | \(details) |\n"
        }
        return out + "\n"
    }

    /// `--verbose`: the targets compared and found identical, collapsed.
    static func unchangedList(_ report: DiffReport) -> String {
        guard let ids = report.unchangedTargets, !ids.isEmpty else { return "" }
        return "<details><summary>Unchanged targets (\(ids.count))</summary>\n\n"
            + ids.map { "- \(TextEscaping.markdown($0))\n" }.joined() + "\n</details>\n\n"
    }

    /// Before and after cells; for a colour, only the appearances that changed.
    static func sides(_ change: Change) -> (String, String) {
        if case .color(let a)? = change.old, case .color(let b)? = change.new, a.isUniform, b.isUniform {
            return (a.lightValue.text, b.lightValue.text)
        }
        if case .asset(let a)? = change.old, case .asset(let b)? = change.new {
            let slots = Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }.sorted(by: AssetSlots.order)
            func cell(_ files: [String: AssetFile]) -> String {
                slots.map { slot in "\(slot): " + (files[slot].map { TextEscaping.markdown(DiffSummary.assetText($0)) } ?? "—") }.joined(
                    separator: "<br>")
            }
            return (cell(a), cell(b))
        }
        let appearances = change.appearanceChanges
        if !appearances.isEmpty {
            let before = appearances.map { "\($0.appearance) \($0.old.map { TextEscaping.markdown($0.text) } ?? "—")" }.joined(
                separator: "<br>")
            let after = appearances.map { "\($0.appearance) \($0.new.map { TextEscaping.markdown($0.text) } ?? "—")" }.joined(
                separator: "<br>")
            return (before, after)
        }
        return (change.old.map { TextEscaping.markdown($0.display) } ?? "—", change.new.map { TextEscaping.markdown($0.display) } ?? "—")
    }
}

extension DiffMarkdownFormat: DiffRenderer {
    public static let name = "markdown"
    public static let summary = "a pull-request comment; under GitHub Actions it is also appended to $GITHUB_STEP_SUMMARY, kept under 1 MiB"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        render(report, verbose: context.verbose)
    }
}
