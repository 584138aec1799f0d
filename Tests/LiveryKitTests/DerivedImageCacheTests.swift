import Foundation
import LiveryEmit
import LiveryGit
import LiveryImage
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryKit

@Suite("Derived images: made once, cached on disk, damaged entries made again")
struct DerivedImageCacheTests {
    static let source = TestFiles.png(width: 128, height: 128, alpha: false) { x, y in (UInt8(x * 2), UInt8(y * 2), 90, 255) }
    static let transforms: [AssetTransform] = [.resizePNG(width: 48, height: 48), .resizePNG(width: 16, height: 16)]

    func asset() throws -> AssetReference {
        let blob = try #require(ObjectID(hex: "0123456789abcdef0123456789abcdef01234567"))
        return AssetReference(
            path: "icon.png", repositoryPath: "targets/a/icon.png", foundIn: "a", blob: blob, size: Self.source.count,
            info: AssetSniffer.sniff(Self.source))
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("livery-image-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    func entries(in output: URL) throws -> [URL] {
        let directory = output.appendingPathComponent(DerivedImageCache.directoryName)
        return try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil).sorted { $0.path < $1.path }
    }

    @Test func aSecondBuildReadsTheCacheNotTheSource() throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let asset = try asset()
        var reads = 0
        let first = try DerivedImageCache(output: output).images(of: asset, transforms: Self.transforms) {
            reads += 1
            return Self.source
        }
        #expect(reads == 1, "one read and one decode for every size")
        #expect(try entries(in: output).count == 2)
        #expect(try entries(in: output).allSatisfy { $0.pathExtension == "png" }, "no temporary file is left")
        let second = try DerivedImageCache(output: output).images(of: asset, transforms: Self.transforms) {
            reads += 1
            return Self.source
        }
        #expect(reads == 1)
        #expect(first == second)
        #expect(PNGResampler.size(ofPNG: try #require(first[.resizePNG(width: 48, height: 48)])) == PixelSize(48))
    }

    @Test func damagedEntriesAreMadeAgain() throws {
        let output = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: output) }
        let asset = try asset()
        let made = try DerivedImageCache(output: output).images(of: asset, transforms: Self.transforms) { Self.source }
        let files = try entries(in: output)
        // One cut short, one replaced by a whole PNG of the wrong size.
        try Data(try Data(contentsOf: files[0]).prefix(40)).write(to: files[0])
        try Data(TestFiles.png(width: 3, height: 3)).write(to: files[1])
        var reads = 0
        let again = try DerivedImageCache(output: output).images(of: asset, transforms: Self.transforms) {
            reads += 1
            return Self.source
        }
        #expect(reads == 1)
        #expect(again == made)
        for file in files {
            let bytes = [UInt8](try Data(contentsOf: file))
            #expect(made.values.contains(bytes), "\(file.lastPathComponent) is repaired")
        }
    }

    @Test func aDamagedSourceIsAnErrorNamingTheFile() throws {
        let asset = try asset()
        #expect {
            try DerivedImageCache(output: nil).images(of: asset, transforms: Self.transforms) { Array(Self.source.prefix(100)) }
        } throws: { error in
            (error as? DerivedImageError)?.errorDescription == "cannot scale 'targets/a/icon.png': the PNG is damaged and cannot be decoded"
        }
    }

    @Test func materializeMakesTransformedFilesAndCopiesTheRest() throws {
        let asset = try asset()
        let files = [
            EmittedFile(path: "a/copy.png", copying: asset),
            EmittedFile(path: "a/small.png", transforming: asset, .resizePNG(width: 16, height: 16)),
            EmittedFile(path: "a/text.txt", text: "hi"),
        ]
        let written = try BundleStage.materialize(files, from: OneBlobSource(blob: asset.blob, bytes: Self.source))
        #expect(written.map(\.path) == ["a/copy.png", "a/small.png", "a/text.txt"])
        #expect(written[0].bytes == Self.source)
        #expect(PNGResampler.size(ofPNG: written[1].bytes) == PixelSize(16))
        #expect(written[2].bytes == Array("hi".utf8))
    }

    /// The Play icon carries Play's 1 MiB; a made image over its file's limit is refused,
    /// not written, with the asset it came from and both sizes.
    @Test func aMadeImageOverItsFilesLimitIsRefused() throws {
        let asset = try asset()
        let source = OneBlobSource(blob: asset.blob, bytes: Self.source)
        let side = StoreImages.iconSide
        var icon = EmittedFile(
            path: "fastlane/metadata/android/en-US/images/icon.png", transforming: asset, .resizePNGWithAlpha(width: side, height: side))
        icon.byteLimit = StoreImages.iconMaxBytes
        let made = try BundleStage.materialize([icon], from: source)
        #expect(made[0].bytes.count <= StoreImages.iconMaxBytes)
        #expect(PNGResampler.size(ofPNG: made[0].bytes) == PixelSize(side) && made[0].bytes[25] == 6)
        icon.byteLimit = made[0].bytes.count - 1
        #expect {
            try BundleStage.materialize([icon], from: source)
        } throws: { error in
            guard let oversized = error as? OversizedImageError else { return false }
            return oversized.path == "targets/a/icon.png" && oversized.output == icon.path && oversized.size == made[0].bytes.count
        }
        // The fastlane platform puts Play's limit on the icon it makes.
        var style = ResolvedStyle(id: "a", chain: ["a"])
        style.appIcon = asset
        style.store.texts["en-US"] = [
            "title.txt": StoreText(path: "title.txt", repositoryPath: "targets/a/store/en-US/title.txt", foundIn: "a", text: "A")
        ]
        let files = FastlanePlatform.files(for: style)
        #expect(files.first { $0.path.hasSuffix("/icon.png") }?.byteLimit == 1_048_576)
        // build reports it at the style value naming the app icon, as rule store-image.
        let document = try JSONReader.parse(Array("{\n  \"appIcon\": {\"image\": \"icon.png\"}\n}\n".utf8), file: "targets/a/style.json")
        let problem = OversizedImageError(path: "targets/a/icon.png", output: icon.path, size: 2_000_000, limit: 1_048_576).diagnostic(
            style, document: document)
        #expect(problem.rule == .storeImage && problem.severity == .error)
        #expect(
            problem.file == "targets/a/style.json" && problem.line == 2 && problem.pointer?.description == "/appIcon/image", "\(problem)")
        #expect(problem.message.contains("is 2000000 bytes") && problem.message.contains("at most 1048576 bytes"), "\(problem.message)")
    }
}

/// A source holding one blob, for the writer's reads.
private struct OneBlobSource: Source {
    var blob: ObjectID
    var bytes: [UInt8]
    var label: String { "test" }
    var commit: Commit? { nil }
    func directory(at path: String) throws(RepositoryError) -> SourceDirectory? { nil }
    func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] { bytes }
}
