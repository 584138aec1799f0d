import Foundation
import LiveryCore

/// The font files of `--fonts DIR`, found by name: `Inter-Bold.ttf`, `Inter Bold.otf`
/// and `InterBold.ttf` are all Inter bold; `Inter.ttf` and `Inter-Regular.ttf` are Inter regular.
struct FontFiles: Sendable {
    /// File name → contents, for the `.ttf` and `.otf` files directly in the directory.
    let files: [String: [UInt8]]

    init(files: [String: [UInt8]]) {
        self.files = files
    }

    /// Reads the font files of `path` (not its subdirectories; links are not followed).
    static func read(_ path: String, shownAs: String) throws(ImportError) -> FontFiles {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: path)
        } catch {
            throw .unreadableFonts(path: shownAs, reason: "not a readable directory")
        }
        var files: [String: [UInt8]] = [:]
        for name in names.sorted() where isFontFile(name) {
            let file = path + "/" + name
            var status = stat()
            // Only regular files: a link could lead anywhere, and a font is never large.
            guard lstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= 64 << 20 else { continue }
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadableFonts(path: shownAs + "/" + name, reason: "cannot be read")
            }
            files[name] = [UInt8](data)
        }
        return FontFiles(files: files)
    }

    static func isFontFile(_ name: String) -> Bool {
        let lower = name.lowercased()
        return (lower.hasSuffix(".ttf") || lower.hasSuffix(".otf")) && !name.hasPrefix(".")
    }

    /// The file for a family and weight, if one is named so; several matches pick the
    /// first by name, so the choice does not depend on the directory's order.
    func file(family: String, weight: FontWeight) -> String? {
        let wanted = Self.squashed(family)
        let weightNames = Self.names(of: weight)
        return files.keys.sorted().first { name in
            let stem = Self.squashed(String(name.dropLast(4)))
            guard stem.hasPrefix(wanted) else { return false }
            let rest = String(stem.dropFirst(wanted.count))
            return weightNames.contains(rest) || (weight == .regular && rest.isEmpty)
        }
    }

    /// Lower-case letters and digits only: `League Spartan` → `leaguespartan`.
    static func squashed(_ text: String) -> String {
        String(text.lowercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
    }

    /// What font files call a weight, squashed.
    static func names(of weight: FontWeight) -> Set<String> {
        switch weight {
        case .ultraLight: ["ultralight", "extralight"]
        case .thin: ["thin", "hairline"]
        case .light: ["light"]
        case .regular: ["regular", "normal", "book", "roman"]
        case .medium: ["medium"]
        case .semibold: ["semibold", "demibold"]
        case .bold: ["bold"]
        case .heavy: ["heavy", "extrabold", "ultrabold"]
        case .black: ["black"]
        }
    }
}
