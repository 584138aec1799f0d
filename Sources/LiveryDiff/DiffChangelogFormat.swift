import LiveryText

/// `livery diff --format changelog`: release notes a client's brand manager reads, in
/// Markdown. Per client, what changed in words, grouped by the release level each change
/// asks for (major, minor, patch, as `ReleaseFindings` levels the range); the app's
/// contract first. It reuses the Markdown report's before/after cells, so a colour names
/// the appearances that changed with their hex values. Component properties that only
/// follow a changed colour, font or size are counted, not listed: the brand changed the
/// colour, not forty buttons.
public enum DiffChangelogFormat {
    public static func render(_ report: DiffReport) -> String {
        var out = "# Release notes — \(TextEscaping.markdown(report.base.label)) → \(TextEscaping.markdown(report.head.label))\n\n"
        guard report.hasDifferences else { return out + "Nothing changed for any client.\n" }
        let release = report.release
        out += "**\(release.level.rawValue.capitalized) release** — \(TextEscaping.markdown(release.reason))\n"
        if let contract = report.contract { out += contractSection(contract) }
        for target in report.targets { out += clientSection(target, head: report.head.label) }
        return out
    }

    static let levels: [(level: ReleaseLevel, title: String)] = [
        (.major, "Major: the app must be updated"), (.minor, "Minor: something new"), (.patch, "Patch: new values"),
    ]

    /// The contract's tokens: renamed and deprecated ones are what a client's designers must know.
    static func contractSection(_ contract: ContractDiff) -> String {
        var out = "\n## The app's contract (\(TextEscaping.markdown(contract.file)))\n\n"
        for change in contract.changes {
            let level = change.breaks ? "major" : "minor"
            out += "- \(level): **\(TextEscaping.markdown(change.path))** — \(TextEscaping.markdown(change.breakingReason))\n"
        }
        if contract.changes.isEmpty { out += "- \(TextEscaping.markdown(contract.breakingReason))\n" }
        return out
    }

    static func clientSection(_ target: TargetDiff, head: String) -> String {
        var out = "\n## \(TextEscaping.markdown(target.id))\n"
        var lines: [ReleaseLevel: [String]] = [:]
        var following: [ReleaseLevel: Int] = [:]
        switch target.status {
        case .added: lines[.minor, default: []].append("New client.")
        case .removed: lines[.major, default: []].append("The client is removed.")
        case .renamed: lines[.major, default: []].append("Renamed from **\(TextEscaping.markdown(target.renamedFrom ?? ""))**.")
        case .changed, .invalid: break
        }
        if !target.headErrors.isEmpty {
            lines[.major, default: []].append("Its style has errors in \(TextEscaping.markdown(head)): no app can be built from it until they are fixed.")
        }
        for change in target.changes {
            let level: ReleaseLevel = change.isBreaking ? .major : change.kind == .added ? .minor : .patch
            if change.section == .components, !change.isDirect, !change.isBreaking {
                following[level, default: 0] += 1
            } else {
                lines[level, default: []].append(sentence(change))
            }
        }
        for variant in target.variants {
            let level: ReleaseLevel = variant.kind == .added ? .minor : .patch
            lines[level, default: []].append("Variant **\(TextEscaping.markdown(variant.name))**: \(TextEscaping.markdown(variant.effect)).")
        }
        for (level, count) in following {
            lines[level, default: []].append("\(count) component propert\(count == 1 ? "y follows" : "ies follow") these changes.")
        }
        for (level, title) in levels {
            guard let found = lines[level], !found.isEmpty else { continue }
            out += "\n### \(title)\n\n" + found.map { "- \($0)\n" }.joined()
        }
        return out
    }

    /// One change in words: `Colour **primary**: light mode #0A3D91 → #0B4FA0, dark mode …`.
    static func sentence(_ change: Change) -> String {
        let what = noun(change.section)
        let name = "**\(TextEscaping.markdown(change.section == .appIcon ? "app icon" : change.name))**"
        let (before, after) = DiffMarkdownFormat.sides(change)
        let reason = change.breakingReason.map { " (\(TextEscaping.markdown($0)))" } ?? ""
        switch change.kind {
        case .added:
            return "New \(what.lowercased()) \(name): \(words(after))."
        case .removed:
            return "\(what) \(name) is removed\(reason)."
        case .renamed:
            return "\(what) **\(TextEscaping.markdown(change.renamedFrom ?? ""))** is now called \(name)\(reason)."
        case .changed:
            let appearances = change.appearanceChanges
            if case .color(let a)? = change.old, case .color(let b)? = change.new, a.isUniform, b.isUniform {
                return "\(what) \(name) changes from `\(a.lightValue.text)` to `\(b.lightValue.text)`\(reason)."
            }
            if !appearances.isEmpty {
                let steps = appearances.map { step in
                    "\(appearanceWords(step.appearance)) \(step.old.map { "`\($0.text)`" } ?? "none") → \(step.new.map { "`\($0.text)`" } ?? "none")"
                }
                return "\(what) \(name) changes: \(steps.joined(separator: ", "))\(reason)."
            }
            return "\(what) \(name) changes from \(words(before)) to \(words(after))\(reason)."
        }
    }

    /// A Markdown cell's line breaks as a sentence's commas.
    static func words(_ cell: String) -> String { cell.replacingOccurrences(of: "<br>", with: ", ") }

    static func appearanceWords(_ appearance: String) -> String {
        switch appearance {
        case "light": "light mode"
        case "dark": "dark mode"
        case "highContrastLight": "high-contrast light mode"
        case "highContrastDark": "high-contrast dark mode"
        default: appearance
        }
    }

    /// What a brand manager calls a token of `section`.
    static func noun(_ section: DiffSection) -> String {
        switch section {
        case .app: "App name or identity"
        case .colors: "Colour"
        case .palettes: "Palette"
        case .fonts: "Font"
        case .dimensions: "Size"
        case .animations: "Animation"
        case .components: "Component property"
        case .images: "Image"
        case .appIcon: "App icon"
        case .flags: "Setting"
        case .store: "Store text"
        }
    }
}

extension DiffChangelogFormat: DiffRenderer {
    public static let name = "changelog"
    public static let summary = "release notes for each client's brand team, in Markdown, grouped by release level"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        render(report)
    }
}
