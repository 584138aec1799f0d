import CLiveryFS
import Foundation
import LiveryConcurrency
import LiveryDiff
import LiveryEngine
import LiveryGallery
import LiveryGit
import LiveryTargets
import LiveryText

/// What `livery gallery` asks: the clients of one revision (and in review mode
/// what changed since `base`), written to `output`.
package struct GalleryRequest: Sendable {
    var repository: RepositorySelection
    package var base: String?
    package var targets: [String] = []
    /// The directory, relative to the current directory.
    var output: String
    package var jobs = ProcessInfo.processInfo.activeProcessorCount

    package init(repository: RepositorySelection, output: String) {
        self.repository = repository
        self.output = output
    }

    /// `output` from the current directory.
    var outputURL: URL { URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) }
}

/// What a gallery holds, for the command's last line.
package struct GallerySummary: Sendable {
    var clients = 0
    var invalid = 0
    /// In review mode, the clients that differ from the base.
    var changed: Int?
    var assets = 0
    var pageBytes = 0
    /// The app's contract's problems when it cannot be read: then no client
    /// was held to it, which the command says beside them.
    package var contractProblems: [Diagnostic] = []
}

extension GallerySummary: CommandOutcome {
    /// Written: invalid clients are shown, not fatal; what stops it is thrown.
    package var exitStatus: ExitStatus { .success }
}

/// `livery gallery`: resolves every client at a revision (and, in review mode,
/// what the diff engine says changed since the base), reads each asset blob
/// once, and writes `index.html` and `assets/<sha256>.<ext>`. The site is
/// written beside the output directory and swapped in whole, so a reader
/// sees the old gallery or the new one, never half of one.
package struct GalleryService: Sendable {
    let head: Workspace
    let base: Workspace?

    init(head: Workspace, base: Workspace?) {
        self.head = head
        self.base = base
    }

    /// `livery gallery`: the revision shown (and in review mode the base) opened, then the site written.
    package static func run(_ request: GalleryRequest) async throws -> GallerySummary {
        let head = try Workspace.open(request.repository)
        let old = try request.base.map { try Workspace.open(request.repository.at($0), in: head.repository) }
        return try await GalleryService(head: head, base: old).write(request)
    }

    /// The page; each asset file goes to `asset` as soon as it is read, so a
    /// thousand clients' images are never all in memory at once.
    func site(
        _ request: GalleryRequest, asset: (_ path: String, _ bytes: [UInt8]) throws -> Void
    ) async throws -> (page: String, summary: GallerySummary) {
        let side = try await DiffService.Side(head, jobs: request.jobs)
        let selected = try Self.select(request.targets, in: side.graph)
        let resolver = SideResolver(side: side, schema: try side.compiledSchema(), checkingContract: true)
        let states = await Parallel.map(selected, width: request.jobs) { (id: String) in resolver.galleryState(of: id) }
        let contract = try ContractLoader.version(in: head)
        var clients = zip(selected, states).flatMap { id, state in
            let chain = side.graph.chain(of: id) ?? [id]
            let client = GalleryClient(id: id, chain: chain, state: state, contract: contract)
            // Each client's variants beside it; a review compares clients only.
            guard base == nil, case .resolved = state else { return [client] }
            return [client] + resolver.galleryVariants(of: id, chain: chain)
        }
        var sources: [any Source] = Array(repeating: head.source, count: clients.count)

        var baseLabel: String?
        if let base {
            let report = try await DiffService(base: base, head: head).diff(selected: request.targets, jobs: request.jobs)
            baseLabel = report.base.label
            let old = try await DiffService.Side(base, jobs: request.jobs)
            let oldResolver = SideResolver(side: old, schema: try old.compiledSchema())
            let byID = Dictionary(report.targets.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
            let befores = await Parallel.map(report.targets, width: request.jobs) { diff -> GalleryClient.State? in
                guard diff.status != .added else { return nil }
                return oldResolver.galleryState(of: diff.renamedFrom ?? diff.id)
            }
            var beforeByID: [String: GalleryClient.State] = [:]
            for (diff, before) in zip(report.targets, befores) { if let before { beforeByID[diff.id] = before } }
            for index in clients.indices {
                let id = clients[index].id
                if let diff = byID[id] {
                    clients[index].review = GalleryReview(diff, before: beforeByID[id])
                } else {
                    clients[index].review = GalleryReview(status: .unchanged)
                }
            }
            // Removed clients are shown as they were, from the base's files.
            let shown = Set(selected)
            for diff in report.targets where diff.status == .removed && !shown.contains(diff.id) {
                guard let before = beforeByID[diff.id] else { continue }
                clients.append(
                    GalleryClient(
                        id: diff.id, chain: old.graph.chain(of: diff.id) ?? [diff.id], state: before,
                        review: GalleryReview(diff, before: before)
                    ))
                sources.append(base.source)
            }
        }

        let assets = try Self.assets(of: clients, sources: sources, base: base?.source, writing: asset)
        let page = GalleryPage(revision: head.source.label, base: baseLabel, clients: clients, assets: assets)
        let html = GalleryHTML.render(page)
        var summary = GallerySummary()
        // Variants' cards (`<id> · <name>`: a target id has no space) are not clients of their own.
        let targets = clients.filter { !$0.id.contains(" ") }
        summary.clients = targets.count
        summary.invalid = targets.count { if case .invalid = $0.state { true } else { false } }
        if base != nil { summary.changed = clients.count { ($0.review?.status ?? .unchanged) != .unchanged } }
        summary.assets = Set(assets.values).count
        summary.pageBytes = html.utf8.count
        summary.contractProblems = side.contract.problems
        return (html, summary)
    }

    /// Writes the site to `request.output`, replacing a gallery already there.
    func write(_ request: GalleryRequest) async throws -> GallerySummary {
        // Never over the sources: the repository root, targets/ or templates/.
        try OutputPlace.check(
            request.outputURL.path, option: "--output", kind: .directory, example: "gallery", repository: head.repository,
            configuration: head.configuration
        )
        let staging = try GallerySite.Staging(at: request.outputURL)
        do {
            let (page, summary) = try await site(request) { path, bytes in try staging.write(path, bytes) }
            try staging.install(page: page)
            return summary
        } catch {
            staging.abandon()
            throw error
        }
    }

    /// The concrete targets to show: all, or those named (`TargetSelection`).
    static func select(_ named: [String], in graph: TargetGraph) throws -> [String] {
        try TargetSelection(named, in: graph).filter(graph.concrete)
    }

    /// Every asset file the clients show, read once per blob, named by its
    /// SHA-256 and handed to `write`: returns blob id → site path. A client's
    /// own files come from its revision; a base-side file from the base.
    static func assets(
        of clients: [GalleryClient], sources: [any Source], base: (any Source)?, writing write: (String, [UInt8]) throws -> Void
    ) throws -> [String: String] {
        var wanted: [ObjectID: (reference: AssetReference, source: any Source)] = [:]
        func add(_ state: GalleryClient.State?, from source: any Source) {
            guard case .resolved(let style, _, _)? = state else { return }
            var references: [AssetReference] = []
            if let icon = style.appIcon { references.append(icon) }
            for image in style.images.values {
                references.append(image.light.file)
                if let dark = image.dark { references.append(dark.file) }
            }
            for font in style.fonts.values { if let file = font.file { references.append(file) } }
            for variants in style.components.values {
                for properties in variants.values {
                    for case .font(let font, _) in properties.values { if let file = font.file { references.append(file) } }
                }
            }
            for reference in references where wanted[reference.blob] == nil && shown(reference.info.kind) {
                wanted[reference.blob] = (reference, source)
            }
        }
        for (client, source) in zip(clients, sources) {
            add(client.state, from: source)
            add(client.review?.before, from: base ?? source)
        }
        var paths: [String: String] = [:]
        // In blob order, so the files are written in the same order every run.
        for (blob, item) in wanted.sorted(by: { $0.key.hex < $1.key.hex }) {
            let name = PathName.fileName(of: item.reference.repositoryPath)
            let entry = SourceEntry(name: name, path: item.reference.repositoryPath, isDirectory: false, id: blob)
            // An unreadable file is shown by name only; validation already reported it.
            guard let bytes = try? item.source.contents(of: entry) else { continue }
            let path = GalleryAssetName.path(sha256: BundleManifest.sha256(bytes), kind: item.reference.info.kind)
            paths[blob.hex] = path
            try write(path, bytes)
        }
        return paths
    }

    /// Kinds a browser shows from `<img>` or `@font-face`; a PDF is named, not shown.
    static func shown(_ kind: AssetKind) -> Bool {
        switch kind {
        case .png, .jpeg, .svg, .truetype, .opentype: true
        case .pdf, .lfsPointer, .unknown: false
        }
    }
}
