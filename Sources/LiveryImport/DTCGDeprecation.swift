/// A token's `$deprecated` (DTCG format 2025.10, 5.2.4), as the import reads it: a DTCG file
/// livery exported carries both names of a contract rename, the old one marked
/// `"$deprecated": "<reason> Use {colors.caution}."` (docs/contract.md, "Deprecation"). The
/// import keeps the name the file points to and leaves out the deprecated one when the file
/// holds its replacement: livery gives the client both again from the contract, so the
/// imported style writes only the new name, as its team would.
enum DTCGDeprecation {
    /// The token paths a `$deprecated` text refers to (`{colors.caution}` → `["colors", "caution"]`).
    static func replacements(in text: String) -> [[String]] {
        var found: [[String]] = []
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let inner = rest[rest.index(after: open)..<close]
            if !inner.isEmpty { found.append(inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)) }
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    /// `tokens` without each one marked `$deprecated` in favour of another token they hold.
    static func withoutReplaced(_ tokens: [DTCGToken], deprecations: [[String]: String]) -> [DTCGToken] {
        guard !deprecations.isEmpty else { return tokens }
        let paths = Set(tokens.map(\.path))
        return tokens.filter { token in
            guard let text = deprecations[token.path] else { return true }
            return !replacements(in: text).contains { $0 != token.path && paths.contains($0) }
        }
    }
}
