import LiveryText

/// `livery diff --format changelog`: release notes a client's brand manager reads, in
/// Markdown. Per client, what changed in words (`ChangelogNotes`), grouped by the release
/// level each change asks for; the app's contract first. Markdown cannot draw a swatch,
/// so a colour is its value as code; `changelog-html` draws it.
public enum DiffChangelogFormat {
    public static func render(_ report: DiffReport) -> String {
        var out = "# Release notes — \(TextEscaping.markdown(report.base.label)) → \(TextEscaping.markdown(report.head.label))\n\n"
        guard report.hasDifferences else { return out + "Nothing changed for any client.\n" }
        let release = report.release
        out += "**\(release.level.rawValue.capitalized) release** — \(TextEscaping.markdown(release.reason))\n"
        if let contract = report.contract {
            out += "\n## The app's contract (\(TextEscaping.markdown(contract.file)))\n\n"
            for change in contract.changes {
                out +=
                    "- \(change.breaks ? "major" : "minor"): **\(TextEscaping.markdown(change.path))** — \(TextEscaping.markdown(change.breakingReason))\n"
            }
            if contract.changes.isEmpty { out += "- \(TextEscaping.markdown(contract.breakingReason))\n" }
        }
        for client in ChangelogNotes(report).clients {
            out += "\n## \(TextEscaping.markdown(client.id))\n"
            for (level, sentences) in client.levels {
                out += "\n### \(ChangelogNotes.titles[level] ?? level.rawValue)\n\n"
                out += sentences.map { "- " + $0.map(markdown).joined() + "\n" }.joined()
            }
        }
        return out
    }

    static func markdown(_ piece: ChangelogNotes.Piece) -> String {
        switch piece {
        case .words(let text), .value(let text): TextEscaping.markdown(text)
        case .name(let name): "**\(TextEscaping.markdown(name))**"
        case .color(let value): "`\(value.replacingOccurrences(of: "`", with: "'"))`"
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
