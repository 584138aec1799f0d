import LiveryText

/// `livery diff --format changelog-html`: the changelog's notes (`ChangelogNotes`) as one
/// self-contained page, each colour drawn as a swatch beside its value. No script and no
/// request: the page's policy allows inline styles only, which the swatches are.
public enum DiffChangelogHTMLFormat {
    public static func render(_ report: DiffReport) -> String {
        let title = "Release notes — \(report.base.label) → \(report.head.label)"
        var body = "<h1>\(TextEscaping.html(title))</h1>\n"
        if !report.hasDifferences {
            body += "<p>Nothing changed for any client.</p>\n"
        } else {
            let release = report.release
            body +=
                "<p class=\"release \(release.level.rawValue)\"><strong>\(release.level.rawValue.capitalized) release</strong> — \(TextEscaping.html(release.reason))</p>\n"
            if let contract = report.contract {
                body += "<h2>The app's contract (\(TextEscaping.html(contract.file)))</h2>\n<ul>\n"
                for change in contract.changes {
                    body +=
                        "<li>\(change.breaks ? "major" : "minor"): <strong>\(TextEscaping.html(change.path))</strong> — \(TextEscaping.html(change.breakingReason))</li>\n"
                }
                if contract.changes.isEmpty { body += "<li>\(TextEscaping.html(contract.breakingReason))</li>\n" }
                body += "</ul>\n"
            }
            for client in ChangelogNotes(report).clients {
                body += "<h2>\(TextEscaping.html(client.id))</h2>\n"
                for (level, sentences) in client.levels {
                    body += "<h3>\(TextEscaping.html(ChangelogNotes.titles[level] ?? level.rawValue))</h3>\n<ul>\n"
                    body += sentences.map { "<li>" + $0.map(html).joined() + "</li>\n" }.joined()
                    body += "</ul>\n"
                }
            }
        }
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(TextEscaping.html(title))</title>
            <style>
            body{font:16px/1.5 system-ui,sans-serif;max-width:60em;margin:2em auto;padding:0 1em;color:#1B1D21}
            .swatch{display:inline-block;width:1em;height:1em;border:1px solid #6B7280;border-radius:3px;vertical-align:-0.15em;margin-right:0.25em}
            code{font-size:0.95em}
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// A colour's swatch takes the value as written (`#0B4FA0`, `color(display-p3 …)`), escaped
    /// for the attribute; a browser that cannot draw it leaves the swatch empty, and the value beside it says it.
    static func html(_ piece: ChangelogNotes.Piece) -> String {
        switch piece {
        case .words(let text), .value(let text): TextEscaping.html(text)
        case .name(let name): "<strong>\(TextEscaping.html(name))</strong>"
        case .color(let value):
            "<span class=\"swatch\" style=\"background:\(TextEscaping.html(value))\"></span><code>\(TextEscaping.html(value))</code>"
        }
    }
}

extension DiffChangelogHTMLFormat: DiffRenderer {
    public static let name = "changelog-html"
    public static let summary = "the changelog as one self-contained page, colours drawn as swatches"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        render(report)
    }
}
