import LiveryCore
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Resolving appIcon.android: adaptive-icon layers checked by content")
struct AndroidIconResolverTests {
    static let file = "targets/acme/style.json"
    static let icon = TestFiles.png(width: 1024, height: 1024)
    static let layer = TestFiles.png(width: 432, height: 432, alpha: true)

    func resolve(_ text: String, files: [String: [UInt8]]) throws -> (ResolvedStyle, [Diagnostic]) {
        let document = try JSONReader.parse(Array(text.utf8), file: Self.file)
        return StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: MemoryAssets(files: files))
    }

    @Test func theStringFormIsUnchanged() throws {
        let (style, diagnostics) = try resolve(#"{"appIcon": "i.png"}"#, files: ["targets/acme/i.png": Self.icon])
        #expect(diagnostics.isEmpty)
        #expect(style.appIcon?.path == "i.png")
        #expect(style.androidIcon == nil)
    }

    @Test func theObjectFormGivesTheIconAndItsLayers() throws {
        let (style, diagnostics) = try resolve(
            """
            {
              "colors": {"brand": {"light": "#0A3D91", "dark": "#000000"}},
              "appIcon": {"image": "i.png", "android": {"foreground": "fg.png", "background": "{colors.brand}", "monochrome": "mono.png"}}
            }
            """, files: ["targets/acme/i.png": Self.icon, "targets/acme/fg.png": Self.layer, "targets/acme/mono.png": Self.layer])
        #expect(diagnostics.isEmpty)
        #expect(style.appIcon?.path == "i.png")
        let android = try #require(style.androidIcon)
        #expect(android.foreground.path == "fg.png")
        #expect(android.monochrome?.path == "mono.png")
        #expect(android.background == .color(try #require(RGBA(hex: "#0A3D91"))))
    }

    @Test func anImageBackgroundAndNoMonochrome() throws {
        let (style, diagnostics) = try resolve(
            #"{"appIcon": {"image": "i.png", "android": {"foreground": "fg.png", "background": "bg.png"}}}"#,
            files: ["targets/acme/i.png": Self.icon, "targets/acme/fg.png": Self.layer, "targets/acme/bg.png": Self.layer])
        #expect(diagnostics.isEmpty)
        guard case .image(let background)? = style.androidIcon?.background else {
            Issue.record("background should be an image")
            return
        }
        #expect(background.path == "bg.png")
        #expect(style.androidIcon?.monochrome == nil)
    }

    @Test func aLayerOfTheWrongSizeNamesFileSizesAndPlace() throws {
        let (style, diagnostics) = try resolve(
            """
            {
              "appIcon": {
                "image": "i.png",
                "android": {"foreground": "fg.png", "background": "#0A3D91"}
              }
            }
            """, files: ["targets/acme/i.png": Self.icon, "targets/acme/fg.png": TestFiles.png(width: 512, height: 500, alpha: true)])
        #expect(style.androidIcon == nil)
        #expect(style.appIcon != nil, "the 1024 px icon is still good")
        let problem = try #require(diagnostics.only)
        #expect(problem.rule.id == "app-icon")
        #expect(problem.message == "the Android foreground layer must be 432×432 pixels (108 dp at xxxhdpi), 'fg.png' is 512×500")
        #expect(problem.file == Self.file)
        #expect(problem.line == 4)
        #expect(problem.column == 31)
        #expect(problem.pointer?.description == "/appIcon/android/foreground")
        #expect(problem.severity == .error)
    }

    @Test func aLayerThatIsNotAPNGByContent() throws {
        let (_, diagnostics) = try resolve(
            #"{"appIcon": {"image": "i.png", "android": {"foreground": "fg.png", "background": "bg.png"}}}"#,
            files: [
                "targets/acme/i.png": Self.icon, "targets/acme/fg.png": TestFiles.jpeg(width: 432, height: 432),
                "targets/acme/bg.png": Self.layer,
            ])
        #expect(diagnostics.map(\.rule.id) == ["asset-type"])
        #expect(diagnostics.first?.pointer?.description == "/appIcon/android/foreground")
        #expect(diagnostics.first?.message.contains("JPEG") == true)
    }

    @Test func wrongKindsAreDiagnosedNotCrashed() throws {
        let files = ["targets/acme/i.png": Self.icon, "targets/acme/fg.png": Self.layer]
        let cases: [(String, String, String)] = [
            (##"{"appIcon": 7}"##, "/appIcon", "appIcon must be a PNG path or {\"image\", \"android\"}, found number"),
            (##"{"appIcon": {"android": {}}}"##, "/appIcon", "appIcon needs \"image\""),
            (##"{"appIcon": {"image": ["i.png"]}}"##, "/appIcon/image", "appIcon.image must be a PNG path, found array"),
            (##"{"appIcon": {"image": "i.png", "android": "fg.png"}}"##, "/appIcon/android", "appIcon.android must be"),
            (##"{"appIcon": {"image": "i.png", "android": {"foreground": "fg.png"}}}"##, "/appIcon/android", "needs both \"foreground\""),
            (
                ##"{"appIcon": {"image": "i.png", "android": {"foreground": true, "background": "#fff"}}}"##, "/appIcon/android/foreground",
                "appIcon.android.foreground must be a PNG path, found"
            ),
            (
                ##"{"appIcon": {"image": "i.png", "android": {"foreground": "fg.png", "background": "{colors.none}"}}}"##,
                "/appIcon/android/background", "points at no colour token"
            ),
            (
                ##"{"appIcon": {"image": "i.png", "android": {"foreground": "fg.png", "background": "#fff", "monochrome": "gone.png"}}}"##,
                "/appIcon/android/monochrome", "'gone.png' not found"
            ),
        ]
        for (text, pointer, message) in cases {
            let (style, diagnostics) = try resolve(text, files: files)
            #expect(style.androidIcon == nil, "\(text)")
            #expect(diagnostics.map { $0.pointer?.description } == [pointer], "\(text)")
            #expect(diagnostics.first?.message.contains(message) == true, "\(text): \(diagnostics.map(\.message))")
            #expect(diagnostics.allSatisfy { $0.line != nil && $0.column != nil && $0.file == Self.file })
        }
    }
}

extension Array {
    fileprivate var only: Element? { count == 1 ? first : nil }
}
