import Foundation
import LiveryTestSupport
import Testing

/// A command pays at start-up only for what it uses: libgd, with the forty-odd
/// libraries it links, is opened on Linux by the first image a command makes, so
/// `livery --version` (every CI step and hook runs livery) does not load it. libgit2,
/// with the fourteen libraries it alone brings (Kerberos, mbedTLS, libssh2…), is opened by
/// the first repository a command opens, so `--version` and `schema check` do not load it
/// either.
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

        @Test("--version and schema check open no libgit2; a command that reads a repository does")
        func libgit2OnlyWhereARepositoryIsRead() throws {
            let version = try Self.loaded(["--version"])
            #expect(version.status == 0)
            #expect(!version.files.isEmpty, "LD_DEBUG=files said nothing")
            #expect(!version.files.contains { $0.hasPrefix("libgit2") || $0.hasPrefix("libkrb5") }, "\(version.files)")

            let scratch = try TemporaryDirectory()
            let style = scratch.path + "/style.json"
            try Data(##"{"colors": {"primary": {"light": "#112233"}}}"##.utf8).write(to: URL(fileURLWithPath: style))
            let schema = scratch.path + "/schema.json"
            let draft = "https://json-schema.org/draft/2020-12/schema"
            try Data(#"{"$schema": "\#(draft)", "type": "object"}"#.utf8).write(to: URL(fileURLWithPath: schema))
            let check = try Self.loaded(["schema", "check", "--schema", schema, style])
            #expect(check.status == 0)
            #expect(!check.files.contains { $0.hasPrefix("libgit2") }, "\(check.files)")

            let fixture = try FixtureRepository()
            try fixture.write("targets/acme/style.json", #"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"#)
            try fixture.commitAll("acme")
            let list = try Self.loaded(["list", "--repo", fixture.path])
            #expect(list.status == 0)
            #expect(list.files.contains { $0.hasPrefix("libgit2.so") }, "\(list.files)")
        }

        @Test("Without a usable libgit2, --version works and a command that reads a repository says what is missing")
        func aMissingLibgit2IsReported() throws {
            // An empty file where the loader looks first: dlopen refuses it as it would a
            // library of another architecture or a broken install.
            let libraries = try TemporaryDirectory()
            for name in ["libgit2.so.1.5", "libgit2.so.1.7", "libgit2.so.1.8", "libgit2.so.1.9"] {
                try Data().write(to: URL(fileURLWithPath: libraries.path + "/" + name))
            }
            let environment = ["LD_LIBRARY_PATH": libraries.path]
            let version = try LiveryBinary.run(["--version"], environment: environment)
            #expect(version.status == 0)

            let fixture = try FixtureRepository()
            try fixture.write("targets/acme/style.json", #"{"app": {"displayName": "Acme", "bundleId": "com.example.acme"}}"#)
            try fixture.commitAll("acme")
            let list = try LiveryBinary.run(["list", "--repo", fixture.path], environment: environment)
            #expect(list.status == 2)
            #expect(list.stderr.hasPrefix("error: opening the repository at \(fixture.path) failed: livery could not open libgit2 "))
            #expect(list.stderr.contains("apt-get install libgit2-dev"))
            #expect(list.stdout.isEmpty)
        }
    #endif
}
