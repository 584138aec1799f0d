import Foundation
import LiveryCore
import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryRuntime

/// The runtime and the CLI agree: a bundle's `style.json` is canonical JSON,
/// decodes as a `LiveryStyle`, and the built-in merge rules are the schema's.
@Suite("The style model and merge rules shared by the CLI and the runtime")
struct SharedModelTests {
    static let style = ##"""
        {
          "app": {"displayName": "Ærø \"Bank\"", "bundleId": "com.acme.bank"},
          "palettes": {"brand": "#11A4D6"},
          "colors": {
            "primary": {"light": "#11A4D6", "dark": "#0E8AB4", "highContrastLight": "#0B5F7C", "highContrastDark": "#7FD4F0"},
            "Zed": "#FFFFFF", "zed": "#00000080", "é": "#123", "accent": "{palettes.brand.light04}"
          },
          "fonts": {"body": {"family": "Inter", "size": 16.5, "weight": "semibold", "file": "assets/Inter.ttf"}, "plain": {"family": "System", "size": 1e1, "weight": "regular"}},
          "dimensions": {"spacingM": 16, "radius": 0.5, "tiny": 0.0001, "huge": 1e20},
          "animations": {"easeIn": {"short": 0.25, "long": 1.5}, "empty": {}},
          "components": {"button": {"primary": {"background": "primary", "font": "body", "shape": "capsule", "label": "Go", "opacity": 0.5, "enabled": false, "padding": "{dimensions.spacingM}"}, "secondary": {"shape": {"roundedRectangle": {"cornerRadius": 8}}}}},
          "images": {"logo": {"light": "assets/logo.png", "dark": "assets/logo-dark.png"}, "mark": "assets/mark.png"},
          "appIcon": "assets/AppIcon.png",
          "flags": {"beta": true, "count": 3, "welcome": "Welcome\u2028to Acme"}
        }
        """##

    /// The bundle's `style.json` for `style`, as `livery build` writes it.
    static func bundleFile() throws -> [UInt8] {
        let document = try JSONReader.parse(Array(style.utf8), file: "targets/acme/style.json")
        let assets = MemoryAssets(files: [
            "targets/acme/assets/Inter.ttf": TestFiles.truetype(family: "Inter", weight: 600),
            "targets/acme/assets/logo.png": TestFiles.png(width: 10, height: 10),
            "targets/acme/assets/logo-dark.png": TestFiles.png(width: 10, height: 10),
            "targets/acme/assets/mark.png": TestFiles.png(width: 10, height: 10),
            "targets/acme/assets/AppIcon.png": TestFiles.png(width: 1024, height: 1024),
        ])
        let (resolved, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: assets)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return ResolvedStyleJSON.file(for: resolved).bytes
    }

    @Test func aBundleStyleIsCanonicalAndTheStoreKeepsItsBytes() async throws {
        let file = try Self.bundleFile()
        #expect(CanonicalJSON.bytes(try CanonicalJSON.parse(file)) == file)
        let (document, digest) = try await MainActor.run {
            let store = try StyleStore(bundled: Data(file), cache: nil, trustedKeys: [])
            return (store.document, store.digest)
        }
        #expect(document == Data(file))
        #expect(digest == CanonicalJSON.digest(file))
    }

    @Test func aBundleStyleDecodesTyped() throws {
        let style = try LiveryStyle(document: Data(try Self.bundleFile()))
        #expect(style.id == "acme")
        #expect(style.app == LiveryStyle.App(displayName: "Ærø \"Bank\"", bundleId: "com.acme.bank"))
        let primary = try #require(style.colors["primary"])
        #expect(primary.resolved(dark: false, highContrast: false).hex == "#11A4D6")
        #expect(primary.resolved(dark: true, highContrast: true).hex == "#7FD4F0")
        #expect(style.colors["zed"]?.light == RGBA(red: 0, green: 0, blue: 0, alpha: 0x80))
        #expect(style.colors["é"]?.dark.hex == "#112233")
        #expect(style.colors["accent"]?.light.hex == "#70C8E6")
        #expect(style.colors["zed"]?.resolved(dark: true, highContrast: true).hex == "#00000080")
        #expect(style.palettes["brand"]?["light04"]?.hex == "#70C8E6")
        // The bundle carries the PostScript name read from the file, which the font is found by.
        let inter = LiveryStyle.FontToken(
            family: "Inter", size: 16.5, weight: .semibold, file: "assets/Inter.ttf", postScriptName: "Inter-Regular")
        #expect(style.fonts["body"] == inter)
        #expect(style.fonts["body"]?.lookupName == "Inter-Regular")
        #expect(style.fonts["plain"]?.size == 10)
        #expect(style.fonts["plain"]?.isSystemFont == true)
        #expect(style.dimensions["huge"] == 1e20)
        #expect(style.animations["easeIn"]?["long"] == 1.5)
        #expect(style.animations["empty"] == [:])
        let button = try #require(style.components["button"]?["primary"])
        #expect(button["background"] == .color(primary))
        #expect(button["font"] == .font(inter))
        #expect(button["shape"] == .shape(.capsule))
        #expect(button["label"] == .string("Go"))
        #expect(button["opacity"] == .number(0.5))
        #expect(button["enabled"] == .bool(false))
        #expect(button["padding"] == .number(16))
        #expect(style.components["button"]?["secondary"]?["shape"] == .shape(.roundedRectangle(cornerRadius: 8)))
        #expect(style.images["logo"]?.resolved(dark: true) == "assets/logo-dark.png")
        #expect(style.images["mark"]?.resolved(dark: true) == "assets/mark.png")
        #expect(style.appIcon == "assets/AppIcon.png")
        #expect(style.flags == ["beta": .bool(true), "count": .number(3), "welcome": .string("Welcome\u{2028}to Acme")])
    }

    /// One colour model: the token the resolver produces is the very type the
    /// app decodes, and equal to it for every colour of the style.
    @Test func theResolverAndTheAppShareOneColourModel() throws {
        let document = try JSONReader.parse(Array(Self.style.utf8), file: "targets/acme/style.json")
        let (resolved, _) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        let decoded = try LiveryStyle(document: Data(try Self.bundleFile()))
        #expect(resolved.colors.count == 5)
        for (name, token) in resolved.colors {
            let shared: ColorToken? = decoded.colors[name]
            #expect(shared == token, "colors.\(name)")
        }
        #expect(resolved.palettes == decoded.palettes)
    }

    @Test func aResolvedStyleWritesColoursInFull() {
        let short = ##"{"id": "acme", "colors": {"x": {"light": "#FFF", "dark": "#000000"}}}"##
        #expect(throws: LiveryStyleError(pointer: "/colors/x/light", message: "#FFF is not a colour (#RRGGBB or #RRGGBBAA)")) {
            try LiveryStyle(document: Data(short.utf8))
        }
    }

    /// Every value of a resolved style: the built-in rules replace exactly
    /// where the built-in schema says `x-livery-merge: replace`.
    @Test func theBuiltInRulesAreTheSchemasAnnotations() throws {
        let schemaDocument = try JSONReader.parse(BuiltInStyleSchema.bytes, file: "style.schema.json")
        let schema = try JSONSchema(compiling: schemaDocument)
        let document = try CanonicalJSON.parse(try Self.bundleFile())
        var replaced: [String] = []
        let paths = Self.paths(in: document)
        #expect(paths.count > 60)
        for path in paths where !path.isEmpty {
            let pointer = JSONPointer(tokens: path).description
            let schemaReplaces = schema.keywordValues("x-livery-merge", atInstancePath: path).contains { $0.stringValue == "replace" }
            #expect(MergeRules.builtIn.replacesWhole(path) == schemaReplaces, "x-livery-merge at \(pointer)")
            if schemaReplaces { replaced.append(pointer) }
        }
        #expect(
            replaced.contains("/colors/primary") && replaced.contains("/images/logo")
                && replaced.contains("/components/button/primary/shape"))
    }

    /// Every path in `document`, the root's first.
    static func paths(in document: JSONValue) -> [[String]] {
        var paths: [[String]] = []
        func walk(_ value: JSONValue, _ path: [String]) {
            paths.append(path)
            if case .object(let object) = value {
                for member in object.members { walk(member.value.value, path + [member.key]) }
            }
        }
        walk(document, [])
        return paths
    }

    /// The schema's `x-livery-remote` allow-list on every leaf of a bundle's
    /// style.json: colours, palettes, dimensions, timings, fonts but not their
    /// files, component styles but not their free text, boolean and number
    /// flags; never the id, the app identity, the app icon or images.
    @Test func theAllowListIsReadFromTheSchema() throws {
        let document = try CanonicalJSON.parse(try Self.bundleFile())
        var refused: [String] = []
        var allowed: [String] = []
        for path in Self.paths(in: document) where !path.isEmpty {
            guard JSONNode(document, at: .synthesized).value(at: JSONPointer(tokens: path))?.value.objectValue == nil else { continue }
            let pointer = JSONPointer(tokens: path).description
            if RemoteAllowList.builtIn.allowsRemoteChange(path, in: document) { allowed.append(pointer) } else { refused.append(pointer) }
        }
        for prefix in [
            "/colors/", "/palettes/", "/dimensions/", "/animations/", "/fonts/body/size", "/fonts/body/family", "/fonts/body/weight",
            "/components/button/primary/background/",
        ] {
            #expect(allowed.contains { $0.hasPrefix(prefix) }, "\(prefix) is on the allow-list")
            #expect(!refused.contains { $0.hasPrefix(prefix) }, "\(prefix) is on the allow-list")
        }
        for pointer in ["/id", "/app/bundleId", "/app/displayName", "/appIcon", "/fonts/body/file", "/images/logo/light"] {
            #expect(refused.contains(pointer), "\(pointer) is not on the allow-list")
        }
        let flags = try #require(document.objectValue?["flags"]?.value.objectValue)
        #expect(
            flags.members.contains { $0.value.value.stringValue != nil } && flags.members.contains { $0.value.value.stringValue == nil })
        for member in flags.members {
            let free = member.value.value.stringValue != nil
            #expect(
                refused.contains("/flags/\(member.key)") == free,
                "/flags/\(member.key): free text is not on the allow-list, a boolean or number is")
        }
    }

    /// docs/runtime.md's allow-list table says, for every leaf of a bundle's
    /// style.json, what the schema says: the most specific line (most literal
    /// keys, then a kind over "any") that matches the value decides, and every
    /// line decides at least one value of the sample.
    @Test func theDocumentedAllowListIsTheSchemas() throws {
        let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/runtime.md")
        let text = try String(contentsOf: page, encoding: .utf8)
        struct Line {
            var pattern: [String]
            var kind: String
            var allowed: Bool
            var text: String
        }
        let lines: [Line] = text.split(separator: "\n").compactMap { row in
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard cells.count == 3, cells[0].hasPrefix("`/"), cells[0].hasSuffix("`") else { return nil }
            let pointer = cells[0].dropFirst(2).dropLast()
            return Line(
                pattern: pointer.split(separator: "/").map(String.init), kind: cells[1], allowed: cells[2] == "yes", text: String(row))
        }
        #expect(lines.count >= 15)
        func matches(_ line: Line, _ path: [String], _ value: JSONValue) -> Bool {
            let deep = line.pattern.last == "**"
            let fixed = deep ? Array(line.pattern.dropLast()) : line.pattern
            guard deep ? path.count > fixed.count : path.count == fixed.count else { return false }
            guard zip(fixed, path).allSatisfy({ $0 == "*" || $0 == $1 }) else { return false }
            switch line.kind {
            case "string": return value.stringValue != nil
            case "not a string": return value.stringValue == nil
            default: return true
            }
        }
        func specificity(_ line: Line) -> (Int, Int) {
            (line.pattern.filter { $0 != "*" && $0 != "**" }.count, line.kind == "any" ? 0 : 1)
        }
        // Every kind of value: Fixtures.v1 has a component font with a file, free text,
        // numbers, booleans, a shape object, images, the icon; and a shape written as a word.
        // and the PostScript names of bundled font files.
        let sample = Fixtures.edited(
            Fixtures.v1,
            ##"""
            {"components": {"button": {"primary": {"font": {"postScriptName": "Inter-SemiBold"}}, "secondary": {"shape": "circle"}}},
             "fonts": {"body": {"postScriptName": "Inter-Regular"}}}
            """##)
        var used = Set<String>()
        for path in Self.paths(in: sample) where !path.isEmpty {
            let value = try #require(JSONNode(sample, at: .synthesized).value(at: JSONPointer(tokens: path))?.value)
            if let object = value.objectValue, !object.members.isEmpty { continue }
            let pointer = JSONPointer(tokens: path).description
            let candidates = lines.filter { matches($0, path, value) }
            guard let line = candidates.max(by: { specificity($0) < specificity($1) }) else {
                Issue.record("no line of docs/runtime.md's allow-list covers \(pointer)")
                continue
            }
            used.insert(line.text)
            #expect(
                line.allowed == RemoteAllowList.builtIn.allowsRemoteChange(path, in: sample),
                "\(pointer): docs say \(line.allowed ? "yes" : "no"), the schema differs")
        }
        for line in lines where !used.contains(line.text) {
            Issue.record("docs/runtime.md's line \(line.text) decides no value of the sample")
        }
    }

    /// The update the CLI makes from two resolved styles names their digests,
    /// and applying it reproduces the head byte for byte.
    @Test func anUpdateTurnsTheBaseIntoTheHead() throws {
        // Without the colour named é, which the schema's token names refuse
        // (validate would have stopped a target that declares it).
        let base = Fixtures.edited(try CanonicalJSON.parse(try Self.bundleFile()), ##"{"colors": {"é": null}}"##)
        let head = Fixtures.edited(
            base,
            ##"{"colors": {"primary": {"light": "#000000", "highContrastLight": null}}, "components": {"button": {"secondary": {"shape": "circle"}}}, "flags": {"count": null}}"##
        )
        let update = try #require(try StyleUpdate.make(target: "acme", from: base, to: head, sequence: 1))
        #expect(update.base == CanonicalJSON.digest(of: base))
        #expect(update.result == CanonicalJSON.digest(of: head))
        #expect(CanonicalJSON.bytes(try #require(MergeRules.builtIn.apply(update.patch, to: base))) == CanonicalJSON.bytes(head))
        // A colour is written whole, as the runtime replaces it whole.
        #expect(
            update.patch.objectValue?["colors"]?.value
                == Fixtures.json(##"{"primary": {"dark": "#0E8AB4", "highContrastDark": "#7FD4F0", "light": "#000000"}}"##))
        #expect(try StyleUpdate.make(target: "acme", from: base, to: base, sequence: 1) == nil)
    }
}
