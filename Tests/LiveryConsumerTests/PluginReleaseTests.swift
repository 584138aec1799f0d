import Foundation
import LiveryTestSupport
import Testing

/// What `scripts/product/package-release` writes for the SwiftPM plugin, checked with a
/// stand-in binary (a script that prints a version), so no large file is
/// packed: the artifact bundle, its zip and the plugin package.
@Suite("The plugin package scripts/product/package-release writes")
struct PluginReleaseTests {
    /// The triple SwiftPM matches a bundle's variants against on this machine.
    static var hostTriple: String {
        #if os(Linux)
            #if arch(x86_64)
                return "x86_64-unknown-linux-gnu"
            #else
                return "aarch64-unknown-linux-gnu"
            #endif
        #else
            #if arch(x86_64)
                return "x86_64-apple-macosx"
            #else
                return "arm64-apple-macosx"
            #endif
        #endif
    }

    /// A stand-in livery that answers `--version` with `version`.
    static func binary(version: String, in scratch: TemporaryDirectory) throws -> String {
        let path = scratch.path + "/livery-\(version)"
        try Data("#!/bin/sh\necho \(version)\n".utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    static func release(_ binary: String, into directory: String, _ arguments: [String] = []) throws -> ProcessResult {
        try SwiftPMPluginTests.release(binary, into: directory, arguments)
    }

    static func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test(.enabled(if: ExternalTool.zip.isInstalled, "zip is not installed"))
    func theSameBinaryGivesTheSameBundleZipAndArchiveBytes() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-release")
        let binary = try Self.binary(version: "9.9.9", in: scratch)
        for name in ["one", "two"] {
            let result = try Self.release(binary, into: scratch.path + "/" + name)
            try #require(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout.split(separator: "\n").first.map(String.init) == scratch.path
                    + "/\(name)/livery-9.9.9-\(PlatformName.current).tar.gz")
        }
        for file in ["livery-9.9.9.artifactbundle.zip", "livery-9.9.9-\(PlatformName.current).tar.gz", "livery-plugin/Package.swift"] {
            let first = try #require(Self.bytes(scratch.path + "/one/" + file), "\(file) is missing")
            #expect(first == Self.bytes(scratch.path + "/two/" + file), "\(file) differs between two runs")
        }
        let info = try #require(Self.bytes(scratch.path + "/one/livery-plugin/livery.artifactbundle/info.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: info) as? [String: Any])
        let artifact = try #require((object["artifacts"] as? [String: Any])?["livery"] as? [String: Any])
        #expect(artifact["version"] as? String == "9.9.9" && artifact["type"] as? String == "executable")
        let variants = try #require(artifact["variants"] as? [[String: Any]])
        #expect(variants.map { $0["path"] as? String } == ["\(Self.hostTriple)/bin/livery"])
        #expect(variants.map { $0["supportedTriples"] as? [String] } == [[Self.hostTriple]])
        #expect(Self.bytes(scratch.path + "/one/livery-plugin/livery.artifactbundle/\(Self.hostTriple)/bin/livery") == Self.bytes(binary))
        // The package holds the plugin livery's own package has, unchanged.
        for name in try FileManager.default.contentsOfDirectory(atPath: SwiftPMPluginTests.root.path + "/Plugins/LiveryPlugin") {
            #expect(
                Self.bytes(scratch.path + "/one/livery-plugin/Plugins/LiveryPlugin/" + name)
                    == Self.bytes(SwiftPMPluginTests.root.path + "/Plugins/LiveryPlugin/" + name), "\(name)")
        }
        let manifest = String(decoding: try #require(Self.bytes(scratch.path + "/one/livery-plugin/Package.swift")), as: UTF8.self)
        #expect(manifest.contains(#".binaryTarget(name: "LiveryBinary", path: "livery.artifactbundle")"#), "\(manifest)")
    }

    /// A release workflow packs each machine's binary into one bundle: the
    /// folder from the first machine, copied to the next, keeps its variant.
    @Test(.enabled(if: ExternalTool.zip.isInstalled, "zip is not installed"))
    func aVariantAnotherMachinePackedIsKeptAndAnotherVersionRefused() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-release")
        let other = Self.hostTriple.hasPrefix("arm64-apple") ? "x86_64-apple-macosx" : "arm64-apple-macosx"
        let directory = scratch.path + "/release"
        try FileManager.default.createDirectory(
            atPath: directory + "/livery.artifactbundle/\(other)/bin", withIntermediateDirectories: true)
        try Data("#!/bin/sh\necho 9.9.9\n".utf8).write(to: URL(fileURLWithPath: directory + "/livery.artifactbundle/\(other)/bin/livery"))
        try Data(#"{"artifacts": {"livery": {"version": "9.9.9"}}}"#.utf8).write(
            to: URL(fileURLWithPath: directory + "/livery.artifactbundle/info.json"))
        let result = try Self.release(try Self.binary(version: "9.9.9", in: scratch), into: directory)
        try #require(result.status == 0, "\(result.stderr)")
        let info = String(decoding: try #require(Self.bytes(directory + "/livery-plugin/livery.artifactbundle/info.json")), as: UTF8.self)
        let triples = [other, Self.hostTriple].sorted()
        #expect(
            info.contains(
                #"{"path": "\#(triples[0])/bin/livery", "supportedTriples": ["\#(triples[0])"]},"# + "\n"
                    + #"        {"path": "\#(triples[1])/bin/livery", "supportedTriples": ["\#(triples[1])"]}"#), "\(info)")

        let newer = try Self.release(try Self.binary(version: "9.9.10", in: scratch), into: directory)
        #expect(newer.status == 2, "\(newer.stdout)")
        #expect(newer.stderr.contains("holds another version's binaries"), "\(newer.stderr)")
    }

    /// Published as a zip at a URL: the package names the URL and the zip's
    /// checksum, holds no binary, and SwiftPM reads its manifest.
    @Test(.enabled(if: ExternalTool.zip.isInstalled, "zip is not installed"))
    func withADownloadURLThePackageNamesTheZipAndItsChecksum() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-release")
        let url = "https://downloads.example.com/livery/9.9.9/livery-9.9.9.artifactbundle.zip"
        let result = try Self.release(try Self.binary(version: "9.9.9", in: scratch), into: scratch.path, ["--download-url", url])
        try #require(result.status == 0, "\(result.stderr)")
        let digest = try runProcess(try #require(which("sha256sum")), [scratch.path + "/livery-9.9.9.artifactbundle.zip"])
        let checksum = String(digest.stdout.prefix(64))
        let plugin = scratch.path + "/livery-plugin"
        #expect(!FileManager.default.fileExists(atPath: plugin + "/livery.artifactbundle"), "the published package holds no binary")
        let dumped = try runProcess(try #require(which("swift")), ["package", "dump-package"], in: plugin)
        try #require(dumped.status == 0, "\(dumped.stderr)")
        let package = try #require(try JSONSerialization.jsonObject(with: Data(dumped.stdout.utf8)) as? [String: Any])
        let targets = try #require(package["targets"] as? [[String: Any]])
        let binary = try #require(targets.first { $0["type"] as? String == "binary" })
        #expect(binary["url"] as? String == url)
        #expect(binary["checksum"] as? String == checksum)
        let pluginTarget = try #require(targets.first { $0["type"] as? String == "plugin" })
        #expect(pluginTarget["name"] as? String == "LiveryPlugin")

        let refused = try Self.release(try Self.binary(version: "9.9.9", in: scratch), into: scratch.path + "/x", ["--download-url"])
        #expect(refused.status == 2 && refused.stderr.contains("usage: scripts/product/package-release"), "\(refused.stderr)")
    }
}

/// How scripts/product/package-release names this machine in an archive: GitHub's RUNNER_OS-RUNNER_ARCH.
enum PlatformName {
    static var current: String {
        #if os(Linux)
            let os = "Linux"
        #else
            let os = "macOS"
        #endif
        #if arch(x86_64)
            return os + "-X64"
        #else
            return os + "-ARM64"
        #endif
    }
}
