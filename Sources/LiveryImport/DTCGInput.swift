import LiveryJSON
import LiveryTargets

/// What `livery import dtcg FILE…` was given, read: a resolver document (its sets,
/// modifiers and resolution order), or token files merged in order as one set.
/// Files are read through `provider` and parsed once, however many resolutions follow.
public struct DTCGInput: Sendable {
    /// The resolver's `name`, or the first file's name without `.resolver.json`/`.tokens.json`/`.json`.
    public var name: String
    /// The resolver's modifiers, in the order its `resolutionOrder` applies them (one
    /// defined but not applied changes nothing, and is only warned about); empty for token files.
    public var modifiers: [DTCGModifier]

    /// Reads `files` (relative to the root directory the provider serves): one
    /// `*.resolver.json` (a document with `resolutionOrder`), or one or more token files.
    public static func load(_ files: [String], provider: any DTCGFileProvider) throws(DTCGImportFailure) -> DTCGInput {
        guard !files.isEmpty else {
            throw DTCGImportFailure(Diagnostic(.error, rule: .dtcgInput, "give a `*.resolver.json` file or one or more token files"))
        }
        var cache = DTCGFileCache(provider: provider)
        var documents: [(path: String, node: JSONNode)] = []
        for file in files {
            let path = DTCGPath.normalisedSegments(file).joined(separator: "/")
            if let node = cache.document(path, referencedAt: nil) { documents.append((path, node)) }
        }
        guard cache.errors.isEmpty else { throw DTCGImportFailure(cache.errors) }
        let resolvers = documents.filter { isResolver(path: $0.path, root: $0.node) }
        if let resolver = resolvers.first {
            guard documents.count == 1 else {
                throw DTCGImportFailure(
                    Diagnostic(
                        .error, rule: .dtcgInput,
                        "`\(resolver.path)` is a resolver document, which names its own token files; give it alone, without other files",
                        file: resolver.path))
            }
            guard let root = resolver.node.value.objectValue else {
                throw DTCGImportFailure(
                    Diagnostic(
                        .error, rule: .dtcgResolver, "a resolver document must be a JSON object, not \(resolver.node.value.typeName)",
                        at: resolver.node.location))
            }
            let document = DTCGResolverDocument.read(path: resolver.path, root: root, files: &cache)
            guard cache.errors.isEmpty else { throw DTCGImportFailure(cache.errors) }
            return DTCGInput(
                name: document.name, modifiers: document.modifiers, order: document.order,
                pointers: cache.pointers, warnings: cache.warnings)
        }
        var sources: [DTCGSource] = []
        for document in documents {
            guard case .object = document.node.value else {
                cache.errors.append(
                    Diagnostic(
                        .error, rule: .dtcgStructure,
                        "a token file must be a JSON object of groups and tokens, not \(document.node.value.typeName)",
                        at: document.node.location, pointer: .root))
                continue
            }
            sources.append(DTCGSource(node: document.node))
        }
        guard cache.errors.isEmpty else { throw DTCGImportFailure(cache.errors) }
        return DTCGInput(
            name: DTCGPath.displayName(of: files[0]), modifiers: [], order: [.set(name: "tokens", sources: sources)],
            pointers: cache.pointers, warnings: cache.warnings)
    }

    /// What was found while reading the files that is worth saying but does not stop
    /// the import (a modifier with one context, a version other than 2025.10). Each
    /// resolution's own warnings come with its result.
    public var warnings: [Diagnostic]

    /// The resolver's `resolutionOrder` with every source read; token files are one set.
    let order: [DTCGOrderItem]
    /// Where every value read sits inside its file, for diagnostics about merged tokens.
    let pointers: [JSONLocation: JSONPointer]

    init(name: String, modifiers: [DTCGModifier], order: [DTCGOrderItem], pointers: [JSONLocation: JSONPointer], warnings: [Diagnostic]) {
        self.name = name
        self.modifiers = modifiers
        self.order = order
        self.pointers = pointers
        self.warnings = warnings
    }

    /// A resolver has `resolutionOrder`, or at least the name the resolver spec asks for.
    static func isResolver(path: String, root: JSONNode) -> Bool {
        path.hasSuffix(".resolver.json") || root.value.objectValue?["resolutionOrder"] != nil
    }

    /// The tokens for one choice of context per modifier (modifiers not named take
    /// their default), and the warnings found on the way.
    public func resolve(_ selection: [String: String]) throws(DTCGImportFailure) -> DTCGRead<DTCGTokenSet> {
        let chosen = try contexts(for: selection)
        var sources: [DTCGSource] = []
        for item in order {
            switch item {
            case .set(_, let setSources): sources += setSources
            case .modifier(let name, let contexts): sources += chosen[name].flatMap { contexts[$0] } ?? []
            }
        }
        let (merged, rootExtensions) = DTCGTokenTree.merge(sources)
        var diagnostics = DTCGReaderDiagnostics(pointers: pointers)
        var expanded = merged
        if sources.contains(where: \.hasExtends) {
            var expander = DTCGExtendsExpander(root: merged, diagnostics: diagnostics)
            expanded = expander.expandTree()
            diagnostics = expander.diagnostics
        }
        var flattener = DTCGTokenFlattener(diagnostics: diagnostics)
        flattener.flatten(expanded, at: sources.first?.node.location ?? .synthesized)
        var references = DTCGReferenceResolver(root: expanded, tokens: flattener.tokens, diagnostics: flattener.diagnostics)
        let resolved = references.resolveAll()
        diagnostics = references.diagnostics
        guard diagnostics.errors.isEmpty else { throw DTCGImportFailure(diagnostics.errors) }
        var tokens: [DTCGToken] = []
        tokens.reserveCapacity(resolved.count)
        var deprecations: [[String]: String] = [:]
        for (raw, result) in zip(flattener.tokens, resolved) {
            guard let result, let type = result.type else { continue }
            if let text = raw.object["$deprecated"]?.value.stringValue { deprecations[raw.path] = text }
            let location = raw.object["$value"]?.location ?? raw.object["$ref"]?.location ?? raw.location
            tokens.append(
                DTCGToken(
                    path: raw.path, type: type, value: result.value, reference: result.reference,
                    location: location, description: raw.object["$description"]?.value.stringValue))
        }
        tokens = DTCGDeprecation.withoutReplaced(tokens, deprecations: deprecations)
        return DTCGRead(DTCGTokenSet(tokens: tokens, rootExtensions: rootExtensions), warnings: diagnostics.warnings)
    }

    /// The context of every modifier: the one `selection` names (matched exactly, else
    /// ignoring case, as the resolver spec recommends), or the modifier's default.
    func contexts(for selection: [String: String]) throws(DTCGImportFailure) -> [String: String] {
        var errors: [Diagnostic] = []
        var chosen: [String: String] = [:]
        var matchedKeys: Set<String> = []
        for modifier in modifiers {
            let key =
                selection[modifier.name] != nil
                ? modifier.name : selection.keys.sorted().first { $0.lowercased() == modifier.name.lowercased() }
            guard let key, let wanted = selection[key] else {
                if let fallback = modifier.defaultContext {
                    chosen[modifier.name] = fallback
                } else {
                    errors.append(
                        Diagnostic(
                            .error, rule: .dtcgModifier,
                            "modifier `\(modifier.name)` has no default; choose one of its contexts: \(modifier.contexts.joined(separator: ", "))",
                            at: modifier.location, pointer: pointers[modifier.location]))
                }
                continue
            }
            matchedKeys.insert(key)
            if let context = modifier.contexts.first(where: { $0 == wanted })
                ?? modifier.contexts.first(where: { $0.lowercased() == wanted.lowercased() })
            {
                chosen[modifier.name] = context
            } else {
                let near = NearestName.closest(to: wanted, in: modifier.contexts).map { "; did you mean `\($0)`?" } ?? ""
                errors.append(
                    Diagnostic(
                        .error, rule: .dtcgModifier,
                        "modifier `\(modifier.name)` has no context `\(wanted)`\(near) (it has: \(modifier.contexts.joined(separator: ", ")))",
                        at: modifier.location, pointer: pointers[modifier.location]))
            }
        }
        for key in selection.keys.sorted() where !matchedKeys.contains(key) {
            let names = modifiers.map(\.name)
            let known = names.isEmpty ? "there are no modifiers" : "the modifiers are: \(names.joined(separator: ", "))"
            let near = NearestName.closest(to: key, in: names).map { "did you mean `\($0)`? " } ?? ""
            errors.append(Diagnostic(.error, rule: .dtcgModifier, "there is no modifier `\(key)`; \(near)\(known)"))
        }
        guard errors.isEmpty else { throw DTCGImportFailure(errors) }
        return chosen
    }
}
