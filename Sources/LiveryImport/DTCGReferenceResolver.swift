import LiveryJSON

/// Follows every alias in the flattened tokens: curly references (`"{a.b}"`, the whole
/// value or inside a composite one) and JSON pointers (`{"$ref": "#/a/b/$value"}`,
/// also into part of a value). Each token is resolved once; chains are followed to a
/// written value; cycles, dangling references and type mismatches are reported with
/// every token they concern.
struct DTCGReferenceResolver {
    /// Real alias chains are a handful of hops; this bounds recursion on hostile input.
    static let maxChain = 64
    /// How deep resolving may nest in all — values inside values, and the values
    /// their references lead to — before it is refused: keeps the recursion's stack small.
    static let maxNesting = 256

    /// A token after its references are followed.
    struct Resolved: Sendable {
        var type: String?
        var value: JSONNode
        /// The first hop, when the whole value is a reference.
        var reference: [String]?
        /// How many JSON values `value` holds, counting each use of a reference again.
        var size: Int
    }

    /// The most JSON values one token's resolved value may hold. A real value has a
    /// few dozen; references that each use the previous token twice would otherwise
    /// double the value at every step, and whoever walks it would never finish.
    static let maxValueSize = 10_000
    /// The most JSON values all resolved tokens may hold together: a hundred times a
    /// large design system, far below what would make the steps after reading crawl.
    static let maxTotalSize = 5_000_000

    enum State {
        case pending, resolving
        case done(Resolved)
        case failed
    }

    private let root: JSONObject
    let tokens: [DTCGRawToken]
    let indexByPath: [[String]: Int]
    var states: [State]
    var stack: [Int] = []
    /// Values and references being resolved right now, across all tokens on `stack`.
    private var nesting = 0
    private var totalSize = 0
    var reportedCycles: Set<[Int]> = []
    private var tokenNames: [String]?
    /// "Did you mean" hints given so far: each compares a name with every token's,
    /// so a file of thousands of dangling references gets hints for the first few only.
    private var hintsGiven = 0
    private static let maxHints = 50
    var diagnostics: DTCGReaderDiagnostics

    init(root: JSONObject, tokens: [DTCGRawToken], diagnostics: DTCGReaderDiagnostics) {
        self.root = root
        self.tokens = tokens
        var index: [[String]: Int] = [:]
        for (i, token) in tokens.enumerated() { index[token.path] = i }
        self.indexByPath = index
        self.states = Array(repeating: .pending, count: tokens.count)
        self.diagnostics = diagnostics
    }

    /// Every token, resolved, in tree order; nil entries failed (and were reported).
    mutating func resolveAll() -> [Resolved?] {
        (0..<tokens.count).map { resolve($0) }
    }

    // MARK: Tokens

    private mutating func resolve(_ i: Int) -> Resolved? {
        switch states[i] {
        case .done(let resolved): return resolved
        case .failed: return nil
        case .resolving:
            reportCycle(closingAt: i)
            return nil
        case .pending: break
        }
        if stack.count >= Self.maxChain {
            let names = stack.suffix(6).map { tokens[$0].dotted }.joined(separator: " → ")
            diagnostics.error(
                .dtcgReference,
                "references chain more than \(Self.maxChain) tokens deep (… \(names) → \(tokens[i].dotted)); shorten the chain",
                at: tokens[i].location)
            states[i] = .failed
            return nil
        }
        // A hop counts towards the nesting too: one bound for the whole recursion.
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Self.maxNesting {
            diagnostics.error(
                .dtcgValue,
                "`\(tokens[i].dotted)` is reached through values and references nested more than \(Self.maxNesting) levels deep",
                at: tokens[i].location)
            states[i] = .failed
            return nil
        }
        states[i] = .resolving
        stack.append(i)
        let result = resolveToken(tokens[i])
        stack.removeLast()
        // A token in a cycle was reported with the cycle; it stays failed.
        if case .failed = states[i] { return nil }
        if let result {
            let before = totalSize
            totalSize += result.size
            if totalSize > Self.maxTotalSize {
                if before <= Self.maxTotalSize {
                    diagnostics.error(
                        .dtcgValue,
                        "the tokens' values hold more than \(Self.maxTotalSize) JSON values in all (from `\(tokens[i].dotted)` on); references repeat too much",
                        at: tokens[i].location)
                }
                states[i] = .failed
                return nil
            }
        }
        states[i] = result.map { .done($0) } ?? .failed
        return result
    }

    private mutating func resolveToken(_ token: DTCGRawToken) -> Resolved? {
        let valueNode: JSONNode
        if let written = token.object["$value"] {
            valueNode = written
        } else if let pointer = token.object["$ref"] {
            // `{"$ref": "#/a/$value", "$type": …}` in place of `$value` (format 7.1.2).
            var wrapper = JSONObject()
            wrapper.set("$ref", pointer)
            valueNode = JSONNode(.object(wrapper), at: pointer.location)
        } else {
            return nil
        }
        var resolved: Resolved
        if let whole = wholeReference(valueNode, in: token) {
            guard let target = whole else { return nil }
            resolved = target
            if let own = token.ownType, let targetType = target.type, own != targetType {
                let name = target.reference.map { "`{\($0.joined(separator: "."))}`" } ?? "its reference"
                diagnostics.error(
                    .dtcgType, "`\(token.dotted)` is a `\(own)` token but \(name) is a `\(targetType)`; they must match",
                    at: valueNode.location)
                return nil
            }
            if let own = token.ownType { resolved.type = own }
        } else {
            // Most values hold no reference: they are kept as written, not copied.
            let value: JSONNode
            var size = 0
            if Self.holdsReference(valueNode) {
                guard let replaced = resolveValue(valueNode, in: token, size: &size) else { return nil }
                value = replaced
            } else {
                value = valueNode
                size = Self.count(valueNode)
            }
            if size > Self.maxValueSize {
                diagnostics.error(
                    .dtcgValue, "the value of `\(token.dotted)` grows past \(Self.maxValueSize) values through the references in it",
                    at: valueNode.location)
                return nil
            }
            resolved = Resolved(type: token.ownType ?? token.groupType, value: value, reference: nil, size: size)
            if let type = resolved.type, !checkPartReferences(valueNode, of: type, in: token) { return nil }
        }
        if resolved.type == nil {
            if let overridden = token.overriddenType {
                resolved.type = overridden
                diagnostics.warn(
                    .dtcgAssumed, "`\(token.dotted)` has no `$type`; read as `\(overridden)`, the type of the inherited token it replaces",
                    at: valueNode.location)
            } else if let assumed = DTCGTypeGuess.type(of: resolved.value.value) {
                resolved.type = assumed
                diagnostics.warn(
                    .dtcgAssumed, "`\(token.dotted)` has no `$type` (nor has any group around it); read as `\(assumed)` from its value",
                    at: valueNode.location)
            } else {
                diagnostics.error(
                    .dtcgType,
                    "`\(token.dotted)` has no `$type`, nor has any group around it, and its value could be several types; add `\"$type\"`",
                    at: valueNode.location)
                return nil
            }
        }
        return resolved
    }

    /// When the whole value is a reference: `.some(target)` (nil inside after an
    /// error); `.none` when the value is not a whole-value reference.
    private mutating func wholeReference(_ node: JSONNode, in token: DTCGRawToken) -> Resolved?? {
        switch node.value {
        case .string(let text):
            guard let curly = DTCGName.curlyReference(text) else { return .none }
            guard let path = curly else {
                diagnostics.error(
                    .dtcgReference, "`\(text)` in `\(token.dotted)` is not a valid reference; write `{group.token}`", at: node.location)
                return .some(nil)
            }
            return .some(followCurly(path, text: text, at: node, in: token))
        case .object(let object):
            guard let reference = object["$ref"], object.count == 1 else { return .none }
            guard let target = followPointer(reference, in: token) else { return .some(nil) }
            guard let path = target.tokenPath, target.whole else { return .none }
            return .some(Resolved(type: target.type, value: target.node, reference: path, size: target.size))
        default:
            return .none
        }
    }

    // MARK: Values

    /// `node` with every reference inside replaced by what it names; nil after an error.
    private mutating func resolveValue(_ node: JSONNode, in token: DTCGRawToken, size: inout Int) -> JSONNode? {
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Self.maxNesting {
            diagnostics.error(
                .dtcgValue,
                "the value of `\(token.dotted)` nests more than \(Self.maxNesting) levels deep, counting the values its references lead to",
                at: node.location)
            return nil
        }
        switch node.value {
        case .string(let text):
            guard let curly = DTCGName.curlyReference(text) else {
                size += 1
                return node
            }
            guard let path = curly else {
                diagnostics.error(
                    .dtcgReference, "`\(text)` in `\(token.dotted)` is not a valid reference; write `{group.token}`", at: node.location)
                return nil
            }
            guard let target = followCurly(path, text: text, at: node, in: token) else { return nil }
            size += target.size
            return target.value
        case .object(let object):
            if let reference = object["$ref"] {
                guard let target = followPointer(reference, in: token) else { return nil }
                size += target.size + object.count - 1
                return applyingOverrides(object, to: target.node)
            }
            size += 1
            var result = JSONObject()
            var failed = false
            for member in object.members {
                if let value = resolveValue(member.value, in: token, size: &size) {
                    result.set(member.key, value, keyLocation: member.keyLocation)
                } else {
                    failed = true
                }
            }
            return failed ? nil : JSONNode(.object(result), at: node.location)
        case .array(let items):
            size += 1
            var result: [JSONNode] = []
            result.reserveCapacity(items.count)
            var failed = false
            for item in items {
                if let value = resolveValue(item, in: token, size: &size) { result.append(value) } else { failed = true }
            }
            return failed ? nil : JSONNode(.array(result), at: node.location)
        case .null, .bool, .number:
            size += 1
            return node
        }
    }

    /// How many JSON values `node` holds (itself included); bounded by the file it was read from.
    static func count(_ node: JSONNode) -> Int {
        switch node.value {
        case .object(let object): return object.members.reduce(1) { $0 + count($1.value) }
        case .array(let items): return items.reduce(1) { $0 + count($1) }
        case .null, .bool, .number, .string: return 1
        }
    }

    /// Whether a curly reference or a `$ref` is anywhere in a written value (whose
    /// nesting the JSON reader bounds).
    private static func holdsReference(_ node: JSONNode) -> Bool {
        switch node.value {
        case .string(let text): return DTCGName.curlyReference(text) != nil
        case .object(let object): return object["$ref"] != nil || object.members.contains { holdsReference($0.value) }
        case .array(let items): return items.contains { holdsReference($0) }
        case .null, .bool, .number: return false
        }
    }

    /// Keys written beside `$ref` override the target's (resolver spec 4.2.2, shallowly).
    private func applyingOverrides(_ object: JSONObject, to target: JSONNode) -> JSONNode {
        guard object.count > 1, var merged = target.value.objectValue else { return target }
        for member in object.members where member.key != "$ref" {
            merged.set(member.key, member.value, keyLocation: member.keyLocation)
        }
        return JSONNode(.object(merged), at: target.location)
    }

    // MARK: Curly references

    private mutating func followCurly(_ path: [String], text: String, at node: JSONNode, in token: DTCGRawToken) -> Resolved? {
        guard let index = indexByPath[path] else {
            reportDangling(text, path: path, at: node, in: token)
            return nil
        }
        guard var target = resolve(index) else { return nil }
        target.reference = path
        return target
    }

    private mutating func reportDangling(_ text: String, path: [String], at node: JSONNode, in token: DTCGRawToken) {
        let dotted = path.joined(separator: ".")
        if let group = DTCGTokenTree.object(at: path, in: root) {
            let rootHint = group["$root"] != nil ? "; did you mean `{\(dotted).$root}`?" : ""
            diagnostics.error(.dtcgReference, "`\(text)` in `\(token.dotted)` names a group, not a token\(rootHint)", at: node.location)
            return
        }
        let near = nearestTokenName(to: dotted).map { "; did you mean `{\($0)}`?" } ?? ""
        diagnostics.error(.dtcgReference, "`\(text)` in `\(token.dotted)` names no token\(near)", at: node.location)
    }

    private mutating func nearestTokenName(to dotted: String) -> String? {
        guard hintsGiven < Self.maxHints else { return nil }
        hintsGiven += 1
        if tokenNames == nil { tokenNames = tokens.map(\.dotted) }
        return NearestName.closest(to: dotted, in: tokenNames ?? [])
    }

    // MARK: JSON pointers

    private struct PointerTarget {
        var node: JSONNode
        /// The token the pointer goes into, if it goes into one.
        var tokenPath: [String]?
        /// True when it names the token's whole value (`#/a/b/$value` or `#/a/b`).
        var whole: Bool
        var type: String?
        /// How many JSON values `node` holds.
        var size: Int
    }

    private mutating func followPointer(_ reference: JSONNode, in token: DTCGRawToken) -> PointerTarget? {
        guard let text = reference.value.stringValue else {
            diagnostics.error(
                .dtcgReference,
                "`$ref` in `\(token.dotted)` must be a string such as \"#/group/token/$value\", not \(reference.value.typeName)",
                at: reference.location)
            return nil
        }
        guard let pointer = DTCGName.localPointer(text) else {
            let why = text.first == "#" ? "is not a valid JSON pointer" : "points outside the token documents; write `#/group/token/$value`"
            diagnostics.error(.dtcgReference, "`\(text)` in `\(token.dotted)` \(why)", at: reference.location)
            return nil
        }
        var group = root
        var path: [String] = []
        for (i, segment) in pointer.tokens.enumerated() {
            if let index = indexByPath[path], !path.isEmpty {
                return intoToken(index, rest: Array(pointer.tokens[i...]), text: text, at: reference, in: token)
            }
            guard let next = group[segment]?.value.objectValue else {
                let prefix = (path + [segment]).joined(separator: ".")
                let near = nearestTokenName(to: pointer.tokens.prefix(while: { $0 != "$value" }).joined(separator: "."))
                let hint = near.map { "; did you mean `#/\($0.split(separator: ".").joined(separator: "/"))/$value`?" } ?? ""
                diagnostics.error(
                    .dtcgReference, "`\(text)` in `\(token.dotted)` points to nothing (there is no `\(prefix)`)\(hint)",
                    at: reference.location)
                return nil
            }
            group = next
            path.append(segment)
        }
        if let index = indexByPath[path], !path.isEmpty {
            return intoToken(index, rest: [], text: text, at: reference, in: token)
        }
        diagnostics.error(
            .dtcgReference,
            "`\(text)` in `\(token.dotted)` points to a group, not to a token or a value; a group that copies another one uses `$extends`",
            at: reference.location)
        return nil
    }

    /// The part `rest` of token `index`: its whole value, a part of it, or one of its properties.
    private mutating func intoToken(_ index: Int, rest: [String], text: String, at reference: JSONNode, in token: DTCGRawToken)
        -> PointerTarget?
    {
        let targetPath = tokens[index].path
        if rest.isEmpty || rest == ["$value"] {
            guard let target = resolve(index) else { return nil }
            return PointerTarget(node: target.value, tokenPath: targetPath, whole: true, type: target.type, size: target.size)
        }
        if rest[0] == "$value" {
            guard let target = resolve(index) else { return nil }
            guard let part = target.value.value(at: JSONPointer(tokens: Array(rest.dropFirst()))) else {
                diagnostics.error(
                    .dtcgReference,
                    "`\(text)` in `\(token.dotted)`: the value of `\(tokens[index].dotted)` has nothing at `\(JSONPointer(tokens: Array(rest.dropFirst())))`",
                    at: reference.location)
                return nil
            }
            // A part of a resolved value: no larger than the value, so counting it is bounded.
            return PointerTarget(node: part, tokenPath: targetPath, whole: false, type: nil, size: Self.count(part))
        }
        if rest.count == 1, rest[0].hasPrefix("$"), let property = tokens[index].object[rest[0]] {
            return PointerTarget(node: property, tokenPath: targetPath, whole: false, type: nil, size: Self.count(property))
        }
        diagnostics.error(
            .dtcgReference, "`\(text)` in `\(token.dotted)` goes into token `\(tokens[index].dotted)` but not into its `$value`",
            at: reference.location)
        return nil
    }
}
