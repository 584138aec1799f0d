import LiveryTargets

/// `fastlane/metadata/` and `fastlane/screenshots/`: the client's store listing in the
/// folders fastlane reads, so `deliver` and `supply` upload it as they find it, one
/// client per `metadata_path` (and `screenshots_path`):
///
/// - `fastlane/metadata/<App Store code>/<field>.txt` for `deliver` (`he`, `de-DE`, `zh-Hans`);
/// - `fastlane/screenshots/<App Store code>/<name>` for `deliver`: the App Store
///   screenshots of each language (its own where it has them, else the shared ones);
/// - `fastlane/metadata/android/<Play code>/<field>.txt`, `changelogs/<versionCode>.txt`
///   and `images/` for `supply` (`iw-IL`, `de-DE`, `zh-CN`): the Play icon
///   (512×512, 32-bit PNG, made from `appIcon`, at most 1 MiB), the feature graphic
///   and the screenshots of `store/images/` and the locale's own `store/<tag>/images/`.
///
/// Each text is written as the store gets it: UTF-8 without a final line break.
public enum FastlanePlatform: PlatformEmitter {
    public static let name = "fastlane"
    public static let summary =
        "fastlane deliver and supply folders: store texts per store locale, App Store screenshots, the Play icon, feature graphic and screenshots"
    public static let isDefault = false

    static let root = "fastlane/metadata/"
    static let screenshots = "fastlane/screenshots/"

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        // deliver's files of the app, not of a language, at its metadata folder's root; the age
        // rating questionnaire beside the folder, for `--app_rating_config_path`.
        var files = style.store.appTexts.keys.sorted().compactMap { path in
            style.store.appTexts[path].map { EmittedFile(path: (path == AppRatingConfig.file ? "fastlane/" : root) + path, text: $0.text) }
        }
        for store in Store.allCases {
            for (locale, code) in style.store.locales(for: store) {
                let folder = store == .appStore ? root + code + "/" : root + "android/" + code + "/"
                let texts = style.store.texts[locale.tag] ?? [:]
                for path in texts.keys.sorted() {
                    guard let text = texts[path], StoreField.field(forPath: path)?.store == store else { continue }
                    files.append(EmittedFile(path: folder + path, text: text.text))
                }
                let images = style.store.images(for: locale.tag, in: store)
                switch store {
                case .appStore: files += appStoreScreenshots(images, folder: screenshots + code + "/")
                case .play: files += playImages(style, images, folder: folder + "images/")
                }
            }
        }
        return files
    }

    /// deliver reads the screenshots of a language folder by name, not by subfolder.
    static func appStoreScreenshots(_ images: [String: AssetReference], folder: String) -> [EmittedFile] {
        images.keys.sorted().compactMap { name in
            guard let image = images[name] else { return nil }
            return EmittedFile(path: folder + String(name.dropFirst(StoreImages.appStoreScreenshotFolder.count + 1)), copying: image)
        }
    }

    /// The Play images of one locale folder.
    static func playImages(_ style: ResolvedStyle, _ images: [String: AssetReference], folder: String) -> [EmittedFile] {
        var files: [EmittedFile] = []
        if let icon = style.appIcon {
            let side = StoreImages.iconSide
            var file = EmittedFile(path: folder + "icon.png", transforming: icon, .resizePNGWithAlpha(width: side, height: side))
            file.byteLimit = StoreImages.iconMaxBytes
            files.append(file)
        }
        for name in images.keys.sorted() {
            guard let image = images[name] else { continue }
            files.append(EmittedFile(path: folder + name, copying: image))
        }
        return files
    }
}
