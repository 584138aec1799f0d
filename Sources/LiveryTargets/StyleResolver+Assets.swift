import LiveryCore
import LiveryJSON

/// Images, the app icon (with Android's adaptive-icon layers) and app identity:
/// the parts of a style that name files, found through the asset locator.
extension Resolution {
    // MARK: Images, icon, app

    mutating func asset(_ path: String, node: JSONNode, pointer: [String], allowed: Set<AssetKind>) -> AssetReference? {
        switch assets.locate(path, declaredIn: node.location.file) {
        case .refused(let reason):
            error(.unsafePath, "'\(path)' refused: \(reason)", node, pointer)
            return nil
        case .tooLarge(let message):
            error(.assetSize, message, node, pointer)
            return nil
        case .missing(let searched):
            error(.assetMissing, "'\(path)' not found (looked in \(searched.joined(separator: ", ")))", node, pointer)
            return nil
        case .found(let reference):
            if reference.info.kind == .lfsPointer {
                let claimed = reference.info.lfsSize.map { " for a \($0)-byte file" } ?? ""
                error(
                    .assetLfs,
                    "'\(path)' is a Git LFS pointer\(claimed), not the file: run `git lfs pull` (and in CI check out with LFS enabled) before running livery",
                    node, pointer)
                return nil
            }
            let expected = AssetKind.expected(forPath: path) ?? allowed
            if !expected.contains(reference.info.kind) || !allowed.contains(reference.info.kind) {
                let wanted = expected.intersection(allowed).map(\.displayName).sorted().joined(separator: " or ")
                error(
                    .assetType,
                    "'\(path)' should be \(wanted.isEmpty ? "one of \(allowed.map(\.displayName).sorted().joined(separator: ", "))" : "a \(wanted)") but its content is \(reference.info.kind == .unknown ? "unrecognised" : "a \(reference.info.kind.displayName)")",
                    node, pointer)
                return nil
            }
            if let damage = reference.info.damage {
                error(.assetDamaged, "'\(path)' is not a whole \(reference.info.kind.displayName): \(damage)", node, pointer)
                return nil
            }
            if let found = reference.info.activeContent {
                error(
                    .svgActiveContent,
                    "'\(path)' carries \(found.what) at \(path):\(found.line):\(found.column); an SVG is copied as it is into the web bundle and the gallery, where a browser would run it: remove it, or export the SVG again as a plain picture",
                    node, pointer
                )
                return nil
            }
            return reference
        }
    }

    static var imageKinds: Set<AssetKind> { [.png, .jpeg, .pdf, .svg] }

    mutating func imageVariant(_ path: String, node: JSONNode, pointer: [String]) -> ResolvedImage.Appearance? {
        guard let file = asset(path, node: node, pointer: pointer, allowed: Self.imageKinds) else { return nil }
        var variant = ResolvedImage.Appearance(file: file, scales: [:])
        guard file.info.kind == .png || file.info.kind == .jpeg, let dot = path.lastIndex(of: ".") else { return variant }
        for scale in [2, 3] {
            let scaled = path[..<dot] + "@\(scale)x" + path[dot...]
            let lookup = assets.locate(String(scaled), declaredIn: node.location.file)
            if case .tooLarge(let message) = lookup { error(.assetSize, message, node, pointer) }
            guard case .found(let reference) = lookup else { continue }
            guard reference.info.kind == file.info.kind else {
                error(
                    .assetType,
                    "'\(scaled)' should be a \(file.info.kind.displayName) like '\(path)' but its content is \(reference.info.kind.displayName)",
                    node, pointer)
                continue
            }
            if let damage = reference.info.damage {
                error(.assetDamaged, "'\(scaled)' is not a whole \(reference.info.kind.displayName): \(damage)", node, pointer)
                continue
            }
            if let w = file.info.width, let h = file.info.height, let sw = reference.info.width, let sh = reference.info.height,
                sw != w * scale || sh != h * scale
            {
                error(
                    .assetScale,
                    "'\(scaled)' is \(sw)×\(sh) but should be \(w * scale)×\(h * scale) (\(scale)× '\(path)', which is \(w)×\(h))", node,
                    pointer)
                continue
            }
            variant.scales[scale] = reference
        }
        return variant
    }

    mutating func resolveImages() {
        for member in group("images").members {
            let pointer = ["images", member.key]
            switch member.value.value {
            case .string(let path):
                if let light = imageVariant(path, node: member.value, pointer: pointer) {
                    style.images[member.key] = ResolvedImage(light: light, dark: nil)
                }
            case .object(let object):
                guard let lightNode = object["light"], let lightPath = lightNode.value.stringValue else {
                    error(.image, "image '\(member.key)' needs a \"light\" path", member.value, pointer)
                    continue
                }
                let light = imageVariant(lightPath, node: lightNode, pointer: pointer + ["light"])
                var dark: ResolvedImage.Appearance?
                if let darkNode = object["dark"], let darkPath = darkNode.value.stringValue {
                    dark = imageVariant(darkPath, node: darkNode, pointer: pointer + ["dark"])
                }
                if let light { style.images[member.key] = ResolvedImage(light: light, dark: dark) }
            default:
                error(.image, "image '\(member.key)' must be a path or {\"light\", \"dark\"} paths", member.value, pointer)
            }
        }
        resolveAppIcon()
    }

    // MARK: App icon

    /// `appIcon`: a PNG path, or `{"image": path, "android": {...}}` with adaptive-icon layers.
    mutating func resolveAppIcon() {
        guard let iconNode = root["appIcon"] else { return }
        var imageNode = iconNode
        var pointer = ["appIcon"]
        var androidNode: JSONNode?
        switch iconNode.value {
        case .string:
            break
        case .object(let object):
            guard let node = object["image"] else {
                error(.appIcon, "appIcon needs \"image\": the 1024×1024 PNG every platform's icon sizes are made from", iconNode, pointer)
                return
            }
            imageNode = node
            pointer.append("image")
            androidNode = object["android"]
        default:
            error(.appIcon, "appIcon must be a PNG path or {\"image\", \"android\"}, found \(iconNode.value.typeName)", iconNode, pointer)
            return
        }
        guard let path = imageNode.value.stringValue else {
            error(.appIcon, "appIcon.image must be a PNG path, found \(imageNode.value.typeName)", imageNode, pointer)
            return
        }
        if let icon = asset(path, node: imageNode, pointer: pointer, allowed: [.png]) {
            if icon.info.width != 1024 || icon.info.height != 1024 {
                error(
                    .appIcon, "the app icon must be 1024×1024 pixels, '\(path)' is \(icon.info.width ?? 0)×\(icon.info.height ?? 0)",
                    imageNode, pointer)
            } else if icon.info.hasAlpha == true {
                error(
                    .appIcon,
                    "the app icon must not have an alpha channel (App Store Connect rejects it): flatten '\(path)' onto a solid background",
                    imageNode, pointer)
            } else {
                style.appIcon = icon
            }
        }
        if let androidNode { style.androidIcon = androidIcon(androidNode, pointer: ["appIcon", "android"]) }
    }

    /// `appIcon.android`: foreground and background (an image or a colour) are
    /// needed, monochrome is optional; every image is a 432×432 PNG, checked by content.
    mutating func androidIcon(_ node: JSONNode, pointer: [String]) -> AndroidIcon? {
        guard let object = node.value.objectValue else {
            error(
                .appIcon, "appIcon.android must be {\"foreground\", \"background\", \"monochrome\"}, found \(node.value.typeName)", node,
                pointer)
            return nil
        }
        guard let foregroundNode = object["foreground"], let backgroundNode = object["background"] else {
            error(.appIcon, "appIcon.android needs both \"foreground\" (an image) and \"background\" (an image or a colour)", node, pointer)
            return nil
        }
        let foreground = iconLayer(foregroundNode, "foreground", pointer: pointer + ["foreground"])
        var background: AndroidIcon.Background?
        if let text = backgroundNode.value.stringValue, text.hasPrefix("#") || text.hasPrefix("{") || ColorValue.isWideSyntax(text) {
            // Launchers draw the icon outside the app's theme: the light appearance is the one used,
            // as an sRGB colour resource (a wide colour's sRGB fallback).
            background = colorValue(text, node: backgroundNode, pointer: pointer + ["background"], appearance: nil).map { .color($0.light) }
        } else {
            background = iconLayer(backgroundNode, "background", pointer: pointer + ["background"]).map { .image($0) }
        }
        var monochrome: AssetReference?
        if let monochromeNode = object["monochrome"] {
            guard let layer = iconLayer(monochromeNode, "monochrome", pointer: pointer + ["monochrome"]) else { return nil }
            monochrome = layer
        }
        guard let foreground, let background else { return nil }
        return AndroidIcon(foreground: foreground, background: background, monochrome: monochrome)
    }

    /// One adaptive-icon layer image: a PNG of 108 dp at xxxhdpi.
    mutating func iconLayer(_ node: JSONNode, _ name: String, pointer: [String]) -> AssetReference? {
        guard let path = node.value.stringValue else {
            error(
                .appIcon,
                "appIcon.android.\(name) must be a PNG path\(name == "background" ? " or a colour" : ""), found \(node.value.typeName)",
                node, pointer)
            return nil
        }
        guard let file = asset(path, node: node, pointer: pointer, allowed: [.png]) else { return nil }
        let side = AndroidIcon.layerSide
        guard file.info.width == side, file.info.height == side else {
            error(
                .appIcon,
                "the Android \(name) layer must be \(side)×\(side) pixels (108 dp at xxxhdpi), '\(path)' is \(file.info.width ?? 0)×\(file.info.height ?? 0)",
                node, pointer)
            return nil
        }
        return file
    }
}
