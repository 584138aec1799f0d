import LiveryJSON
import LiveryTargets

/// `web/images/`: every image a browser can show, copied under a URL-safe
/// name, and the `--image-<name>` custom properties that offer its scales,
/// registered so that their URLs resolve against theme.css wherever the page is.
///
/// File names: the image's token name with every byte other than a letter,
/// digit or `_` written as `~XX` (hex), so `images/<name>.png` needs no
/// encoding in a URL and two names never share a file; the dark variant adds
/// `-dark` and scales add `@2x`/`@3x` (as in the iOS asset catalog). The
/// extension is the source file's, lower-cased.
///
/// PDF images are left out: browsers do not render PDF as a CSS image. A
/// diagnostic (`web-image`) says so; an SVG version works on every platform.
enum WebImages {
    struct File {
        /// Relative to `web/` (and so to `theme.css`).
        var path: String
        var scale: Int
        var asset: AssetReference
    }

    struct Image {
        var name: String
        var light: [File]
        /// Nil when there is no dark variant or the browser cannot show it.
        var dark: [File]?
    }

    /// The images of `style` that go to the web, sorted by name.
    static func images(for style: ResolvedStyle) -> [Image] {
        guard !style.images.isEmpty else { return [] }
        var images: [Image] = []
        for name in style.images.keys.sorted() {
            guard let token = style.images[name], !isPDF(token.light) else { continue }
            let stem = fileStem(name)
            let dark = token.dark.flatMap { isPDF($0) ? nil : files($0, stem: stem + "-dark") }
            images.append(Image(name: name, light: files(token.light, stem: stem), dark: dark))
        }
        return images
    }

    /// The files to copy into `web/images/`.
    static func files(for images: [Image]) -> [EmittedFile] {
        var files: [EmittedFile] = []
        for image in images {
            for file in image.light {
                files.append(EmittedFile(path: "web/" + file.path, copying: file.asset))
            }
            for file in image.dark ?? [] {
                files.append(EmittedFile(path: "web/" + file.path, copying: file.asset))
            }
        }
        return files
    }

    /// `--image-<name>-url` (the 1x file), `--image-<name>-2x` and `-3x` (the other
    /// scales), each a plain `url()`, and `--image-<name>`: `image-set()` of them, or
    /// the 1x file alone when there is one file.
    ///
    /// The single files are registered as `<url>` properties (``appendRegistrations(for:to:)``),
    /// whose computed value is an absolute URL resolved against theme.css. An unregistered
    /// custom property keeps `url(images/…)` as text, and the page that uses it with
    /// `var()` would resolve it against itself: a page in another directory loads nothing.
    /// `--image-<name>` refers to them with `var()`, so it holds absolute URLs too.
    static func appendProperties(name: String, files: [File], indent: StaticString, to css: inout TextBuffer) {
        guard let first = files.first else { return }
        for file in files {
            css += indent
            appendPropertyName(name, scale: file.scale, to: &css)
            css += ": "
            WebCSSText.appendURL(file.path, to: &css)
            css += ";\n"
        }
        css += indent
        css += "--image-"
        WebCSSText.appendName(name, to: &css)
        css += ": "
        if files.count == 1 {
            css += "var("
            appendPropertyName(name, scale: first.scale, to: &css)
            css += ")"
        } else {
            css += "image-set("
            for (index, file) in files.enumerated() {
                if index > 0 { css += ", " }
                css += "var("
                appendPropertyName(name, scale: file.scale, to: &css)
                css += file.scale == 2 ? ") 2x" : file.scale == 3 ? ") 3x" : ") 1x"
            }
            css += ")"
        }
        css += ";\n"
    }

    /// `--image-<name>-url` for the 1x file, `--image-<name>-2x` and `-3x` for the others.
    static func appendPropertyName(_ name: String, scale: Int, to css: inout TextBuffer) {
        css += "--image-"
        WebCSSText.appendName(name, to: &css)
        css += scale == 2 ? "-2x" : scale == 3 ? "-3x" : "-url"
    }

    /// An `@property` rule for each single-file property of every image, light or dark.
    static func appendRegistrations(for images: [Image], to css: inout TextBuffer) {
        for image in images {
            var scales: [Int] = []
            for file in image.light + (image.dark ?? []) where !scales.contains(file.scale) { scales.append(file.scale) }
            for scale in scales.sorted() {
                css += "@property "
                appendPropertyName(image.name, scale: scale, to: &css)
                css += " { syntax: \"<url> | none\"; inherits: true; initial-value: none; }\n"
            }
        }
    }

    /// A `web-image` warning for each PDF image or dark variant.
    static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for name in style.images.keys.sorted() {
            guard let token = style.images[name] else { continue }
            if isPDF(token.light) {
                found.append(
                    Diagnostic(
                        .warning, rule: .webImage,
                        "image '\(name)' (\(token.light.file.path)) is not usable on the web: browsers do not show a PDF as a CSS image (give an SVG or a PNG); theme.css has no --image-\(name)",
                        pointer: JSONPointer(tokens: ["images", name])))
            } else if let dark = token.dark, isPDF(dark) {
                found.append(
                    Diagnostic(
                        .warning, rule: .webImage,
                        "dark image '\(name)' (\(dark.file.path)) is not usable on the web: browsers do not show a PDF as a CSS image (give an SVG or a PNG); theme.css shows the light image in dark mode too",
                        pointer: JSONPointer(tokens: ["images", name, "dark"])))
            }
        }
        return found
    }

    static func isPDF(_ variant: ResolvedImage.Appearance) -> Bool {
        variant.file.info.kind == .pdf
    }

    static func files(_ variant: ResolvedImage.Appearance, stem: String) -> [File] {
        let base = "images/" + stem
        var files = [File(path: base + "." + AssetCatalog.fileExtension(variant.file.path), scale: 1, asset: variant.file)]
        // Vectors are drawn sharp at every scale; only rasters have @2x/@3x files.
        guard variant.file.info.kind != .svg else { return files }
        for scale in [2, 3] {
            guard let file = variant.scales[scale] else { continue }
            files.append(File(path: base + "@\(scale)x." + AssetCatalog.fileExtension(file.path), scale: scale, asset: file))
        }
        return files
    }

    /// The image name as a file name that is the same in a URL.
    static func fileStem(_ name: String) -> String {
        if !name.isEmpty, name.utf8.allSatisfy(isStemByte) { return name }
        var out = ""
        for byte in name.utf8 {
            if isStemByte(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "~"
                out += WebCSSText.hex(UInt32(byte), width: 2)
            }
        }
        return out.isEmpty ? "~" : out
    }

    static func isStemByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }
}
