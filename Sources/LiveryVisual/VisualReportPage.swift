import LiveryText

/// `report.html`: a grid of clients × appearances. Each cell shows the share of
/// pixels that changed, before and after side by side, the difference mask, and
/// a slider that swipes from before to after or fades one into the other (the
/// page's one script, which only moves a clip and an opacity). The images are
/// files beside the page; nothing else is loaded.
public enum VisualReportPage {
    public static func render(_ report: VisualReport) -> String {
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>livery visual diff \(TextEscaping.html(report.base)) → \(TextEscaping.html(report.head))</title>
            <style>\(css)</style>
            </head>
            <body>
            <h1>livery visual diff <span class="rev">\(TextEscaping.html(report.base))</span> → <span class="rev">\(TextEscaping.html(report.head))</span></h1>
            <p class="summary">\(summary(report))</p>
            <p class="controls"><label>Compare <select id="mode"><option value="sides">side by side</option><option value="swipe">swipe</option><option value="fade">fade</option><option value="difference">difference</option></select></label>
            <label>Before ◀ <input id="amount" type="range" min="0" max="100" value="50" aria-label="Swipe or fade position"> ▶ After</label></p>

            """
        if !report.invalid.isEmpty {
            out += "<p class=\"note\">Not drawn (invalid in a revision): \(TextEscaping.html(report.invalid.joined(separator: ", ")))</p>\n"
        }
        if report.clients.isEmpty {
            out += "<p class=\"note\">No client changed.</p>\n"
        } else {
            out += "<table class=\"grid\" data-mode=\"sides\"><thead><tr><th>client</th>"
            for name in VisualScreen.appearances { out += "<th>\(TextEscaping.html(name))</th>" }
            out += "</tr></thead><tbody>\n"
            for client in report.clients { out += row(client) }
            out += "</tbody></table>\n"
        }
        return out + "<script>\(script)</script>\n</body>\n</html>\n"
    }

    static func summary(_ report: VisualReport) -> String {
        let changed = report.clients.filter { $0.share > 0 }.count
        return
            "\(report.clients.count) client\(report.clients.count == 1 ? "" : "s") drawn · \(changed) with pixels changed · largest change \(VisualReport.percent(report.largestShare)) of a screen (colour threshold \(NumberText.text(report.colorThreshold)))"
    }

    static func row(_ client: VisualReport.Client) -> String {
        var status = TextEscaping.html(client.status)
        if let old = client.renamedFrom { status += " from " + TextEscaping.html(old) }
        let changes = client.changes
        var counts = "\(changes.count) change\(changes.count == 1 ? "" : "s")"
        if changes.breaking > 0 { counts += ", <span class=\"breaking\">\(changes.breaking) breaking</span>" }
        var out =
            "<tr id=\"c-\(TextEscaping.html(client.id))\"><th scope=\"row\"><code>\(TextEscaping.html(client.id))</code><br><small>\(status)</small><br><small>\(counts)</small></th>"
        for appearance in client.appearances {
            out += "<td class=\"\(appearance.differing > 0 ? "changed" : "same")\"><p class=\"share\">\(appearance.shareText)</p>"
            out += "<div class=\"cell\">"
            out += "<figure class=\"pair\"><figcaption><span>before</span><span>after</span></figcaption><div class=\"stack\">"
            out += image(appearance.before, "before", "before") + image(appearance.after, "after", "after")
            out += "</div></figure>"
            out +=
                "<figure class=\"mask\"><figcaption><span>difference</span></figcaption>\(image(appearance.difference, "difference", "difference"))</figure>"
            out += "</div></td>"
        }
        out += "</tr>\n"
        // What the diff says changed, under the pictures, as `livery diff --format html` lists it.
        guard changes.breakingReason != nil || !changes.html.isEmpty else { return out }
        out += "<tr class=\"diff\"><td colspan=\"\(VisualScreen.appearances.count + 1)\"><div class=\"changes-of\">"
        if let reason = changes.breakingReason { out += "<p class=\"breaking\">Breaking: \(TextEscaping.html(reason))</p>\n" }
        return out + changes.html + "</div></td></tr>\n"
    }

    static func image(_ path: String?, _ className: String, _ label: String) -> String {
        guard let path else { return "<div class=\"\(className) none\">no \(label)</div>" }
        return "<img class=\"\(className)\" alt=\"\(label)\" src=\"\(TextEscaping.html(path))\" width=\"\(VisualScreen.panelWidth)\">"
    }

    static let css = """
        body{font:14px/1.45 system-ui,-apple-system,sans-serif;margin:16px;color:#1b1f23;background:#fff}
        h1{font-size:20px;margin:0 0 6px}.rev{font-family:ui-monospace,monospace;background:#f3f4f6;padding:1px 5px;border-radius:4px}
        .summary{font-weight:600}.note{color:#57606a}.controls{display:flex;gap:16px;align-items:center;flex-wrap:wrap}
        table.grid{border-collapse:collapse;width:100%;table-layout:fixed}
        .grid th,.grid td{border:1px solid #d0d7de;padding:4px;vertical-align:top;text-align:left}
        .grid thead th:first-child,.grid tbody th{width:120px;overflow-wrap:anywhere}
        td.changed{background:#fff8e6}td.changed .share{color:#9a3412;font-weight:700}.share{margin:0 0 4px}
        .cell{display:flex;gap:4px}.cell figure{margin:0;min-width:0;flex:1}
        .cell img{display:block;width:100%;height:auto;border:1px solid #d0d7de}
        .stack{display:flex;gap:4px}.stack img{flex:1;min-width:0}
        figcaption{display:flex;gap:4px;font-size:11px;color:#57606a}figcaption span{flex:1}
        [data-mode=swipe] .pair figcaption,[data-mode=fade] .pair figcaption{display:none}
        .none{font-size:12px;color:#57606a;padding:8px;border:1px dashed #d0d7de;flex:1}
        [data-mode=sides] .mask{display:none}
        [data-mode=difference] .pair{display:none}
        [data-mode=swipe] .mask,[data-mode=fade] .mask{display:none}
        [data-mode=swipe] .stack,[data-mode=fade] .stack{position:relative;display:block}
        [data-mode=swipe] .stack .after,[data-mode=fade] .stack .after{position:absolute;left:0;top:0}
        [data-mode=swipe] .stack .after{clip-path:inset(0 var(--at,50%) 0 0)}
        [data-mode=swipe] .stack::after{content:"";position:absolute;top:0;bottom:0;left:calc(100% - var(--at,50%));width:2px;margin-left:-1px;background:#d6336c}
        [data-mode=fade] .stack .after{opacity:var(--fade,.5)}
        tr.diff td{background:#fafbfc}.changes-of table{border-collapse:collapse;width:100%;table-layout:fixed;margin:0}
        .changes-of th,.changes-of td{border:1px solid #e1e4e8;padding:4px 6px;font-size:12px;overflow-wrap:break-word}
        .changes-of table th:nth-child(1){width:28px}.changes-of table.changes th:nth-child(2){width:24%}
        .changes-of table.changes th:nth-child(5){width:16%}.changes-of table.changes th:nth-child(6){width:11%}
        .changes-of h3{font-size:13px;margin:8px 0 4px}.changes-of .mark{font-weight:700;text-align:center}
        tr.added .mark{color:#1a7f37}tr.removed .mark,tr.invalid .mark{color:#cf222e}tr.changed .mark{color:#9a6700}
        .breaking{color:#cf222e;font-weight:600}.delivery{font-size:.85em;color:#57606a}.delivery.appRelease{color:#9a6700}
        .changes-of .none{color:#6a737d;border:0;padding:0;font-size:inherit}
        .changes-of .swatches{display:flex;gap:6px;flex-wrap:wrap}
        .changes-of .swatch{margin:0;padding:6px;border-radius:6px;background:#fff;border:1px solid #e1e4e8;text-align:center;font-size:11px}
        .changes-of .swatch.on-dark,.changes-of .image.on-dark{background:#1e1e1e;color:#eee;border-color:#444}
        .changes-of .swatch.changed{outline:2px solid #d4a72c}
        .changes-of .chip{width:56px;height:36px;border-radius:4px;border:1px solid rgba(127,127,127,.5);margin:0 auto 4px}
        .changes-of .image{display:inline-block;margin:0 6px 6px 0;padding:6px;border:1px solid #e1e4e8;border-radius:6px;font-size:11px;max-width:100%;overflow-wrap:anywhere}
        .changes-of .omitted{color:#6a737d;font-style:italic}.changes-of code{font-family:ui-monospace,monospace;font-size:12px}
        .changes-of .specimen{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;line-height:1.25;margin-bottom:2px}
        """

    /// Moves the clip (swipe) or the opacity (fade) of every "after" image at once.
    static let script = """
        (() => {
          const grid = document.querySelector('table.grid'), mode = document.getElementById('mode'), amount = document.getElementById('amount');
          if (!grid) return;
          const apply = () => {
            grid.dataset.mode = mode.value;
            grid.style.setProperty('--at', (100 - amount.value) + '%');
            grid.style.setProperty('--fade', String(amount.value / 100));
          };
          mode.addEventListener('change', apply);
          amount.addEventListener('input', apply);
          apply();
        })();
        """
}
