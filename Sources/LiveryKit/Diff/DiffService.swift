import Foundation
import LiveryConcurrency
import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryText

/// The git side of `livery diff`: opens BASE (a revision) and HEAD (a revision or
/// the working tree), decides which targets need comparing from tree ids, pairs
/// renamed targets, resolves what changed and hands it to `DiffEngine`.
///
/// Fast path: a target whose own tree and whose ancestors' trees are the same in
/// both revisions, under the same schema, is unchanged without reading a file,
/// so the cost grows with what changed, not with the number of clients.
package struct DiffService: Sendable {
    let base: Workspace
    let head: Workspace
    /// Where the headers of target directories read are remembered between runs; nil for none.
    let headerCache: TargetHeaderCache?

    init(base: Workspace, head: Workspace, headerCache: TargetHeaderCache? = nil) {
        self.base = base
        self.head = head
        self.headerCache = headerCache
    }

    /// One revision's targets, graph and schema.
    struct Side {
        let workspace: Workspace
        let listing: TargetListing
        let graph: TargetGraph
        /// The schema in force, parsed only when a target is resolved.
        let schemaFile: String
        let schemaBytes: [UInt8]
        /// The app's contract file's bytes (nil without one) and what it says.
        let contractBytes: [UInt8]?
        let contract: ContractLoader.State

        init(_ workspace: Workspace, reusing known: TargetTable = TargetTable(), jobs: Int) async throws {
            try await self.init(SideInputs(workspace), reusing: known, jobs: jobs)
        }

        /// The side from its inputs, read once: only the targets' own directories are read here.
        init(_ inputs: SideInputs, reusing known: TargetTable = TargetTable(), jobs: Int) async throws {
            workspace = inputs.workspace
            // Targets whose directory has the same tree id in `known` are not read again.
            listing = try await TargetCatalog.list(
                in: workspace.source, targetsDirectory: workspace.configuration.targetsDirectory, reusing: known, jobs: jobs
            )
            graph = TargetGraph(listing.targets)
            (schemaFile, schemaBytes) = inputs.schema
            contractBytes = inputs.contractBytes
            contract = inputs.contract
        }

        var targetsDirectory: String { workspace.configuration.targetsDirectory }

        func isConcrete(_ id: String) -> Bool { graph.targets[id]?.abstract == false }

        /// Tree ids of the target's chain (or of the target alone when its chain is broken).
        func trees(of id: String) -> [(String, ObjectID)]? {
            guard graph.targets[id] != nil else { return nil }
            let chain = graph.chain(of: id) ?? [id]
            return chain.compactMap { member in graph.targets[member].map { (member, $0.tree) } }
        }
    }

    /// Compares the two sides, limited to `selected` targets (an abstract one
    /// selects everything extending it) when not empty. With `keepingDocuments`,
    /// each target resolved on both sides keeps both resolved documents (for updates);
    /// with `keepingStyles`, each changed target keeps its resolved styles (for pictures).
    /// Up to `jobs` targets are read or compared at once.
    func diff(selected: [String] = [], jobs: Int, keepingDocuments: Bool = false, keepingStyles: Bool = false) async throws -> DiffReport {
        // Targets whose directory is the same in both revisions are placed in the graph
        // from a quick scan of their style.json, read once; only changed ones are read fully.
        let sameLayout = base.configuration.targetsDirectory == head.configuration.targetsDirectory
        // Each side's targets directory, schema and contract are read once, here; every
        // step below takes them from these. When the targets differ at all, compiling
        // BASE's schema (milliseconds) starts at once in a task of its own, beside the listing.
        let baseInputs = try SideInputs(base)
        let headInputs = try SideInputs(head)
        let baseTargets = baseInputs.targets?.id
        let headTargets = headInputs.targets?.id
        let sameContract = baseInputs.contractBytes == headInputs.contractBytes
        let mayResolve = !sameLayout || baseTargets == nil || baseTargets != headTargets || !sameContract
        let repository = base.repository
        async let baseCompiled = mayResolve ? Self.prepare(repository, jobs: jobs, schema: baseInputs.schema) : nil
        let quick =
            sameLayout ? try await Self.quickSummaries(base: baseInputs, head: headInputs, cache: headerCache, jobs: jobs) : TargetTable()
        let old = try await Side(baseInputs, reusing: quick, jobs: jobs)
        // HEAD reuses BASE's summaries as they are: the graph already holds them by id.
        let new = try await Side(headInputs, reusing: sameLayout ? old.graph.targets : TargetTable(), jobs: jobs)
        // The contract is an input of every client, as the schema is: when it changed, every
        // client of HEAD is checked against it again.
        let sameSchema =
            old.schemaBytes == new.schemaBytes && old.targetsDirectory == new.targetsDirectory && old.contractBytes == new.contractBytes
        // One compiled schema serves both sides when their schemas are the same bytes.
        async let headCompiled = mayResolve && old.schemaBytes != new.schemaBytes ? new.compiledSchema() : nil

        let selection = try TargetSelection(selected, in: [old.graph, new.graph])
        let candidates = Set(old.graph.concrete).union(new.graph.concrete).filter(selection.contains)

        let classes = Self.classify(candidates, old: old, new: new, sameSchema: sameSchema)
        let renames = try detectRenames(removed: classes.removed, added: classes.added, old: old, new: new)
        let pairs = Self.pairing(classes, renames: renames)
        let unchanged = classes.unchanged

        // A schema is waited for only when a side has targets to resolve.
        let needsOld = pairs.contains { $0.base != nil }
        let needsNew = pairs.contains { $0.head != nil }
        let oldResolver = try old.resolverIfNeeded(needsOld, schema: needsOld ? await baseCompiled : nil)
        let newSchema: CompiledStyleSchema?
        if !needsNew {
            newSchema = nil
        } else if old.schemaBytes == new.schemaBytes {
            newSchema = try await baseCompiled
        } else {
            newSchema = try await headCompiled
        }
        // HEAD's clients are held to HEAD's contract, as validate holds them.
        let newResolver = try new.resolverIfNeeded(needsNew, schema: newSchema, checkingContract: true)
        // A release that takes one of HEAD's contract pairs below its target lowers access.
        let colorPairs = new.contract.contract?.colorPairs ?? []
        let compared = await Parallel.map(pairs, width: jobs) { ids in
            let pair = TargetPair(
                base: ids.base.flatMap { oldResolver?.snapshot(of: $0) },
                head: ids.head.flatMap { newResolver?.snapshot(of: $0) },
                changedInChain: Self.changedInChain(baseID: ids.base, headID: ids.head, old: old, new: new)
            )
            return DiffEngine.compare(
                pair, keepingDocuments: keepingDocuments, keepingStyles: keepingStyles, colorPairs: colorPairs,
                contrastMinimum: new.workspace.configuration.contrastMinimum
            ).map(Compared.changed) ?? .identical(pair.id)
        }
        var results: [TargetDiff] = []
        var identical: [String] = []
        for outcome in compared {
            switch outcome {
            case .changed(let diff): results.append(diff)
            case .identical(let id): identical.append(id)
            }
        }
        var report = DiffReport(
            base: Self.info(base.source), head: Self.info(head.source),
            targets: results, unchanged: unchanged.count + identical.count,
            unchangedTargets: unchanged + identical, contract: Self.contractDiff(old: old, new: new)
        )
        report.headContractProblems = new.contract.problems
        report.sideContracts = [old.contract.contract, new.contract.contract].compactMap { $0 }
        return report
    }

    /// Where each client selected stands before anything is resolved.
    struct Classification {
        /// Unchanged by the fast path: ids, not a count, since `--verbose` lists them.
        var unchanged: [String] = []
        var inBoth: [String] = []
        var removed: [String] = []
        var added: [String] = []
    }

    /// The fast path first: identical chains of identical trees are unchanged,
    /// as is a client whose ancestors changed only values it overrides.
    static func classify(_ candidates: Set<String>, old: Side, new: Side, sameSchema: Bool) -> Classification {
        var classes = Classification()
        let shadowing = ShadowCheck(old: old, new: new)
        // Targets whose own directory is the same in both revisions, found once.
        var sameTree: Set<String> = []
        sameTree.reserveCapacity(old.graph.targets.count)
        for summary in old.graph.targets.values where new.graph.targets[summary.id]?.tree == summary.tree { sameTree.insert(summary.id) }
        func sameChainOfSameTrees(_ id: String) -> Bool {
            // A broken chain stands for the target alone, as in `trees(of:)`. When
            // every member's directory is the same, so is every member's `extends`,
            // and the chain in HEAD is this one.
            guard let chain = old.graph.chain(of: id) else {
                return sameTree.contains(id) && new.graph.chain(of: id) == nil
            }
            return chain.allSatisfy(sameTree.contains)
        }
        for id in candidates.sorted() {
            switch (old.isConcrete(id), new.isConcrete(id)) {
            case (true, true):
                if sameSchema, sameChainOfSameTrees(id) {
                    classes.unchanged.append(id)
                } else if sameSchema, shadowing.shadowsEveryChange(for: id) {
                    // Only ancestors' style.json changed, and only in values this
                    // target (or a group between) overrides: the merged document is the same.
                    classes.unchanged.append(id)
                } else {
                    classes.inBoth.append(id)
                }
            case (true, false): classes.removed.append(id)
            case (false, true): classes.added.append(id)
            case (false, false): break
            }
        }
        return classes
    }

    /// The pairs to compare: clients in both, then renames, then what was
    /// removed or added without a rename.
    static func pairing(_ classes: Classification, renames: [String: String]) -> [Pairing] {
        var pairing = classes.inBoth.map { Pairing(base: $0, head: $0) }
        let renamedOld = Set(renames.keys)
        let renamedNew = Set(renames.values)
        for (from, to) in renames.sorted(by: { $0.key < $1.key }) { pairing.append(Pairing(base: from, head: to)) }
        for id in classes.removed where !renamedOld.contains(id) { pairing.append(Pairing(base: id, head: nil)) }
        for id in classes.added where !renamedNew.contains(id) { pairing.append(Pairing(base: nil, head: id)) }
        return pairing
    }

    /// A target's id in BASE and in HEAD (different when renamed; nil when absent).
    struct Pairing: Sendable {
        var base: String?
        var head: String?
    }

    private enum Compared: Sendable {
        case changed(TargetDiff)
        case identical(String)
    }

    /// BASE's schema compiled, with the repository ready for `jobs` readers:
    /// the targets resolved later, one per task, each read through a handle of their own.
    private static func prepare(_ repository: Repository?, jobs: Int, schema: (file: String, bytes: [UInt8])) throws -> CompiledStyleSchema
    {
        repository?.prepareHandles(jobs)
        return try SchemaLoader.compile(file: schema.file, bytes: schema.bytes)
    }

    /// Summaries, by id, of the targets whose directory has the same tree id in both
    /// revisions, from `StyleHeader` (only `extends` and `abstract` kept); targets it
    /// cannot read simply are left to the full listing.
    ///
    /// Headers already in `cache` are taken from it without reading a git
    /// object; those read are added to it for the next run.
    static func quickSummaries(base inputs: SideInputs, head: SideInputs, cache: TargetHeaderCache?, jobs: Int) async throws -> TargetTable
    {
        let base = inputs.workspace
        guard let old = inputs.targets, let new = head.targets else { return TargetTable() }
        var newIDs: [String: ObjectID] = [:]
        for entry in new.entries where entry.isDirectory { newIDs[entry.name] = entry.id }
        let same = old.entries.filter { $0.isDirectory && newIDs[$0.name] == $0.id && TargetID.isValid($0.name) }
        // Read straight from the object database, one lookup per directory: the
        // summaries only stand for directories identical in both revisions, and
        // anything unusual (no style.json, too large, not simply written) is left
        // to the full listing, which reports it.
        guard base.source.commit != nil, let repository = base.repository else { return TargetTable() }
        let remembered = cache?.load() ?? []
        var known: [ObjectID: TargetHeader] = [:]
        known.reserveCapacity(remembered.count)
        for (tree, header) in remembered { known[tree] = header }

        let maxSize = base.configuration.sizeLimits.maxStyleBytes
        var found: [TargetSummary] = []
        var unknown: [SourceEntry] = []
        for entry in same {
            if let header = known[entry.id], header.styleSize <= maxSize {
                found.append(
                    TargetSummary(
                        id: entry.name, extends: header.extends, abstract: header.abstract,
                        tree: entry.id, styleFile: entry.path + "/" + TargetCatalog.styleFileName
                    ))
            } else {
                unknown.append(entry)
            }
        }
        let read = await Parallel.map(unknown, width: jobs) { entry -> (summary: TargetSummary, header: TargetHeader)? in
            guard let bytes = try? repository.smallFile(named: TargetCatalog.styleFileName, inTree: entry.id, maxSize: maxSize),
                let scanned = StyleHeader.scan(bytes)
            else { return nil }
            let summary = TargetSummary(
                id: entry.name, extends: scanned.extends, abstract: scanned.abstract,
                tree: entry.id, styleFile: entry.path + "/" + TargetCatalog.styleFileName
            )
            return (summary, TargetHeader(styleSize: bytes.count, abstract: scanned.abstract, extends: scanned.extends))
        }
        // In name order (the directory's), so the cache file is the same whichever task read what.
        let fresh = read.compactMap { $0 }
        found += fresh.map(\.summary)
        // Only headers a later run can take as they are: a parent that is a valid id.
        let remember = fresh.filter { $0.header.extends.map(TargetID.isValid) ?? true }.map { (tree: $0.summary.tree, header: $0.header) }
        cache?.save(previous: remembered, adding: remember)
        return TargetTable(found)
    }

    /// How the app's contract differs between the sides, when its file does.
    static func contractDiff(old: Side, new: Side) -> ContractDiff? {
        guard old.contractBytes != new.contractBytes else { return nil }
        return ContractDiff.compare(
            base: old.contract.contract, head: new.contract.contract,
            baseExists: old.contractBytes != nil, headExists: new.contractBytes != nil, headErrors: new.contract.problems,
            file: ContractLoader.path(targetsDirectory: new.contractBytes != nil ? new.targetsDirectory : old.targetsDirectory)
        )
    }

    static func info(_ source: any Source) -> RevisionInfo {
        RevisionInfo(label: source.label, revision: source.commit?.spec, commit: source.commit?.id.hex)
    }

    /// The targets of either chain whose directory differs between the revisions, nearest first.
    static func changedInChain(baseID: String?, headID: String?, old: Side, new: Side) -> [String] {
        let oldTrees = baseID.flatMap { old.trees(of: $0) } ?? []
        let newTrees = headID.flatMap { new.trees(of: $0) } ?? []
        let oldByID = Dictionary(oldTrees, uniquingKeysWith: { a, _ in a })
        let newByID = Dictionary(newTrees, uniquingKeysWith: { a, _ in a })
        var result: [String] = []
        for (id, _) in newTrees + oldTrees where !result.contains(id) {
            if oldByID[id] != newByID[id] || old.graph.targets[id]?.tree != new.graph.targets[id]?.tree { result.append(id) }
        }
        return result
    }

    /// Pairs removed and added targets that are the same directory renamed: by git's
    /// rename detection between the two commits' target trees, or (for the working
    /// tree, whose trees are not in the object database) by identical content.
    func detectRenames(removed: [String], added: [String], old: Side, new: Side) throws -> [String: String] {
        guard !removed.isEmpty, !added.isEmpty else { return [:] }
        let removedSet = Set(removed)
        let addedSet = Set(added)
        var votes: [String: [String: Int]] = [:]
        if old.workspace.source.commit != nil, new.workspace.source.commit != nil, let repository = base.repository,
            let oldTree = old.listing.tree, let newTree = new.listing.tree
        {
            // A directory is renamed when most of its files went to the same new directory:
            // a new client made from a copy of another's style.json is not a rename.
            // Files moved unchanged are found from object ids; then, for directories
            // still unpaired, an edited style.json counts when git finds it similar
            // (only the style files are compared by content: fingerprinting every
            // image of every added and removed client would cost more than the diff).
            var files: [String: Int] = [:]
            var movedExactly: Set<String> = []
            func topDirectory(_ path: String?) -> String? { path?.split(separator: "/").first.map(String.init) }
            for change in try repository.diff(
                from: oldTree, to: newTree, under: removed + added, detectRenames: true, exactRenamesOnly: true)
            {
                guard let from = topDirectory(change.oldPath), removedSet.contains(from) else { continue }
                files[from, default: 0] += 1
                guard change.kind == .renamed, let to = topDirectory(change.newPath), addedSet.contains(to) else { continue }
                votes[from, default: [:]][to, default: 0] += 1
                if let path = change.oldPath { movedExactly.insert(path) }
            }
            func paired(_ from: String) -> Bool { votes[from]?.values.contains { $0 * 2 > files[from, default: 0] } ?? false }
            let unpaired = removed.filter { !paired($0) }
            let claimed = Set(removed.compactMap { from in votes[from]?.first { $0.value * 2 > files[from, default: 0] }?.key })
            let open = added.filter { !claimed.contains($0) }
            if !unpaired.isEmpty, !open.isEmpty {
                let styles = (unpaired + open).map { $0 + "/" + TargetCatalog.styleFileName }
                for change in try repository.diff(from: oldTree, to: newTree, under: styles, detectRenames: true)
                where change.kind == .renamed {
                    guard let path = change.oldPath, !movedExactly.contains(path), let from = topDirectory(path),
                        unpaired.contains(from), let to = topDirectory(change.newPath), addedSet.contains(to)
                    else { continue }
                    votes[from, default: [:]][to, default: 0] += 1
                }
            }
            for (from, targets) in votes {
                votes[from] = targets.filter { $0.value * 2 > files[from, default: 0] }
            }
        } else {
            for from in removed {
                guard let oldSummary = old.graph.targets[from] else { continue }
                let oldStyle = try old.workspace.source.fileEntry(at: oldSummary.styleFile)?.id
                for to in added {
                    guard let newSummary = new.graph.targets[to] else { continue }
                    if oldSummary.tree == newSummary.tree {
                        votes[from, default: [:]][to, default: 0] += 2
                    } else if let oldStyle, oldStyle == (try new.workspace.source.fileEntry(at: newSummary.styleFile)?.id) {
                        votes[from, default: [:]][to, default: 0] += 1
                    }
                }
            }
        }
        // Each side is used once: best-voted first, ties by name, so the result is stable.
        var result: [String: String] = [:]
        var taken: Set<String> = []
        let ranked = votes.flatMap { from, targets in targets.map { (from: from, to: $0.key, votes: $0.value) } }
            .sorted { ($1.votes, $0.from, $0.to) < ($0.votes, $1.from, $1.to) }
        for candidate in ranked where result[candidate.from] == nil && !taken.contains(candidate.to) {
            result[candidate.from] = candidate.to
            taken.insert(candidate.to)
        }
        return result
    }

    /// The bytes of the asset and font files a report shows, by blob id, for the HTML page:
    /// BASE's files from BASE, HEAD's from HEAD; files over `limit` bytes are left out.
    func assetBytes(for report: DiffReport, limit: Int) -> AssetPreviews {
        var previews = AssetPreviews()
        func read(_ value: DiffValue?, from source: any Source) {
            let files: [AssetFile]
            switch value {
            case .asset(let byslot)?: files = Array(byslot.values)
            // A font's file, for the specimen the HTML page draws in it.
            case .font(let font)?: files = font.file.map { [AssetFile($0)] } ?? []
            default: return
            }
            for file in files where file.size <= limit && previews.bytes[file.blob] == nil && previews.unreadable[file.blob] == nil {
                guard let id = ObjectID(hex: file.blob) else {
                    previews.unreadable[file.blob] = "'\(file.blob)' is not an object id"
                    continue
                }
                let name = PathName.fileName(of: file.repositoryPath)
                let entry = SourceEntry(name: name, path: file.repositoryPath, isDirectory: false, id: id)
                // A failed read is shown in the report, not dropped: the image would silently be missing.
                do {
                    previews.bytes[file.blob] = try source.contents(of: entry)
                } catch {
                    previews.unreadable[file.blob] = error.message
                }
            }
        }
        for target in report.targets {
            for change in target.changes {
                read(change.old, from: base.source)
                read(change.new, from: head.source)
            }
        }
        return previews
    }
}
