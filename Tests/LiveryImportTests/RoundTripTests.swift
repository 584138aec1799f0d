import Foundation
import LiveryCore
import LiveryEmit
import LiveryImport
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// Importing what the `dtcg` platform wrote gives back the same resolved style:
/// colours in all four appearances, palettes, dimensions, animations, fonts,
/// components, flags and the app identity. Images, the app icon and font files
/// are files, not tokens: a re-import keeps them from the target, and so does
/// this test before it resolves the result.
@Suite("Round trip: the dtcg platform's files import to the same resolved style")
struct RoundTripTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    /// Resolves every concrete target of `repository`, round-trips it, and checks every value.
    func checkEveryClient(of repository: TargetsOnDisk, minimum: Int) throws {
        let clients = repository.concrete
        #expect(clients.count >= minimum, "\(clients)")
        var mapped: [String: JSONValue] = [:]
        var originals: [String: (ResolvedStyle, JSONNode)] = [:]
        for id in clients {
            let merged = try #require(repository.merged(id), "\(id) does not merge")
            let (original, problems) = repository.resolve(id, document: merged)
            #expect(!problems.contains { $0.severity == .error }, "\(id): \(problems)")
            let trip = try DTCGRoundTrip.run(original, merged: merged, assets: repository.assets)
            #expect(!trip.diagnostics.contains { $0.severity == .error }, "\(id): \(trip.diagnostics.filter { $0.severity == .error })")
            #expect(DTCGRoundTrip.differences(original, trip.style) == [], "\(id)")
            #expect(DTCGRoundTrip.aliasDifferences(original, trip.style) == [], "\(id)")
            // The app identity comes back from the files themselves, not only from the target.
            let app = try #require(trip.mapped.app?.objectValue, "\(id): no app in $extensions")
            // A name per language comes back as written: {"default", "<tag>"…}.
            let name = app["displayName"]?.value
            #expect((name?.stringValue ?? name?.objectValue?["default"]?.value.stringValue) == original.app.displayName, "\(id)")
            if !original.app.localized.isEmpty {
                #expect(name?.objectValue?["fr-CA"]?.value.stringValue == original.app.localized["fr-CA"]?.displayName, "\(id)")
            }
            #expect(app["bundleId"]?.value.stringValue == original.app.bundleId, "\(id)")
            #expect(trip.mapped.notImported.isEmpty, "\(id): \(trip.mapped.notImported)")
            // livery's own files need no assumption; only the font files are missing, as DTCG has none.
            #expect(
                trip.mapped.warnings.map(\.rule.id) == (trip.mapped.fontsWithoutFiles.isEmpty ? [] : ["dtcg-font-file"]),
                "\(id): \(trip.mapped.warnings)")
            mapped[id] = trip.mapped.document
            originals[id] = (original, merged)
        }
        // Shared between the clients: each child merged over the parent resolves to the same style.
        let (parent, children) = BrandSharing.split(mapped)
        for id in clients {
            let (original, merged) = try #require(originals[id])
            let child = try #require(children[id])
            let rebuilt = try #require(
                MergePatch.apply(
                    JSONNode(child, at: .synthesized), to: JSONNode(parent, at: .synthesized), replacesWhole: TargetsOnDisk.replacesWhole))
            let document = DTCGRoundTrip.reimported(rebuilt.value, original: merged)
            let (style, _) = StyleResolver().resolve(id: original.id, chain: original.chain, document: document, assets: repository.assets)
            #expect(DTCGRoundTrip.differences(original, style) == [], "\(id) through the shared parent")
        }
        if clients.count > 1 { #expect(parent.objectValue?.isEmpty == false, "the clients share nothing") }
    }

    @Test func theRepositorysOwnClients() throws {
        try checkEveryClient(of: try TargetsOnDisk(root: Self.root), minimum: 3)
    }

    @Test(
        .enabled(
            if: ExternalTool.python3.isInstalled,
            "python3 is not installed: scripts/testing/make-corpus cannot make the 20-client corpus (scripts/product/bootstrap --test installs it)"
        ))
    func aTwentyClientCorpus() throws {
        let python = try #require(ExternalTool.python3.path)
        let scratch = try TemporaryDirectory()
        let corpus = scratch.path + "/corpus"
        let made = try runProcess(python, [Self.root + "/scripts/testing/make-corpus", corpus, "--targets", "20"])
        #expect(made.status == 0, "\(made.stderr)")
        try checkEveryClient(of: try TargetsOnDisk(root: corpus), minimum: 20)
    }

    /// What DTCG has no type for is in the base set's `$extensions["dev.livery"]`, in
    /// style.json's form; the theme files have none.
    @Test func theBaseSetCarriesWhatDTCGHasNoTypeFor() throws {
        let text = ##"""
            {"app": {"displayName": "Acme", "bundleId": "com.acme.app"},
             "colors": {"primary": "#0000FF"},
             "components": {"button": {"primary": {"background": "primary", "label": "Go", "enabled": true, "shape": "capsule"},
                                       "plain": {"background": "primary"}, "empty": {}}, "spacer": {}},
             "flags": {"limit": 5, "beta": true, "welcome": "Hi"}}
            """##
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let (style, _) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        var extensions: [String: String] = [:]
        for file in DTCGPlatform.files(for: style) {
            let parsed = try JSONReader.parse(file.bytes, file: file.path)
            extensions[file.path] = parsed.value.objectValue?["$extensions"].map { JSONWriter.compact($0.value, sortedKeys: true) }
        }
        #expect(
            extensions == [
                "dtcg/base.tokens.json":
                    ##"{"dev.livery":{"app":{"bundleId":"com.acme.app","displayName":"Acme"},"components":{"button":{"empty":{},"primary":{"enabled":true,"label":"Go","shape":"capsule"}},"spacer":{}},"flags":{"beta":true,"welcome":"Hi"},"names":"livery"}}"##
            ])
    }

    /// Everything livery resolves, in one style: high-contrast colours, a translucent
    /// colour, aliases of every kind, a ratio, text and true/false flags and component
    /// properties, every shape, an empty variant and an empty kind.
    @Test func aStyleWithEveryKindOfValue() throws {
        let text = ##"""
            {
              "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
              "palettes": {"brand": "#11A4D6", "gray": "#6B7280"},
              "colors": {
                "primary": {"light": "{palettes.brand}", "dark": "{palettes.brand.light04}", "highContrastLight": "#0B5F7C", "highContrastDark": "{palettes.brand.light08}"},
                "link": "{colors.primary}",
                "border": {"light": "{colors.primary}", "dark": "{colors.primary.light}"},
                "veil": "#00000080",
                "Zed": "#FFFFFF",
                "extra_003": {"light": "#010203", "dark": "#040506", "highContrastDark": "#070809"},
                "same": {"light": "#123456", "dark": "#654321", "highContrastLight": "#123456"},
                "white": {"light": "#FFFFFF", "dark": "#FFFFFF", "highContrastLight": "#FFFFFF", "highContrastDark": "#FFFFFF"}
              },
              "fonts": {
                "body": {"family": "Inter", "size": "{dimensions.bodySize}", "weight": "semibold"},
                "quote": "{fonts.body}",
                "tiny": {"family": "Inter Tight", "size": 9.5, "weight": "ultraLight"}
              },
              "dimensions": {"bodySize": 16.5, "spacingM": 16, "gutter": "{dimensions.spacingM}", "cardAspectRatio": 1.586, "zero": 0},
              "animations": {"fade": {"short": 0.25, "long": "{animations.fade.short}", "odd": 0.123456}},
              "components": {
                "button": {
                  "primary": {
                    "background": "primary", "foreground": "{palettes.brand.dark08}", "font": "body", "padding": "spacingM",
                    "pressDuration": "{animations.fade.short}", "opacity": 0.5, "label": "Go", "enabled": true, "elevation": 3,
                    "shape": {"roundedRectangle": {"cornerRadius": "{dimensions.spacingM}"}}
                  },
                  "round": {"shape": "capsule"},
                  "dot": {"shape": "circle", "tint": "#FF000080"},
                  "block": {"shape": "rectangle", "border": "link", "titleFont": "{fonts.quote}"},
                  "empty": {}
                },
                "spacer": {}
              },
              "flags": {"limit": 5000, "ratio": 0.25, "beta": true, "welcome": "Hi"}
            }
            """##
        let merged = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let assets = MemoryAssets(files: [:])
        let (original, problems) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: merged, assets: assets)
        #expect(!problems.contains { $0.severity == .error }, "\(problems)")
        let trip = try DTCGRoundTrip.run(original, merged: merged, assets: assets)
        #expect(!trip.diagnostics.contains { $0.severity == .error }, "\(trip.diagnostics)")
        #expect(DTCGRoundTrip.differences(original, trip.style) == [])
        // Every value is the same; two references are not, because DTCG cannot hold them:
        // - `border` is #11A4D6 in all four appearances, but only its light one was a
        //   reference DTCG can write ({colors.primary}); its dark one names primary's
        //   *light* appearance, which a dark context file cannot refer to. One colour
        //   everywhere is written as one hex.
        // - a typography token's fontSize may refer to a dimension, but the reader gives
        //   the mapper resolved values (a reference is kept only for a whole `$value`).
        #expect(
            DTCGRoundTrip.aliasDifferences(original, trip.style) == [
                "colors.border.dark: colors.primary.light ≠ value",
                "colors.border.light: colors.primary ≠ value",
                "fonts.body.size: dimensions.bodySize ≠ value",
            ])
        // Shapes, text and true/false came back through $extensions["dev.livery"].
        #expect(trip.style.components["button"]?["dot"]?["shape"] == .shape(.circle))
        #expect(trip.style.components["button"]?["primary"]?["label"] == .string("Go"))
        #expect(trip.style.components["spacer"] == [:])
        #expect(trip.style.flags["welcome"] == .string("Hi"))
        // Palettes come back as palettes, references to them as references.
        let document = trip.mapped.document
        #expect(document.objectValue?["palettes"]?.value == .makeObject([("brand", .string("#11A4D6")), ("gray", .string("#6B7280"))]))
        #expect(document.objectValue?["colors"]?.value.objectValue?["link"]?.value == .string("{colors.primary}"))
        #expect(trip.mapped.fontsWithoutFiles == ["body", "tiny"])
    }
}
