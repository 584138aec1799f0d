import LiveryCore
import LiveryTargets
import LiveryText

/// The representative screen of one client, as a static page with no script:
/// an app bar with the icon and name, every text style in its font, every
/// component variant, every image and every colour, drawn four times side by
/// side — light, dark, high-contrast light, high-contrast dark — so that one
/// screenshot holds every appearance. What is drawn is the `Layout`: the app's
/// contract's text styles and components with the client's own (a change to any
/// of them shows), each in a slot of a height fixed before the page is written,
/// so the page is exactly as tall as its content and nothing is cut off. Fixed
/// sizes, no animation, no caret: the same style gives the same pixels.
public enum VisualScreen {
    /// The appearances in the page's order, as the report names them.
    public static let appearances = ["light", "dark", "high-contrast-light", "high-contrast-dark"]
    /// One appearance's panel width, in CSS pixels (the screenshot's scale is 1); its height is the layout's.
    public static let panelWidth = 360
    public static var pageWidth: Int { panelWidth * appearances.count }

    static let modes: [(dark: Bool, highContrast: Bool)] = [(false, false), (true, false), (false, true), (true, true)]
    static let foregroundNames = ["foreground", "textColor", "titleColor", "color", "text", "title", "tint", "selectedTextColor"]
    static let backgroundNames = ["background", "backgroundColor", "selected", "track"]

    /// The page of `style` drawn alone, with no contract: everything the style has.
    public static func page(_ style: ResolvedStyle, title: String, url: (AssetReference) -> String?) -> String {
        page(style, layout: layout(for: [style]), title: title, url: url)
    }

    /// The page, titled `title`, in `layout` (made from this style and the ones it is compared
    /// with, so both sides have the same slots). `url` gives a file's address relative to the
    /// page (nil for one that cannot be shown: a PDF, an unreadable file); fonts load from there too.
    public static func page(_ style: ResolvedStyle, layout: Layout, title: String, url: (AssetReference) -> String?) -> String {
        var faces: [String: String] = [:]
        func face(_ font: ResolvedFont) -> String? {
            guard let file = font.file, let address = url(file) else { return nil }
            let name = "f" + String(file.blob.hex.prefix(16))
            // Every weight from the one file: the browser must not make a bold of its own.
            faces[name] = "@font-face{font-family:\"\(name)\";font-weight:1 1000;src:url(\"\(TextEscaping.html(address))\")}"
            return name
        }
        var panels = ""
        for (index, mode) in modes.enumerated() {
            panels += panel(style, layout: layout, mode: mode, index: index, url: url, face: face)
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(TextEscaping.html(title))</title>
            <style>\(faces.keys.sorted().compactMap { faces[$0] }.joined(separator: "\n"))
            \(css(height: layout.height))</style></head>
            <body>\(panels)</body></html>

            """
    }

    static func css(height: Int) -> String {
        """
        *{box-sizing:border-box;animation:none!important;transition:none!important;caret-color:transparent!important}
        html,body{margin:0;padding:0;overflow:hidden;background:#FFFFFF}
        body{display:flex;width:\(pageWidth)px;height:\(height)px;font:15px/1.3 sans-serif;-webkit-font-smoothing:antialiased}
        .screen{width:\(panelWidth)px;height:\(height)px;overflow:hidden;flex:none;display:flex;flex-direction:column}
        .bar{display:flex;align-items:center;gap:10px;padding:0 14px;height:\(Layout.barHeight)px;flex:none}
        .bar img{width:32px;height:32px;border-radius:8px;object-fit:contain}
        .content{padding:\(Layout.padding)px 14px;display:flex;flex-direction:column;gap:\(Layout.gap)px;flex:none}
        .t{margin:0;white-space:nowrap;overflow:hidden;text-overflow:clip;flex:none}
        .slot{display:flex;align-items:center;flex:none;overflow:hidden}
        .c{display:inline-flex;align-items:center;justify-content:center;white-space:nowrap;overflow:hidden;
        border:0 solid transparent;max-width:\(panelWidth - 28)px;padding:0 12px}
        .none{border:1px dashed rgba(127,127,127,.8);border-radius:4px;padding:0 8px;font-size:12px;opacity:.8}
        .images{display:grid;grid-template-columns:repeat(\(Layout.imagesPerRow),\(Layout.imageWidth)px);gap:\(Layout.gap)px;flex:none}
        .images span{width:\(Layout.imageWidth)px;height:\(Layout.imageHeight)px;display:block}
        .images img{width:\(Layout.imageWidth)px;height:\(Layout.imageHeight)px;object-fit:contain;display:block}
        .swatches{display:grid;grid-template-columns:repeat(\(Layout.swatchesPerRow),\(Layout.swatch)px);
        gap:\(Layout.swatchGap)px;flex:none}
        .swatches i{width:\(Layout.swatch)px;height:\(Layout.swatch)px;border-radius:4px;display:block;
        border:1px solid rgba(127,127,127,.6)}
        """
    }

    static func color(_ token: ColorToken, _ mode: (dark: Bool, highContrast: Bool)) -> String {
        let value = token.value(dark: mode.dark, highContrast: mode.highContrast)
        // A colour written in Display P3 or OKLCH is drawn as written (its text is validated syntax).
        return value.isHex ? value.srgb.hex : TextEscaping.html(value.text)
    }

    static func named(_ style: ResolvedStyle, _ names: [String], _ mode: (dark: Bool, highContrast: Bool)) -> String? {
        names.lazy.compactMap { style.colors[$0] }.first.map { color($0, mode) }
    }

    static func fontCSS(_ font: ResolvedFont, face: (ResolvedFont) -> String?, maxSize: Double = 34) -> String {
        // Single quotes: the declaration sits in a double-quoted style attribute.
        let family = (face(font).map { "'\($0)'," } ?? "") + "sans-serif"
        let size = NumberText.text(min(maxSize, max(8, font.size.isFinite ? font.size : 15)))
        return "font-family:\(family);font-size:\(size)px;font-weight:\(font.weight.numeric);"
    }

    static func panel(
        _ style: ResolvedStyle, layout: Layout, mode: (dark: Bool, highContrast: Bool), index: Int,
        url: (AssetReference) -> String?, face: (ResolvedFont) -> String?
    ) -> String {
        let background = named(style, ["background", "surface"], mode) ?? (mode.dark ? "#121212" : "#FFFFFF")
        let foreground = named(style, ["foreground", "onBackground", "text"], mode) ?? (mode.dark ? "#ECEEF2" : "#16181D")
        var out =
            "<section class=\"screen\" data-appearance=\"\(appearances[index])\" style=\"background:\(background);color:\(foreground)\">"
        // The app bar: the navigation bar's colours when the client has one, else primary.
        let bar = style.components["navigationBar"]?.sorted(by: { $0.key < $1.key }).first?.value ?? [:]
        let barBack = componentColor(bar, backgroundNames, mode) ?? named(style, ["primary"], mode) ?? background
        let barFore = componentColor(bar, foregroundNames, mode) ?? named(style, ["onPrimary"], mode) ?? foreground
        out += "<header class=\"bar\" style=\"background:\(barBack);color:\(barFore)\">"
        if let icon = style.appIcon, let address = url(icon) { out += "<img alt=\"\" src=\"\(TextEscaping.html(address))\">" }
        out += "<strong class=\"t\" style=\"\(Layout.titleFont(style).map { fontCSS($0, face: face, maxSize: Layout.titleSize) } ?? "")\">"
        out += "\(TextEscaping.html(style.app.displayName ?? style.id))</strong></header>"
        out += "<div class=\"content\">"
        out += texts(style, layout: layout, mode: mode, face: face)
        out += components(style, layout: layout, mode: mode, face: face)
        out += images(style, layout: layout, dark: mode.dark, url: url)
        out += swatches(style, layout: layout, mode: mode)
        return out + "</div></section>"
    }

    /// A slot for something the layout names that this side's style lacks: a dashed outline with its name.
    static func absent(_ label: String, height: Int) -> String {
        "<div class=\"slot\" style=\"height:\(height)px\"><span class=\"none\">\(TextEscaping.html(label)) · none</span></div>"
    }

    /// Each text style of the layout in its font and colour (each font token when there are no text styles).
    static func texts(
        _ style: ResolvedStyle, layout: Layout, mode: (dark: Bool, highContrast: Bool), face: (ResolvedFont) -> String?
    ) -> String {
        var out = ""
        for slot in layout.texts {
            let height = "height:\(slot.height)px;line-height:\(slot.height)px;"
            if layout.textsAreFonts {
                guard let font = style.fonts[slot.name] else {
                    out += absent("font " + slot.name, height: slot.height)
                    continue
                }
                let css = height + fontCSS(font, face: face, maxSize: Layout.textSize)
                out += "<p class=\"t\" style=\"\(css)\">\(TextEscaping.html(slot.name)) Aa 0123</p>"
                continue
            }
            guard let properties = style.components["text"]?[slot.name] else {
                out += absent("text " + slot.name, height: slot.height)
                continue
            }
            var css = height
            if let font = Layout.font(properties, ["font"]) { css += fontCSS(font, face: face, maxSize: Layout.textSize) }
            if let color = componentColor(properties, foregroundNames, mode) { css += "color:\(color);" }
            let label = slot.name.prefix(1).uppercased() + slot.name.dropFirst()
            out += "<p class=\"t\" style=\"\(css)\">\(TextEscaping.html(label)) text</p>"
        }
        return out
    }

    /// Every component variant of the layout (but text styles), one a row, as a labelled shape.
    static func components(
        _ style: ResolvedStyle, layout: Layout, mode: (dark: Bool, highContrast: Bool), face: (ResolvedFont) -> String?
    ) -> String {
        var out = ""
        for slot in layout.components {
            let (kind, variant) = Layout.split(slot.name)
            guard let properties = style.components[kind]?[variant] else {
                out += absent(kind + " " + variant, height: slot.height)
                continue
            }
            out += "<div class=\"slot\" style=\"height:\(slot.height)px\">"
            out += sample(kind + " " + variant, properties, mode: mode, face: face) + "</div>"
        }
        return out
    }

    static func sample(
        _ label: String, _ properties: [String: ResolvedComponentValue], mode: (dark: Bool, highContrast: Bool),
        face: (ResolvedFont) -> String?
    ) -> String {
        var css = "height:\(Layout.sampleHeight(properties))px;"
        if let back = componentColor(properties, backgroundNames, mode) { css += "background:\(back);" }
        if let fore = componentColor(properties, foregroundNames, mode) { css += "color:\(fore);" }
        if let border = componentColor(properties, ["border", "borderColor"], mode) {
            css += "border-color:\(border);border-width:\(NumberText.text(Layout.borderWidth(properties)))px;"
        }
        if let font = Layout.font(properties, ["font", "titleFont"]) { css += fontCSS(font, face: face, maxSize: Layout.sampleSize) }
        switch properties["shape"] {
        case .shape(.capsule)?: css += "border-radius:999px;"
        case .shape(.circle)?: css += "border-radius:50%;"
        case .shape(.roundedRectangle(let radius))?: css += "border-radius:\(NumberText.text(min(60, max(0, radius))))px;"
        default:
            if let radius = number(properties["cornerRadius"]) { css += "border-radius:\(NumberText.text(min(60, max(0, radius))))px;" }
        }
        if let padding = number(properties["padding"]) { css += "padding:0 \(NumberText.text(min(40, max(0, padding))))px;" }
        if let elevation = number(properties["elevation"]), elevation > 0 {
            let depth = min(24, elevation)
            css += "box-shadow:0 \(NumberText.text(depth))px \(NumberText.text(depth * 3))px rgba(0,0,0,.35);"
        }
        return "<span class=\"c\" style=\"\(css)\">\(TextEscaping.html(label))</span>"
    }

    /// Every image of the layout, in cells of one size; an empty cell for one this side lacks or cannot show.
    static func images(_ style: ResolvedStyle, layout: Layout, dark: Bool, url: (AssetReference) -> String?) -> String {
        guard !layout.images.isEmpty else { return "" }
        var out = "<div class=\"images\">"
        for name in layout.images {
            let image = style.images[name]
            let file = image.map { dark ? ($0.dark ?? $0.light).file : $0.light.file }
            if let file, let address = url(file) {
                out += "<img alt=\"\" src=\"\(TextEscaping.html(address))\">"
            } else {
                out += "<span></span>"
            }
        }
        return out + "</div>"
    }

    /// Every colour of the layout as a small square: a change to any colour shows.
    static func swatches(_ style: ResolvedStyle, layout: Layout, mode: (dark: Bool, highContrast: Bool)) -> String {
        guard !layout.colors.isEmpty else { return "" }
        return "<div class=\"swatches\">"
            + layout.colors.map { name in
                style.colors[name].map { "<i style=\"background:\(color($0, mode))\"></i>" } ?? "<i></i>"
            }.joined() + "</div>"
    }

    static func componentColor(_ properties: [String: ResolvedComponentValue], _ names: [String], _ mode: (dark: Bool, highContrast: Bool))
        -> String?
    {
        for name in names {
            if case .color(let token, _)? = properties[name] { return color(token, mode) }
        }
        return nil
    }

    static func number(_ value: ResolvedComponentValue?) -> Double? {
        switch value {
        case .dimension(let size, _)?, .number(let size)?: size.isFinite ? size : nil
        default: nil
        }
    }
}
