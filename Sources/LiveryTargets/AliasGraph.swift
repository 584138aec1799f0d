import LiveryJSON

/// The alias graph of one merged style, read before anything is resolved: each
/// token (`colors.a`, `dimensions.gap`, `animations.fade.short`, `fonts.body`)
/// and the tokens its value names. The length of the longest alias chain that
/// starts at each token is measured here, on the graph, so the `alias-depth`
/// limit holds whatever order the keys are written in (resolution memoizes, so
/// the depth it recurses to depends on which token it meets first).
/// Iterative, so a chain tens of thousands long costs no stack.
struct AliasGraph {
    /// One token: where it is written, and the tokens it names.
    struct Token {
        var pointer: [String]
        var node: JSONNode
        var references: [String]
    }

    private(set) var tokens: [String: Token] = [:]

    init(root: JSONObject) {
        func add(_ key: String, _ pointer: [String], _ node: JSONNode) {
            var references: [String] = []
            Self.collect(node, into: &references)
            tokens[key] = Token(pointer: pointer, node: node, references: references)
        }
        for group in ["colors", "dimensions", "fonts"] {
            for member in root[group]?.value.objectValue?.members ?? [] {
                add(group + "." + member.key, [group, member.key], member.value)
            }
        }
        for animation in root["animations"]?.value.objectValue?.members ?? [] {
            for timing in animation.value.value.objectValue?.members ?? [] {
                add("animations.\(animation.key).\(timing.key)", ["animations", animation.key, timing.key], timing.value)
            }
        }
    }

    /// The token keys the strings of a value name (one level of objects: a
    /// colour's appearances, a font's size).
    static func collect(_ node: JSONNode, into references: inout [String]) {
        switch node.value {
        case .string(let text):
            if case .success(let reference)? = TokenReference.parse(text), let key = key(of: reference) { references.append(key) }
        case .object(let object):
            for member in object.members {
                if case .string(let text) = member.value.value, case .success(let reference)? = TokenReference.parse(text),
                    let key = key(of: reference)
                {
                    references.append(key)
                }
            }
        default:
            return
        }
    }

    /// The token a reference names, as the graph keys it; nil for palettes
    /// (shades are computed, never aliases) and references into nothing.
    static func key(of reference: TokenReference) -> String? {
        switch reference.group {
        case .colors, .dimensions, .fonts: reference.path.first.map { "\(reference.group.rawValue).\($0)" }
        case .animations: reference.path.count == 2 ? "animations.\(reference.path[0]).\(reference.path[1])" : nil
        case .palettes: nil
        }
    }

    /// For every token, the number of tokens in the longest chain that starts
    /// there (1 for a value written literally). An edge into a cycle counts as
    /// nothing: cycles are `alias-cycle` errors of their own.
    func chainLengths() -> [String: Int] {
        var lengths: [String: Int] = [:]
        var inProgress: Set<String> = []
        for start in tokens.keys where lengths[start] == nil {
            // Depth-first, with an explicit stack of (token, next reference to look at).
            var stack: [(key: String, next: Int)] = [(start, 0)]
            inProgress.insert(start)
            while let top = stack.last {
                let references = tokens[top.key]?.references ?? []
                if top.next < references.count {
                    stack[stack.count - 1].next += 1
                    let target = references[top.next]
                    if lengths[target] == nil, tokens[target] != nil, !inProgress.contains(target) {
                        inProgress.insert(target)
                        stack.append((target, 0))
                    }
                    continue
                }
                let longest = references.compactMap { lengths[$0] }.max() ?? 0
                lengths[top.key] = longest + 1
                inProgress.remove(top.key)
                stack.removeLast()
            }
        }
        return lengths
    }
}
