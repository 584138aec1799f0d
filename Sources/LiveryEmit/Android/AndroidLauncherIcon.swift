import LiveryTargets

/// The launcher icon of `android/res/`: an adaptive icon for Android 8 and later
/// (`mipmap-anydpi-v26/ic_launcher.xml` and `ic_launcher_round.xml`, with
/// background, foreground and, when given, monochrome layers) and the legacy
/// square PNGs of `mipmap-<density>/ic_launcher.png` scaled from the 1024 px icon.
///
/// With `appIcon.android` the layers are the files it names, copied as they are
/// (432×432 px: 108 dp at xxxhdpi) or, for a colour background, a colour
/// resource. Without it the background layer is the app icon scaled to the
/// whole 108 dp layer and the foreground is transparent: launchers show the middle
/// two thirds of the icon. No monochrome layer is made then, since a silhouette
/// cannot be told from a full-bleed picture; Android 13 shows such an icon
/// untinted in themed mode. Scaled files are descriptions (``AssetTransform``);
/// the writer makes them.
public enum AndroidLauncherIcon {
    /// Legacy launcher icon sizes: 48 dp at each density.
    public static let densities: [(name: String, pixels: Int)] = [
        ("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192),
    ]

    static let layerDirectory = "android/res/drawable-xxxhdpi"

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        guard let icon = style.appIcon else { return [] }
        var files: [EmittedFile] = []
        for density in densities {
            files.append(
                EmittedFile(
                    path: "android/res/mipmap-\(density.name)/ic_launcher.png", transforming: icon,
                    .resizePNG(width: density.pixels, height: density.pixels)))
        }
        let side = AndroidIcon.layerSide
        let layers: (background: String, foreground: String, monochrome: String?)
        if let android = style.androidIcon {
            switch android.background {
            case .color(let color):
                files.append(
                    EmittedFile(
                        path: "android/res/values/ic_launcher_background.xml",
                        text: """
                            <?xml version="1.0" encoding="utf-8"?>
                            <resources>
                                <color name="ic_launcher_background">\(color.androidHex)</color>
                            </resources>

                            """))
                layers.background = "@color/ic_launcher_background"
            case .image(let image):
                files.append(EmittedFile(path: "\(layerDirectory)/ic_launcher_background.png", copying: image))
                layers.background = "@drawable/ic_launcher_background"
            }
            files.append(EmittedFile(path: "\(layerDirectory)/ic_launcher_foreground.png", copying: android.foreground))
            layers.foreground = "@drawable/ic_launcher_foreground"
            if let monochrome = android.monochrome {
                files.append(EmittedFile(path: "\(layerDirectory)/ic_launcher_monochrome.png", copying: monochrome))
                layers.monochrome = "@drawable/ic_launcher_monochrome"
            } else {
                layers.monochrome = nil
            }
        } else {
            files.append(
                EmittedFile(path: "\(layerDirectory)/ic_launcher_background.png", transforming: icon, .resizePNG(width: side, height: side))
            )
            layers = ("@drawable/ic_launcher_background", "@android:color/transparent", nil)
        }
        let adaptive = adaptiveIcon(background: layers.background, foreground: layers.foreground, monochrome: layers.monochrome)
        files.append(EmittedFile(path: "android/res/mipmap-anydpi-v26/ic_launcher.xml", text: adaptive))
        files.append(EmittedFile(path: "android/res/mipmap-anydpi-v26/ic_launcher_round.xml", text: adaptive))
        return files
    }

    /// The `<adaptive-icon>` document; the round icon is the same layers under a round mask.
    static func adaptiveIcon(background: String, foreground: String, monochrome: String?) -> String {
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<adaptive-icon xmlns:android="http://schemas.android.com/apk/res/android">"#,
            #"    <background android:drawable="\#(background)"/>"#,
            #"    <foreground android:drawable="\#(foreground)"/>"#,
        ]
        if let monochrome { lines.append(#"    <monochrome android:drawable="\#(monochrome)"/>"#) }
        lines.append("</adaptive-icon>")
        return lines.joined(separator: "\n") + "\n"
    }
}
