import Foundation
import LiveryCore
import LiveryEmit
import LiveryJSON
@testable import LiveryRuntime
import LiveryStyle
import LiveryTestSupport
import Testing

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
        #expect(style.fonts["body"] == LiveryStyle.FontToken(family: "Inter", size: 16.5, weight: .semibold, file: "assets/Inter.ttf"))
        #expect(style.fonts["plain"]?.size == 10)
        #expect(style.fonts["plain"]?.isSystemFont == true)
        #expect(style.dimensions["huge"] == 1e20)
        #expect(style.animations["easeIn"]?["long"] == 1.5)
        #expect(style.animations["empty"] == [:])
        let button = try #require(style.components["button"]?["primary"])
        #expect(button["background"] == .color(primary))
        #expect(button["font"] == .font(LiveryStyle.FontToken(family: "Inter", size: 16.5, weight: .semibold, file: "assets/Inter.ttf")))
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

    /// Every value of a resolved style: the built-in rules replace and forbid
    /// exactly where the built-in schema says `x-livery-merge: replace` and
    /// `x-livery-remote: false` (plus `id`, which livery adds when resolving).
    @Test func theBuiltInRulesAreTheSchemasAnnotations() throws {
        let schemaDocument = try JSONReader.parse(BuiltInSchema.bytes, file: "style.schema.json")
        let schema = try JSONSchema(compiling: schemaDocument)
        let document = try CanonicalJSON.parse(try Self.bundleFile())
        var paths: [[String]] = []
        func walk(_ value: JSONValue, _ path: [String]) {
            paths.append(path)
            if case .object(let object) = value {
                for member in object.members { walk(member.value.value, path + [member.key]) }
            }
        }
        walk(document, [])
        #expect(paths.count > 60)
        var replaced: [String] = [], forbidden: [String] = []
        for path in paths where !path.isEmpty {
            let pointer = JSONPointer(tokens: path).description
            let schemaReplaces = schema.keywordValues("x-livery-merge", atInstancePath: path).contains { $0.stringValue == "replace" }
            let schemaForbids = schema.keywordValues("x-livery-remote", atInstancePath: path).contains { $0 == .bool(false) } || path == ["id"]
            #expect(MergeRules.builtIn.replacesWhole(path) == schemaReplaces, "x-livery-merge at \(pointer)")
            #expect(MergeRules.builtIn.forbidsRemoteChange(path) == schemaForbids, "x-livery-remote at \(pointer)")
            if schemaReplaces { replaced.append(pointer) }
            if schemaForbids { forbidden.append(pointer) }
        }
        #expect(replaced.contains("/colors/primary") && replaced.contains("/images/logo") && replaced.contains("/components/button/primary/shape"))
        #expect(forbidden.sorted() == ["/app", "/appIcon", "/fonts/body/file", "/id", "/images/logo", "/images/mark"])
    }

    /// The update the CLI makes from two resolved styles names their digests,
    /// and applying it reproduces the head byte for byte.
    @Test func anUpdateTurnsTheBaseIntoTheHead() throws {
        let base = try CanonicalJSON.parse(try Self.bundleFile())
        let head = Fixtures.edited(base, ##"{"colors": {"primary": {"light": "#000000", "highContrastLight": null}}, "components": {"button": {"secondary": {"shape": "circle"}}}, "flags": {"count": null}}"##)
        let update = try #require(try StyleUpdate.make(target: "acme", from: base, to: head, sequence: 1))
        #expect(update.base == CanonicalJSON.digest(try Self.bundleFile()))
        #expect(update.result == CanonicalJSON.digest(of: head))
        #expect(CanonicalJSON.bytes(try #require(MergeRules.builtIn.apply(update.patch, to: base))) == CanonicalJSON.bytes(head))
        // A colour is written whole, as the runtime replaces it whole.
        #expect(update.patch.objectValue?["colors"]?.value == Fixtures.json(##"{"primary": {"dark": "#0E8AB4", "highContrastDark": "#7FD4F0", "light": "#000000"}}"##))
        #expect(try StyleUpdate.make(target: "acme", from: base, to: base, sequence: 1) == nil)
    }
}
