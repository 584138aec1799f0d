import LiveryCore
import LiveryText

/// The gallery's colour vision views: every card as protanopia, deuteranopia or tritanopia
/// sees it, drawn by SVG filters in linear RGB from the very matrices `validate`'s
/// `distinct-colors` check simulates with (``ColorDeficiency``), so a colour the page shows in
/// a view is the colour a finding names. Pure.
enum GalleryVision {
    static let views: [(id: String, label: String)] = [
        ("", "Typical"), ("protanopia", "Protanopia"), ("deuteranopia", "Deuteranopia"), ("tritanopia", "Tritanopia"),
    ]

    /// The view selector.
    static let control =
        "<label>Vision <select id=\"vision\">"
        + views.map { "<option value=\"\($0.id)\">\($0.label)</option>" }.joined() + "</select></label>"

    /// One rule per deficiency: the cards (and the detail dialog) through its filter.
    static let css = ColorDeficiency.allCases.map {
        "body[data-vision=\($0.rawValue)] #cards,body[data-vision=\($0.rawValue)] #detail{filter:url(#cvd-\($0.rawValue))}\n"
    }.joined()

    /// The filters, in an SVG that takes no room.
    static var filters: String {
        let defs = ColorDeficiency.allCases.map { filter($0) }.joined()
        return
            "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\" focusable=\"false\"><defs>\(defs)</defs></svg>"
    }

    static func filter(_ deficiency: ColorDeficiency) -> String {
        let matrices = deficiency.linearMatrices
        let head = "<filter id=\"cvd-\(deficiency.rawValue)\" color-interpolation-filters=\"linearRGB\">"
        guard deficiency == .tritanopia else {
            return head + "<feColorMatrix type=\"matrix\" values=\"\(values(matrices.positive))\"/></filter>"
        }
        // Each half-plane's matrix, and a mask whose alpha is 1 where the colour lies on the
        // positive side: its weighted sum, scaled far beyond 1 and clamped.
        let scale = 1e6
        let weights = matrices.separation.map { number($0 * scale) }.joined(separator: " ")
        return head + "<feColorMatrix in=\"SourceGraphic\" type=\"matrix\" values=\"\(values(matrices.positive))\" result=\"positive\"/>"
            + "<feColorMatrix in=\"SourceGraphic\" type=\"matrix\" values=\"\(values(matrices.negative))\" result=\"negative\"/>"
            + "<feColorMatrix in=\"SourceGraphic\" type=\"matrix\" values=\"0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \(weights) 0 0\" result=\"side\"/>"
            + "<feComposite in=\"positive\" in2=\"side\" operator=\"in\" result=\"a\"/>"
            + "<feComposite in=\"negative\" in2=\"side\" operator=\"out\" result=\"b\"/>"
            + "<feComposite in=\"a\" in2=\"b\" operator=\"arithmetic\" k1=\"0\" k2=\"1\" k3=\"1\" k4=\"0\"/></filter>"
    }

    /// A 3×3 matrix as feColorMatrix's twenty values, alpha kept.
    static func values(_ rows: [[Double]]) -> String {
        let colour = rows.map { row in row.map(number).joined(separator: " ") + " 0 0" }
        return (colour + ["0 0 0 1 0"]).joined(separator: " ")
    }

    static func number(_ value: Double) -> String {
        let text = NumberText.text((value * 1e9).rounded() / 1e9)
        return text == "-0" ? "0" : text
    }
}
