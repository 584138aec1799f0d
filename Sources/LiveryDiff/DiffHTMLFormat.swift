import Foundation
import LiveryCore
import LiveryTargets
import LiveryText

/// `livery diff --format html`: one self-contained page. No external requests
/// (a Content-Security-Policy forbids them, and scripts), images inline as
/// `data:` URIs, colour swatches before and after in light and dark. Every
/// string from the repository is escaped: it is untrusted input.
public enum DiffHTMLFormat {
    /// Images larger than this are not inlined; the page says so.
    public static let defaultMaxInlineBytes = 512 * 1024

    /// `assets` holds the bytes of asset files by blob id (as the caller could read
    /// them) and the ones it could not read; `verbose` lists the unchanged targets too.
    public static func render(
        _ report: DiffReport, assets: AssetPreviews = AssetPreviews(), maxInlineBytes: Int = defaultMaxInlineBytes, verbose: Bool = false
    ) -> String {
        var out = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data:; font-src data:; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>livery diff \(TextEscaping.html(report.base.label)) → \(TextEscaping.html(report.head.label))</title>
            <style>\(css)\(DiffHTMLSpecimens.faces(report, assets: assets, maxInlineBytes: maxInlineBytes))</style>
            </head>
            <body>
            <h1>livery diff <span class="rev">\(TextEscaping.html(report.base.label))</span> → <span class="rev">\(TextEscaping.html(report.head.label))</span></h1>
            <p class="summary" id="summary">\(TextEscaping.html(DiffSummary.line(report)))</p>

            """
        if report.hasDifferences {
            let release = report.release
            out += "<p class=\"release \(release.level.rawValue)\" id=\"release\">\(TextEscaping.html(release.line))</p>\n"
        }
        if !assets.unreadable.isEmpty {
            let count = assets.unreadable.count
            out +=
                "<p class=\"note unreadable\">\(count) image\(count == 1 ? "" : "s") could not be read from the repository and \(count == 1 ? "is" : "are") not shown; each says why below.</p>\n"
        }
        if let contract = report.contract { out += ContractDiffRendering.html(contract) }
        if !report.targets.isEmpty {
            out +=
                "<table class=\"targets\"><thead><tr><th>target</th><th>status</th><th>changes</th><th>breaking</th></tr></thead><tbody>\n"
            for target in report.targets {
                let anchor = "t-" + TextEscaping.html(target.id)
                out +=
                    "<tr><td><a href=\"#\(anchor)\">\(TextEscaping.html(target.id))</a></td><td class=\"status \(target.status.rawValue)\">\(statusText(target))</td>"
                let variants =
                    target.variants.isEmpty
                    ? "" : " <small>+\(target.variants.count) variant\(target.variants.count == 1 ? "" : "s")</small>"
                out +=
                    "<td>\(target.changes.count)\(variants)</td><td>\(target.breakingCount > 0 ? "<span class=\"breaking\">\(target.breakingCount)</span>" : "0")</td></tr>\n"
            }
            out += "</tbody></table>\n"
        }
        for target in report.targets {
            out += section(target, sides: DiffSummary.errorsBySide(target, report), assets: assets, maxInlineBytes: maxInlineBytes)
        }
        if verbose, let ids = report.unchangedTargets, !ids.isEmpty {
            out += "<section class=\"unchanged\" id=\"unchanged\">\n<h2>Unchanged targets (\(ids.count))</h2>\n<ul>\n"
            for id in ids { out += "<li>\(TextEscaping.html(id))</li>\n" }
            out += "</ul>\n</section>\n"
        }
        out += "</body>\n</html>\n"
        return out
    }

    static func statusText(_ target: TargetDiff) -> String {
        var text = TextEscaping.html(target.status.rawValue)
        if let old = target.renamedFrom { text += " from " + TextEscaping.html(old) }
        return text
    }

    /// `sides`: the target's errors per side, each named as the user gave it.
    static func section(
        _ target: TargetDiff, sides: [(side: String, errors: [Diagnostic])], assets: AssetPreviews, maxInlineBytes: Int
    ) -> String {
        var out =
            "<section class=\"target\" id=\"t-\(TextEscaping.html(target.id))\">\n<h2>\(TextEscaping.html(target.id)) <small class=\"status \(target.status.rawValue)\">\(statusText(target))</small></h2>\n"
        if let reason = target.breakingReason { out += "<p class=\"breaking\">Breaking: \(TextEscaping.html(reason))</p>\n" }
        for (side, errors) in sides {
            out += "<p>Invalid in <span class=\"rev\">\(TextEscaping.html(side))</span>:</p><ul class=\"errors\">\n"
            for error in errors { out += "<li>\(TextEscaping.html(DiffSummary.diagnosticLine(error)))</li>\n" }
            out += "</ul>\n"
        }
        out += changeTable(target.changes, assets: assets, maxInlineBytes: maxInlineBytes)
        for regression in target.accessibilityRegressions {
            out += "<p class=\"breaking\">Accessibility regression: \(TextEscaping.html(regression.text))</p>\n"
        }
        out += variantTable(target.variants)
        if target.status == .added { out += DiffHTMLSpecimens.addedColors(target) }
        if !target.unrepresentable.isEmpty {
            out +=
                "<p class=\"note\">null values a merge patch cannot set (the patch deletes them): \(TextEscaping.html(target.unrepresentable.joined(separator: ", ")))</p>\n"
        }
        return out + "</section>\n"
    }

    /// A client's changes as a table: the mark, the item (breaking ones say why, and how
    /// each reaches installs), before, after, the alias chain and what it reaches through.
    /// `livery diff --visual` shows the same table beside its pictures.
    public static func changeTable(
        _ changes: [Change], assets: AssetPreviews = AssetPreviews(), maxInlineBytes: Int = defaultMaxInlineBytes
    ) -> String {
        guard !changes.isEmpty else { return "" }
        var out =
            "<table class=\"changes\"><thead><tr><th></th><th>item</th><th>before</th><th>after</th><th>alias chain</th><th>via</th></tr></thead><tbody>\n"
        for change in changes {
            let mark = change.kind == .added ? "+" : change.kind == .removed ? "−" : "~"
            let item = change.oldPath.map { $0 + " → " + change.path } ?? change.path
            out += "<tr class=\"\(change.kind.rawValue)\"><td class=\"mark\">\(mark)</td><td><code>\(breakable(item))</code>"
            if let reason = change.breakingReason { out += "<div class=\"breaking\">breaking: \(TextEscaping.html(reason))</div>" }
            if let delivery = change.delivery { out += "<div class=\"delivery \(delivery.key)\">\(delivery.rawValue)</div>" }
            out += "</td>"
            out += "<td>\(value(change.old, other: change.new, assets: assets, maxInlineBytes: maxInlineBytes))</td>"
            out += "<td>\(value(change.new, other: change.old, assets: assets, maxInlineBytes: maxInlineBytes))</td>"
            out += "<td class=\"chain\">\(breakable(DiffSummary.chainsText(change, relativeToSection: false)))</td>"
            out += "<td>\(breakable(change.via.joined(separator: ", ")))</td></tr>\n"
        }
        out += "</tbody></table>\n"
        return out
    }

    /// The client's variants that differ, under its changes: the kind of change, how it
    /// reaches installs, and each aspect or value that changed.
    public static func variantTable(_ variants: [VariantChange]) -> String {
        guard !variants.isEmpty else { return "" }
        var out =
            "<h3>Variants</h3>\n<table class=\"variants\"><thead><tr><th></th><th>variant</th><th>change</th><th>what</th></tr></thead><tbody>\n"
        for change in variants {
            let mark = change.kind == .added ? "+" : change.kind == .removed ? "−" : change.kind == .invalid ? "!" : "~"
            out +=
                "<tr class=\"\(change.kind.rawValue)\"><td class=\"mark\">\(mark)</td><td><code>\(TextEscaping.html(change.name))</code></td>"
            out += "<td>\(TextEscaping.html(change.effect))"
            if change.kind != .invalid { out += "<div class=\"delivery \(change.delivery.key)\">\(change.delivery.rawValue)</div>" }
            out += "</td><td>" + VariantChangeText.details(change).map { "<div>\(breakable($0))</div>" }.joined() + "</td></tr>\n"
        }
        return out + "</tbody></table>\n"
    }

    /// Escaped text that may wrap between the words of a path: after `.`, `/`, `-`, `_`
    /// and where a lower-case letter or digit meets a capital (`secondary|Text`), so a
    /// long path wraps in its column instead of widening the page.
    static func breakable(_ text: String) -> String {
        var out = ""
        var previous: Character?
        for character in text {
            if let previous, character.isUppercase, previous.isLowercase || previous.isNumber { out += "<wbr>" }
            out += TextEscaping.html(String(character))
            if ".-/_".contains(character) { out += "<wbr>" }
            previous = character
        }
        return out
    }

    static func value(_ value: DiffValue?, other: DiffValue?, assets: AssetPreviews, maxInlineBytes: Int) -> String {
        guard let value else { return "<span class=\"none\">—</span>" }
        switch value {
        case .color(let token):
            var otherToken: ColorToken?
            if case .color(let token)? = other { otherToken = token }
            return swatches(token, compared: otherToken)
        case .asset(let files):
            // One file is the image: no "light:" before it.
            let single = files.count == 1
            return files.keys.sorted(by: AssetSlots.order).compactMap { slot in
                files[slot].map { file in image(file, slot: single ? nil : slot, assets: assets, maxInlineBytes: maxInlineBytes) }
            }.joined()
        case .font(let font):
            return DiffHTMLSpecimens.specimen(font, assets: assets, maxInlineBytes: maxInlineBytes)
                + "<code>\(breakable(value.display))</code>"
        default:
            return "<code>\(breakable(value.display))</code>"
        }
    }

    /// Light and dark (and high-contrast) swatches; appearances that differ from the other side are marked.
    /// A colour written beyond hex is drawn as written where the browser can (its sRGB
    /// fallback first, in the same style, for one that cannot), captioned as written with
    /// its fallback, and marked `P3` when it lies outside sRGB.
    static func swatches(_ token: ColorToken, compared other: ColorToken?) -> String {
        var out = "<div class=\"swatches\">"
        let others = Dictionary(other?.appearanceValues.map { ($0.name, $0.value) } ?? [], uniquingKeysWith: { a, _ in a })
        for (name, value) in token.appearanceValues {
            let changed = other != nil && others[name] != value
            let dark = name.lowercased().contains("dark")
            let hex = value.srgb.hex
            let wide = value.isHex ? nil : TextEscaping.html(value.text)
            let outside = wide != nil && value.isOutsideSRGB
            out +=
                "<figure class=\"swatch\(dark ? " on-dark" : "")\(changed ? " changed" : "")\(outside ? " wide" : "")\" data-appearance=\"\(name)\">"
            // (The badge is styled inline so that a page without such a colour is as it was.)
            // RGBA.hex is always `#RRGGBB` or `#RRGGBBAA`, and a colour's text only digits, letters, spaces, ( ) % / . -: safe inside a style attribute.
            out += "<div class=\"chip\" style=\"background:\(hex)\(wide.map { ";background:" + $0 } ?? "")\"></div>"
            if let wide {
                out +=
                    "<figcaption>\(name)\(outside ? " <b class=\"gamut\" title=\"outside sRGB\" style=\"font-size:9px;padding:0 3px;border-radius:3px;background:#0b57d0;color:#fff\">P3</b>" : "")<br><code>\(wide)</code><br><small>sRGB <code>\(hex)</code></small></figcaption></figure>"
            } else {
                out += "<figcaption>\(name)<br><code>\(hex)</code></figcaption></figure>"
            }
        }
        return out + "</div>"
    }

    /// `slot` names the appearance and scale (`dark@2x`); nil for an image of one file.
    static func image(_ file: AssetFile, slot: String?, assets: AssetPreviews, maxInlineBytes: Int) -> String {
        var details = [ByteCount.text(file.size)]
        if let dimensions = file.dimensions { details.append(dimensions) }
        var out = "<figure class=\"image\(slot?.hasPrefix("dark") == true ? " on-dark" : "")\">"
        let mime: String? =
            switch file.kind {
            case "png": "image/png"
            case "jpeg": "image/jpeg"
            case "svg": "image/svg+xml"
            default: nil
            }
        if let mime, let bytes = assets.bytes[file.blob], bytes.count <= maxInlineBytes {
            out += "<img alt=\"\(TextEscaping.html(file.path))\" src=\"data:\(mime);base64,\(Data(bytes).base64EncodedString())\">"
        } else if mime == nil {
            out += "<div class=\"omitted\">\(TextEscaping.html(file.kind.uppercased())) not previewed</div>"
        } else if let reason = assets.unreadable[file.blob] {
            out += "<div class=\"omitted unreadable\">could not be read: \(TextEscaping.html(reason))</div>"
        } else if file.size > maxInlineBytes {
            out += "<div class=\"omitted\">not inlined: larger than \(ByteCount.text(maxInlineBytes))</div>"
        } else {
            out += "<div class=\"omitted\">not available</div>"
        }
        out +=
            "<figcaption>\(slot.map { TextEscaping.html($0) + ": " } ?? "")\(TextEscaping.html(file.path))<br>\(TextEscaping.html(details.joined(separator: ", ")))</figcaption></figure>"
        return out
    }

    static let css = """
        body{font:14px/1.45 -apple-system,system-ui,sans-serif;margin:24px;color:#1b1f23;background:#fff}
        h1{font-size:20px}h2{font-size:17px;margin-top:32px;border-bottom:1px solid #ddd;padding-bottom:4px}
        .rev{font-family:ui-monospace,monospace;background:#f3f4f6;padding:1px 5px;border-radius:4px}
        .summary{font-weight:600}
        table{border-collapse:collapse;margin:8px 0}th,td{border:1px solid #e1e4e8;padding:5px 8px;text-align:left;vertical-align:top;overflow-wrap:break-word}
        table.changes{width:100%;table-layout:fixed}
        table.changes th:nth-child(1){width:28px}table.changes th:nth-child(2){width:24%}
        table.changes th:nth-child(5){width:16%}table.changes th:nth-child(6){width:11%}
        table.variants{width:100%;table-layout:fixed}table.variants th:nth-child(1){width:28px}table.variants th:nth-child(2){width:16%}table.variants th:nth-child(3){width:24%}
        h3{font-size:15px;margin:16px 0 4px}tr.invalid .mark{color:#cf222e}
        th{background:#f6f8fa}tr.added .mark{color:#1a7f37}tr.removed .mark{color:#cf222e}tr.changed .mark{color:#9a6700}
        .mark{font-weight:700;text-align:center}
        .breaking{color:#cf222e;font-weight:600}
        .delivery{font-size:.85em;color:#57606a}.delivery.appRelease{color:#9a6700}
        .status.added{color:#1a7f37}.status.removed,.status.invalid{color:#cf222e}.status.renamed{color:#8250df}
        .swatches{display:flex;gap:6px;flex-wrap:wrap}
        .swatch{margin:0;padding:6px;border-radius:6px;background:#fff;border:1px solid #e1e4e8;text-align:center;font-size:11px}
        .swatch.on-dark,.image.on-dark{background:#1e1e1e;color:#eee;border-color:#444}
        .swatch.changed{outline:2px solid #d4a72c}
        .chip{width:56px;height:36px;border-radius:4px;border:1px solid rgba(127,127,127,.4);margin:0 auto 4px}
        .image{display:inline-block;margin:0 6px 6px 0;padding:6px;border:1px solid #e1e4e8;border-radius:6px;font-size:11px;max-width:100%;overflow-wrap:anywhere}
        .image img{max-width:100%;max-height:240px;display:block;margin-bottom:4px}
        .omitted{color:#6a737d;font-style:italic}.unreadable{color:#cf222e}.none{color:#6a737d}
        code{font-family:ui-monospace,monospace;font-size:12px}
        .specimen{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;line-height:1.25;margin-bottom:2px}
        """
}

extension DiffHTMLFormat: DiffRenderer {
    public static let name = "html"
    public static let summary = "one self-contained page with swatches and images"

    public static func render(_ report: DiffReport, context: DiffRenderContext) -> String {
        render(report, assets: context.assets(defaultMaxInlineBytes), maxInlineBytes: defaultMaxInlineBytes, verbose: context.verbose)
    }
}
