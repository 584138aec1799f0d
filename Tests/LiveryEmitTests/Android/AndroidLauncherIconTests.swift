import LiveryEmit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@Suite("Android: launcher icon, adaptive and legacy")
struct AndroidLauncherIconTests {
    func style(_ appIcon: String) throws -> ResolvedStyle {
        let document = try JSONReader.parse(
            Array(##"{"colors": {"brand": "#0A3D91"}, "appIcon": \##(appIcon)}"##.utf8), file: "targets/acme/style.json")
        let layer = TestFiles.png(width: 432, height: 432, alpha: true)
        let assets = MemoryAssets(files: [
            "targets/acme/icon.png": TestFiles.png(width: 1024, height: 1024),
            "targets/acme/fg.png": layer, "targets/acme/bg.png": TestFiles.png(width: 432, height: 432), "targets/acme/mono.png": layer,
        ])
        let (style, diagnostics) = StyleResolver().resolve(id: "acme", chain: ["acme"], document: document, assets: assets)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return style
    }

    func byPath(_ files: [EmittedFile]) -> [String: EmittedFile] {
        Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func onlyTheIconGivesLegacySizesAndABackgroundLayerMadeFromIt() throws {
        let style = try style(#""icon.png""#)
        let files = byPath(AndroidLauncherIcon.files(for: style))
        #expect(
            files.keys.sorted() == [
                "android/res/drawable-xxxhdpi/ic_launcher_background.png",
                "android/res/mipmap-anydpi-v26/ic_launcher.xml",
                "android/res/mipmap-anydpi-v26/ic_launcher_round.xml",
                "android/res/mipmap-hdpi/ic_launcher.png",
                "android/res/mipmap-mdpi/ic_launcher.png",
                "android/res/mipmap-xhdpi/ic_launcher.png",
                "android/res/mipmap-xxhdpi/ic_launcher.png",
                "android/res/mipmap-xxxhdpi/ic_launcher.png",
            ])
        for (density, side) in [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)] {
            let file = try #require(files["android/res/mipmap-\(density)/ic_launcher.png"])
            #expect(file.asset == style.appIcon)
            #expect(file.transform == .resizePNG(width: side, height: side))
            #expect(file.bytes.isEmpty)
        }
        #expect(files["android/res/drawable-xxxhdpi/ic_launcher_background.png"]?.transform == .resizePNG(width: 432, height: 432))
        #expect(
            files["android/res/mipmap-anydpi-v26/ic_launcher.xml"]?.text == """
                <?xml version="1.0" encoding="utf-8"?>
                <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
                    <background android:drawable="@drawable/ic_launcher_background"/>
                    <foreground android:drawable="@android:color/transparent"/>
                </adaptive-icon>

                """)
        #expect(
            files["android/res/mipmap-anydpi-v26/ic_launcher_round.xml"]?.text
                == files["android/res/mipmap-anydpi-v26/ic_launcher.xml"]?.text)
    }

    @Test func givenLayersAreCopiedAndNamedInTheAdaptiveIcon() throws {
        let style = try style(
            #"{"image": "icon.png", "android": {"foreground": "fg.png", "background": "bg.png", "monochrome": "mono.png"}}"#)
        let files = byPath(AndroidLauncherIcon.files(for: style))
        for name in ["foreground", "background", "monochrome"] {
            let file = try #require(files["android/res/drawable-xxxhdpi/ic_launcher_\(name).png"])
            #expect(file.transform == nil, "copied as it is")
            #expect(file.asset != nil && file.asset != style.appIcon)
        }
        #expect(
            files["android/res/mipmap-anydpi-v26/ic_launcher.xml"]?.text == """
                <?xml version="1.0" encoding="utf-8"?>
                <adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">
                    <background android:drawable="@drawable/ic_launcher_background"/>
                    <foreground android:drawable="@drawable/ic_launcher_foreground"/>
                    <monochrome android:drawable="@drawable/ic_launcher_monochrome"/>
                </adaptive-icon>

                """)
        #expect(files["android/res/mipmap-xxxhdpi/ic_launcher.png"]?.transform == .resizePNG(width: 192, height: 192))
    }

    @Test func aColourBackgroundIsAColourResource() throws {
        let style = try style(#"{"image": "icon.png", "android": {"foreground": "fg.png", "background": "{colors.brand}"}}"#)
        let files = byPath(AndroidLauncherIcon.files(for: style))
        #expect(files["android/res/drawable-xxxhdpi/ic_launcher_background.png"] == nil)
        #expect(files["android/res/drawable-xxxhdpi/ic_launcher_monochrome.png"] == nil)
        #expect(
            files["android/res/values/ic_launcher_background.xml"]?.text == """
                <?xml version="1.0" encoding="utf-8"?>
                <resources>
                    <color name="ic_launcher_background">#FF0A3D91</color>
                </resources>

                """)
        let adaptive = try #require(files["android/res/mipmap-anydpi-v26/ic_launcher.xml"]?.text)
        #expect(adaptive.contains(#"<background android:drawable="@color/ic_launcher_background"/>"#))
        #expect(!adaptive.contains("monochrome"))
    }

    @Test func noIconNoFiles() {
        #expect(AndroidLauncherIcon.files(for: ResolvedStyle(id: "acme", chain: ["acme"])).isEmpty)
    }

    @Test func theAndroidPlatformWritesTheIcon() throws {
        let paths = AndroidPlatform.files(for: try style(#""icon.png""#)).map(\.path)
        #expect(paths.contains("android/res/mipmap-anydpi-v26/ic_launcher.xml"))
        #expect(paths.contains("android/res/mipmap-mdpi/ic_launcher.png"))
    }
}
