import LiveryCore
import LiveryJSON
import LiverySource

/// A client's variant as read from `targets/<id>/variants/<name>/`: its
/// definition and its style merged over the client's merged style.
public struct LoadedVariant: Sendable {
    public let definition: VariantDefinition
    /// The client's merged document with the variant's `style.json` merged over it.
    public let document: JSONNode
    /// Where `variant.json` is, for problems of the definition.
    public let definitionFile: String
    /// The place of `variant.json`'s root, where problems of the whole variant are reported.
    public let location: JSONLocation

    public var name: String { definition.name }
}

/// Reads a client's variants through a `Source`, pure: each directory under
/// `targets/<id>/variants/` holds `variant.json` (the condition, docs/variants.md)
/// and `style.json` (a patch over the client). What cannot be read is a
/// `variant-file` error at the file, line, column and pointer.
public struct VariantLoader: Sendable {
    public let source: any Source
    public let targetsDirectory: String
    public let replacesWhole: @Sendable ([String]) -> Bool

    public init(source: any Source, targetsDirectory: String, replacesWhole: @escaping @Sendable ([String]) -> Bool) {
        self.source = source
        self.targetsDirectory = targetsDirectory
        self.replacesWhole = replacesWhole
    }

    /// The variants of target `id`, in the order they are tried, over `client`
    /// (the target's merged document), and the problems found reading them.
    public func variants(of id: String, over client: JSONNode) throws(RepositoryError) -> (
        variants: [LoadedVariant], problems: [Diagnostic]
    ) {
        let read = try outcomes(of: id, over: client)
        var variants: [LoadedVariant] = []
        var problems = read.problems
        for (_, outcome) in read.variants {
            switch outcome {
            case .success(let variant): variants.append(variant)
            case .failure(let problem): problems.append(problem)
            }
        }
        variants.sort { VariantDefinition.triedBefore($0.definition, $1.definition) }
        return (variants, problems)
    }

    /// Each variant directory of target `id` by name, in name order, read or with the
    /// problem that kept it from being read; and the problems of entries that are not
    /// variants (a file, a name that is not a variant's). A diff names a broken variant
    /// by its directory, so it is told apart from one that was removed.
    public func outcomes(of id: String, over client: JSONNode) throws(RepositoryError)
        -> (variants: [(name: String, outcome: Result<LoadedVariant, Diagnostic>)], problems: [Diagnostic])
    {
        let directory = targetsDirectory + "/" + id + "/variants"
        guard let listing = try source.directory(at: directory) else { return ([], []) }
        var variants: [(name: String, outcome: Result<LoadedVariant, Diagnostic>)] = []
        var problems: [Diagnostic] = []
        for entry in listing.entries {
            guard entry.isDirectory else {
                problems.append(
                    Diagnostic(
                        .error, rule: .variantFile,
                        "'\(entry.path)' is a file; each variant is a directory holding variant.json and style.json", file: entry.path,
                        target: id))
                continue
            }
            guard VariantParser.isValidName(entry.name) else {
                problems.append(
                    Diagnostic(
                        .error, rule: .variantFile, "'\(entry.name)' is not a variant name: use \(VariantParser.nameRule)",
                        file: entry.path, target: id))
                continue
            }
            variants.append((entry.name, try variant(entry.name, at: entry.path, of: id, over: client)))
        }
        variants.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        return (variants, problems)
    }

    private func variant(_ name: String, at path: String, of id: String, over client: JSONNode) throws(RepositoryError) -> Result<
        LoadedVariant, Diagnostic
    > {
        let definitionFile = path + "/variant.json"
        let styleFile = path + "/style.json"
        let definitionNode: JSONNode
        let patch: JSONNode
        switch try parse(definitionFile, target: id) {
        case .success(let node): definitionNode = node
        case .failure(let problem): return .failure(problem)
        }
        switch try parse(styleFile, target: id) {
        case .success(let node): patch = node
        case .failure(let problem): return .failure(problem)
        }
        guard case .object = patch.value else {
            return .failure(
                Diagnostic(
                    .error, rule: .variantFile, "a variant's style.json must hold a JSON object, found \(patch.value.typeName)",
                    at: patch.location, pointer: .root, target: id))
        }
        let definition: VariantDefinition
        do {
            definition = try VariantParser.definition(definitionNode, name: name)
        } catch {
            return .failure(Diagnostic(.error, rule: .variantFile, error.message, at: error.location, pointer: error.pointer, target: id))
        }
        var base = client
        if case .object(var object) = base.value {
            for key in StyleLoader.ownKeys { object.remove(key) }
            base.value = .object(object)
        }
        if case .object(let object) = patch.value {
            // A variant is its client's: it neither extends another target nor is abstract.
            for key in StyleLoader.ownKeys {
                if let member = object.member(key) {
                    return .failure(
                        Diagnostic(
                            .error, rule: .variantFile, "a variant's style.json may not have \"\(key)\": it is merged over its client",
                            at: member.keyLocation, pointer: JSONPointer(tokens: [key]), target: id))
                }
            }
        }
        guard let merged = MergePatch.apply(patch, to: base, replacesWhole: replacesWhole) else {
            return .failure(
                Diagnostic(
                    .error, rule: .variantFile, "the variant's style.json removes the whole style", at: patch.location, pointer: .root,
                    target: id))
        }
        return .success(
            LoadedVariant(definition: definition, document: merged, definitionFile: definitionFile, location: definitionNode.location))
    }

    /// A file parsed with positions, or the problem: missing, unreadable or not JSON.
    private func parse(_ path: String, target id: String) throws(RepositoryError) -> Result<JSONNode, Diagnostic> {
        let bytes: [UInt8]
        do {
            guard let read = try source.readFile(at: path) else {
                return .failure(
                    Diagnostic(
                        .error, rule: .variantFile, "the variant has no \(path.split(separator: "/").last.map(String.init) ?? path)",
                        file: path, target: id))
            }
            bytes = read
        } catch {
            if case .tooLarge = error {
                return .failure(Diagnostic(.error, rule: .fileSize, error.localizedDescription, file: path, target: id))
            }
            throw error
        }
        do {
            return .success(try JSONReader.parse(bytes, file: path))
        } catch {
            return .failure(Diagnostic(.error, rule: .jsonSyntax, error.message, at: error.location, pointer: error.pointer, target: id))
        }
    }
}
