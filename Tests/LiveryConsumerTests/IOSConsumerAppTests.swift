import Foundation
import LiveryCore
import LiveryEmit
import LiveryTestSupport
import Testing

/// An iOS app as Xcode would use a bundle, as far as Linux can: the Foundation
/// part of `Theme.swift` compiled with a `main` that prints its values, run and
/// compared with style.json; every font it names by the PostScript name its file
/// has (as fontconfig reads it, not livery); and every `Info.plist` and
/// `Contents.json` parsed, with every file they name present.
@Suite("Consumer app: iOS (Theme.swift run, plists and asset catalog)")
struct IOSConsumerAppTests {
    /// A `main` printing identity, colours (0…255 components) and fonts of the theme.
    /// A colour in Display P3 (a style with colours beyond hex) ends in `,p3`.
    static func main(for style: [String: Any]) -> String {
        let wide = Self.hasWideColors(style)
        var lines = [
            #"print("app displayName=\(Theme.displayName)")"#,
            #"print("app bundleIdentifier=\(Theme.bundleIdentifier)")"#,
            "func channels(_ c: LiveryRGBA?) -> String { guard let c else { return \"nil\" }; return [c.red, c.green, c.blue, c.alpha].map { String(Int(($0 * 255).rounded())) }.joined(separator: \",\")"
                + (wide ? " + (c.space == .displayP3 ? \",p3\" : \"\")" : "") + " }",
        ]
        for name in (style["colors"] as? [String: Any] ?? [:]).keys.sorted() {
            let member = "Theme.Colors." + SwiftTheme.identifier(name)
            lines.append(
                #"print("color \#(name)=\(channels(\#(member).light))|\(channels(\#(member).dark))|\(channels(\#(member).highContrastLight))|\(channels(\#(member).highContrastDark))")"#
            )
        }
        for name in (style["fonts"] as? [String: Any] ?? [:]).keys.sorted() {
            let member = "Theme.Fonts." + SwiftTheme.identifier(name)
            lines.append(
                #"print("font \#(name)=\(\#(member).family)|\(\#(member).postScriptName ?? "nil")|\(\#(member).size)|\(\#(member).weight)")"#
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func hasWideColors(_ style: [String: Any]) -> Bool {
        (style["colors"] as? [String: [String: String]] ?? [:]).values.contains { $0.values.contains { !$0.hasPrefix("#") } }
    }

    /// `#RRGGBB[AA]` as the components main prints; a colour beyond hex as its Display P3
    /// components (exact for `color(display-p3 …)`), then `,p3`.
    static func channels(_ hex: String?) -> String? {
        guard let hex else { return nil }
        if !hex.hasPrefix("#") {
            guard case .success(let color) = ColorValue.parse(hex) else { return "unreadable \(hex)" }
            return (color.components(in: .displayP3) + [color.alpha]).map { String(Int(($0 * 255).rounded())) }.joined(separator: ",")
                + ",p3"
        }
        let digits = Array(hex.dropFirst())
        var values = stride(from: 0, to: digits.count, by: 2).map { Int(String(digits[$0..<($0 + 2)]), radix: 16) ?? -1 }
        if values.count == 3 { values.append(255) }
        return values.map(String.init).joined(separator: ",")
    }

    func check(bundle: String, scratch: String) throws {
        let swiftc = try #require(ExternalTool.swiftc.path)
        let python = try #require(ExternalTool.python3.path)
        let style = try ConsumerFixture.style(of: bundle)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try Data(Self.main(for: style).utf8).write(to: URL(fileURLWithPath: scratch + "/main.swift"))
        let binary = scratch + "/theme"
        let compiled = try runProcess(swiftc, [bundle + "/ios/Theme.swift", scratch + "/main.swift", "-o", binary])
        try #require(compiled.status == 0, "swiftc: \(compiled.stderr)")
        let run = try runProcess(binary, [])
        try #require(run.status == 0, "\(run.stderr)")
        var printed: [String: String] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            printed[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        let app = style["app"] as? [String: Any] ?? [:]
        #expect(
            printed["app displayName"] == app["displayName"] as? String && printed["app bundleIdentifier"] == app["bundleId"] as? String,
            "\(bundle)")
        for (name, value) in style["colors"] as? [String: [String: String]] ?? [:] {
            let light = Self.channels(value["light"]) ?? ""
            let dark = Self.channels(value["dark"]) ?? ""
            let expected = [
                light, dark, Self.channels(value["highContrastLight"]) ?? "nil", Self.channels(value["highContrastDark"]) ?? "nil",
            ].joined(separator: "|")
            #expect(printed["color \(name)"] == expected, "\(bundle) colour \(name)")
        }
        for (name, value) in style["fonts"] as? [String: [String: Any]] ?? [:] {
            let fields = (printed["font \(name)"] ?? "").split(separator: "|").map(String.init)
            try #require(fields.count == 4, "\(bundle) font \(name): \(printed)")
            #expect(fields[0] == value["family"] as? String && fields[3] == value["weight"] as? String, "\(bundle) font \(name): \(fields)")
            guard let file = value["file"] as? String else {
                #expect(fields[1] == "nil")
                continue
            }
            // The name UIKit looks the file up by is the one in the file, as fontconfig reads it.
            let path = bundle + "/ios/Fonts/" + URL(fileURLWithPath: file).lastPathComponent
            #expect(FileManager.default.fileExists(atPath: path), "\(path)")
            let facts = try #require(try ConsumerFixture.fontconfigFacts(path))
            #expect(
                fields[1] == facts.postScriptName,
                "\(bundle) font \(name): \(fields[1]) is not the file's PostScript name \(facts.postScriptName)")
            #expect(fields[1] != fields[0], "\(bundle) font \(name) is looked up by its family")
        }

        // Every plist and Contents.json parses, and every file they name is there.
        let checker = #"""
            import json, os, plistlib, sys
            ios = sys.argv[1]
            with open(os.path.join(ios, "Info.plist"), "rb") as f:
                info = plistlib.load(f)
            for font in info.get("UIAppFonts", []):
                assert os.path.isfile(os.path.join(ios, font)), "Info.plist names " + font
            count = 0
            for directory, _, files in os.walk(os.path.join(ios, "Livery.xcassets")):
                if "Contents.json" in files:
                    with open(os.path.join(directory, "Contents.json")) as f:
                        contents = json.load(f)
                    for entry in contents.get("images", []):
                        if "filename" in entry:
                            assert os.path.isfile(os.path.join(directory, entry["filename"])), directory + " names " + entry["filename"]
                            count += 1
            print("fonts", len(info.get("UIAppFonts", [])), "images", count)
            """#
        try Data(checker.utf8).write(to: URL(fileURLWithPath: scratch + "/check.py"))
        let checked = try runProcess(python, [scratch + "/check.py", bundle + "/ios"])
        #expect(checked.status == 0, "\(bundle): \(checked.stderr)")
        let fontFiles = Set(
            (style["fonts"] as? [String: [String: Any]] ?? [:]).values.compactMap { $0["file"] as? String }.map {
                URL(fileURLWithPath: $0).lastPathComponent
            })
        #expect(checked.stdout.hasPrefix("fonts \(fontFiles.count) images "), "\(checked.stdout)")
    }

    @Test(
        .enabled(
            if: ExternalTool.swiftc.isInstalled && ExternalTool.python3.isInstalled && ExternalTool.systemFonts.isInstalled
                && ExternalTool.fontconfig.isInstalled,
            "swiftc, python3, the DejaVu/Liberation fonts or fontconfig are not installed (scripts/product/bootstrap --test installs them)")
    )
    func realFontsAndTheDemoTargetsRun() throws {
        let root = try TemporaryDirectory()
        try check(bundle: try ConsumerFixture.buildRealFonts(into: root.path + "/fonts-dist"), scratch: root.path + "/scratch-fonts")
        for id in try ConsumerFixture.buildDemo(into: root.path + "/demo-dist") {
            try check(bundle: root.path + "/demo-dist/" + id, scratch: root.path + "/scratch-" + id)
        }
    }
}
