import LiveryJSON
import LiveryTargets

/// One token document a set or context brings in, in the order it applies.
struct DTCGSource: Sendable {
    /// The token document: a file's root, the part a fragment names, or an inline object.
    var node: JSONNode
    /// Whether any group in it has `$extends`: most documents have none, and a
    /// resolution made only of those skips that step.
    var hasExtends: Bool

    init(node: JSONNode) {
        self.node = node
        self.hasExtends = DTCGSource.findsExtends(node)
    }

    /// Looks through groups only (not token values); nesting is bounded by the reader.
    private static func findsExtends(_ node: JSONNode) -> Bool {
        guard let object = node.value.objectValue, !DTCGTokenTree.isToken(object) else { return false }
        return DTCGTokenTree.extends(of: object) != nil || object.members.contains { !$0.key.hasPrefix("$") && findsExtends($0.value) }
    }
}

/// Reads each file once through the provider, parses it keeping positions, and
/// remembers every value's JSON pointer inside its file, so a diagnostic about a
/// merged token can still say where in which file the token was written.
struct DTCGFileCache {
    /// Token documents are shallow (a typography value is four levels deep); a
    /// tighter bound than the JSON reader's keeps every later walk's recursion small.
    static let maxDepth = 64

    let provider: any DTCGFileProvider
    private(set) var documents: [String: JSONNode] = [:]
    /// Files that could not be read or parsed: asked for again, they stay failed without a second report.
    private var failed: Set<String> = []
    private(set) var pointers: [JSONLocation: JSONPointer] = [:]
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []

    init(provider: any DTCGFileProvider) {
        self.provider = provider
    }

    /// The parsed file at `path` (normalised, under the root); nil after reporting
    /// why not. `referencedAt` is the `$ref` that named it, for the message.
    mutating func document(_ path: String, referencedAt: JSONLocation?) -> JSONNode? {
        if let cached = documents[path] { return cached }
        if failed.contains(path) { return nil }
        let bytes: [UInt8]
        switch provider.read(path) {
        case .bytes(let read):
            bytes = read
        case .missing:
            failed.insert(path)
            let message = referencedAt.map { "`\(path)` does not exist (referenced at \($0))" } ?? "`\(path)` does not exist"
            errors.append(diagnostic(rule: .dtcgFile, message, at: referencedAt, fallbackFile: path))
            return nil
        case .refused(let reason):
            failed.insert(path)
            errors.append(diagnostic(rule: .dtcgRefOutside, "`\(path)` cannot be read: \(reason)", at: referencedAt, fallbackFile: path))
            return nil
        }
        do {
            let node = try JSONReader.parse(bytes, file: path, maxDepth: Self.maxDepth)
            documents[path] = node
            index(node, pointer: .root)
            return node
        } catch {
            failed.insert(path)
            errors.append(Diagnostic(.error, rule: .dtcgJson, error.message, at: error.location, pointer: error.pointer))
            return nil
        }
    }

    /// The pointer of the value written at `location` inside its file, if known.
    func pointer(at location: JSONLocation) -> JSONPointer? {
        pointers[location]
    }

    private func diagnostic(rule: Rule, _ message: String, at location: JSONLocation?, fallbackFile: String) -> Diagnostic {
        if let location {
            return Diagnostic(.error, rule: rule, message, at: location, pointer: pointers[location])
        }
        return Diagnostic(.error, rule: rule, message, file: fallbackFile)
    }

    /// Records the pointer of every value below `node`; recursion is bounded by `maxDepth`.
    private mutating func index(_ node: JSONNode, pointer: JSONPointer) {
        pointers[node.location] = pointer
        switch node.value {
        case .object(let object):
            for member in object.members { index(member.value, pointer: pointer.appending(member.key)) }
        case .array(let items):
            for (i, item) in items.enumerated() { index(item, pointer: pointer.appending(i)) }
        default:
            break
        }
    }
}
