import LiveryTargets
import LiveryText

/// SVG → Android VectorDrawable, for SVGs drawn with paths: `<path d=…>` and
/// the basic shapes (`<rect>`, `<circle>`, `<ellipse>`, `<line>`, `<polyline>`,
/// `<polygon>`, turned into paths by ``AndroidSVGShapes``), with fills (`fill`,
/// `fill-opacity`, `fill-rule`), strokes (`stroke`, `stroke-width`,
/// `stroke-opacity`, `stroke-linecap`, `stroke-linejoin`, `stroke-miterlimit`)
/// and `opacity`, inside `<g>` elements without a transform whose presentation
/// attributes they inherit. Anything else (text, gradients, transforms, CSS,
/// embedded images, clipping) has no faithful VectorDrawable form here, so the
/// image is refused with the reason.
enum AndroidVectorDrawable {
    /// The file for a converted `vector` (from ``convert(_:)``), under an XML comment.
    static func document(_ vector: String, comment: String) -> String {
        "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<!-- \(comment) -->\n" + vector
    }

    /// The VectorDrawable's `<vector>` element, or why the SVG is not usable on Android.
    static func convert(_ svg: [UInt8]?) -> Result<String, AndroidSVGReader.ReadError> {
        guard let svg else {
            return .failure(.init(reason: "the file is larger than \(AssetSniffer.keptSVGSize / 1024) KiB"))
        }
        switch AndroidSVGReader.read(svg) {
        case .failure(let error): return .failure(error)
        case .success(let root):
            do {
                return .success(try drawable(root))
            } catch let error as AndroidSVGReader.ReadError {
                return .failure(error)
            } catch {
                return .failure(.init(reason: "it could not be read"))
            }
        }
    }

    private typealias Failure = AndroidSVGReader.ReadError

    /// Attributes that say nothing about drawing, on any element.
    private static let ignored: Set<String> = [
        "id", "class", "version", "role", "focusable", "xmlns", "xml:space", "xml:lang", "lang", "baseProfile",
    ]
    /// Presentation attributes the paths inherit from `<svg>` and `<g>`.
    private static let inherited: Set<String> = [
        "fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity", "stroke-linecap",
        "stroke-linejoin", "stroke-miterlimit",
    ]
    /// Elements that only describe the image.
    private static let descriptive: Set<String> = ["title", "desc", "metadata"]

    private static func drawable(_ root: AndroidSVGReader.Element) throws -> String {
        guard root.name == "svg" else { throw Failure(reason: "its root element is <\(root.name)>, not <svg>") }
        var viewport: (x: Double, y: Double, width: Double, height: Double)?
        if let box = root.attribute("viewBox") {
            let parsed = numberList(box).compactMap { $0 }
            guard parsed.count == 4, numberList(box).count == 4, parsed[2] > 0, parsed[3] > 0 else {
                throw Failure(reason: "its viewBox '\(box)' is not four numbers with a positive size")
            }
            viewport = (parsed[0], parsed[1], parsed[2], parsed[3])
        }
        let width = try root.attribute("width").map { try length($0, what: "width") }
        let height = try root.attribute("height").map { try length($0, what: "height") }
        guard let box = viewport ?? width.flatMap({ w in height.map { h in (0.0, 0.0, w, h) } }) else {
            throw Failure(reason: "it has neither a viewBox nor a width and height")
        }
        var unsupported: [String] = []
        collectUnsupported(root, into: &unsupported)
        if !unsupported.isEmpty {
            throw Failure(reason: "it uses " + listed(unsupported.map { "<\($0)>" }) + hint(for: unsupported))
        }
        var paths = ""
        var count = 0
        try walk(root, inheriting: [:], into: &paths, count: &count, isRoot: true)
        guard count > 0 else { throw Failure(reason: "it draws no path") }

        var out = startTag(
            "<vector xmlns:android=\"http://schemas.android.com/apk/res/android\"", indent: "    ",
            [
                ("width", NumberText.text(width ?? box.width) + "dp"),
                ("height", NumberText.text(height ?? box.height) + "dp"),
                ("viewportWidth", NumberText.text(box.width)),
                ("viewportHeight", NumberText.text(box.height)),
            ], end: ">")
        if box.x != 0 || box.y != 0 {
            // A viewBox that does not start at 0,0 moves the drawing; VectorDrawable's viewport always does.
            out += startTag(
                "    <group", indent: "        ", [("translateX", NumberText.text(-box.x)), ("translateY", NumberText.text(-box.y))],
                end: ">")
            out += paths.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(
                separator: "\n")
            out += "    </group>\n"
        } else {
            out += paths
        }
        out += "</vector>\n"
        return out
    }

    /// Element names that have no VectorDrawable form here, in document order, once each.
    private static func collectUnsupported(_ element: AndroidSVGReader.Element, into names: inout [String]) {
        if descriptive.contains(element.name) { return }
        if !["svg", "g", "path"].contains(element.name), !AndroidSVGShapes.names.contains(element.name), !names.contains(element.name) {
            names.append(element.name)
        }
        for child in element.children { collectUnsupported(child, into: &names) }
    }

    private static func hint(for names: [String]) -> String {
        names.contains(where: { $0 == "text" || $0 == "tspan" }) ? " (convert text to outlines)" : ""
    }

    /// `a`, `a and b`, `a, b and c`.
    static func listed(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " and " + last
    }

    private static func walk(
        _ element: AndroidSVGReader.Element, inheriting: [String: String], into out: inout String, count: inout Int, isRoot: Bool
    ) throws {
        if element.hasText, !descriptive.contains(element.name) { throw Failure(reason: "it uses text inside <\(element.name)>") }
        var attributes = inheriting
        var geometry: [String: String] = [:]
        let shapeGeometry = AndroidSVGShapes.geometry[element.name] ?? []
        for (name, value) in element.attributes {
            if ignored.contains(name) || name.hasPrefix("xmlns:") || name.hasPrefix("aria-") || name.hasPrefix("data-") { continue }
            if isRoot, ["width", "height", "viewBox", "preserveAspectRatio", "x", "y"].contains(name) { continue }
            if name == "style" { throw Failure(reason: "it uses CSS (a style attribute on <\(element.name)>)") }
            if name == "transform" { throw Failure(reason: "it uses a transform on <\(element.name)>") }
            if inherited.contains(name) {
                attributes[name] = value
            } else if element.name == "path", name == "d" || name == "opacity" {
                attributes[name] = value
            } else if shapeGeometry.contains(name) {
                geometry[name] = value
            } else if !shapeGeometry.isEmpty, name == "opacity" {
                attributes[name] = value
            } else {
                throw Failure(reason: "it uses the attribute \(name) on <\(element.name)>")
            }
        }
        switch element.name {
        case "svg" where isRoot, "g":
            for child in element.children {
                if descriptive.contains(child.name) { continue }
                try walk(child, inheriting: attributes, into: &out, count: &count, isRoot: false)
            }
        case "path":
            guard element.children.allSatisfy({ descriptive.contains($0.name) }) else {
                throw Failure(reason: "it puts elements inside <path>")
            }
            out += try path(attributes)
            count += 1
        case let shape where AndroidSVGShapes.names.contains(shape):
            guard element.children.allSatisfy({ descriptive.contains($0.name) }) else {
                throw Failure(reason: "it puts elements inside <\(shape)>")
            }
            do {
                guard let data = try AndroidSVGShapes.pathData(shape, geometry) else { return }
                attributes["d"] = data
            } catch let error as AndroidSVGShapes.ShapeError {
                throw Failure(reason: error.reason)
            }
            out += try path(attributes)
            count += 1
        default: throw Failure(reason: "it uses <\(element.name)>")
        }
    }

    private static func path(_ attributes: [String: String]) throws -> String {
        guard let data = attributes["d"], let pathData = pathData(data) else {
            throw Failure(reason: "a <path> has no usable d attribute (SVG path syntax, numbers within ±3.4e38)")
        }
        let opacity = try attributes["opacity"].map { try fraction($0, what: "opacity") } ?? 1
        // The element's android: attributes in the order they are written, pathData last.
        var drawn: [(attribute: String, value: String)] = []
        // SVG fills black unless told otherwise; VectorDrawable does not fill by default.
        let fill = try paint(attributes["fill"] ?? "#000000", what: "fill")
        if let fill {
            let alpha = try attributes["fill-opacity"].map { try fraction($0, what: "fill-opacity") } ?? 1
            drawn.append(("fillColor", fill))
            if alpha * opacity != 1 { drawn.append(("fillAlpha", NumberText.text(alpha * opacity))) }
            switch attributes["fill-rule"] {
            case nil, "nonzero": break
            case "evenodd": drawn.append(("fillType", "evenOdd"))
            case let other?: throw Failure(reason: "its fill-rule '\(other)' is unknown")
            }
        }
        if let stroke = try paint(attributes["stroke"] ?? "none", what: "stroke") {
            let alpha = try attributes["stroke-opacity"].map { try fraction($0, what: "stroke-opacity") } ?? 1
            let width = try attributes["stroke-width"].map { try length($0, what: "stroke-width") } ?? 1
            drawn.append(("strokeColor", stroke))
            drawn.append(("strokeWidth", NumberText.text(width)))
            if alpha * opacity != 1 { drawn.append(("strokeAlpha", NumberText.text(alpha * opacity))) }
            switch attributes["stroke-linecap"] {
            case nil, "butt": break
            case let cap? where cap == "round" || cap == "square": drawn.append(("strokeLineCap", cap))
            case let other?: throw Failure(reason: "its stroke-linecap '\(other)' is unknown")
            }
            switch attributes["stroke-linejoin"] {
            case nil, "miter": break
            case let join? where join == "round" || join == "bevel": drawn.append(("strokeLineJoin", join))
            case let other?: throw Failure(reason: "its stroke-linejoin '\(other)' is not one Android has")
            }
            if let limit = attributes["stroke-miterlimit"] {
                guard let value = SVGNumber.parse(limit), value >= 1 else {
                    throw Failure(reason: "its stroke-miterlimit '\(limit)' is not a number ≥ 1")
                }
                drawn.append(("strokeMiterLimit", NumberText.text(value)))
            }
        }
        drawn.append(("pathData", pathData))
        return startTag("    <path", indent: "        ", drawn, end: "/>")
    }

    /// A start tag (`opening`, then one `android:` attribute a line at `indent`, then `end`), as
    /// Android Studio lays out a drawable's elements.
    static func startTag(_ opening: String, indent: String, _ attributes: [(attribute: String, value: String)], end: String) -> String {
        opening + "\n" + attributes.map { indent + "android:\($0.attribute)=\"\($0.value)\"" }.joined(separator: "\n") + end + "\n"
    }

    /// Path data with its whitespace collapsed, when it uses only SVG path syntax
    /// (which Android's path parser reads, arcs included).
    static func pathData(_ text: String) -> String? {
        var out = ""
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case " ", "\t", "\n", "\r", ",":
                pendingSpace = true
            case "0"..."9", ".", "-", "+", "e", "E",
                "M", "m", "L", "l", "H", "h", "V", "v", "C", "c", "S", "s", "Q", "q", "T", "t", "A", "a", "Z", "z":
                if pendingSpace, !out.isEmpty { out += " " }
                pendingSpace = false
                out.unicodeScalars.append(scalar)
            default:
                return nil
            }
        }
        guard let first = out.first, first == "M" || first == "m", SVGNumber.allWithinRange(inPath: out) else { return nil }
        return out
    }

    /// `#AARRGGBB` for a paint, nil for `none`; other paint servers are refused.
    private static func paint(_ text: String, what: String) throws -> String? {
        let value = text.trimmingASCIISpaces()
        if value == "none" || value == "transparent" { return nil }
        if value.hasPrefix("url(") { throw Failure(reason: "its \(what) is a gradient or pattern (\(value))") }
        if let named = namedColors[value.lowercased()] { return named }
        if value.hasPrefix("#") {
            let digits = Array(value.dropFirst())
            guard digits.allSatisfy(\.isHexDigit) else { throw Failure(reason: "its \(what) colour '\(value)' is not a hex colour") }
            switch digits.count {
            case 3: return "#FF" + digits.map { "\($0)\($0)" }.joined().uppercased()
            case 6: return "#FF" + String(digits).uppercased()
            case 8: return "#" + String(digits[6...]).uppercased() + String(digits[..<6]).uppercased()
            default: throw Failure(reason: "its \(what) colour '\(value)' is not a hex colour")
            }
        }
        throw Failure(reason: "its \(what) colour '\(value)' is not a hex colour livery converts")
    }

    private static let namedColors: [String: String] = [
        "black": "#FF000000", "white": "#FFFFFFFF", "red": "#FFFF0000", "lime": "#FF00FF00", "blue": "#FF0000FF",
        "yellow": "#FFFFFF00", "gray": "#FF808080", "grey": "#FF808080",
    ]

    private static func fraction(_ text: String, what: String) throws -> Double {
        let value = text.trimmingASCIISpaces()
        if value.hasSuffix("%"), let percent = SVGNumber.parse(value.dropLast()) { return min(max(percent / 100, 0), 1) }
        guard let number = SVGNumber.parse(value) else { throw Failure(reason: "its \(what) '\(text)' is not a number") }
        return min(max(number, 0), 1)
    }

    private static func length(_ text: String, what: String) throws -> Double {
        var value = Substring(text.trimmingASCIISpaces())
        if value.hasSuffix("px") { value = value.dropLast(2) }
        guard let number = SVGNumber.parse(value), number >= 0 else {
            throw Failure(reason: "its \(what) '\(text)' is not a length in px")
        }
        return number
    }

    private static func numberList(_ text: String) -> [Double?] {
        text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }).map { SVGNumber.parse($0) }
    }
}

extension String {
    fileprivate func trimmingASCIISpaces() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropLast() }
        return String(s)
    }
}
