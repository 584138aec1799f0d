import LiveryCore
import LiveryJSON
import LiveryStyle

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
            files.append(EmittedFile(path: root + "/Colors/\(name).colorset/Contents.json", bytes: colorsetBytes(token)))
        }
        files.append(EmittedFile(path: root + "/Images/Contents.json", bytes: groupContents))
        for name in style.images.keys.sorted() {
            guard let token = style.images[name] else { continue }
            files += imageset(name, token)
        }
        if let icon = style.appIcon {
            let folder = root + "/AppIcon.appiconset"
            files.append(contents(folder, .makeObject([
                ("images", .makeArray([.makeObject([
                    ("filename", .string("AppIcon.png")), ("idiom", .string("universal")),
                    ("platform", .string("ios")), ("size", .string("1024x1024")),
                ])])),
                ("info", xcodeInfo),
            ])))
            files.append(EmittedFile(path: folder + "/AppIcon.png", copying: icon))
        }
        return files
    }

    static let xcodeInfo = JSONValue.makeObject([("author", .string("xcode")), ("version", .integer(1))])

    static func info() -> JSONValue { .makeObject([("info", xcodeInfo)]) }

    /// The same in every bundle: made once.
    static let rootContents = Array(JSONWriter.xcode(info()).utf8)
    static let groupContents = Array(JSONWriter.xcode(.makeObject([
        ("info", xcodeInfo), ("properties", .makeObject([("provides-namespace", .bool(true))])),
    ])).utf8)

    static func contents(_ folder: String, _ value: JSONValue) -> EmittedFile {
        EmittedFile(path: folder + "/Contents.json", text: JSONWriter.xcode(value))
    }

    static func colorset(_ token: ColorToken) -> JSONValue {
        var entries: [JSONValue] = [colorEntry(token.light, appearances: [])]
        entries.append(colorEntry(token.dark, appearances: [luminosity("dark")]))
        if let high = token.highContrastLight {
            entries.append(colorEntry(high, appearances: [contrastHigh]))
        }
        if let high = token.highContrastDark {
            entries.append(colorEntry(high, appearances: [luminosity("dark"), contrastHigh]))
        }
        return .makeObject([("colors", .makeArray(entries)), ("info", xcodeInfo)])
    }

    static func luminosity(_ value: String) -> JSONValue {
        .makeObject([("appearance", .string("luminosity")), ("value", .string(value))])
    }

    static let contrastHigh = JSONValue.makeObject([("appearance", .string("contrast")), ("value", .string("high"))])

    static func colorEntry(_ color: RGBA, appearances: [JSONValue]) -> JSONValue {
        var pairs: [(String, JSONValue)] = []
        if !appearances.isEmpty { pairs.append(("appearances", .makeArray(appearances))) }
        pairs.append(("color", .makeObject([
            ("color-space", .string("srgb")),
            ("components", .makeObject([
                ("alpha", .string(alphaText(color.alpha))),
                ("blue", .string(hexByte(color.blue))),
                ("green", .string(hexByte(color.green))),
                ("red", .string(hexByte(color.red))),
            ])),
        ])))
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

    static func imageset(_ name: String, _ token: ImageToken) -> [EmittedFile] {
        let folder = root + "/Images/\(name).imageset"
        var files: [EmittedFile] = []
        var images: [JSONValue] = []
        var vector = false
        for (variant, dark) in [(token.light, false), (token.dark, true)] {
            guard let variant else { continue }
            let file = variant.file
            let isVector = file.info.kind == .pdf || file.info.kind == .svg
            vector = vector || isVector
            let base = name + (dark ? "-dark" : "")
            let ext = fileExtension(file.path)
            let appearances: [(String, JSONValue)] = dark ? [("appearances", .makeArray([luminosity("dark")]))] : []
            if isVector {
                let fileName = base + "." + ext
                images.append(.makeObject(appearances + [("filename", .string(fileName)), ("idiom", .string("universal"))]))
                files.append(EmittedFile(path: folder + "/" + fileName, copying: file))
                continue
            }
            for scale in [1, 2, 3] {
                let reference = scale == 1 ? file : variant.scales[scale]
                var pairs = appearances
                if let reference {
                    let fileName = base + (scale == 1 ? "" : "@\(scale)x") + "." + ext
                    pairs.append(("filename", .string(fileName)))
                    files.append(EmittedFile(path: folder + "/" + fileName, copying: reference))
                }
                pairs += [("idiom", .string("universal")), ("scale", .string("\(scale)x"))]
                images.append(.makeObject(pairs))
            }
        }
        var pairs: [(String, JSONValue)] = [("images", .makeArray(images)), ("info", xcodeInfo)]
        if vector { pairs.append(("properties", .makeObject([("preserves-vector-representation", .bool(true))]))) }
        files.insert(contents(folder, .makeObject(pairs)), at: 0)
        return files
    }

    static func fileExtension(_ path: String) -> String {
        guard let dot = path.lastIndex(of: ".") else { return "png" }
        let ext = path[path.index(after: dot)...].lowercased()
        return ext == "jpeg" ? "jpg" : ext
    }
}
