import Foundation
import LiveryGit
import LiveryJSON

/// What `livery list` knows of a target without resolving its style.
public struct TargetSummary: Sendable, Hashable {
    public let id: String
    /// The parent named by `extends`, if any.
    public let extends: String?
    /// An abstract target holds shared defaults and is never bundled.
    public let abstract: Bool
    /// The tree id of the target's directory: equal ids mean nothing in it changed.
    public let tree: ObjectID
    /// The path of its `style.json` from the repository root.
    public let styleFile: String
    /// Where `extends` was written, to place problems with the parent.
    public var extendsLocation: JSONLocation?

    public init(id: String, extends: String?, abstract: Bool, tree: ObjectID, styleFile: String, extendsLocation: JSONLocation? = nil) {
        self.id = id
        self.extends = extends
        self.abstract = abstract
        self.tree = tree
        self.styleFile = styleFile
        self.extendsLocation = extendsLocation
    }
}

/// The targets found in a source and the problems found on the way.
public struct TargetListing: Sendable {
    public var targets: [TargetSummary]
    public var diagnostics: [Diagnostic]
    /// The tree id of the targets directory, nil when it is missing.
    public var tree: ObjectID?

    public init(targets: [TargetSummary], diagnostics: [Diagnostic], tree: ObjectID?) {
        self.targets = targets
        self.diagnostics = diagnostics
        self.tree = tree
    }
}

/// Finds the targets under the targets directory of a source. Everything
/// unexpected there is reported, nothing is silently skipped.
public enum TargetCatalog {
    /// The only file allowed directly in the targets directory.
    public static let schemaFileName = "style.schema.json"
    public static let styleFileName = "style.json"

    /// `reusing` holds summaries already made (of another revision, say): a
    /// target whose directory has the same tree id there is not read again, so
    /// listing a second revision costs only what changed. Problems in reused
    /// targets are not reported a second time.
    public static func list(in source: some Source, targetsDirectory: String = "targets", reusing known: [String: TargetSummary] = [:]) throws(RepositoryError) -> TargetListing {
        guard let directory = try source.directory(at: targetsDirectory) else {
            let diagnostic = Diagnostic(
                .error, rule: "no-targets",
                "no '\(targetsDirectory)/' directory in \(source.label): each client is a directory '\(targetsDirectory)/<id>/' with a style.json",
                file: targetsDirectory
            )
            return TargetListing(targets: [], diagnostics: [diagnostic], tree: nil)
        }
        var diagnostics = directory.refused.map(unsafeEntryDiagnostic)
        var candidates: [SourceEntry] = []
        for entry in directory.entries {
            guard entry.isDirectory else {
                if entry.name != schemaFileName {
                    diagnostics.append(Diagnostic(
                        .warning, rule: "stray-file",
                        "stray file '\(entry.name)' in '\(targetsDirectory)/': only target directories and \(schemaFileName) belong here",
                        file: entry.path
                    ))
                }
                continue
            }
            guard TargetID.isValid(entry.name) else {
                diagnostics.append(Diagnostic(
                    .error, rule: "target-id",
                    "'\(entry.name)' is not a valid target id: use \(TargetID.rule)",
                    file: entry.path
                ))
                continue
            }
            candidates.append(entry)
        }
        // Each target's style.json is read and parsed on its own, so the work is
        // spread over the cores; results keep the sorted order of the listing.
        // Targets known from `reusing` are taken as they are, without a task each.
        var reused: [TargetSummary?] = Array(repeating: nil, count: candidates.count)
        var unknown: [(index: Int, entry: SourceEntry)] = []
        for (index, entry) in candidates.enumerated() {
            if let summary = known[entry.name], summary.tree == entry.id, summary.styleFile == entry.path + "/" + styleFileName {
                reused[index] = summary
            } else {
                unknown.append((index, entry))
            }
        }
        let results = SummaryResults(count: unknown.count)
        let pending = unknown
        DispatchQueue.concurrentPerform(iterations: pending.count) { position in
            results.store(position, Result { () throws(RepositoryError) in try summarize(pending[position].entry, in: source) })
        }
        for (position, result) in zip(pending.indices, results.all) {
            let (summary, problems) = try result.get()
            diagnostics += problems
            reused[pending[position].index] = summary
        }
        let targets = reused.compactMap { $0 }
        return TargetListing(targets: targets, diagnostics: diagnostics.sorted(), tree: directory.id)
    }

    /// Reads just enough of a target's style.json to know its parent and whether it is abstract.
    static func summarize(_ entry: SourceEntry, in source: some Source) throws(RepositoryError) -> (TargetSummary?, [Diagnostic]) {
        let id = entry.name
        let stylePath = entry.path + "/" + styleFileName
        guard let directory = try source.directory(at: entry.path) else { return (nil, []) }
        var diagnostics = directory.refused.map { unsafeEntryDiagnostic($0, target: id) }
        guard let styleEntry = directory.entry(named: styleFileName), !styleEntry.isDirectory else {
            diagnostics.append(Diagnostic(
                .error, rule: "missing-style",
                "target '\(id)' has no \(styleFileName): add one (it may be just {\"extends\": \"base\"})",
                file: stylePath, target: id
            ))
            return (TargetSummary(id: id, extends: nil, abstract: false, tree: entry.id, styleFile: stylePath), diagnostics)
        }
        let bytes: [UInt8]
        do {
            bytes = try source.contents(of: styleEntry)
        } catch {
            // Too large to read: reported on the target, which then stays out of the build.
            guard case .tooLarge = error else { throw error }
            diagnostics.append(Diagnostic(.error, rule: "file-size", error.localizedDescription, file: stylePath, target: id))
            return (TargetSummary(id: id, extends: nil, abstract: false, tree: entry.id, styleFile: stylePath), diagnostics)
        }
        var extends: String?
        var extendsLocation: JSONLocation?
        var abstract = false
        do {
            let root = try PhaseTimings.shared.measure(.parse) { () throws(JSONSyntaxError) in try JSONReader.parse(bytes, file: stylePath) }
            if let object = root.value.objectValue {
                if let node = object["extends"] {
                    switch node.value {
                    case .string(let parent):
                        extends = parent
                        extendsLocation = node.location
                    case .null: break
                    default:
                        diagnostics.append(Diagnostic(
                            .error, rule: "extends", "\"extends\" must be a string naming another target, found \(node.value.typeName)",
                            at: node.location, pointer: JSONPointer(tokens: ["extends"]), target: id
                        ))
                    }
                }
                if let node = object["abstract"] {
                    if let flag = node.value.boolValue {
                        abstract = flag
                    } else {
                        diagnostics.append(Diagnostic(
                            .error, rule: "abstract", "\"abstract\" must be true or false, found \(node.value.typeName)",
                            at: node.location, pointer: JSONPointer(tokens: ["abstract"]), target: id
                        ))
                    }
                }
            } else {
                diagnostics.append(Diagnostic(
                    .error, rule: "style-root", "a style.json must hold a JSON object, found \(root.value.typeName)",
                    at: root.location, pointer: .root, target: id
                ))
            }
        } catch {
            diagnostics.append(Diagnostic(.error, rule: "json-syntax", error.message, at: error.location, pointer: error.pointer, target: id))
        }
        return (TargetSummary(id: id, extends: extends, abstract: abstract, tree: entry.id, styleFile: stylePath, extendsLocation: extendsLocation), diagnostics)
    }

    static func unsafeEntryDiagnostic(_ refused: RefusedEntry) -> Diagnostic {
        unsafeEntryDiagnostic(refused, target: nil)
    }

    static func unsafeEntryDiagnostic(_ refused: RefusedEntry, target: String?) -> Diagnostic {
        Diagnostic(.error, rule: "unsafe-path", "'\(refused.path)' refused: \(refused.reason)", file: refused.path, target: target)
    }
}

/// Slots for results computed in parallel, one per target.
private final class SummaryResults: @unchecked Sendable {
    private var slots: [Result<(TargetSummary?, [Diagnostic]), RepositoryError>?]
    private let lock = NSLock()

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ index: Int, _ result: Result<(TargetSummary?, [Diagnostic]), RepositoryError>) {
        lock.lock()
        slots[index] = result
        lock.unlock()
    }

    var all: [Result<(TargetSummary?, [Diagnostic]), RepositoryError>] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}
