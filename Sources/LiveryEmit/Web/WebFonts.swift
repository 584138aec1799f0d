import LiveryJSON
import LiveryTargets
import LiveryText

/// `web/fonts/` and the `@font-face` rules that load them: one rule per
/// family, weight and file, so a family bundled in several weights (Karla
/// Regular and Bold) is one family to the page and the browser picks the file
/// by `font-weight`.
enum WebFonts {
    struct Face {
        var family: String
        /// What the file draws: its weight class, or a variable font's whole weight axis (`100 900`).
        var weight: String
        var italic: Bool
        /// Relative to `web/` (and so to `theme.css`).
        var path: String
        var asset: AssetReference
    }

    /// The faces in font-token order, without repeats, each with its file name
    /// in `fonts/`: the source file's name, or `<name>-2.<ext>` when another
    /// file of that name (from another directory, with other bytes) came first.
    static func faces(for style: ResolvedStyle) -> [Face] {
        var faces: [Face] = []
        var pathOfSource: [String: String] = [:]
        var sourceOfName: [String: AssetReference] = [:]
        var seenFaces: Set<String> = []
        for name in style.fonts.keys.sorted() {
            guard let font = style.fonts[name], let file = font.file else { continue }
            let path: String
            if let known = pathOfSource[file.repositoryPath] {
                path = known
            } else {
                path = "fonts/" + uniqueName(for: file, taken: &sourceOfName)
                pathOfSource[file.repositoryPath] = path
            }
            let weight = font.face?.weightAxis.map { "\(Int($0.lowerBound)) \(Int($0.upperBound))" } ?? String(font.fileWeight)
            guard seenFaces.insert("\(font.family)|\(weight)|\(path)").inserted else { continue }
            faces.append(Face(family: font.family, weight: weight, italic: font.isItalic, path: path, asset: file))
        }
        return faces
    }

    static func uniqueName(for file: AssetReference, taken: inout [String: AssetReference]) -> String {
        let fileName = PathName.fileName(of: file.path)
        var candidate = fileName
        var number = 1
        while let holder = taken[candidate] {
            if holder.blob == file.blob { return candidate }
            number += 1
            if let dot = fileName.lastIndex(of: "."), dot != fileName.startIndex {
                candidate = fileName[..<dot] + "-\(number)" + fileName[dot...]
            } else {
                candidate = fileName + "-\(number)"
            }
        }
        taken[candidate] = file
        return candidate
    }

    /// One copy per font file.
    static func files(for faces: [Face]) -> [EmittedFile] {
        var files: [EmittedFile] = []
        var seen: Set<String> = []
        for face in faces where seen.insert(face.path).inserted {
            files.append(EmittedFile(path: "web/" + face.path, copying: face.asset))
        }
        return files
    }

    static func appendFontFaces(_ faces: [Face], to css: inout TextBuffer) {
        for (index, face) in faces.enumerated() {
            if index > 0 { css += "\n" }
            css += "@font-face {\n  font-family: "
            css.append(WebCSSText.quoted(face.family))
            css += ";\n  src: "
            WebCSSText.appendURL(face.path, to: &css)
            css += face.asset.info.kind == .opentype ? " format(\"opentype\")" : " format(\"truetype\")"
            css += ";\n  font-weight: "
            css.append(face.weight)
            if face.italic { css += ";\n  font-style: italic" }
            css += ";\n  font-display: swap;\n}\n"
        }
    }

    /// The system fonts a `font` shorthand falls back to, like the iOS theme
    /// falls back to the system font at the same size and weight.
    static let fallback = "system-ui, sans-serif"

    /// A `web-font` warning when two font tokens give one family and weight
    /// different files: a page has one file per family and weight, the last
    /// `@font-face` rule's.
    static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] {
        var first: [String: (token: String, file: AssetReference)] = [:]
        var found: [Diagnostic] = []
        for name in style.fonts.keys.sorted() {
            guard let font = style.fonts[name], let file = font.file else { continue }
            let key = "\(font.family)|\(font.weight.numeric)"
            guard let earlier = first[key] else {
                first[key] = (name, file)
                continue
            }
            guard earlier.file.blob != file.blob else { continue }
            found.append(
                Diagnostic(
                    .warning, rule: .webFont,
                    "fonts '\(earlier.token)' and '\(name)' are both \(font.family) at weight \(font.weight.numeric) but use different files (\(earlier.file.path), \(file.path)); a web page loads one file per family and weight, so theme.css shows \(file.path) for both; give one of them another family name",
                    pointer: JSONPointer(tokens: ["fonts", name, "file"])))
        }
        return found
    }
}
