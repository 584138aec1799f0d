import LiveryText

/// SVG's basic shapes as path data, so an icon exported with `<rect>` or
/// `<circle>` converts like one drawn with `<path>`. Geometry follows SVG 1.1
/// §9: a rounded rectangle's radii are clamped to half its sides and one given
/// radius stands for both; a shape with a zero size draws nothing.
enum AndroidSVGShapes {
    static let names: Set<String> = ["rect", "circle", "ellipse", "line", "polyline", "polygon"]

    /// The geometry attributes each shape takes.
    static let geometry: [String: Set<String>] = [
        "rect": ["x", "y", "width", "height", "rx", "ry"],
        "circle": ["cx", "cy", "r"],
        "ellipse": ["cx", "cy", "rx", "ry"],
        "line": ["x1", "y1", "x2", "y2"],
        "polyline": ["points"],
        "polygon": ["points"],
    ]

    struct ShapeError: Error {
        var reason: String
    }

    /// Path data for the shape, nil when it draws nothing, or an error for geometry livery cannot read.
    static func pathData(_ shape: String, _ attributes: [String: String]) throws -> String? {
        func number(_ name: String) throws -> Double? {
            guard let text = attributes[name] else { return nil }
            var value = Substring(text.filter { $0 != " " })
            if value.hasSuffix("px") { value = value.dropLast(2) }
            guard let number = SVGNumber.parse(value) else {
                throw ShapeError(reason: "the \(name) '\(text)' of a <\(shape)> is not a number in px")
            }
            return number
        }
        let t = NumberText.text
        switch shape {
        case "rect":
            let x = try number("x") ?? 0
            let y = try number("y") ?? 0
            let width = try number("width") ?? 0
            let height = try number("height") ?? 0
            guard width > 0, height > 0 else { return nil }
            var rx = try number("rx")
            var ry = try number("ry")
            if rx == nil || rx.map({ $0 < 0 }) == true { rx = ry }
            if ry == nil || ry.map({ $0 < 0 }) == true { ry = rx }
            let radiusX = min(max(rx ?? 0, 0), width / 2)
            let radiusY = min(max(ry ?? 0, 0), height / 2)
            guard radiusX > 0, radiusY > 0 else {
                return "M\(t(x)) \(t(y))H\(t(x + width))V\(t(y + height))H\(t(x))Z"
            }
            let arc = "A\(t(radiusX)) \(t(radiusY)) 0 0 1 "
            return "M\(t(x + radiusX)) \(t(y))H\(t(x + width - radiusX))" + arc + "\(t(x + width)) \(t(y + radiusY))"
                + "V\(t(y + height - radiusY))" + arc + "\(t(x + width - radiusX)) \(t(y + height))"
                + "H\(t(x + radiusX))" + arc + "\(t(x)) \(t(y + height - radiusY))"
                + "V\(t(y + radiusY))" + arc + "\(t(x + radiusX)) \(t(y))Z"
        case "circle", "ellipse":
            let cx = try number("cx") ?? 0
            let cy = try number("cy") ?? 0
            let rx = shape == "circle" ? try number("r") ?? 0 : try number("rx") ?? 0
            let ry = shape == "circle" ? rx : try number("ry") ?? 0
            guard rx > 0, ry > 0 else { return nil }
            let arc = "A\(t(rx)) \(t(ry)) 0 1 0 "
            return "M\(t(cx - rx)) \(t(cy))" + arc + "\(t(cx + rx)) \(t(cy))" + arc + "\(t(cx - rx)) \(t(cy))Z"
        case "line":
            return "M\(t(try number("x1") ?? 0)) \(t(try number("y1") ?? 0))L\(t(try number("x2") ?? 0)) \(t(try number("y2") ?? 0))"
        case "polyline", "polygon":
            let text = attributes["points"] ?? ""
            var values: [Double] = []
            for part in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "\t" || $0 == "\r" }) {
                guard let value = SVGNumber.parse(part) else {
                    throw ShapeError(reason: "the points of a <\(shape)> are not numbers")
                }
                values.append(value)
            }
            // An odd count drops the last number, as SVG does.
            guard values.count >= 4 else { return nil }
            var out = "M\(t(values[0])) \(t(values[1]))"
            var index = 2
            while index + 1 < values.count {
                out += "L\(t(values[index])) \(t(values[index + 1]))"
                index += 2
            }
            return shape == "polygon" ? out + "Z" : out
        default:
            return nil
        }
    }
}
