import LiveryCore
import LiveryStyle
import LiveryText

/// The representative screen of one client, as a static page with no script:
/// an app bar with the icon and name, the client's text styles in its fonts, its
/// buttons and other components, its images and its surfaces, drawn four times
/// side by side — light, dark, high-contrast light, high-contrast dark — so that
/// one screenshot holds every appearance. Fixed sizes, no animation, no caret:
/// the same style gives the same pixels.
public enum VisualScreen {
    /// The appearances in the page's order, as the report names them.
    public static let appearances = ["light", "dark", "high-contrast-light", "high-contrast-dark"]
    /// One appearance's panel, in CSS pixels (the screenshot's scale is 1).
    public static let panelWidth = 360, panelHeight = 880
    public static var pageWidth: Int { panelWidth * appearances.count }

    static let modes: [(dark: Bool, highContrast: Bool)] = [(false, false), (true, false), (false, true), (true, true)]
    static let foregroundNames = ["foreground", "textColor", "titleColor", "color", "text", "title", "tint", "selectedTextColor"]
    static let backgroundNames = ["background", "backgroundColor", "selected", "track"]

    /// The page, titled `title`. `url` gives a file's address relative to the page (nil for one
    /// that cannot be shown: a PDF, an unreadable file); fonts load from there too.
    public static func page(_ style: ResolvedStyle, title: String, url: (AssetReference) -> String?) -> String {
        var faces: [String: String] = [:]
        func face(_ font: FontToken) -> String? {
            guard let file = font.file, let address = url(file) else { return nil }
            let name = "f" + String(file.blob.hex.prefix(16))
            // Every weight from the one file: the browser must not make a bold of its own.
            faces[name] = "@font-face{font-family:\"\(name)\";font-weight:1 1000;src:url(\"\(TextEscaping.html(address))\")}"
            return name
        }
        var panels = ""
        for (index, mode) in modes.enumerated() {
            panels += panel(style, mode: mode, index: index, url: url, face: face)
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(TextEscaping.html(title))</title>
            <style>\(faces.keys.sorted().compactMap { faces[$0] }.joined(separator: "\n"))
            \(css)</style></head>
            <body>\(panels)</body></html>

            """
    }

    static let css = """
        *{box-sizing:border-box;animation:none!important;transition:none!important;caret-color:transparent!important}
        html,body{margin:0;padding:0;overflow:hidden;background:#FFFFFF}
        body{display:flex;width:\(pageWidth)px;height:\(panelHeight)px;font:15px/1.3 sans-serif;-webkit-font-smoothing:antialiased}
        .screen{width:\(panelWidth)px;height:\(panelHeight)px;overflow:hidden;flex:none;display:flex;flex-direction:column}
        .bar{display:flex;align-items:center;gap:10px;padding:10px 14px;min-height:56px}
        .bar img{width:32px;height:32px;border-radius:8px;object-fit:contain}
        .content{padding:12px 14px;display:flex;flex-direction:column;gap:10px;overflow:hidden;flex:1}
        .row{display:flex;flex-wrap:wrap;gap:8px;align-items:center}
        .t{margin:0;white-space:nowrap;overflow:hidden;text-overflow:clip}
        .c{display:inline-flex;align-items:center;justify-content:center;white-space:nowrap;overflow:hidden;border:0 solid transparent;min-height:20px;max-width:320px;padding:0 12px}
        .surface{border-radius:10px;padding:10px;display:flex;flex-direction:column;gap:6px}
        .images img{height:56px;max-width:104px;object-fit:contain}
        .swatches{display:flex;flex-wrap:wrap;gap:4px}.swatches i{width:20px;height:20px;border-radius:4px;display:block;border:1px solid rgba(127,127,127,.6)}
        """

    static func color(_ token: ColorToken, _ mode: (dark: Bool, highContrast: Bool)) -> String {
        let value = token.value(dark: mode.dark, highContrast: mode.highContrast)
        // A colour written in Display P3 or OKLCH is drawn as written (its text is validated syntax).
        return value.isHex ? value.srgb.hex : TextEscaping.html(value.text)
    }

    static func named(_ style: ResolvedStyle, _ names: [String], _ mode: (dark: Bool, highContrast: Bool)) -> String? {
        names.lazy.compactMap { style.colors[$0] }.first.map { color($0, mode) }
    }

    static func fontCSS(_ font: FontToken, face: (FontToken) -> String?, maxSize: Double = 34) -> String {
        // Single quotes: the declaration sits in a double-quoted style attribute.
        let family = (face(font).map { "'\($0)'," } ?? "") + "sans-serif"
        let size = NumberText.text(min(maxSize, max(8, font.size.isFinite ? font.size : 15)))
        return "font-family:\(family);font-size:\(size)px;font-weight:\(font.weight.numeric);"
    }

    static func panel(
        _ style: ResolvedStyle, mode: (dark: Bool, highContrast: Bool), index: Int, url: (AssetReference) -> String?, face: (FontToken) -> String?
    ) -> String {
        let background = named(style, ["background", "surface"], mode) ?? (mode.dark ? "#121212" : "#FFFFFF")
        let foreground = named(style, ["foreground", "onBackground", "text"], mode) ?? (mode.dark ? "#ECEEF2" : "#16181D")
        var out = "<section class=\"screen\" data-appearance=\"\(appearances[index])\" style=\"background:\(background);color:\(foreground)\">"
        // The app bar: the navigation bar's colours when the client has one, else primary.
        let bar = style.components["navigationBar"]?.sorted(by: { $0.key < $1.key }).first?.value ?? [:]
        let barBack = componentColor(bar, backgroundNames, mode) ?? named(style, ["primary"], mode) ?? background
        let barFore = componentColor(bar, foregroundNames, mode) ?? named(style, ["onPrimary"], mode) ?? foreground
        out += "<header class=\"bar\" style=\"background:\(barBack);color:\(barFore)\">"
        if let icon = style.appIcon, let address = url(icon) { out += "<img alt=\"\" src=\"\(TextEscaping.html(address))\">" }
        let titleFont = style.fonts["title"] ?? style.fonts["headline"] ?? style.fonts.sorted(by: { ($1.value.size, $0.key) < ($0.value.size, $1.key) }).first?.value
        out += "<strong class=\"t\" style=\"\(titleFont.map { fontCSS($0, face: face, maxSize: 24) } ?? "")\">\(TextEscaping.html(style.app.displayName ?? style.id))</strong></header>"
        out += "<div class=\"content\">"
        out += texts(style, mode: mode, face: face)
        out += components(style, kinds: ["button"], mode: mode, face: face)
        out += surfaces(style, mode: mode, face: face)
        out += images(style, dark: mode.dark, url: url)
        out += swatches(style, mode: mode)
        return out + "</div></section>"
    }

    /// Each `text` style in its font and colour, or each font token when there are none.
    static func texts(_ style: ResolvedStyle, mode: (dark: Bool, highContrast: Bool), face: (FontToken) -> String?) -> String {
        var out = ""
        let variants = (style.components["text"] ?? [:]).sorted { $0.key < $1.key }.prefix(7)
        for (variant, properties) in variants {
            var css = ""
            for case .font(let font, _) in [properties["font"]].compactMap({ $0 }) { css += fontCSS(font, face: face, maxSize: 28) }
            if let color = componentColor(properties, foregroundNames, mode) { css += "color:\(color);" }
            out += "<p class=\"t\" style=\"\(css)\">\(TextEscaping.html(variant.prefix(1).uppercased() + variant.dropFirst())) text</p>"
        }
        if variants.isEmpty {
            for (name, font) in style.fonts.sorted(by: { $0.key < $1.key }).prefix(6) {
                out += "<p class=\"t\" style=\"\(fontCSS(font, face: face, maxSize: 28))\">\(TextEscaping.html(name)) Aa 0123</p>"
            }
        }
        return out
    }

    /// The components of `kinds` (every variant) as labelled shapes in a row.
    static func components(_ style: ResolvedStyle, kinds: [String], mode: (dark: Bool, highContrast: Bool), face: (FontToken) -> String?) -> String {
        var out = "<div class=\"row\">"
        for kind in kinds {
            for (variant, properties) in (style.components[kind] ?? [:]).sorted(by: { $0.key < $1.key }).prefix(6) {
                out += sample(variant, properties, mode: mode, face: face)
            }
        }
        return out + "</div>"
    }

    /// The other components (cards, fields, switches…), each a surface with its label.
    static func surfaces(_ style: ResolvedStyle, mode: (dark: Bool, highContrast: Bool), face: (FontToken) -> String?) -> String {
        var out = "<div class=\"row\">"
        let kinds = style.components.keys.sorted().filter { !["text", "button", "navigationBar"].contains($0) }
        var shown = 0
        for kind in kinds {
            for (variant, properties) in (style.components[kind] ?? [:]).sorted(by: { $0.key < $1.key }) where shown < 8 {
                out += sample(kind + " " + variant, properties, mode: mode, face: face)
                shown += 1
            }
        }
        return out + "</div>"
    }

    static func sample(_ label: String, _ properties: [String: ComponentValue], mode: (dark: Bool, highContrast: Bool), face: (FontToken) -> String?) -> String {
        var css = ""
        if let back = componentColor(properties, backgroundNames, mode) { css += "background:\(back);" }
        if let fore = componentColor(properties, foregroundNames, mode) { css += "color:\(fore);" }
        if let border = componentColor(properties, ["border", "borderColor"], mode) {
            css += "border-color:\(border);border-width:\(NumberText.text(min(8, max(0, number(properties["borderWidth"]) ?? 1))))px;"
        }
        for name in ["font", "titleFont"] {
            if case .font(let font, _)? = properties[name] { css += fontCSS(font, face: face, maxSize: 24); break }
        }
        switch properties["shape"] {
        case .shape(.capsule)?: css += "border-radius:999px;"
        case .shape(.circle)?: css += "border-radius:50%;"
        case .shape(.roundedRectangle(let radius))?: css += "border-radius:\(NumberText.text(min(60, max(0, radius))))px;"
        default: if let radius = number(properties["cornerRadius"]) { css += "border-radius:\(NumberText.text(min(60, max(0, radius))))px;" }
        }
        if let height = number(properties["height"]) ?? number(properties["minHeight"]) { css += "min-height:\(NumberText.text(min(80, max(0, height))))px;" }
        if let padding = number(properties["padding"]) { css += "padding:0 \(NumberText.text(min(40, max(0, padding))))px;" }
        if let elevation = number(properties["elevation"]), elevation > 0 {
            let depth = min(24, elevation)
            css += "box-shadow:0 \(NumberText.text(depth))px \(NumberText.text(depth * 3))px rgba(0,0,0,.35);"
        }
        return "<span class=\"c\" style=\"\(css)\">\(TextEscaping.html(label))</span>"
    }

    static func images(_ style: ResolvedStyle, dark: Bool, url: (AssetReference) -> String?) -> String {
        var out = "<div class=\"row images\">"
        for (_, image) in style.images.sorted(by: { $0.key < $1.key }).prefix(6) {
            let file = dark ? (image.dark ?? image.light).file : image.light.file
            if let address = url(file) { out += "<img alt=\"\" src=\"\(TextEscaping.html(address))\">" }
        }
        return out + "</div>"
    }

    /// Every colour token as a small square: a change to any colour shows.
    static func swatches(_ style: ResolvedStyle, mode: (dark: Bool, highContrast: Bool)) -> String {
        "<div class=\"swatches\">" + style.colors.keys.sorted().prefix(60).compactMap { name in
            style.colors[name].map { "<i style=\"background:\(color($0, mode))\"></i>" }
        }.joined() + "</div>"
    }

    static func componentColor(_ properties: [String: ComponentValue], _ names: [String], _ mode: (dark: Bool, highContrast: Bool)) -> String? {
        for name in names {
            if case .color(let token, _)? = properties[name] { return color(token, mode) }
        }
        return nil
    }

    static func number(_ value: ComponentValue?) -> Double? {
        switch value {
        case .dimension(let size, _)?, .number(let size)?: size.isFinite ? size : nil
        default: nil
        }
    }
}
