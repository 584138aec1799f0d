import Foundation
import LiveryTestSupport
import Testing

/// The launcher icons of the demo bundles: their files and sizes, and the same bytes
/// from the image cache as when made. (An APK packaged from them: LiveryConsumerTests.)
@Suite("Android launcher icon in the demo bundles")
struct AndroidLauncherIconBuildTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path
    static let legacy = [("mdpi", 48), ("hdpi", 72), ("xhdpi", 96), ("xxhdpi", 144), ("xxxhdpi", 192)]

    func bytes(_ path: String) throws -> [UInt8] { [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) }

    /// Width and height from a PNG's IHDR.
    func pngSize(_ path: String) throws -> (Int, Int) {
        let data = try bytes(path)
        try #require(data.count > 24 && data.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(path) is not a PNG")
        let number = { (offset: Int) in data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    /// Every launcher-icon file of every bundle, path → bytes.
    func iconFiles(_ out: String) throws -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for id in ["acme-bank", "harbor-credit-union", "verde-grocers"] {
            let res = "\(out)/\(id)/android/res"
            for directory in try FileManager.default.contentsOfDirectory(atPath: res)
            where directory.hasPrefix("mipmap") || directory.hasPrefix("drawable-xxxhdpi") {
                for name in try FileManager.default.contentsOfDirectory(atPath: "\(res)/\(directory)") where name.hasPrefix("ic_launcher") {
                    files["\(id)/\(directory)/\(name)"] = try bytes("\(res)/\(directory)/\(name)")
                }
            }
        }
        return files
    }

    @Test func theDemoBundlesHaveAdaptiveAndLegacyIcons() throws {
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path])
        #expect(build.status == 0, "\(build.stderr)")
        for id in ["acme-bank", "harbor-credit-union", "verde-grocers"] {
            let res = "\(out.path)/\(id)/android/res"
            for (density, side) in Self.legacy {
                let (width, height) = try pngSize("\(res)/mipmap-\(density)/ic_launcher.png")
                #expect(width == side && height == side, "\(id) \(density): \(width)×\(height)")
            }
            let adaptive = try String(contentsOfFile: "\(res)/mipmap-anydpi-v26/ic_launcher.xml", encoding: .utf8)
            #expect(try String(contentsOfFile: "\(res)/mipmap-anydpi-v26/ic_launcher_round.xml", encoding: .utf8) == adaptive)
            #expect(adaptive.contains(#"<background android:drawable="@drawable/ic_launcher_background"/>"#))
            if id == "verde-grocers" {
                #expect(adaptive.contains(#"<monochrome android:drawable="@drawable/ic_launcher_monochrome"/>"#))
                for layer in ["foreground", "background", "monochrome"] {
                    #expect(
                        try bytes("\(res)/drawable-xxxhdpi/ic_launcher_\(layer).png")
                            == bytes("\(Self.root)/targets/verde-grocers/assets/ic_launcher_\(layer).png"))
                }
            } else {
                #expect(adaptive.contains(#"<foreground android:drawable="@android:color/transparent"/>"#))
                #expect(!adaptive.contains("monochrome"))
                let (width, height) = try pngSize("\(res)/drawable-xxxhdpi/ic_launcher_background.png")
                #expect(width == 432 && height == 432)
            }
        }
        // The 1024 px icon copied for iOS is not a hard link of a scaled one.
        let ios = try FileManager.default.subpathsOfDirectory(atPath: "\(out.path)/acme-bank/ios").first {
            $0.hasSuffix(".png") && $0.contains("AppIcon")
        }
        let iosIcon = try #require(ios)
        #expect(try pngSize("\(out.path)/acme-bank/ios/\(iosIcon)") == (1024, 1024))
    }

    @Test func rebuildsUseTheCacheAndGiveTheSameBytesEvenWhenItIsDamaged() throws {
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--platform", "android"]).status == 0)
        let first = try iconFiles(out.path)
        #expect(first.count == 3 * 8 + 2, "8 icon files per bundle, 2 more layers in verde-grocers")
        let cache = out.path + "/.livery-cache/images"
        let entries = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        #expect(entries.count == 3 * 5 + 2, "5 legacy sizes per icon, and a 432 px background for the two without layers")

        // Damage every entry: cut one short, fill one with zeros, replace one with another entry.
        for (index, entry) in entries.enumerated() {
            let path = "\(cache)/\(entry)"
            switch index % 3 {
            case 0: try Data(try bytes(path).prefix(64)).write(to: URL(fileURLWithPath: path))
            case 1: try Data(count: 100).write(to: URL(fileURLWithPath: path))
            default: try Data(try bytes("\(cache)/\(entries[0])")).write(to: URL(fileURLWithPath: path))
            }
        }
        let rebuild = try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--platform", "android", "--force"])
        #expect(rebuild.status == 0, "\(rebuild.stderr)")
        #expect(!rebuild.stdout.contains("removed"), "the cache is not taken for a bundle: \(rebuild.stdout)")
        #expect(try iconFiles(out.path) == first)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache).sorted() == entries, "every entry repaired, no temporary file left")

        // An intact cache gives the same bytes again, without touching its entries.
        let before = try entries.map { try FileManager.default.attributesOfItem(atPath: "\(cache)/\($0)")[.modificationDate] as? Date }
        #expect(try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--platform", "android", "--force"]).status == 0)
        #expect(try iconFiles(out.path) == first)
        let after = try entries.map { try FileManager.default.attributesOfItem(atPath: "\(cache)/\($0)")[.modificationDate] as? Date }
        #expect(before == after)
    }
}
