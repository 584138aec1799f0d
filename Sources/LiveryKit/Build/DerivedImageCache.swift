import Foundation
import LiveryConcurrency
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryImage
import LiveryTargets

/// Images the writer makes from assets (launcher icons scaled from the app
/// icon), kept in memory for the build and on disk across builds, so an
/// unchanged icon is decoded and resampled once, not on every build.
///
/// On disk each image is `<out>/.livery-cache/images/<sha256>.png`, named by the
/// hash of the source blob id, the transform and ``formatVersion``: the content
/// decides the name, so an entry is never stale, only unused. Entries are written
/// to a temporary file and renamed into place, and checked when read (PNG
/// signature, IEND, size); a damaged one is made again. Directories starting
/// with `.` are never bundles, so the cache is not listed or removed as one.
final class DerivedImageCache: Sendable {
    /// Part of every key: raise it when the bytes made for a transform change.
    static let formatVersion = "livery-derived-image 2"
    static let directoryName = ".livery-cache/images"
    /// Entries kept in memory at most, in bytes: a few dozen icons' sizes, enough
    /// for icons shared through a base target, without holding every client's.
    static let memoryLimit = 8 << 20

    /// The output the cache lives in, opened once: entries are read and written
    /// relative to it, never through a link (a cache directory that is a link is
    /// no cache: images are made in memory).
    private let folder: OutputFolder?
    private let state = Locked(State())

    /// What the build's workers share: the images in memory, and the on-disk
    /// directory's state.
    private struct State: Sendable {
        var memory: [Key: [UInt8]] = [:]
        var memoryBytes = 0
        var directoryMade = false
        var temporaryCounter = 0
    }

    private struct Key: Hashable, Sendable {
        var blob: ObjectID
        var transform: AssetTransform
    }

    /// `folder` is the build's output directory; nil keeps images in memory only.
    init(folder: OutputFolder?) {
        self.folder = folder
    }

    /// A cache in the output directory at `output` (for tests and tools); nil, or
    /// one that cannot be opened, keeps images in memory only.
    convenience init(output: URL?) {
        self.init(folder: output.flatMap { try? OutputFolder($0.path, create: true) })
    }

    /// Each transform of one asset; `read` is called (once) only when one of them
    /// must be made.
    func images(of asset: AssetReference, transforms: [AssetTransform], read: () throws -> [UInt8]) throws -> [AssetTransform: [UInt8]] {
        var found: [AssetTransform: [UInt8]] = [:]
        var missing: [AssetTransform] = []
        for transform in Set(transforms) {
            if let bytes = cached(Key(blob: asset.blob, transform: transform)) {
                found[transform] = bytes
            } else {
                missing.append(transform)
            }
        }
        guard !missing.isEmpty else { return found }
        let source = try read()
        // One resampling per kind of output (RGB as the source has it, or always RGBA).
        for forcesAlpha in [false, true] {
            var sizes: [PixelSize: AssetTransform] = [:]
            for transform in missing where transform.forcesAlpha == forcesAlpha {
                sizes[PixelSize(width: transform.size.width, height: transform.size.height)] = transform
            }
            guard !sizes.isEmpty else { continue }
            let made: [PixelSize: [UInt8]]
            do {
                made = try PNGResampler.resize(source, to: Array(sizes.keys), forceAlpha: forcesAlpha)
            } catch {
                throw DerivedImageError(path: asset.repositoryPath, reason: error)
            }
            for (size, bytes) in made {
                guard let transform = sizes[size] else { continue }
                found[transform] = bytes
                store(bytes, for: Key(blob: asset.blob, transform: transform))
            }
        }
        return found
    }

    private func cached(_ key: Key) -> [UInt8]? {
        if let remembered = state.withLock({ $0.memory[key] }) { return remembered }
        guard let folder, let path = path(for: key), let bytes = folder.read(path, limit: 64 << 20) else { return nil }
        guard Self.isIntact(bytes, for: key.transform) else { return nil }
        remember(bytes, for: key)
        return bytes
    }

    private func store(_ bytes: [UInt8], for key: Key) {
        remember(bytes, for: key)
        guard let folder, let path = path(for: key) else { return }
        let temporary = state.withLock { state in
            if !state.directoryMade {
                state.directoryMade = (try? folder.makeDirectories(Self.directoryName)) != nil
            }
            state.temporaryCounter += 1
            return "\(path).tmp-\(getpid())-\(state.temporaryCounter)"
        }
        // The cache only saves time: a write that fails leaves no entry, and the
        // image is made again next time.
        do {
            try folder.createFile(temporary, bytes, exclusive: true)
            try folder.rename(temporary, to: path)
        } catch {
            try? folder.remove(temporary)
        }
    }

    private func remember(_ bytes: [UInt8], for key: Key) {
        state.withLock { state in
            guard state.memory[key] == nil, state.memoryBytes + bytes.count <= Self.memoryLimit else { return }
            state.memory[key] = bytes
            state.memoryBytes += bytes.count
        }
    }

    private func path(for key: Key) -> String? {
        let name = BundleManifest.sha256(Array("\(Self.formatVersion)\n\(key.blob.hex)\n\(key.transform.key)".utf8))
        return Self.directoryName + "/" + name + ".png"
    }

    /// A whole PNG of the size the transform makes: a file cut short, overwritten
    /// or from another transform is not.
    static func isIntact(_ bytes: [UInt8], for transform: AssetTransform) -> Bool {
        guard PNGResampler.isComplete(bytes), let size = PNGResampler.size(ofPNG: bytes) else { return false }
        return size == PixelSize(width: transform.size.width, height: transform.size.height)
    }
}

/// An asset the writer could not turn into the image an emitter asked for.
struct DerivedImageError: UserError, LocalizedError, Sendable {
    var path: String
    var reason: ImageError

    var errorDescription: String? { "cannot scale '\(path)': \(reason)" }
}
