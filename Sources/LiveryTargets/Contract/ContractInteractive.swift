import LiveryJSON

/// Reads the contract's `interactive` member: the components a finger taps, as component
/// kinds (`"button"`, every variant) or variants (`"chip.filter"`), each a component of the
/// contract (docs/contract.md, "Interactive components"). Pure; every problem is a
/// `contract-file` error placed at its value.
enum ContractInteractiveReader {
    static let key = "interactive"

    /// The component tokens (`kind.variant`) the list names, sorted, and the problems.
    static func read(_ node: JSONNode, components: [String]) -> (names: [String], problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        let base = JSONPointer.root.appending(key)
        guard let items = node.value.arrayValue else {
            problems.append(
                Diagnostic(
                    .error, rule: .contractFile,
                    "'interactive' must be an array of component kinds or variants, found \(node.value.typeName)",
                    at: node.location, pointer: base))
            return ([], problems)
        }
        let kinds = Set(components.compactMap { $0.split(separator: ".").first.map(String.init) })
        var names: Set<String> = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let pointer = base.appending(index)
            guard let text = item.value.stringValue else {
                problems.append(
                    Diagnostic(
                        .error, rule: .contractFile, "'interactive' names components, found \(item.value.typeName)", at: item.location,
                        pointer: pointer))
                continue
            }
            let matching = components.filter { $0 == text || (kinds.contains(text) && $0.hasPrefix(text + ".")) }
            if !seen.insert(text).inserted {
                problems.append(
                    Diagnostic(
                        .error, rule: .contractFile, "'\(text)' is named twice in 'interactive'", at: item.location, pointer: pointer))
            } else if matching.isEmpty {
                let known = kinds.sorted() + components
                problems.append(
                    Diagnostic(
                        .error, rule: .contractFile,
                        "'interactive' names '\(text)', which is not a component kind or variant of the contract\(NameSuggestion.hint(for: text, in: known))",
                        at: item.location, pointer: pointer))
            }
            names.formUnion(matching)
        }
        return (names.sorted(), problems)
    }
}
