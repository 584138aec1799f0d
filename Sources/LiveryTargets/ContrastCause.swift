import LiveryCore
import LiveryJSON

/// Where a contrast pair's colours were written, to report a low contrast at
/// the value that made it low rather than at the component that pairs the
/// colours: a client's own too-light `primary` is the client's problem, even
/// though the component that pairs it with white text is in `base`.
struct ContrastCause {
    /// One place a colour went through: the component property, then each
    /// colour token, appearance or palette its value names.
    struct Step {
        var node: JSONNode
        var pointer: [String]
    }

    /// The places a component property's colour goes through in `appearance`
    /// (`light`, `dark`, `highContrastLight` or `highContrastDark`), in order,
    /// the property first. It follows the document as written, so it stops
    /// quietly at anything the resolver has already reported.
    static func trace(property: JSONNode, pointer: [String], appearance: String, in root: JSONObject) -> [Step] {
        var steps = [Step(node: property, pointer: pointer)]
        var seen: Set<[String]> = [pointer]
        var slot = appearance
        var text = property.value.stringValue
        while let current = text, RGBA(hex: current) == nil {
            let next: [String]
            switch TokenReference.parse(current) {
            case .success(let reference)? where reference.group == .colors:
                next = ["colors", reference.path[0]]
                if reference.path.count > 1 { slot = reference.path[1] }
            case .success(let reference)? where reference.group == .palettes:
                next = ["palettes", reference.path[0]]
            case nil where steps.count == 1:
                // A component names a colour token by its bare name.
                next = ["colors", current]
            default:
                return steps
            }
            guard var node = root[next[0]]?.value.objectValue?[next[1]] else { return steps }
            var pointerPath = next
            if case .object(let appearances) = node.value {
                // A high-contrast appearance falls back to light or dark, as the resolver's does.
                let chosen =
                    appearances[slot] != nil ? slot : slot == "highContrastDark" ? "dark" : slot == "highContrastLight" ? "light" : slot
                guard let slotNode = appearances[chosen] else { return steps }
                node = slotNode
                pointerPath.append(chosen)
            }
            guard seen.insert(pointerPath).inserted else { return steps }
            steps.append(Step(node: node, pointer: pointerPath))
            text = node.value.stringValue
        }
        return steps
    }

    /// The step written in the most derived file of `chain` (the target first,
    /// then its ancestors), when that file is not the pairing's own: the last
    /// such step of `first`, else of `second`. Nil when the pairing's file is
    /// at least as derived as every colour's, so the pairing is the place.
    /// Files are `<targets>/<id>/style.json`, or a variant's
    /// `<targets>/<id>/variants/<name>/style.json` (the most derived); a file of no
    /// target in the chain counts as least derived.
    static func cause(pairing: JSONNode, first: [Step], second: [Step], chain: [String]) -> (Step, other: Step?)? {
        var rankByID: [String: Int] = [:]
        for (position, id) in chain.enumerated() where rankByID[id] == nil { rankByID[id] = position }
        func rank(_ file: String) -> Int {
            let parts = file.split(separator: "/")
            // A variant's own file (`<id>/variants/<name>/style.json`) is merged over its
            // client last: more derived than any file of the chain.
            if parts.count >= 4, parts[parts.count - 3] == "variants", rankByID[String(parts[parts.count - 4])] != nil { return -1 }
            guard parts.count >= 2 else { return .max }
            return rankByID[String(parts[parts.count - 2])] ?? .max
        }
        let best = (first + second).map { rank($0.node.location.file) }.min() ?? .max
        guard best < rank(pairing.location.file) else { return nil }
        let firstCause = first.last { rank($0.node.location.file) == best }
        let secondCause = second.last { rank($0.node.location.file) == best }
        guard let cause = firstCause ?? secondCause else { return nil }
        return (cause, firstCause == nil ? nil : secondCause)
    }
}
