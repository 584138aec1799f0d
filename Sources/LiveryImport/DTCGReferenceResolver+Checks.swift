import LiveryJSON

/// The checks the resolver makes beside following references: the type of each part of a
/// composite value, and cycles.
extension DTCGReferenceResolver {
    // MARK: Parts of composite values

    /// The type each part of a composite value takes (format 9), for checking the
    /// references written in those parts.
    static let partTypes: [String: [String: String]] = [
        "typography": [
            "fontFamily": "fontFamily", "fontSize": "dimension", "fontWeight": "fontWeight", "letterSpacing": "dimension",
            "lineHeight": "number",
        ],
        "border": ["color": "color", "width": "dimension", "style": "strokeStyle"],
        "shadow": ["color": "color", "offsetX": "dimension", "offsetY": "dimension", "blur": "dimension", "spread": "dimension"],
        "transition": ["duration": "duration", "delay": "duration", "timingFunction": "cubicBezier"],
        "gradient": ["color": "color", "position": "number"],
    ]

    /// False after reporting a part (`fontFamily: "{color.x}"`) whose reference names a
    /// token of another type than the part takes. Shadows and gradients may be arrays of parts.
    mutating func checkPartReferences(_ node: JSONNode, of type: String, in token: DTCGRawToken) -> Bool {
        guard let parts = Self.partTypes[type] else { return true }
        let objects = node.value.arrayValue?.compactMap(\.value.objectValue) ?? node.value.objectValue.map { [$0] } ?? []
        var ok = true
        for object in objects {
            for member in object.members {
                guard let expected = parts[member.key], let text = member.value.value.stringValue,
                    let path = DTCGName.curlyReference(text) ?? nil, let index = indexByPath[path],
                    case .done(let target) = states[index], let targetType = target.type, targetType != expected
                else { continue }
                diagnostics.error(
                    .dtcgType, "`\(member.key)` of `\(token.dotted)` takes a `\(expected)`, but `\(text)` is a `\(targetType)`",
                    at: member.value.location)
                ok = false
            }
        }
        return ok
    }

    // MARK: Cycles

    /// Reports the cycle that `i` (already being resolved) closes, once, naming every token in it.
    mutating func reportCycle(closingAt i: Int) {
        guard let start = stack.lastIndex(of: i) else { return }
        let members = Array(stack[start...])
        for member in members { states[member] = .failed }
        guard reportedCycles.insert(members.sorted()).inserted else { return }
        let names = (members + [i]).map { "`\(tokens[$0].dotted)`" }.joined(separator: " → ")
        let location = tokens[i].object["$value"]?.location ?? tokens[i].location
        diagnostics.error(
            .dtcgCycle, "references go round in a circle: \(names); every token in it needs a value that does not lead back to itself",
            at: location)
    }
}
