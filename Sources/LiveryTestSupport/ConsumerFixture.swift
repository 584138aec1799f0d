import Foundation

/// The repositories the consumer apps are run on: livery's own demo targets, and
/// one with real TrueType fonts (Debian's Liberation and DejaVu: a regular, a bold
/// and an oblique face), colours with dark and high-contrast values, an SVG drawn
/// with paths, PNGs with @2x/@3x files and a dark variant, and an app icon. Its
/// client's bundleId has a hyphen, so Android needs its `androidPackage`.
public enum ConsumerFixture {
    public static let demoRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    public static let clientID = "sunny-foods"

    /// Each colour's light, dark and high-contrast values (nil: none).
    public static let colors: [(name: String, light: String, dark: String, contrastLight: String?, contrastDark: String?)] = [
        ("primary", "#0A3D91", "#6C8BBD", "#041E4A", "#C9D8F2"),
        ("accent", "#916500", "#F2A900", "#5C4000", nil),
        ("background", "#FFFFFF", "#0E1117", nil, nil),
    ]

    /// Font token → (family, weight name, file under fonts/, system file).
    public static let fonts: [(token: String, family: String, weight: String, file: String, source: String)] = [
        ("body", "Liberation Serif", "regular", "LiberationSerif-Regular.ttf", "liberation/LiberationSerif-Regular.ttf"),
        ("title", "Liberation Serif", "bold", "LiberationSerif-Bold.ttf", "liberation/LiberationSerif-Bold.ttf"),
        ("caption", "DejaVu Sans", "regular", "DejaVuSans-Oblique.ttf", "dejavu/DejaVuSans-Oblique.ttf"),
    ]

    public static let logo =
        ##"<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect width="120" height="40" fill="#0A3D91"/><path d="M10 10h20v20h-20z" fill="#FFFFFF"/></svg>"##

    public static var style: String {
        let colorJSON = colors.map { color in
            var fields = ["\"light\": \"\(color.light)\"", "\"dark\": \"\(color.dark)\""]
            if let value = color.contrastLight { fields.append("\"highContrastLight\": \"\(value)\"") }
            if let value = color.contrastDark { fields.append("\"highContrastDark\": \"\(value)\"") }
            return "\"\(color.name)\": {\(fields.joined(separator: ", "))}"
        }.joined(separator: ",\n    ")
        let fontJSON = fonts.map {
            "\"\($0.token)\": {\"family\": \"\($0.family)\", \"size\": 16, \"weight\": \"\($0.weight)\", \"file\": \"fonts/\($0.file)\"}"
        }.joined(separator: ",\n    ")
        return """
            {
              "app": {"displayName": "Sunny Foods", "bundleId": "com.sunny-foods.app", "androidPackage": "com.sunnyfoods.app"},
              "appIcon": "icon.png",
              "colors": {
                \(colorJSON)
              },
              "fonts": {
                \(fontJSON)
              },
              "dimensions": {"spacingM": 16},
              "images": {"logo": "images/logo.svg", "card": "images/card.png",
                         "splash": {"light": "images/splash.png", "dark": "images/splash-dark.png"}}
            }
            """
    }

    /// Builds the fixture's bundles (every default platform) into `out` and returns the bundle's directory.
    public static func buildRealFonts(into out: String) throws -> String {
        let fixture = try FixtureRepository()
        try fixture.write("targets/\(clientID)/style.json", style)
        for font in fonts {
            try fixture.write(
                "targets/\(clientID)/fonts/\(font.file)",
                Array(try Data(contentsOf: URL(fileURLWithPath: ExternalTool.fontDirectory + "/" + font.source))))
        }
        try fixture.write("targets/\(clientID)/images/logo.svg", Array(logo.utf8))
        try fixture.write("targets/\(clientID)/images/card.png", TestFiles.png(width: 8, height: 5, rgb: (0xD6, 0x11, 0x44)))
        try fixture.write("targets/\(clientID)/images/card@2x.png", TestFiles.png(width: 16, height: 10, rgb: (0xD6, 0x11, 0x44)))
        try fixture.write("targets/\(clientID)/images/card@3x.png", TestFiles.png(width: 24, height: 15, rgb: (0xD6, 0x11, 0x44)))
        try fixture.write("targets/\(clientID)/images/splash.png", TestFiles.png(width: 6, height: 6))
        try fixture.write("targets/\(clientID)/images/splash-dark.png", TestFiles.png(width: 7, height: 7, rgb: (0x10, 0x10, 0x10)))
        try fixture.write("targets/\(clientID)/icon.png", TestFiles.png(width: 1024, height: 1024))
        try fixture.commitAll("real fonts")
        let build = try LiveryBinary.run(["build", "--repo", fixture.path, "--out", out])
        guard build.status == 0, !build.stderr.contains("warning") else {
            throw ConsumerFailure(description: "livery build: exit \(build.status)\n\(build.stderr)")
        }
        return out + "/" + clientID
    }

    /// Builds livery's demo targets into `out` and returns the concrete targets' ids.
    public static func buildDemo(into out: String) throws -> [String] {
        let build = try LiveryBinary.run(["build", "--repo", demoRoot, "--out", out])
        guard build.status == 0 else { throw ConsumerFailure(description: "livery build: exit \(build.status)\n\(build.stderr)") }
        return try FileManager.default.contentsOfDirectory(atPath: out).filter { !$0.hasPrefix(".") && $0 != "banks" && $0 != "base" }
            .sorted()
    }

    /// A bundle's style.json.
    public static func style(of bundle: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: bundle + "/style.json"))
        return try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
    }

    /// What fontconfig (not livery) reads in a font file: PostScript name, CSS weight and whether it slants.
    public static func fontconfigFacts(_ path: String) throws -> (postScriptName: String, weight: Int, italic: Bool)? {
        guard let scan = ExternalTool.fontconfig.path else { return nil }
        let run = try runProcess(scan, ["--format", "%{postscriptname}|%{weight}|%{slant}", path])
        let fields = run.stdout.split(separator: "|").map(String.init)
        guard run.status == 0, fields.count == 3, let weight = Int(fields[1]), let slant = Int(fields[2]) else { return nil }
        // fontconfig's weight scale, as CSS weights.
        let css = [0: 100, 40: 200, 50: 300, 80: 400, 100: 500, 180: 600, 200: 700, 205: 800, 210: 900][weight] ?? -1
        return (fields[0], css, slant != 0)
    }

    public static func rgb(_ hex: String) -> String {
        let digits = Array(hex.dropFirst())
        let value = { (i: Int) in Int(String(digits[i..<(i + 2)]), radix: 16) ?? -1 }
        return "rgb(\(value(0)), \(value(2)), \(value(4)))"
    }
}

/// A step of a consumer app that could not run.
public struct ConsumerFailure: Error, CustomStringConvertible {
    public var description: String

    public init(description: String) {
        self.description = description
    }
}
