/// What `livery import dtcg` prints on standard output after the changes: the
/// targets and what became of each, the commit, or what a dry run would write.
package enum ImportReport {
    package static func summary(_ result: ImportResult, quiet: Bool, verbose: Bool) -> String {
        var out = ""
        let listed = result.targets.map { target in
            let role =
                switch target.role {
                case .parent: "parent"
                case .theme: "context theme" + (target.brand.map { " of brand \($0)" } ?? "")
                case .client: target.brand.map { "brand \($0)" } ?? "client"
                }
            return "  \(target.directory)/ (\(role), \(target.isNew ? "new" : target.files.isEmpty ? "unchanged" : "updated"))\n"
        }
        let count = "\(result.targets.count) target\(result.targets.count == 1 ? "" : "s")"
        let details = quiet ? "" : listed.joined()
        if result.written, let commit = result.commit {
            out += "✓ imported \(result.name): \(count) committed on \(commit.branch) (\(commit.id.hex))\n" + details
            if !quiet { out += "Next: git push origin \(commit.branch)\n" }
        } else if result.written {
            out += "✓ imported \(result.name): \(count)\n" + details
        } else {
            out += "would import \(result.name): \(count) (--dry-run: nothing was written)\n" + details
            if verbose {
                // The style files in full, so the mapping can be judged before anything is written;
                // other files (fonts) by name.
                for path in result.files.keys.sorted() {
                    out += "  would write \(path)\n"
                    if path.hasSuffix("/style.json"), let bytes = result.files[path], let text = String(validating: bytes, as: UTF8.self) {
                        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(text.hasSuffix("\n") ? 1 : 0)
                        out += lines.map { "    \($0)\n" }.joined()
                    }
                }
            }
        }
        return out
    }
}
