import LiveryStyle

/// `fastlane/metadata/`: the client's store listing in the folders fastlane reads,
/// so `deliver` and `supply` upload it as they find it, one client per
/// `metadata_path`:
///
/// - `fastlane/metadata/<App Store code>/<field>.txt` for `deliver` (`he`, `de-DE`, `zh-Hans`);
/// - `fastlane/metadata/android/<Play code>/<field>.txt`, `changelogs/<versionCode>.txt`
///   and `images/` for `supply` (`iw-IL`, `de-DE`, `zh-CN`): the Play icon
///   (512×512, 32-bit PNG, made from `appIcon`), the feature graphic and the
///   screenshots of `store/images/`, in every Play locale the listing has.
///
/// Each text is written as the store gets it: UTF-8 without a final line break.
public enum FastlanePlatform: PlatformEmitter {
    public static let name = "fastlane"
    public static let summary = "fastlane deliver and supply metadata folders: store texts per store locale, the Play icon, feature graphic and screenshots"
    public static let isDefault = false

    static let root = "fastlane/metadata/"

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        var files: [EmittedFile] = []
        for store in Store.allCases {
            for (locale, code) in style.store.locales(for: store) {
                let folder = store == .appStore ? root + code + "/" : root + "android/" + code + "/"
                let texts = style.store.texts[locale.tag] ?? [:]
                for path in texts.keys.sorted() {
                    guard let text = texts[path], StoreField.field(forPath: path)?.store == store else { continue }
                    files.append(EmittedFile(path: folder + path, text: text.text))
                }
                if store == .play { files += images(style, folder: folder + "images/") }
            }
        }
        return files
    }

    /// The Play images of one locale folder.
    static func images(_ style: ResolvedStyle, folder: String) -> [EmittedFile] {
        var files: [EmittedFile] = []
        if let icon = style.appIcon {
            let side = StoreImages.iconSide
            files.append(EmittedFile(path: folder + "icon.png", transforming: icon, .resizePNGWithAlpha(width: side, height: side)))
        }
        for name in style.store.images.keys.sorted() {
            guard let image = style.store.images[name] else { continue }
            files.append(EmittedFile(path: folder + name, copying: image))
        }
        return files
    }
}
