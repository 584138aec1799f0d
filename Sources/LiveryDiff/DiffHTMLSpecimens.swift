import Foundation
import LiveryJSON
import LiveryTargets
import LiveryText

/// What the HTML page draws beyond values: a type specimen in each changed
/// font's own file (embedded as a `data:` font, so the page still loads
/// nothing), and the colours of a client that was added.
enum DiffHTMLSpecimens {
    /// The text a font change is shown in, before and after.
    static let sample = "The quick brown fox 0123"

    /// `@font-face` rules for every font file a change shows, one per file,
    /// named by its blob id so that a file shared by many changes is embedded once.
    static func faces(_ report: DiffReport, assets: AssetPreviews, maxInlineBytes: Int) -> String {
        var files: [String: AssetFile] = [:]
        for target in report.targets {
            for change in target.changes {
                for case .font(let font)? in [change.old, change.new] {
                    if let file = font.file.map(AssetFile.init) { files[file.blob] = file }
                }
            }
        }
        var out = ""
        for blob in files.keys.sorted() {
            guard let file = files[blob], let mime = mime(file.kind), let bytes = assets.bytes[blob], bytes.count <= maxInlineBytes else {
                continue
            }
            // Every weight comes from this one file: the browser must not make a bold of its own.
            out +=
                "@font-face{font-family:\"\(faceName(blob))\";font-weight:1 1000;src:url(data:\(mime);base64,\(Data(bytes).base64EncodedString()))}\n"
        }
        return out
    }

    /// The sample in the font, at its size (between 8 and 40 px) and weight; in the
    /// browser's own font when the file is missing or could not be embedded.
    static func specimen(_ font: ResolvedFont, assets: AssetPreviews, maxInlineBytes: Int) -> String {
        var family = "system-ui,sans-serif"
        if let file = font.file.map(AssetFile.init), mime(file.kind) != nil, let bytes = assets.bytes[file.blob],
            bytes.count <= maxInlineBytes
        {
            // Single quotes: the value sits in a double-quoted attribute.
            family = "'\(faceName(file.blob))'," + family
        }
        let size = NumberText.text(min(40, max(8, font.size.isFinite ? font.size : 16)))
        // The family is a blob id or a fixed name, the size and weight numbers: safe inside the attribute.
        return
            "<div class=\"specimen\" style=\"font-family:\(family);font-size:\(size)px;font-weight:\(font.weight.numeric)\">\(sample)</div>"
    }

    static func faceName(_ blob: String) -> String {
        "f" + blob.filter { $0.isHexDigit }.prefix(16)
    }

    static func mime(_ kind: String) -> String? {
        switch kind {
        case "truetype": "font/ttf"
        case "opentype": "font/otf"
        default: nil
        }
    }

    /// An added client is one line of the report; the page shows its colours too,
    /// light and dark side by side, from the resolved document the report keeps.
    static func addedColors(_ target: TargetDiff) -> String {
        guard case .object(let document)? = target.patch, let colors = document.member("colors"),
            case .object(let tokens) = colors.value.value, !tokens.isEmpty
        else { return "" }
        var out = "<p>Colours:</p><div class=\"swatches added-colors\">"
        for token in tokens.members {
            guard case .object(let appearances) = token.value.value else { continue }
            out += "<figure class=\"swatch\"><figcaption>\(DiffHTMLFormat.breakable(token.key))</figcaption>"
            for name in ["light", "dark", "highContrastLight", "highContrastDark"] {
                guard let text = appearances.member(name)?.value.value.stringValue else { continue }
                // Only livery's own hex reaches the style attribute; a colour written otherwise is named.
                let chip = isHex(text) ? "<div class=\"chip\" style=\"background:\(text)\"></div>" : ""
                out +=
                    "<div\(name.lowercased().contains("dark") ? " class=\"on-dark\"" : "")>\(chip)<code>\(TextEscaping.html(name)) \(TextEscaping.html(text))</code></div>"
            }
            out += "</figure>"
        }
        return out + "</div>\n"
    }

    static func isHex(_ text: String) -> Bool {
        let digits = text.dropFirst()
        return text.first == "#" && (digits.count == 6 || digits.count == 8) && digits.allSatisfy { $0.isHexDigit }
    }
}
