extension StoreListingCheck.Run {
    /// A file under `store/images/` (every locale's, `tag` nil) or `store/<tag>/images/`:
    /// Play's feature graphic (1024×500) or TV banner (1280×720) (a promo graphic, which supply
    /// no longer reads, is reported and left out),
    /// each JPEG or PNG without alpha, a screenshot in one
    /// of supply's folders (320–3840 px a side, the long side at most twice the short),
    /// or an App Store screenshot in `screenshots/` (a size App Store Connect has a
    /// display for, as deliver reads it).
    mutating func takeImage(_ file: StoreFile, name: String, tag: AppLocale?) {
        let shown = "images/" + name
        guard let kind = StoreImageKind.of(name) else {
            let parts = name.split(separator: "/").map(String.init)
            let stem = parts.last.map { $0.split(separator: ".", maxSplits: 1).first.map(String.init) ?? $0 } ?? name
            let hint =
                parts.count == 2
                ? NameSuggestion.hint(for: parts[0], in: StoreImages.screenshotFolders + [StoreImages.appStoreScreenshotFolder])
                : NameSuggestion.hint(for: stem, in: StoreImages.playGraphics)
            problem(
                .warning, .storeFile,
                "'\(shown)' is not an image deliver or supply reads\(hint): images/ holds featureGraphic and tvBanner (.png or "
                    + ".jpg), \(StoreImages.screenshotFolders.joined(separator: "/, "))/ of Play screenshots and screenshots/ of "
                    + "App Store screenshots, PNG or JPEG; the Play icon is made from appIcon",
                file)
            return
        }
        if kind == .promoGraphic {
            // supply dropped it with the Play Developer API v3, whose image types have no promo graphic.
            problem(
                .warning, .storeFile,
                "'\(shown)' is not written: fastlane supply no longer uploads a promo graphic (Google Play's publishing API "
                    + "has none since its version 3); remove it",
                file)
            return
        }
        if let tag, !storeLists(tag, kind.store, shown, file) { return }
        guard let info = file.image, info.kind == .png || info.kind == .jpeg else {
            problem(
                .error, .storeImage,
                "'\(shown)' is not a PNG or JPEG image (its content is \(file.image?.kind.displayName ?? "unreadable"))", file)
            return
        }
        if let damage = info.damage {
            problem(.error, .storeImage, "'\(shown)' is not a whole \(info.kind.displayName): \(damage)", file)
            return
        }
        let extensionKind: AssetKind = name.lowercased().hasSuffix(".png") ? .png : .jpeg
        if info.kind != extensionKind {
            problem(
                .error, .storeImage,
                "'\(file.repositoryPath)' is named .\(name.split(separator: ".").last ?? "") but holds a \(info.kind.displayName); deliver and supply refuse a file whose extension is not its format",
                file)
            return
        }
        checkSize(kind, width: info.width ?? 0, height: info.height ?? 0, hasAlpha: info.hasAlpha == true, file)
        let reference = AssetReference(
            path: "store/" + file.path, repositoryPath: file.repositoryPath, foundIn: file.foundIn,
            blob: file.blob, size: file.size, info: info)
        if let tag {
            listing.localeImages[tag.tag, default: [:]][name] = reference
        } else {
            listing.images[name] = reference
        }
    }

    mutating func checkSize(_ kind: StoreImageKind, width: Int, height: Int, hasAlpha: Bool, _ file: StoreFile) {
        switch kind {
        case .featureGraphic, .tvBanner, .promoGraphic:
            let (title, wanted) =
                kind == .featureGraphic
                ? ("feature graphic", StoreImages.featureGraphicSize)
                : kind == .tvBanner ? ("TV banner", StoreImages.tvBannerSize) : ("promo graphic", StoreImages.promoGraphicSize)
            if width != wanted.width || height != wanted.height {
                problem(
                    .error, .storeImage,
                    "the \(title) must be \(wanted.width)×\(wanted.height) pixels; '\(file.repositoryPath)' is \(width)×\(height)", file)
            } else if hasAlpha {
                problem(
                    .error, .storeImage,
                    "the \(title) must have no alpha channel (Google Play refuses it); flatten '\(file.repositoryPath)' onto a solid background",
                    file)
            }
        case .playScreenshot:
            let sides = StoreImages.screenshotSides
            if !sides.contains(width) || !sides.contains(height) {
                problem(
                    .error, .storeImage,
                    "a Play screenshot's sides must be \(sides.lowerBound)–\(sides.upperBound) pixels; '\(file.repositoryPath)' is \(width)×\(height)",
                    file)
            } else if max(width, height) > 2 * min(width, height) {
                problem(
                    .error, .storeImage,
                    "a Play screenshot's long side may be at most twice its short side; '\(file.repositoryPath)' is \(width)×\(height)",
                    file)
            }
        case .appStoreScreenshot:
            guard AppStoreDisplay.of(width: width, height: height) == nil else { return }
            let examples = ["iPhone 6.9-inch / 6.7-inch", "iPhone 6.5-inch", "iPad 13-inch / 12.9-inch"].compactMap { name in
                AppStoreDisplay.all.first { $0.name == name }.flatMap { $0.sizes.first }.map { "\($0.width)×\($0.height)" }
            }
            problem(
                .error, .storeImage,
                "'\(file.repositoryPath)' is \(width)×\(height) pixels, a size App Store Connect has no screenshot display for (deliver refuses it); use a size of docs/store-listings.md such as \(examples.joined(separator: ", ")), portrait or landscape",
                file)
        }
    }

    /// Play takes at most eight screenshots of one kind, App Store Connect ten of one
    /// display, per language: checked on the shared set, and on each locale's set where
    /// the locale has images of its own.
    mutating func checkImageCounts() {
        checkCounts(listing.images.filter { StoreImageKind.of($0.key) != nil }, where: "images/")
        for tag in listing.localeImages.keys.sorted() {
            for store in Store.allCases {
                checkCounts(listing.images(for: tag, in: store), where: tag + "/images/", only: listing.localeImages[tag] ?? [:])
            }
        }
    }

    private mutating func checkCounts(_ images: [String: AssetReference], where folder: String, only own: [String: AssetReference]? = nil) {
        var bySet: [String: [String]] = [:]
        for (name, image) in images {
            guard let set = StoreImages.set(of: name, image), !StoreImages.playGraphics.contains(set) else { continue }
            bySet[set, default: []].append(name)
        }
        for set in bySet.keys.sorted() {
            let names = (bySet[set] ?? []).sorted()
            let most = set.hasPrefix("app-store ") ? AppStoreDisplay.maxScreenshots : StoreImages.maxScreenshots
            // A locale's set that holds none of its own files is the shared set, reported once.
            guard names.count > most, own.map({ own in names.contains { own[$0] != nil } }) ?? true,
                let extra = images[names[most]]
            else { continue }
            let what =
                set.hasPrefix("app-store ")
                ? "App Store Connect takes at most \(most) screenshots of one display (\(set.dropFirst("app-store ".count)))"
                : "Google Play takes at most \(most) of one kind (\(set))"
            problems.append(
                Diagnostic(
                    .error, rule: .storeImage,
                    "\(folder) shows \(names.count) screenshots of one set; \(what) per language",
                    file: extra.repositoryPath, pointer: StoreListingCheck.pointer(String(extra.path.dropFirst("store/".count))), target: id
                ))
        }
    }
}
