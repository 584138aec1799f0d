import LiveryCore
import LiveryJSON

/// Dimension tokens and animation timings: numbers written literally or as
/// aliases to a number of the same kind.
extension Resolution {
    mutating func dimension(named name: String) -> Double?? {
        if let memo = dimensionMemo[name] { return memo }
        guard let node = group("dimensions")[name] else { return .some(nil) }
        let pointer = ["dimensions", name]
        guard enter("dimensions.\(name)", node, pointer: pointer) else { return .some(nil) }
        defer { leave() }
        let value = number(node, pointer: pointer, kind: .dimensions, what: "dimension '\(name)'")
        dimensionMemo[name] = .some(value)
        return .some(value)
    }

    mutating func timing(_ animation: String, _ name: String) -> Double?? {
        let key = "\(animation).\(name)"
        if let memo = timingMemo[key] { return memo }
        guard let node = group("animations")[animation]?.value.objectValue?[name] else { return .some(nil) }
        let pointer = ["animations", animation, name]
        guard enter("animations.\(key)", node, pointer: pointer) else { return .some(nil) }
        defer { leave() }
        let value = number(node, pointer: pointer, kind: .animations, what: "timing '\(key)'")
        timingMemo[key] = .some(value)
        return .some(value)
    }

    /// A number written literally or as an alias to a token of `kind`.
    mutating func number(_ node: JSONNode, pointer: [String], kind: TokenGroup, what: String) -> Double? {
        switch node.value {
        case .number(let number):
            return number.doubleValue
        case .string(let text):
            guard let parsed = TokenReference.parse(text) else {
                error(
                    kind == .dimensions ? .dimension : .animation, "\(what) must be a number or an alias, found \"\(text)\"", node, pointer)
                return nil
            }
            guard case .success(let reference) = parsed else {
                if case .failure(let syntax) = parsed {
                    error(.aliasSyntax, "\"\(syntax.text)\" is not a valid alias: \(syntax.reason)", node, pointer)
                }
                return nil
            }
            return numberReference(reference, node: node, pointer: pointer, kind: kind)
        default:
            error(kind == .dimensions ? .dimension : .animation, "\(what) must be a number, found \(node.value.typeName)", node, pointer)
            return nil
        }
    }

    mutating func numberReference(_ reference: TokenReference, node: JSONNode, pointer: [String], kind: TokenGroup) -> Double? {
        switch (reference.group, kind) {
        case (.dimensions, .dimensions):
            let name = reference.path[0]
            guard reference.path.count == 1, group("dimensions")[name] != nil else {
                error(
                    .aliasMissing,
                    "\(reference) points at no dimension token\(NameSuggestion.hint(for: name, in: group("dimensions").keys))", node,
                    pointer)
                return nil
            }
            guard let value = dimension(named: name) ?? nil else { return nil }
            noteAlias(pointer, "dimensions.\(name)")
            return value
        case (.animations, .animations):
            guard reference.path.count == 2, group("animations")[reference.path[0]]?.value.objectValue?[reference.path[1]] != nil else {
                error(.aliasMissing, "\(reference) points at no animation timing (write {animations.<name>.<timing>})", node, pointer)
                return nil
            }
            guard let value = timing(reference.path[0], reference.path[1]) ?? nil else { return nil }
            noteAlias(pointer, "animations.\(reference.path[0]).\(reference.path[1])")
            return value
        default:
            error(.aliasKind, "\(reference) is a \(reference.group.kindName), but a \(kind.kindName) is needed here", node, pointer)
            return nil
        }
    }
}
