import Foundation
import LiveryTestSupport
import Testing

/// A command pays at start-up only for what it uses: libgd, with the forty-odd
/// libraries it links, is opened on Linux by the first image a command makes, so
/// `livery --version` (every CI step and hook runs livery) does not load it.
@Suite("Start-up loads only what the command uses")
struct StartupLibrariesTests {
    /// The shared objects the dynamic loader opened for one run (glibc's LD_DEBUG=files).
    static func loaded(_ arguments: [String], in directory: String? = nil) throws -> (status: Int32, files: [String]) {
        let run = try LiveryBinary.run(arguments, in: directory, environment: ["LD_DEBUG": "files"])
        let files = run.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let range = line.range(of: "file=") else { return nil }
            return String(line[range.upperBound...].prefix(while: { $0 != " " && $0 != ";" }))
        }
        return (run.status, files)
    }

    #if os(Linux)
        @Test("--version opens no libgd; a build that scales launcher icons does")
        func libgdOnlyWhereImagesAreMade() throws {
            let version = try Self.loaded(["--version"])
            #expect(version.status == 0)
            #expect(!version.files.isEmpty, "LD_DEBUG=files said nothing")
            #expect(!version.files.contains { $0.hasPrefix("libgd.") }, "\(version.files)")
            #expect(!version.files.contains { $0.hasPrefix("libheif") || $0.hasPrefix("libavif") }, "\(version.files)")

            let fixture = try FixtureRepository()
            try fixture.write(
                "targets/acme/style.json", #"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}, "appIcon": "icon.png"}"#)
            try fixture.write("targets/acme/icon.png", TestFiles.png(width: 1024, height: 1024))
            try fixture.commitAll("icon")
            let out = try TemporaryDirectory()
            let build = try Self.loaded(["build", "--repo", fixture.path, "--out", out.path, "--platform", "android", "-q"])
            #expect(build.status == 0)
            #expect(build.files.contains { $0.hasPrefix("libgd.so") }, "\(build.files)")
            #expect(FileManager.default.fileExists(atPath: out.path + "/acme/android/res/mipmap-xxxhdpi/ic_launcher.png"))
        }
    #endif
}
