import LiveryArchive
import LiveryConcurrency
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryTargets
import LiveryText

/// `livery build`'s last stage of the `TargetPipeline`: emit (each platform's files for a
/// resolved target, in memory; pure) and write (the assets they copy read, launcher icons
/// scaled, every file hashed, the manifest added and the bundle installed atomically).
/// It runs in the task that checked the target, moments after the target resolved, so the
/// assets read to check it are still in `assets`' recent memory when they are copied.
struct BundleStage: TargetStage {
    let platforms: [Platform]
    let archive: ArchiveFormat?
    let directory: BundleDirectory
    /// Where asset bytes are read: the build's source behind a memory of recent reads.
    let assets: any Source
    /// The source the bundle is built from, which its manifest names.
    let source: any Source
    let schemaID: String
    let inputs: BundleInputs
    let images: DerivedImageCache
    let timings: PhaseTimings
    private let written = Locked(Written())

    init(
        platforms: [Platform], archive: ArchiveFormat?, directory: BundleDirectory, assets: any Source, source: any Source,
        schemaID: String, inputs: BundleInputs, timings: PhaseTimings
    ) {
        self.platforms = platforms
        self.archive = archive
        self.directory = directory
        self.assets = assets
        self.source = source
        self.schemaID = schemaID
        self.inputs = inputs
        self.timings = timings
        images = DerivedImageCache(folder: directory.folder)
    }

    /// What the stage did, in the order targets finished.
    struct Written: Sendable {
        var built: [String] = []
        var failures: [any Error] = []
    }

    var outcome: Written { written.withLock { $0 } }

    func process(_ target: ResolvedTarget) -> [Diagnostic] {
        let style = target.style
        // Only stale targets are checked; a broken chain never resolves.
        guard let inputs = inputs.of(style.id) else { return [] }
        do {
            let emitted = timings.measure(.emit) { Self.emit(style, platforms: platforms, variants: target.variants) }
            try timings.measure(.write) { try write(emitted, id: style.id, inputs: inputs) }
            written.withLock { $0.built.append(style.id) }
        } catch let oversized as OversizedImageError {
            return [oversized.diagnostic(style, document: target.document)]
        } catch let failed as DerivedImageError {
            // Only the app icon is decoded; its problem is the style's, at the line naming it.
            if let icon = style.appIcon, icon.repositoryPath == failed.path {
                return [AppIconDecoding.diagnostic(icon, failed.reason, document: target.document, target: style.id)]
            }
            written.withLock { $0.failures.append(failed) }
        } catch {
            written.withLock { $0.failures.append(error) }
        }
        return []
    }

    /// Every file of one bundle, in memory (assets still as references): with
    /// variants, `variants.json` (the set the runtime reads) and each variant's
    /// resolved `variants/<name>/style.json`.
    static func emit(_ style: ResolvedStyle, platforms: [Platform], variants: ResolvedVariants? = nil) -> [EmittedFile] {
        var files = [ResolvedStyleJSON.file(for: style)]
        for platform in platforms { files += platform.files(for: style) }
        if let variants {
            files.append(EmittedFile(path: "variants.json", bytes: variants.set.bytes))
            for (name, variant) in variants.styles {
                files.append(EmittedFile(path: "variants/\(name)/style.json", bytes: ResolvedStyleJSON.bytes(for: variant)))
            }
        }
        return files
    }

    /// The emitted files with their bytes, hashed, with the manifest, installed as one
    /// directory or one archive.
    private func write(_ emitted: [EmittedFile], id: String, inputs: BundleManifest.Inputs) throws {
        var files = try Self.materialize(emitted, from: assets, images: images)
        BundleManifest.hash(&files)
        let manifest = BundleManifest.bytes(id: id, source: source, schemaID: schemaID, inputs: inputs, files: files)
        files.append(BundleFile(path: BundleManifest.fileName, bytes: manifest))
        if let archive {
            try directory.installArchive(id: id, format: archive, files: files)
        } else {
            try directory.install(id: id, files: files)
        }
    }

    /// Reads the assets the files copy, and makes the images they transform.
    /// An asset copied to several places (1x for iOS and mdpi for Android, say) is read once;
    /// every size made from one asset comes from one decode, or from `images`' cache.
    static func materialize(_ files: [EmittedFile], from source: any Source, images: DerivedImageCache = DerivedImageCache(folder: nil))
        throws -> [BundleFile]
    {
        var read: [ObjectID: [UInt8]] = [:]
        func contents(_ asset: AssetReference) throws -> [UInt8] {
            if let bytes = read[asset.blob] { return bytes }
            let name = PathName.fileName(of: asset.repositoryPath)
            let entry = SourceEntry(name: name, path: asset.repositoryPath, isDirectory: false, id: asset.blob)
            let bytes = try source.contents(of: entry)
            read[asset.blob] = bytes
            return bytes
        }
        var transformed: [ObjectID: [AssetTransform: [UInt8]]] = [:]
        for file in files {
            guard let asset = file.asset, file.transform != nil, transformed[asset.blob] == nil else { continue }
            let all = files.compactMap { $0.asset?.blob == asset.blob ? $0.transform : nil }
            transformed[asset.blob] = try images.images(of: asset, transforms: all) { try contents(asset) }
        }
        return try files.map { file in
            guard let asset = file.asset else { return BundleFile(path: file.path, bytes: file.bytes) }
            let origin = BundleFile.Origin(blob: asset.blob, transform: file.transform)
            guard let transform = file.transform else { return BundleFile(path: file.path, bytes: try contents(asset), origin: origin) }
            guard let bytes = transformed[asset.blob]?[transform] else {
                throw DerivedImageError(path: asset.repositoryPath, reason: .failed("make \(transform) of"))
            }
            if let limit = file.byteLimit, bytes.count > limit {
                throw OversizedImageError(path: asset.repositoryPath, output: file.path, size: bytes.count, limit: limit)
            }
            return BundleFile(path: file.path, bytes: bytes, origin: origin)
        }
    }
}
