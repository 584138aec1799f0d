import Foundation
import LiveryCore
import LiveryDiff
import LiveryGallery
import LiveryJSON
import LiverySource
import LiveryTargets
import LiveryTestSupport
import Testing

/// The gallery page as text: escaping of hostile repository text, the data
/// block the script reads, contrast levels, review order and determinism.
@Suite("Gallery page rendering")
struct GalleryPageTests {
    /// The display name the hardening tests use, plus the sequences that end a script element or an HTML comment.
    static let hostile = ##"<script>document.title='pwned'</script> | *x* [a](http://evil.test) `c` </script><!-- "quoted" & 'single'"##

    static let fontBytes = TestFiles.truetype()

    /// Resolves style text as a revision would, with `assets/Font.ttf` in the target.
    static func style(id: String = "acme", name: String = "Acme", chain: [String]? = nil) throws -> ResolvedStyle {
        let text = """
            {"app": {"displayName": \(JSONWriter.quoted(name))},
             "colors": {"primary": {"light": "#11A4D6", "dark": "#0E8AB4"}, "background": {"light": "#FFFFFF", "dark": "#000000"}},
             "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular", "file": "assets/Font.ttf"}},
             "components": {"button": {"primary": {"background": "#000000", "foreground": "#FFFFFF",
                                                   "shape": {"roundedRectangle": {"cornerRadius": 8}}}}}}
            """
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/\(id)/style.json")
        let assets = MemoryAssets(files: ["targets/\(id)/assets/Font.ttf": fontBytes])
        let (style, problems) = StyleResolver().resolve(id: id, chain: chain ?? [id, "base"], document: document, assets: assets)
        #expect(!problems.hasErrors, "\(problems)")
        return style
    }

    static func page(_ clients: [GalleryClient], base: String? = nil) -> String {
        let font = ObjectID.blobID(for: fontBytes).hex
        return GalleryHTML.render(
            GalleryPage(
                revision: "v4 (1a2b3c4)", base: base, clients: clients,
                assets: [font: GalleryAssetName.path(sha256: String(repeating: "f", count: 64), kind: .truetype)]
            ))
    }

    /// The JSON the page's script parses, decoded as the browser would.
    static func data(_ html: String) throws -> [String: Any] {
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"gallery-data\">"))
        let end = try #require(html[start.upperBound...].range(of: "</script>"))
        let text = String(html[start.upperBound..<end.lowerBound])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try #require(object as? [String: Any])
    }

    static func clients(_ html: String) throws -> [[String: Any]] {
        try #require(try data(html)["clients"] as? [[String: Any]])
    }

    @Test func hostileTextIsEscapedEverywhere() throws {
        let warning = Diagnostic(.warning, rule: .contrast, Self.hostile, file: "targets/x/style.json", line: 1, column: 1)
        var style = try Self.style(name: Self.hostile)
        style.flags["welcome"] = .string(Self.hostile)
        let html = Self.page(
            [
                GalleryClient(id: "acme", chain: ["acme", Self.hostile], state: .resolved(style, Provenance(), warnings: [warning])),
                GalleryClient(id: "broken", chain: ["broken"], state: .invalid([Diagnostic(.error, rule: .schema, Self.hostile)])),
            ], base: Self.hostile)
        // Exactly the page's own two script elements, and no markup from the name.
        #expect(html.components(separatedBy: "<script").count - 1 == 2)
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(!html.contains("<!-- \"quoted\""))
        #expect(!html.contains("document.title='pwned'</script>"))
        // In HTML (title, heading, parent filter) it is text.
        #expect(html.contains("&lt;script&gt;document.title=&#39;pwned&#39;&lt;/script&gt;"))
        #expect(html.contains("<option value=\"&lt;script&gt;"))
        // In the data block it reads back as written.
        let clients = try Self.clients(html)
        #expect(clients.first?["name"] as? String == Self.hostile)
        #expect((clients.first?["chain"] as? [String])?.last == Self.hostile)
        #expect((clients.first?["warnings"] as? [String])?.first?.contains(Self.hostile) == true)
        #expect((clients.last?["errors"] as? [String])?.first?.contains(Self.hostile) == true)
        let tokens = try #require(clients.first?["tokens"] as? [[Any]])
        #expect(tokens.contains { ($0.first as? String) == "flags.welcome" && ($0[1] as? String) == JSONWriter.quoted(Self.hostile) })
        #expect(try Self.data(html)["base"] as? String == Self.hostile)
    }

    @Test func theScriptInsertsRepositoryTextOnlyAsText() {
        // The script never writes markup: no innerHTML, outerHTML, insertAdjacentHTML or document.write.
        let script = Self.page([])
        for sink in ["innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("] {
            #expect(!script.contains(sink), "\(sink)")
        }
    }

    @Test func contentSecurityPolicyForbidsRemoteLoads() {
        let html = Self.page([])
        #expect(
            html.contains(
                "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src 'self' data:; font-src 'self'; style-src 'unsafe-inline'; script-src 'unsafe-inline'\">"
            ))
        #expect(!html.contains("http://") && !html.contains("https://"))
    }

    @Test func aClientCarriesWhatItsCardDraws() throws {
        let html = Self.page([
            GalleryClient(id: "acme", chain: ["acme", "base"], state: .resolved(try Self.style(), Provenance(), warnings: []))
        ])
        let client = try #require(try Self.clients(html).first)
        #expect(client["name"] as? String == "Acme")
        #expect(client["chain"] as? [String] == ["acme", "base"])
        let colors = try #require(client["colors"] as? [[Any]])
        #expect(colors.map { $0[0] as? String } == ["background", "primary"])
        // Light, dark, and the high-contrast appearances falling back to them.
        #expect(colors.last?[1] as? [String] == ["#11A4D6", "#0E8AB4", "#11A4D6", "#0E8AB4"])
        let fonts = try #require(client["fonts"] as? [[Any]])
        #expect(fonts.first?.last as? String == "lf0")
        #expect(
            html.contains(
                "@font-face{font-family:lf0;src:url(\"assets/\(String(repeating: "f", count: 64)).ttf\");font-weight:400;font-display:swap}"
            ))
        let components = try #require(client["components"] as? [[Any]])
        let button = try #require(components.first?[2] as? [String: Any])
        #expect(button["shape"] as? Double == 8)
        #expect(button["background"] as? [String] == ["#000000", "#000000", "#000000", "#000000"])
        let contrast = try #require(client["contrast"] as? [[Any]])
        #expect(contrast.first?[0] as? String == "button.primary")
        #expect(contrast.first?[3] as? [Double] == [21, 21, 21, 21])
    }

    /// A colour written beyond hex: each such appearance is [sRGB fallback, as written, outside sRGB];
    /// hex appearances stay strings, and the script draws the written one where the browser can.
    @Test func aWideColourCarriesItsFallbackAndItsText() throws {
        let text =
            ##"{"app": {"displayName": "Acme"}, "colors": {"vivid": {"light": "color(display-p3 0.2 0.65 0.25)", "dark": "#112233", "highContrastDark": "oklch(0.5 0 0)"}}}"##
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let (style, problems) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        #expect(!problems.hasErrors, "\(problems)")
        let html = Self.page([GalleryClient(id: "acme", chain: ["acme"], state: .resolved(style, Provenance(), warnings: []))])
        let colors = try #require(try Self.clients(html).first?["colors"] as? [[Any]])
        let vivid = try #require(colors.first?[1] as? [Any])
        let light = try #require(vivid[0] as? [Any])
        #expect(light[0] as? String == style.colors["vivid"]?.light.hex)
        #expect(light[1] as? String == "color(display-p3 0.2 0.65 0.25)")
        #expect(light[2] as? Bool == true)
        #expect(vivid[1] as? String == "#112233")
        #expect(vivid[2] as? [Any] != nil, "high-contrast light falls back to light")
        let highDark = try #require(vivid[3] as? [Any])
        #expect(highDark[1] as? String == "oklch(0.5 0 0)" && highDark[2] as? Bool == false)
        #expect(html.contains("CSS.supports('color', value[1])"))
        #expect(html.contains(".chip.wide::after{content:\"P3\""))
    }

    @Test func aWidePalettesShadesCarryTheirFallbackAndTheirText() throws {
        let text = ##"{"app": {"displayName": "Acme"}, "palettes": {"brand": "oklch(0.62 0.21 255)", "plain": "#11A4D6"}}"##
        let document = try JSONReader.parse(Array(text.utf8), file: "targets/acme/style.json")
        let (style, problems) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        #expect(!problems.hasErrors, "\(problems)")
        let html = Self.page([GalleryClient(id: "acme", chain: ["acme"], state: .resolved(style, Provenance(), warnings: []))])
        let palettes = try #require(try Self.clients(html).first?["palettes"] as? [[Any]])
        let brand = try #require(palettes.first { $0.first as? String == "brand" }?[1] as? [Any])
        let plain = try #require(palettes.first { $0.first as? String == "plain" }?[1] as? [Any])
        let base = try #require(brand.compactMap { $0 as? [Any] }.first { $0[1] as? String == "oklch(0.62 0.21 255)" })
        #expect(base[0] as? String == style.palettes["brand"]?["base"]?.hex)
        #expect(brand.count == plain.count && brand.allSatisfy { $0 is [Any] })
        #expect(plain.allSatisfy { $0 is String })
        #expect(html.contains("cell.style.background = color;"))
    }

    @Test func anInvalidClientShowsItsErrorsAndNothingElse() throws {
        let error = Diagnostic(
            .error, rule: .aliasMissing, "colors.primary names colors.missing, which does not exist", file: "targets/bad/style.json",
            line: 4, column: 16)
        let html = Self.page([GalleryClient(id: "bad", chain: ["bad", "base"], state: .invalid([error]))])
        let client = try #require(try Self.clients(html).first)
        #expect(
            client["errors"] as? [String] == [
                "targets/bad/style.json:4:16: colors.primary names colors.missing, which does not exist [alias-missing]"
            ])
        #expect(client["colors"] == nil && client["tokens"] == nil)
        #expect(html.contains("1 client, 0 with warnings, 1 invalid"))
    }

    @Test(arguments: [
        (RGBA.black, RGBA.white, GalleryContrast.Level.aaa),
        (RGBA(red: 0x76, green: 0x76, blue: 0x76), RGBA.white, .aa),
        (RGBA(red: 0x77, green: 0x77, blue: 0x77), RGBA.white, .fail),
        (RGBA(red: 0x59, green: 0x59, blue: 0x59), RGBA.white, .aaa),
    ])
    func contrastLevels(text: RGBA, background: RGBA, level: GalleryContrast.Level) {
        #expect(GalleryContrast.Level(ratio: text.contrastRatio(on: background)) == level)
    }

    @Test func contrastPairsUseTheResolversPropertyNames() throws {
        var style = ResolvedStyle(id: "a", chain: ["a"])
        style.components["label"] = [
            "badge": [
                "backgroundColor": .color(ColorToken(light: .white, dark: .black, highContrastLight: .white), token: nil),
                "titleColor": .color(ColorToken(light: RGBA(red: 0x77, green: 0x77, blue: 0x77), dark: .white), token: nil),
            ]
        ]
        style.components["switch"] = ["default": ["tint": .color(ColorToken(.black), token: nil)]]
        let pairs = GalleryContrast.pairs(in: style)
        #expect(pairs.count == 1)
        #expect(
            pairs.first?.component == "label.badge" && pairs.first?.foreground == "titleColor"
                && pairs.first?.background == "backgroundColor")
        #expect(pairs.first?.ratios == [4.48, 21, 4.48, 21])
    }

    @Test func reviewPutsDifferingClientsFirst() throws {
        let style = try Self.style()
        let clients = ["a", "b", "c"].map { id in
            GalleryClient(
                id: id, chain: [id], state: .resolved(style, Provenance(), warnings: []),
                review: GalleryReview(
                    status: id == "c" ? .changed : .unchanged, changedPaths: id == "c" ? ["colors.primary"] : [],
                    before: id == "c" ? .resolved(style, Provenance(), warnings: []) : nil))
        }
        let html = Self.page(clients, base: "v2")
        let ids = try Self.clients(html).compactMap { $0["id"] as? String }
        #expect(ids == ["c", "a", "b"])
        let review = try #require(try Self.clients(html).first?["review"] as? [String: Any])
        #expect(review["status"] as? String == "changed" && review["changed"] as? [String] == ["colors.primary"])
        #expect(review["before"] is [String: Any])
        #expect(html.contains("3 clients, 0 with warnings, 0 invalid, 1 changed"))
    }

    @Test func samePageSameBytes() throws {
        let clients = try (0..<20).map { index in
            GalleryClient(
                id: "c\(index)", chain: ["c\(index)", "base"], state: .resolved(try Self.style(id: "c\(index)"), Provenance(), warnings: [])
            )
        }
        #expect(Self.page(clients) == Self.page(clients))
    }

    @Test func assetNamesComeFromContent() {
        #expect(GalleryAssetName.path(sha256: "ab12", kind: .png) == "assets/ab12.png")
        #expect(GalleryAssetName.path(sha256: "ab12", kind: .jpeg) == "assets/ab12.jpg")
        #expect(GalleryAssetName.path(sha256: "ab12", kind: .truetype) == "assets/ab12.ttf")
    }
}

extension GalleryPageTests {
    /// Each client carries the contract it is built against, which its detail view shows; a
    /// client without one (no contract file) carries none.
    @Test func aClientCarriesItsContractVersionForItsDetail() throws {
        let document = try JSONReader.parse(Array(#"{"app": {"displayName": "Acme"}}"#.utf8), file: "targets/acme/style.json")
        let (style, _) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: [:]))
        let contract = ContractVersion(version: "2.1.0", file: "targets/contract.json")
        let html = Self.page([
            GalleryClient(id: "acme", chain: ["acme"], state: .resolved(style, Provenance(), warnings: []), contract: contract),
            GalleryClient(id: "plain", chain: ["plain"], state: .resolved(style, Provenance(), warnings: [])),
        ])
        let clients = try Self.clients(html)
        #expect(clients.first?["contract"] as? [String] == ["2.1.0", "targets/contract.json"])
        #expect(clients.last?["contract"] == nil)
        #expect(html.contains("if (state.contract) box.append(section('Contract',"))
    }
}
