import Foundation
import LiveryConcurrency
import LiveryJSON
import LiverySource

/// Reads targets' style.json files through a `Source` and merges each target's
/// `extends` chain into one document, parent first. Documents of targets that
/// others extend are kept, so a base shared by thousands of clients is read and
/// merged once while its descendants are checked; leaf documents are not kept, so
/// memory stays bounded.
public final class StyleLoader: Sendable {
    public let source: any Source
    public let graph: TargetGraph
    /// Whether the value at a document path is replaced whole by a child (`"x-livery-merge": "replace"`).
    private let replacesWhole: @Sendable ([String]) -> Bool
    /// Merged documents of the targets others extend, while they are in use:
    /// targets are checked in id order, so a group's clients mostly come
    /// together, and a parent not asked for lately is dropped (and merged again
    /// if a late descendant asks), which keeps memory bounded with thousands of groups.
    private let mergedParents = RecentMemo<String, MergeResult>(capacity: 64)
    private let parents: Set<String>
    private let timings: PhaseTimings

    /// Keys that belong to one file and are never inherited.
    static let ownKeys: Set<String> = ["abstract", "extends", "$schema"]

    public enum MergeResult: Sendable {
        case merged(JSONNode)
        /// This target's file or an ancestor's could not be read; the diagnostics say why
        /// (for an ancestor's problem, they are reported on the ancestor).
        case failed([Diagnostic])
    }

    public init(source: any Source, graph: TargetGraph, timings: PhaseTimings = .off, replacesWhole: @escaping @Sendable ([String]) -> Bool)
    {
        self.source = source
        self.graph = graph
        self.timings = timings
        self.replacesWhole = replacesWhole
        parents = Set(graph.targets.values.compactMap(\.extends))
    }

    /// The target's own style.json, parsed.
    public func document(of id: String) -> Result<JSONNode, Diagnostic> {
        guard let summary = graph.targets[id] else {
            return .failure(Diagnostic(.error, rule: .target, "no target '\(id)'", target: id))
        }
        let bytes: [UInt8]
        do {
            guard let read = try source.readFile(at: summary.styleFile) else {
                // Refused (a symbolic link, say): say so, not that it is missing.
                let folder = String(summary.styleFile.dropLast(TargetCatalog.styleFileName.count + 1))
                if let refused = try source.directory(at: folder)?.refused.first(where: { $0.path == summary.styleFile }) {
                    return .failure(TargetCatalog.unsafeEntryDiagnostic(refused, target: id))
                }
                return .failure(
                    Diagnostic(.error, rule: .missingStyle, "target '\(id)' has no style.json", file: summary.styleFile, target: id))
            }
            bytes = read
        } catch {
            let rule = if case .tooLarge = error { Rule.fileSize } else { Rule.read }
            return .failure(Diagnostic(.error, rule: rule, error.localizedDescription, file: summary.styleFile, target: id))
        }
        do {
            let node = try timings.measure(.parse) { () throws(JSONSyntaxError) in try JSONReader.parse(bytes, file: summary.styleFile) }
            guard case .object = node.value else {
                return .failure(
                    Diagnostic(
                        .error, rule: .styleRoot, "a style.json must hold a JSON object, found \(node.value.typeName)", at: node.location,
                        pointer: .root, target: id))
            }
            return .success(node)
        } catch {
            return .failure(Diagnostic(.error, rule: .jsonSyntax, error.message, at: error.location, pointer: error.pointer, target: id))
        }
    }

    /// The target's document merged over its ancestors'.
    public func merged(_ id: String) -> MergeResult {
        guard parents.contains(id) else { return merge(id) }
        return mergedParents.value(for: id) { merge(id) }
    }

    private func merge(_ id: String) -> MergeResult {
        guard graph.chain(of: id) != nil, let summary = graph.targets[id] else {
            return .failed([])
        }
        let own: JSONNode
        switch document(of: id) {
        case .success(let node): own = node
        case .failure(let diagnostic): return .failed([diagnostic])
        }
        guard let parent = summary.extends else {
            return .merged(own)
        }
        guard case .merged(var base) = merged(parent) else {
            return .failed([])
        }
        if case .object(var object) = base.value {
            for key in Self.ownKeys { object.remove(key) }
            base.value = .object(object)
        }
        guard let result = MergePatch.apply(own, to: base, replacesWhole: replacesWhole) else {
            return .failed([])
        }
        return .merged(result)
    }
}

/// Finds assets for the resolver through a `Source`: in the declaring target's
/// directory, then its ancestors'. An inherited file is read and sniffed once.
public final class SourceAssetLocator: AssetLocator, Sendable {
    let source: any Source
    let graph: TargetGraph
    let targetsDirectory: String
    /// What each recently seen inherited blob is (type, pixel size) and its size
    /// in bytes: a base's font is asked for by every client that extends it.
    /// A target's own assets are asked for by its own resolution only, so they
    /// are not kept: keeping them cost more than sniffing them (2026-11-25).
    private let infoByBlob = RecentMemo<ObjectID, Described>(capacity: 4_096)

    private struct Described: Sendable {
        var info: AssetInfo
        var size: Int
    }

    public init(source: any Source, graph: TargetGraph, targetsDirectory: String) {
        self.source = source
        self.graph = graph
        self.targetsDirectory = targetsDirectory
    }

    public func locate(_ path: String, declaredIn declaringFile: String) -> AssetLookup {
        if let reason = PathSafety.refusal(forPath: path) {
            return .refused(reason: reason.description)
        }
        // targets/<id>/style.json → <id>
        let prefix = targetsDirectory + "/"
        guard declaringFile.hasPrefix(prefix) else { return .missing(searched: []) }
        let declaring = String(declaringFile.dropFirst(prefix.count).prefix { $0 != "/" })
        let chain = graph.chain(of: declaring) ?? [declaring]
        var searched: [String] = []
        for target in chain {
            let candidate = prefix + target + "/" + path
            searched.append(candidate)
            do {
                guard let entry = try source.fileEntry(at: candidate) else { continue }
                let (info, size) = try target == declaring ? describe(entry) : describeRemembered(entry)
                return .found(
                    AssetReference(path: path, repositoryPath: candidate, foundIn: target, blob: entry.id, size: size, info: info))
            } catch {
                if case .tooLarge = error { return .tooLarge(message: error.localizedDescription) }
                return .refused(reason: error.localizedDescription)
            }
        }
        return .missing(searched: searched)
    }

    private func describe(_ entry: SourceEntry) throws(RepositoryError) -> (AssetInfo, Int) {
        let bytes = try source.contents(of: entry)
        return (AssetSniffer.sniff(bytes), bytes.count)
    }

    private func describeRemembered(_ entry: SourceEntry) throws(RepositoryError) -> (AssetInfo, Int) {
        let described = try infoByBlob.value(for: entry.id) { () throws(RepositoryError) in
            let (info, size) = try describe(entry)
            return Described(info: info, size: size)
        }
        return (described.info, described.size)
    }
}
