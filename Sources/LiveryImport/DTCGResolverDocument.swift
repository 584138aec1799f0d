import LiveryJSON
import LiveryTargets

/// One entry of a resolver's `resolutionOrder`, with its token documents already read.
enum DTCGOrderItem: Sendable {
    /// A set: its sources always apply, in order.
    case set(name: String, sources: [DTCGSource])
    /// A modifier: the sources of the chosen context apply.
    case modifier(name: String, contexts: [String: [DTCGSource]])
}

/// Reads a resolver document (DTCG resolver module 2025.10): its sets, modifiers and
/// `resolutionOrder`, following every `$ref` to a set, a same-document part or a
/// file under the resolver's directory. Problems are collected, not thrown.
struct DTCGResolverDocument {
    var name: String
    var modifiers: [DTCGModifier] = []
    var order: [DTCGOrderItem] = []

    private let path: String
    private let root: JSONObject
    private var files: DTCGFileCache
    /// Sets being expanded, to refuse a set that includes itself.
    private var expandingSets: [String] = []
    private var setCache: [String: [DTCGSource]] = [:]
    /// Token documents the sets and modifiers include so far, each inclusion counted again.
    private var sourcesRead = 0
    private var overBudget = false

    /// The most token documents a resolver's sets and contexts may include in all,
    /// counting a document again each time a set includes it (directly or through
    /// another set). Real resolvers include dozens; sets that each include the
    /// next one twice would double the list at every step (2^40 documents from 40
    /// sets), so past this the resolver is refused.
    static let maxSources = 10_000
    private var modifierCache: [String: (DTCGModifier, [String: [DTCGSource]])] = [:]

    /// Reads `root` (the parsed resolver at `path`); the file cache carries errors and warnings out.
    static func read(path: String, root: JSONObject, files: inout DTCGFileCache) -> DTCGResolverDocument {
        var reader = DTCGResolverDocument(path: path, root: root, files: files)
        reader.readRoot()
        files = reader.files
        return reader
    }

    private init(path: String, root: JSONObject, files: DTCGFileCache) {
        self.path = path
        self.root = root
        self.files = files
        self.name = root["name"]?.value.stringValue ?? DTCGPath.displayName(of: path)
    }

    // MARK: Root

    private mutating func readRoot() {
        if let version = root["version"] {
            if version.value.stringValue != "2025.10" {
                warn(.dtcgVersion, "the resolver says version \(describe(version.value)); livery reads DTCG 2025.10", at: version)
            }
        }
        guard let orderNode = root["resolutionOrder"] else {
            error(
                .dtcgResolver, "a resolver document needs `resolutionOrder`, the list of sets and modifiers to apply in order",
                at: nil)
            return
        }
        guard let items = orderNode.value.arrayValue else {
            error(.dtcgResolver, "`resolutionOrder` must be an array, not \(orderNode.value.typeName)", at: orderNode)
            return
        }
        if items.isEmpty { warn(.dtcgResolver, "`resolutionOrder` is empty: the import has no tokens", at: orderNode) }
        var usedNames: [String: JSONLocation] = [:]
        var usedModifiers: Set<String> = []
        var usedSets: Set<String> = []
        for item in items {
            guard let object = item.value.objectValue else {
                error(
                    .dtcgResolver,
                    "a `resolutionOrder` entry must be an object (`{\"$ref\": \"#/sets/…\"}` or an inline set or modifier), not \(item.value.typeName)",
                    at: item)
                continue
            }
            if let reference = object["$ref"] {
                readOrderReference(reference, usedSets: &usedSets, usedModifiers: &usedModifiers)
            } else {
                readInlineOrderItem(object, at: item, usedNames: &usedNames)
            }
        }
        for group in ["sets", "modifiers"] {
            guard let defined = root[group]?.value.objectValue else { continue }
            let used = group == "sets" ? usedSets : usedModifiers
            for member in defined.members where !used.contains(member.key) && !(group == "sets" && setCache[member.key] != nil) {
                warn(
                    .dtcgResolver,
                    "\(group == "sets" ? "set" : "modifier") `\(member.key)` is not in `resolutionOrder`, so it changes nothing",
                    at: member.value)
            }
        }
    }

    private mutating func readOrderReference(_ reference: JSONNode, usedSets: inout Set<String>, usedModifiers: inout Set<String>) {
        guard let text = reference.value.stringValue, let pointer = DTCGName.localPointer(text) else {
            error(
                .dtcgResolver,
                "a `resolutionOrder` `$ref` must point into this document (`#/sets/NAME` or `#/modifiers/NAME`), not \(describe(reference.value))",
                at: reference)
            return
        }
        let tokens = pointer.tokens
        guard tokens.count == 2, tokens[0] == "sets" || tokens[0] == "modifiers" else {
            error(.dtcgResolver, "`\(text)` must name a set (`#/sets/NAME`) or a modifier (`#/modifiers/NAME`)", at: reference)
            return
        }
        if tokens[0] == "sets" {
            guard let sources = set(named: tokens[1], referencedAt: reference) else { return }
            usedSets.insert(tokens[1])
            order.append(.set(name: tokens[1], sources: sources))
        } else {
            guard let (modifier, contexts) = modifier(named: tokens[1], referencedAt: reference) else { return }
            usedModifiers.insert(tokens[1])
            if !modifiers.contains(where: { $0.name == modifier.name }) { modifiers.append(modifier) }
            order.append(.modifier(name: modifier.name, contexts: contexts))
        }
    }

    private mutating func readInlineOrderItem(_ object: JSONObject, at item: JSONNode, usedNames: inout [String: JSONLocation]) {
        guard let name = object["name"]?.value.stringValue else {
            error(.dtcgResolver, "an inline set or modifier in `resolutionOrder` needs a `name`", at: item)
            return
        }
        if let earlier = usedNames[name] {
            error(
                .dtcgResolver, "`resolutionOrder` has two entries named `\(name)` (the first at \(earlier)); names must be unique", at: item
            )
            return
        }
        usedNames[name] = item.location
        switch object["type"]?.value.stringValue {
        case "set":
            let sources = readSources(object["sources"], owner: "set `\(name)`", at: item)
            order.append(.set(name: name, sources: sources))
        case "modifier":
            if modifiers.contains(where: { $0.name == name }) {
                error(.dtcgResolver, "inline modifier `\(name)` has the name of another modifier", at: item)
                return
            }
            guard let (modifier, contexts) = readModifier(name: name, object: object, at: item) else { return }
            modifiers.append(modifier)
            order.append(.modifier(name: name, contexts: contexts))
        default:
            error(.dtcgResolver, "inline entry `\(name)` needs `\"type\": \"set\"` or `\"type\": \"modifier\"`", at: object["type"] ?? item)
        }
    }

    // MARK: Sets and modifiers

    /// The sources of `#/sets/NAME`, read once however often it is used.
    private mutating func set(named name: String, referencedAt reference: JSONNode) -> [DTCGSource]? {
        if let cached = setCache[name] { return cached }
        guard let sets = root["sets"]?.value.objectValue, let setNode = sets[name] else {
            let known = root["sets"]?.value.objectValue?.keys ?? []
            error(.dtcgResolver, "there is no set `\(name)`" + hint(name, known), at: reference)
            return nil
        }
        if expandingSets.contains(name) {
            error(.dtcgCycle, "set `\(name)` includes itself: \((expandingSets + [name]).joined(separator: " → "))", at: reference)
            return nil
        }
        guard let object = setNode.value.objectValue else {
            error(.dtcgResolver, "set `\(name)` must be an object with `sources`", at: setNode)
            return nil
        }
        expandingSets.append(name)
        let sources = readSources(object["sources"], owner: "set `\(name)`", at: setNode)
        expandingSets.removeLast()
        setCache[name] = sources
        return sources
    }

    private mutating func modifier(named name: String, referencedAt reference: JSONNode) -> (DTCGModifier, [String: [DTCGSource]])? {
        if let cached = modifierCache[name] { return cached }
        guard let definitions = root["modifiers"]?.value.objectValue, let node = definitions[name] else {
            let known = root["modifiers"]?.value.objectValue?.keys ?? []
            error(.dtcgModifier, "there is no modifier `\(name)`" + hint(name, known), at: reference)
            return nil
        }
        guard let object = node.value.objectValue else {
            error(.dtcgModifier, "modifier `\(name)` must be an object with `contexts`", at: node)
            return nil
        }
        let read = readModifier(name: name, object: object, at: node)
        if let read { modifierCache[name] = read }
        return read
    }

    private mutating func readModifier(name: String, object: JSONObject, at node: JSONNode) -> (DTCGModifier, [String: [DTCGSource]])? {
        var contextsNode = object["contexts"]
        // The resolver spec's own examples spell it `context` in places.
        if contextsNode == nil, let singular = object["context"] {
            warn(.dtcgModifier, "modifier `\(name)` writes `context`; DTCG 2025.10 spells it `contexts` (read anyway)", at: singular)
            contextsNode = singular
        }
        guard let contextsNode, let contexts = contextsNode.value.objectValue else {
            error(.dtcgModifier, "modifier `\(name)` needs `contexts`, an object from context name to sources", at: contextsNode ?? node)
            return nil
        }
        guard !contexts.isEmpty else {
            error(.dtcgModifier, "modifier `\(name)` has no contexts; it needs at least one (usually two or more)", at: contextsNode)
            return nil
        }
        if contexts.count == 1 {
            warn(
                .dtcgModifier, "modifier `\(name)` has only one context, `\(contexts.keys[0])`; a set would say the same", at: contextsNode)
        }
        var sourcesByContext: [String: [DTCGSource]] = [:]
        for member in contexts.members {
            sourcesByContext[member.key] = readSources(
                member.value, owner: "context `\(member.key)` of modifier `\(name)`", at: member.value)
        }
        var defaultContext: String?
        if let defaultNode = object["default"] {
            if let text = defaultNode.value.stringValue, contexts[text] != nil {
                defaultContext = text
            } else {
                error(
                    .dtcgModifier,
                    "the default of modifier `\(name)` must be one of its contexts (\(contexts.keys.joined(separator: ", "))), not \(describe(defaultNode.value))",
                    at: defaultNode)
            }
        }
        let modifier = DTCGModifier(name: name, contexts: contexts.keys, defaultContext: defaultContext, location: node.location)
        return (modifier, sourcesByContext)
    }

    // MARK: Sources

    /// The token documents of a `sources` array (or a context's array), in order.
    private mutating func readSources(_ node: JSONNode?, owner: String, at fallback: JSONNode) -> [DTCGSource] {
        guard let node else {
            error(.dtcgResolver, "\(owner) needs `sources`, an array of token documents or `$ref`s", at: fallback)
            return []
        }
        guard let items = node.value.arrayValue else {
            error(.dtcgResolver, "the sources of \(owner) must be an array, not \(node.value.typeName)", at: node)
            return []
        }
        var sources: [DTCGSource] = []
        for item in items {
            guard !overBudget else { return [] }
            guard let object = item.value.objectValue else {
                error(
                    .dtcgResolver,
                    "a source of \(owner) must be an object (tokens, or `{\"$ref\": \"file.json\"}`), not \(item.value.typeName)", at: item)
                continue
            }
            guard let reference = object["$ref"] else {
                sources.append(DTCGSource(node: item))
                continue
            }
            guard let text = reference.value.stringValue else {
                error(.dtcgResolver, "`$ref` must be a string, not \(reference.value.typeName)", at: reference)
                continue
            }
            var referenced: [DTCGSource]
            if text.first == "#" {
                referenced = localSources(text, at: reference, owner: owner)
            } else if let source = fileSource(text, at: reference) {
                referenced = [source]
            } else {
                continue
            }
            // Keys beside `$ref` override the referenced document's, shallowly (resolver spec 4.2.2).
            let overrides = object.members.filter { $0.key != "$ref" }
            if !overrides.isEmpty {
                referenced = referenced.map { source in
                    guard var target = source.node.value.objectValue else { return source }
                    for member in overrides { target.set(member.key, member.value, keyLocation: member.keyLocation) }
                    return DTCGSource(node: JSONNode(.object(target), at: source.node.location))
                }
            }
            // A set inside may have passed the limit already: it said so once.
            guard !overBudget else { return [] }
            sourcesRead += referenced.count
            guard sourcesRead <= Self.maxSources else {
                overBudget = true
                error(
                    .dtcgResolver,
                    "the sets and modifiers include more than \(Self.maxSources) token documents in all, counting each time a set is included again; include each set once",
                    at: reference)
                return []
            }
            sources += referenced
        }
        return sources
    }

    /// `#/sets/NAME` (its sources, inlined) or any other part of this document that holds tokens.
    private mutating func localSources(_ text: String, at reference: JSONNode, owner: String) -> [DTCGSource] {
        guard let pointer = DTCGName.localPointer(text) else {
            error(.dtcgReference, "`\(text)` is not a JSON pointer (`#/sets/NAME`, `#/$defs/…`)", at: reference)
            return []
        }
        let tokens = pointer.tokens
        if tokens.first == "modifiers" {
            error(.dtcgResolver, "\(owner) refers to a modifier (`\(text)`); only `resolutionOrder` may", at: reference)
            return []
        }
        if tokens.first == "resolutionOrder" {
            error(.dtcgResolver, "`\(text)` points into `resolutionOrder`, which nothing may refer to", at: reference)
            return []
        }
        if tokens.count == 2, tokens[0] == "sets" {
            return set(named: tokens[1], referencedAt: reference) ?? []
        }
        guard let target = JSONNode(.object(root), at: reference.location).value(at: pointer) else {
            error(.dtcgReference, "`\(text)` points to nothing in this document", at: reference)
            return []
        }
        guard case .object = target.value else {
            error(.dtcgResolver, "`\(text)` points to \(target.value.typeName), not to tokens", at: reference)
            return []
        }
        return [DTCGSource(node: target)]
    }

    /// The document `file.json` or the part `file.json#/a/b` names.
    private mutating func fileSource(_ text: String, at reference: JSONNode) -> DTCGSource? {
        let fileReference: DTCGFileReference
        switch DTCGPath.resolve(text, from: path) {
        case .success(let resolved): fileReference = resolved
        case .failure(let refusal):
            error(.dtcgRefOutside, refusal.message, at: reference)
            return nil
        }
        guard let document = files.document(fileReference.path, referencedAt: reference.location) else { return nil }
        var node = document
        if let fragment = fileReference.fragment {
            guard let part = document.value(at: fragment) else {
                error(.dtcgReference, "`\(text)`: `\(fileReference.path)` has nothing at `\(fragment)`", at: reference)
                return nil
            }
            node = part
        }
        guard case .object = node.value else {
            error(.dtcgResolver, "`\(text)` holds \(node.value.typeName), not a token document (an object)", at: reference)
            return nil
        }
        return DTCGSource(node: node)
    }

    // MARK: Diagnostics

    private mutating func error(_ rule: Rule, _ message: String, at node: JSONNode?) {
        files.errors.append(diagnostic(.error, rule, message, at: node))
    }

    private mutating func warn(_ rule: Rule, _ message: String, at node: JSONNode?) {
        files.warnings.append(diagnostic(.warning, rule, message, at: node))
    }

    private func diagnostic(_ severity: Diagnostic.Severity, _ rule: Rule, _ message: String, at node: JSONNode?) -> Diagnostic {
        guard let node else { return Diagnostic(severity, rule: rule, message, file: path) }
        return Diagnostic(severity, rule: rule, message, at: node.location, pointer: files.pointer(at: node.location))
    }

    private func hint(_ name: String, _ known: [String]) -> String {
        if let near = NearestName.closest(to: name, in: known) { return "; did you mean `\(near)`?" }
        return known.isEmpty ? "" : " (there are: \(known.joined(separator: ", ")))"
    }

    private func describe(_ value: JSONValue) -> String {
        if let text = value.stringValue { return "`\(text)`" }
        return value.typeName
    }
}
