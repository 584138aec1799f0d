import LiveryTargets

/// What `livery contract init` prints after the file (or instead of it, with `--stdout`, on stderr).
package enum ContractReport {
    package static func text(_ result: ContractInitResult) -> String {
        let count = result.contract.tokens.count
        var text =
            result.written
            ? "wrote \(result.file): \(count) token\(count == 1 ? "" : "s") from \(result.clients) client\(result.clients == 1 ? "" : "s")\n"
            : "\(count) token\(count == 1 ? "" : "s") from \(result.clients) client\(result.clients == 1 ? "" : "s")\n"
        guard !result.uneven.isEmpty else { return text + "every client defines every token\n" }
        text +=
            "\(result.uneven.count) not defined by every client (written \"optional\": true; define them everywhere, or keep them optional for one client's own screens):\n"
        let width = result.uneven.map(\.path.count).max() ?? 0
        for token in result.uneven {
            let padding = String(repeating: " ", count: width - token.path.count)
            text += "  \(token.path)\(padding)  \(token.definedBy) of \(result.clients), not \(names(token.lacking))\n"
        }
        return text
    }

    static func names(_ ids: [String]) -> String {
        let shown = ids.prefix(5).joined(separator: ", ")
        return ids.count > 5 ? "\(shown) and \(ids.count - 5) more" : shown
    }
}

extension ContractReport {
    /// What `livery contract generate` prints: each file, written or already up to date.
    package static func text(_ result: AppThemeResult) -> String {
        let tokens = "\(result.tokens) token\(result.tokens == 1 ? "" : "s") of \(result.contractFile)"
        return result.files.map { file in
            switch file.outcome {
            case .written: "wrote \(file.path): \(tokens)\n"
            case .unchanged: "\(file.path) is up to date: \(tokens)\n"
            }
        }.joined()
    }
}
