import LiveryJSON

/// The text of a contract file, as `livery contract init` writes it: sections in the
/// contract's order, tokens by name, one line per token, so that a change to the
/// contract is a one-line change in review.
public enum ContractWriter {
    public static let schemaID = "https://livery.dev/schemas/contract/v1.json"

    public static func text(_ contract: AppContract) -> String {
        var sections: [String] = []
        for section in ContractSection.allCases {
            let tokens = contract.tokens(in: section)
            guard !tokens.isEmpty else { continue }
            if section == .components {
                sections.append("  \"components\": {\n" + components(tokens) + "\n  }")
            } else {
                let lines = tokens.map { "    \(JSONWriter.quoted($0.name)): \(body($0))" }
                sections.append("  \(JSONWriter.quoted(section.rawValue)): {\n" + lines.joined(separator: ",\n") + "\n  }")
            }
        }
        var head = ["  \"$schema\": \(JSONWriter.quoted(schemaID))"]
        if let version = contract.version { head.append("  \"version\": \(JSONWriter.quoted(version))") }
        return "{\n" + (head + sections).joined(separator: ",\n") + "\n}\n"
    }

    /// `components`, grouped by kind.
    private static func components(_ tokens: [ContractToken]) -> String {
        var kinds: [(kind: String, lines: [String])] = []
        for token in tokens {
            let parts = token.name.split(separator: ".", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            let line = "      \(JSONWriter.quoted(parts[1])): \(body(token))"
            if kinds.last?.kind == parts[0] { kinds[kinds.count - 1].lines.append(line) } else { kinds.append((parts[0], [line])) }
        }
        return kinds.map { "    \(JSONWriter.quoted($0.kind)): {\n" + $0.lines.joined(separator: ",\n") + "\n    }" }.joined(
            separator: ",\n")
    }

    /// One token's object on one line: `optional`, `type`, `requires`, `properties`, `description`, `deprecated`.
    static func body(_ token: ContractToken) -> String {
        var members: [String] = []
        if token.isOptional { members.append("\"optional\": true") }
        if case .flag(let type) = token.kind { members.append("\"type\": \(JSONWriter.quoted(type.rawValue))") }
        if !token.requirements.isEmpty {
            members.append(
                "\"requires\": [" + token.sortedRequirements.map { JSONWriter.quoted($0.rawValue) }.joined(separator: ", ") + "]")
        }
        if case .component(let properties) = token.kind {
            let list = properties.sorted { $0.key < $1.key }.map { "\(JSONWriter.quoted($0.key)): \(JSONWriter.quoted($0.value.rawValue))" }
            members.append("\"properties\": {" + list.joined(separator: ", ") + "}")
        }
        if let description = token.description { members.append("\"description\": \(JSONWriter.quoted(description))") }
        if let deprecation = token.deprecation {
            let replacement = deprecation.replacement.map { ", \"replacement\": \(JSONWriter.quoted($0))" } ?? ""
            members.append("\"deprecated\": {\"reason\": \(JSONWriter.quoted(deprecation.reason))\(replacement)}")
        }
        return "{" + members.joined(separator: ", ") + "}"
    }
}
