import LiveryCore
import LiveryJSON
import LiveryTargets

/// `ios/Livery.xcassets`: a `.colorset` per colour (with dark and high-contrast
/// appearances), an `.imageset` per image (1x/2x/3x, dark variants, vectors
/// kept), and `AppIcon.appiconset`. Colours live in the `Colors` group and
/// images in `Images`, each providing a namespace, so a colour and an image may
/// share a name; the Swift theme refers to them as `Colors/name`, `Images/name`.
public enum AssetCatalog {
    public static let root = "ios/Livery.xcassets"

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        var files = [EmittedFile(path: root + "/Contents.json", bytes: rootContents)]
        files.append(EmittedFile(path: root + "/Colors/Contents.json", bytes: groupContents))
        for name in style.colors.keys.sorted() {
            guard let token = style.colors[name] else { continue }
            // A colour written beyond hex takes the tree (rare); hex colours the direct writer.
            let bytes = token.wide == nil ? colorsetBytes(token) : Array(JSONWriter.xcode(colorset(token)).utf8)
            files.append(EmittedFile(path: root + "/Colors/\(name).colorset/Contents.json", bytes: bytes))
        }
        files.append(EmittedFile(path: root + "/Images/Contents.json", bytes: groupContents))
        for name in style.images.keys.sorted() {
            guard let token = style.images[name] else { continue }
            files += imageset(name, token)
        }
        if let icon = style.appIcon {
            let folder = root + "/AppIcon.appiconset"
            files.append(EmittedFile(path: folder + "/Contents.json", bytes: appIconContents))
            files.append(EmittedFile(path: folder + "/AppIcon.png", copying: icon))
        }
        return files
    }

    /// The same in every bundle: made once.
    static let appIconContents = Array(
        JSONWriter.xcode(
            .makeObject([
                (
                    "images",
                    .makeArray([
                        .makeObject([
                            ("filename", .string("AppIcon.png")), ("idiom", .string("universal")),
                            ("platform", .string("ios")), ("size", .string("1024x1024")),
                        ])
                    ])
                ),
                ("info", xcodeInfo),
            ])
        ).utf8)

    static let xcodeInfo = JSONValue.makeObject([("author", .string("xcode")), ("version", .integer(1))])

    static func info() -> JSONValue { .makeObject([("info", xcodeInfo)]) }

    /// The same in every bundle: made once.
    static let rootContents = Array(JSONWriter.xcode(info()).utf8)
    static let groupContents = Array(
        JSONWriter.xcode(
            .makeObject([
                ("info", xcodeInfo), ("properties", .makeObject([("provides-namespace", .bool(true))])),
            ])
        ).utf8)

    /// An appearance written as `color(display-p3 …)` or `oklch(…)` is a
    /// `display-p3` entry (see ``WideColor``); the others stay sRGB hex bytes.
    static func colorset(_ token: ColorToken) -> JSONValue {
        let wide = token.wide
        var entries: [JSONValue] = [colorEntry(token.light, wide: wide?.light, appearances: [])]
        entries.append(colorEntry(token.dark, wide: wide?.dark, appearances: [luminosity("dark")]))
        if let high = token.highContrastLight {
            entries.append(colorEntry(high, wide: wide?.highContrastLight, appearances: [contrastHigh]))
        }
        if let high = token.highContrastDark {
            entries.append(colorEntry(high, wide: wide?.highContrastDark, appearances: [luminosity("dark"), contrastHigh]))
        }
        return .makeObject([("colors", .makeArray(entries)), ("info", xcodeInfo)])
    }

    static func colorEntry(_ color: RGBA, wide: ColorValue?, appearances: [JSONValue]) -> JSONValue {
        guard let wide, !wide.isHex else { return colorEntry(color, appearances: appearances) }
        let p3 = WideColor.displayP3(wide)
        var pairs: [(String, JSONValue)] = []
        if !appearances.isEmpty { pairs.append(("appearances", .makeArray(appearances))) }
        pairs.append(
            (
                "color",
                .makeObject([
                    ("color-space", .string("display-p3")),
                    (
                        "components",
                        .makeObject([
                            ("alpha", .string(WideColor.decimal(wide.alpha, places: 3))),
                            ("blue", .string(WideColor.decimal(p3[2], places: 3))),
                            ("green", .string(WideColor.decimal(p3[1], places: 3))),
                            ("red", .string(WideColor.decimal(p3[0], places: 3))),
                        ])
                    ),
                ])
            ))
        pairs.append(("idiom", .string("universal")))
        return .makeObject(pairs)
    }

    static func luminosity(_ value: String) -> JSONValue {
        .makeObject([("appearance", .string("luminosity")), ("value", .string(value))])
    }

    static let contrastHigh = JSONValue.makeObject([("appearance", .string("contrast")), ("value", .string("high"))])

    static func colorEntry(_ color: RGBA, appearances: [JSONValue]) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if !appearances.isEmpty { pairs.append(("appearances", .makeArray(appearances))) }
        pairs.append(
            (
                "color",
                .makeObject([
                    ("color-space", .string("srgb")),
                    (
                        "components",
                        .makeObject([
                            ("alpha", .string(alphaText(color.alpha))),
                            ("blue", .string(hexByte(color.blue))),
                            ("green", .string(hexByte(color.green))),
                            ("red", .string(hexByte(color.red))),
                        ])
                    ),
                ])
            ))
        pairs.append(("idiom", .string("universal")))
        return .makeObject(pairs)
    }

    /// Xcode writes alpha with three decimals.
    static func alphaText(_ alpha: UInt8) -> String { alphaTexts[Int(alpha)] }

    static func hexByte(_ value: UInt8) -> String { hexBytes[Int(value)] }

    /// Every alpha and component spelling, made once: a build writes thousands of colours.
    static let alphaTexts: [String] = (0...255).map { alpha in
        let thousandths = (alpha * 1000 + 127) / 255
        let text = String(thousandths)
        let padded = String(repeating: "0", count: max(0, 4 - text.count)) + text
        return String(padded.dropLast(3)) + "." + String(padded.suffix(3))
    }

    static let hexBytes: [String] = (0...255).map { value in
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[value >> 4]) + String(digits[value & 0xF])
    }

    /// A colorset's `Contents.json`, written straight to bytes. It is the file
    /// `JSONWriter.xcode(colorset(token))` gives (a test holds the two equal),
    /// without building a JSON tree for each of the thousands of colours a build writes.
    static func colorsetBytes(_ token: ColorToken) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(1_600)
        func put(_ text: StaticString) {
            out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
        }
        func entry(_ color: RGBA, dark: Bool, highContrast: Bool) {
            put("    {\n")
            if dark || highContrast {
                put("      \"appearances\" : [\n")
                if dark {
                    put("        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }")
                    if highContrast { put(",\n") } else { put("\n") }
                }
                if highContrast {
                    put("        {\n          \"appearance\" : \"contrast\",\n          \"value\" : \"high\"\n        }\n")
                }
                put("      ],\n")
            }
            put("      \"color\" : {\n        \"color-space\" : \"srgb\",\n        \"components\" : {\n")
            put("          \"alpha\" : \"")
            out += alphaTextBytes[Int(color.alpha)]
            put("\",\n          \"blue\" : \"")
            out += hexByteBytes[Int(color.blue)]
            put("\",\n          \"green\" : \"")
            out += hexByteBytes[Int(color.green)]
            put("\",\n          \"red\" : \"")
            out += hexByteBytes[Int(color.red)]
            put("\"\n        }\n      },\n      \"idiom\" : \"universal\"\n    }")
        }
        put("{\n  \"colors\" : [\n")
        entry(token.light, dark: false, highContrast: false)
        put(",\n")
        entry(token.dark, dark: true, highContrast: false)
        if let high = token.highContrastLight {
            put(",\n")
            entry(high, dark: false, highContrast: true)
        }
        if let high = token.highContrastDark {
            put(",\n")
            entry(high, dark: true, highContrast: true)
        }
        put("\n  ],\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
        return out
    }

    static let alphaTextBytes: [[UInt8]] = alphaTexts.map { Array($0.utf8) }
    static let hexByteBytes: [[UInt8]] = hexBytes.map { Array($0.utf8) }

    /// One entry of an imageset's `images`: a file (none for a scale the image
    /// lacks), light or dark, and its scale (none for a vector).
    struct ImageEntry {
        var fileName: String?
        var dark: Bool
        var scale: Int?
    }

    static func imageset(_ name: String, _ token: ResolvedImage) -> [EmittedFile] {
        let folder = root + "/Images/" + name + ".imageset"
        var files: [EmittedFile] = []
        var entries: [ImageEntry] = []
        var vector = false
        for (variant, dark) in [(token.light, false), (token.dark, true)] {
            guard let variant else { continue }
            let file = variant.file
            let isVector = file.info.kind == .pdf || file.info.kind == .svg
            vector = vector || isVector
            let base = name + (dark ? "-dark" : "")
            let ext = fileExtension(file.path)
            if isVector {
                let fileName = base + "." + ext
                entries.append(ImageEntry(fileName: fileName, dark: dark, scale: nil))
                files.append(EmittedFile(path: folder + "/" + fileName, copying: file))
                continue
            }
            for scale in [1, 2, 3] {
                guard let reference = scale == 1 ? file : variant.scales[scale] else {
                    entries.append(ImageEntry(fileName: nil, dark: dark, scale: scale))
                    continue
                }
                let fileName = base + (scale == 1 ? "" : "@\(scale)x") + "." + ext
                entries.append(ImageEntry(fileName: fileName, dark: dark, scale: scale))
                files.append(EmittedFile(path: folder + "/" + fileName, copying: reference))
            }
        }
        files.insert(EmittedFile(path: folder + "/Contents.json", bytes: imagesetBytes(entries, vector: vector)), at: 0)
        return files
    }

    /// An imageset's `Contents.json` as a JSON tree; ``imagesetBytes(_:vector:)`` writes the same file directly.
    static func imagesetContents(_ entries: [ImageEntry], vector: Bool) -> JSONValue {
        let images = entries.map { entry in
            var pairs: [(String, JSONValue)] = entry.dark ? [("appearances", .makeArray([luminosity("dark")]))] : []
            if let fileName = entry.fileName { pairs.append(("filename", .string(fileName))) }
            pairs.append(("idiom", .string("universal")))
            if let scale = entry.scale { pairs.append(("scale", .string("\(scale)x"))) }
            return JSONValue.makeObject(pairs)
        }
        var pairs: [(String, JSONValue)] = [("images", .makeArray(images)), ("info", xcodeInfo)]
        if vector { pairs.append(("properties", .makeObject([("preserves-vector-representation", .bool(true))]))) }
        return .makeObject(pairs)
    }

    /// An imageset's `Contents.json`, written straight to bytes: the file
    /// `JSONWriter.xcode(imagesetContents(entries, vector:))` gives (a test
    /// holds the two equal), without a JSON tree for each of a build's thousands of images.
    static func imagesetBytes(_ entries: [ImageEntry], vector: Bool) -> [UInt8] {
        var out = TextBuffer(capacity: 256 + 200 * entries.count)
        out += "{\n  \"images\" : ["
        for (index, entry) in entries.enumerated() {
            out += index == 0 ? "\n    {\n" : ",\n    {\n"
            if entry.dark {
                out +=
                    "      \"appearances\" : [\n        {\n          \"appearance\" : \"luminosity\",\n          \"value\" : \"dark\"\n        }\n      ],\n"
            }
            if let fileName = entry.fileName {
                out += "      \"filename\" : "
                out.append(JSONWriter.quoted(fileName))
                out += ",\n"
            }
            out += "      \"idiom\" : \"universal\""
            if let scale = entry.scale {
                out += ",\n      \"scale\" : \""
                out.append(scale)
                out += "x\""
            }
            out += "\n    }"
        }
        out += entries.isEmpty ? "],\n" : "\n  ],\n"
        out += "  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }"
        out += vector ? ",\n  \"properties\" : {\n    \"preserves-vector-representation\" : true\n  }\n}\n" : "\n}\n"
        return out.bytes
    }

    static func fileExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "png" }
        let ext = path[path.index(after: dot)...].lowercased()
        return ext == "jpeg" ? "jpg" : ext
    }
}
