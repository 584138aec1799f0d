extension StoreListingCheck.Run {
    /// A file under `store/images/`: Play's feature graphic (1024×500, JPEG or PNG
    /// without alpha) or a screenshot in one of supply's folders (320–3840 px a
    /// side, the long side at most twice the short).
    mutating func takeImage(_ file: StoreFile, name: String) {
        let parts = name.split(separator: "/").map(String.init)
        let stem = parts.last.map { $0.split(separator: ".", maxSplits: 1).first.map(String.init) ?? $0 } ?? name
        let ext = parts.last.flatMap { $0.split(separator: ".").last.map { $0.lowercased() } } ?? ""
        let isScreenshot = parts.count == 2 && StoreImages.screenshotFolders.contains(parts[0])
        let isFeature = parts.count == 1 && stem == StoreImages.featureGraphic
        guard (isScreenshot || isFeature), StoreImages.extensions.contains(ext) else {
            let hint = parts.count == 2
                ? NameSuggestion.hint(for: parts[0], in: StoreImages.screenshotFolders)
                : NameSuggestion.hint(for: stem, in: [StoreImages.featureGraphic])
            problem(.warning, .storeFile,
                    "'images/\(name)' is not an image supply reads\(hint): store/images/ holds featureGraphic.png or .jpg and \(StoreImages.screenshotFolders.joined(separator: "/, "))/ of PNG or JPEG screenshots; the Play icon is made from appIcon",
                    file)
            return
        }
        guard let info = file.image, info.kind == .png || info.kind == .jpeg else {
            problem(.error, .storeImage, "'images/\(name)' is not a PNG or JPEG image (its content is \(file.image?.kind.displayName ?? "unreadable"))", file)
            return
        }
        if let damage = info.damage {
            problem(.error, .storeImage, "'images/\(name)' is not a whole \(info.kind.displayName): \(damage)", file)
            return
        }
        let width = info.width ?? 0, height = info.height ?? 0
        if isFeature {
            let wanted = StoreImages.featureGraphicSize
            if width != wanted.width || height != wanted.height {
                problem(.error, .storeImage, "the feature graphic must be \(wanted.width)×\(wanted.height) pixels; '\(file.repositoryPath)' is \(width)×\(height)", file)
            } else if info.hasAlpha == true {
                problem(.error, .storeImage, "the feature graphic must have no alpha channel (Google Play refuses it); flatten '\(file.repositoryPath)' onto a solid background", file)
            }
        } else {
            let sides = StoreImages.screenshotSides
            if !sides.contains(width) || !sides.contains(height) {
                problem(.error, .storeImage, "a screenshot's sides must be \(sides.lowerBound)–\(sides.upperBound) pixels; '\(file.repositoryPath)' is \(width)×\(height)", file)
            } else if max(width, height) > 2 * min(width, height) {
                problem(.error, .storeImage, "a screenshot's long side may be at most twice its short side; '\(file.repositoryPath)' is \(width)×\(height)", file)
            }
        }
        listing.images[name] = AssetReference(path: "store/images/" + name, repositoryPath: file.repositoryPath, foundIn: file.foundIn,
                                              blob: file.blob, size: file.size, info: info)
    }

    /// Play takes at most eight screenshots of one kind.
    mutating func checkScreenshotCounts() {
        for folder in StoreImages.screenshotFolders {
            let shots = listing.images.keys.filter { $0.hasPrefix(folder + "/") }.sorted()
            guard shots.count > StoreImages.maxScreenshots, let extra = listing.images[shots[StoreImages.maxScreenshots]] else { continue }
            problems.append(Diagnostic(
                .error, rule: .storeImage,
                "\(folder) holds \(shots.count) screenshots; Google Play takes at most \(StoreImages.maxScreenshots) of one kind",
                file: extra.repositoryPath, pointer: StoreListingCheck.pointer("images/" + shots[StoreImages.maxScreenshots]), target: id
            ))
        }
    }
}
