import Foundation
import LiveryConcurrency
import LiveryJSON
import LiverySource

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
    /// The command that made `name` when it is a scratch directory earlier livery
    /// versions staged in targets/ (`.<id>.livery-new-XXXXXX`, `.<id>.livery-import-XXXXXX`),
    /// which a killed `new` or `import` left behind; nil for any other name.
    static func leftoverCommand(_ name: String) -> String? {
        guard name.hasPrefix("."), name.count > 8 else { return nil }
        let stem = name.dropLast(6)
        for command in ["new", "import"] where stem.hasSuffix(".livery-\(command)-") {
            return TargetID.isValid(String(stem.dropFirst().dropLast(".livery-\(command)-".count))) ? command : nil
        }
        return nil
    }

    /// The schema file allowed directly in the targets directory.
    public static let schemaFileName = "style.schema.json"
    /// The files livery reads directly in the targets directory: the schema and the app's contract.
    public static let knownFileNames: Set<String> = [schemaFileName, AppContract.fileName]
    public static let styleFileName = "style.json"

    /// `reusing` holds summaries already made (of another revision, say): a
    /// target whose directory has the same tree id there is not read again, so
    /// listing a second revision costs only what changed. Problems in reused
    /// targets are not reported a second time. Each target's style.json is read
    /// and parsed on its own, up to `jobs` at once; the result is in the
    /// listing's sorted order whatever finished first.
    public static func list(
        in source: some Source, targetsDirectory: String = "targets", reusing known: TargetTable = TargetTable(),
        jobs: Int, timings: PhaseTimings = .off
    ) async throws(RepositoryError) -> TargetListing {
        let plan = try timings.measure(.list) { () throws(RepositoryError) in try ListingPlan(source, targetsDirectory, reusing: known) }
        let summaries = await Parallel.map(plan.unknown.map(\.entry), width: jobs) { entry in
            timings.measure(.list) { Result { () throws(RepositoryError) in try summarize(entry, in: source, timings: timings) } }
        }
        return try plan.listing(summaries)
    }

    /// The same listing, made one target after another on the caller's thread,
    /// for callers that cannot wait for tasks (shell completion, templates).
    public static func list(
        in source: some Source, targetsDirectory: String = "targets", reusing known: TargetTable = TargetTable(),
        timings: PhaseTimings = .off
    ) throws(RepositoryError) -> TargetListing {
        try timings.measure(.list) { () throws(RepositoryError) in
            let plan = try ListingPlan(source, targetsDirectory, reusing: known)
            return try plan.listing(
                plan.unknown.map { item in Result { () throws(RepositoryError) in try summarize(item.entry, in: source, timings: timings) }
                })
        }
    }

    /// The targets directory's entries sorted out: problems found in it, targets
    /// taken from `reusing`, and the targets still to read.
    private struct ListingPlan {
        var directoryID: ObjectID?
        var diagnostics: [Diagnostic] = []
        /// One slot per target directory, in order; nil until summarized.
        var summaries: [TargetSummary?] = []
        var unknown: [(index: Int, entry: SourceEntry)] = []

        init(_ source: some Source, _ targetsDirectory: String, reusing known: TargetTable) throws(RepositoryError) {
            guard let directory = try source.directory(at: targetsDirectory) else {
                diagnostics = [
                    Diagnostic(
                        .error, rule: .noTargets,
                        "no '\(targetsDirectory)/' directory in \(source.label): each client is a directory '\(targetsDirectory)/<id>/' with a style.json",
                        file: targetsDirectory
                    )
                ]
                return
            }
            directoryID = directory.id
            diagnostics = directory.refused.map(unsafeEntryDiagnostic)
            for entry in directory.entries {
                guard entry.isDirectory else {
                    if !knownFileNames.contains(entry.name) {
                        diagnostics.append(
                            Diagnostic(
                                .warning, rule: .strayFile,
                                "stray file '\(entry.name)' in '\(targetsDirectory)/': only target directories, \(schemaFileName) and \(AppContract.fileName) belong here",
                                file: entry.path
                            ))
                    }
                    continue
                }
                guard TargetID.isValid(entry.name) else {
                    diagnostics.append(
                        Diagnostic(
                            .error, rule: .targetId,
                            TargetCatalog.leftoverCommand(entry.name).map {
                                "'\(entry.name)' was left by an interrupted `livery \($0)` of an earlier livery version; remove it (livery now stages new targets in the git directory)"
                            } ?? "'\(entry.name)' is not a valid target id: use \(TargetID.rule)",
                            file: entry.path
                        ))
                    continue
                }
                // Targets known from `reusing` are taken as they are, without reading anything.
                if let summary = known[entry.name], summary.tree == entry.id, summary.styleFile == entry.path + "/" + styleFileName {
                    summaries.append(summary)
                } else {
                    unknown.append((summaries.count, entry))
                    summaries.append(nil)
                }
            }
        }

        /// The listing, with `read` holding the outcome for each of `unknown`, in order.
        func listing(_ read: [Result<(TargetSummary?, [Diagnostic]), RepositoryError>]) throws(RepositoryError) -> TargetListing {
            var summaries = self.summaries
            var diagnostics = self.diagnostics
            for (item, result) in zip(unknown, read) {
                let (summary, problems) = try result.get()
                diagnostics += problems
                summaries[item.index] = summary
            }
            return TargetListing(targets: summaries.compactMap { $0 }, diagnostics: diagnostics.sorted(), tree: directoryID)
        }
    }

    /// Reads just enough of a target's style.json to know its parent and whether it is abstract.
    static func summarize(_ entry: SourceEntry, in source: some Source, timings: PhaseTimings) throws(RepositoryError) -> (
        TargetSummary?, [Diagnostic]
    ) {
        let id = entry.name
        let stylePath = entry.path + "/" + styleFileName
        guard let directory = try source.directory(at: entry.path) else { return (nil, []) }
        var diagnostics = directory.refused.map { unsafeEntryDiagnostic($0, target: id) }
        guard let styleEntry = directory.entry(named: styleFileName), !styleEntry.isDirectory else {
            // A style.json that is there but refused (a symbolic link, say) is
            // reported as what it is, above, not as missing.
            if directory.refused.contains(where: { $0.path == stylePath }) {
                return (TargetSummary(id: id, extends: nil, abstract: false, tree: entry.id, styleFile: stylePath), diagnostics)
            }
            diagnostics.append(
                Diagnostic(
                    .error, rule: .missingStyle,
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
            diagnostics.append(Diagnostic(.error, rule: .fileSize, error.localizedDescription, file: stylePath, target: id))
            return (TargetSummary(id: id, extends: nil, abstract: false, tree: entry.id, styleFile: stylePath), diagnostics)
        }
        var extends: String?
        var extendsLocation: JSONLocation?
        var abstract = false
        do {
            let root = try timings.measure(.parse) { () throws(JSONSyntaxError) in try JSONReader.parse(bytes, file: stylePath) }
            if let object = root.value.objectValue {
                if let node = object["extends"] {
                    switch node.value {
                    case .string(let parent):
                        extends = parent
                        extendsLocation = node.location
                    case .null: break
                    default:
                        diagnostics.append(
                            Diagnostic(
                                .error, rule: .extends, "\"extends\" must be a string naming another target, found \(node.value.typeName)",
                                at: node.location, pointer: JSONPointer(tokens: ["extends"]), target: id
                            ))
                    }
                }
                if let node = object["abstract"] {
                    if let flag = node.value.boolValue {
                        abstract = flag
                    } else {
                        diagnostics.append(
                            Diagnostic(
                                .error, rule: .abstract, "\"abstract\" must be true or false, found \(node.value.typeName)",
                                at: node.location, pointer: JSONPointer(tokens: ["abstract"]), target: id
                            ))
                    }
                }
            } else {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: .styleRoot, "a style.json must hold a JSON object, found \(root.value.typeName)",
                        at: root.location, pointer: .root, target: id
                    ))
            }
        } catch {
            diagnostics.append(Diagnostic(.error, rule: .jsonSyntax, error.message, at: error.location, pointer: error.pointer, target: id))
        }
        return (
            TargetSummary(
                id: id, extends: extends, abstract: abstract, tree: entry.id, styleFile: stylePath, extendsLocation: extendsLocation),
            diagnostics
        )
    }

    static func unsafeEntryDiagnostic(_ refused: RefusedEntry) -> Diagnostic {
        unsafeEntryDiagnostic(refused, target: nil)
    }

    static func unsafeEntryDiagnostic(_ refused: RefusedEntry, target: String?) -> Diagnostic {
        Diagnostic(.error, rule: .unsafePath, "'\(refused.path)' refused: \(refused.reason)", file: refused.path, target: target)
    }
}
