/// A line of the app's own code that reads a contract token through the names livery
/// generates for it (`diff --app-sources DIR`, docs/diff.md): where a token the contract
/// removes (the breaking step of a rename) is still read, so the team knows what to move.
public struct AppCodeUse: Sendable, Hashable {
    /// The file, from the directory searched.
    public var file: String
    public var line: Int
    public var column: Int
    /// The line, trimmed, at most 200 characters.
    public var text: String

    public init(file: String, line: Int, column: Int, text: String) {
        self.file = file
        self.line = line
        self.column = column
        self.text = text
    }
}

/// Finds the generated names of contract tokens in app code. Pure: over a file's text.
package enum AppCodeMatch {
    /// What app code writes to read `path` (`colors.warning`): the typed theme's accessor
    /// path in Swift and Kotlin (`theme.colors.warning`), and the custom property in CSS
    /// (`--color-warning`; a palette's and an animation's as the prefix of their shades').
    package struct Needle: Sendable, Hashable {
        var text: String
        /// Whether the name may go on (`--palette-brand-` + a shade); else it must end there.
        var isPrefix: Bool
        var isCSS: Bool { text.hasPrefix("--") }
    }

    package static func needles(path: String) -> [Needle] {
        let parts = path.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return [] }
        var found = [Needle(text: path, isPrefix: false)]
        let css: [String: (String, Bool)] = [
            "colors": ("--color-", false), "fonts": ("--font-", false), "dimensions": ("--dimension-", false),
            "palettes": ("--palette-", true), "animations": ("--animation-", true), "images": ("--image-", false),
        ]
        if let (prefix, isPrefix) = css[parts[0]] {
            found.append(Needle(text: prefix + parts[1] + (isPrefix ? "-" : ""), isPrefix: isPrefix))
        }
        return found
    }

    /// Every use of `paths` in `text`, line by line, with the path each one reads.
    package static func uses(in text: String, file: String, paths: [String]) -> [(path: String, use: AppCodeUse)] {
        let searched = paths.map { ($0, needles(path: $0)) }
        var found: [(String, AppCodeUse)] = []
        var number = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            for (path, pathNeedles) in searched {
                guard let column = pathNeedles.lazy.compactMap({ firstMatch(of: $0, in: line) }).min() else { continue }
                let trimmed = line.drop { $0 == " " || $0 == "\t" }.prefix(200)
                let shown = String(trimmed.last == "\r" ? trimmed.dropLast() : trimmed)
                found.append((path, AppCodeUse(file: file, line: number, column: column, text: shown)))
            }
        }
        return found
    }

    /// The 1-based column (in characters) of `needle` in `line`, where it stands as a whole name.
    static func firstMatch(of needle: Needle, in line: Substring) -> Int? {
        var searchFrom = line.startIndex
        while let range = line[searchFrom...].range(of: needle.text) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            let after = range.upperBound == line.endIndex ? nil : line[range.upperBound]
            let startsName = before.map { !isNameCharacter($0) || $0 == "." } ?? true
            // A CSS name goes on through `-` (`--color-warning-x` is another property).
            let endsName = needle.isPrefix || (after.map { !isNameCharacter($0) && !(needle.isCSS && $0 == "-") } ?? true)
            if startsName && endsName { return line.distance(from: line.startIndex, to: range.lowerBound) + 1 }
            searchFrom = line.index(after: range.lowerBound)
        }
        return nil
    }

    static func isNameCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}

extension ContractDiff {
    /// Each removed token's uses in the app's code, from `search` (its path → the uses).
    package mutating func attach(_ uses: [String: [AppCodeUse]]) {
        for index in changes.indices where changes[index].kind == .removed {
            changes[index].appUses = uses[changes[index].path] ?? []
        }
        appSourcesSearched = true
    }

    /// The tokens whose uses `--app-sources` looks for: those HEAD's contract removes.
    package var removedPaths: [String] { changes.filter { $0.kind == .removed }.map(\.path) }
}
