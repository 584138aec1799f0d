import Foundation
import LiveryTestSupport
import Testing

/// The SwiftPM build-tool plugin as an app gets it: the plugin package
/// `scripts/product/package-release` writes, over the livery this test build has packed into
/// an artifact bundle, so the sample app compiles neither livery nor libgit2
/// (about a minute). An app package is built with `swift build` for two
/// clients, each in its own build folder as docs/swiftpm-plugin.md advises:
/// each build holds that client's Theme.swift values and resources and no other
/// client's, a change to another client's folder leaves the build as it was,
/// and a change to the client's own folder or a parent's regenerates. In one
/// build folder, every edit of a livery-plugin.json (the package's or the
/// target's) builds the client it names, however often it switches back.
@Suite("SwiftPM build-tool plugin")
struct SwiftPMPluginTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let generating = "livery: generating"

    static func manifest(plugin: String) -> String {
        """
        // swift-tools-version:6.1
        import PackageDescription
        let package = Package(
            name: "sample-app",
            platforms: [.macOS(.v14), .iOS(.v17)],
            dependencies: [.package(path: "\(plugin)")],
            targets: [
                .executableTarget(name: "app", plugins: [.plugin(name: "LiveryPlugin", package: "livery-plugin")]),
            ]
        )

        """
    }

    /// Prints what the generated Theme.swift says and which resources came with it.
    static let main = #"""
        import Foundation
        let primary = Theme.Colors.primary.light
        print("client \(Theme.targetID)")
        print("name \(Theme.displayName)")
        print("primary \(Int((primary.red * 255).rounded())) \(Int((primary.green * 255).rounded())) \(Int((primary.blue * 255).rounded()))")
        let style = Bundle.module.url(forResource: "style", withExtension: "json")
            .flatMap { try? Data(contentsOf: $0) }
            .flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
        print("bundled \(style?["id"] as? String ?? "none")")
        let font = Bundle.module.url(forResource: "DejaVuSans", withExtension: "ttf", subdirectory: "Fonts")
        print("font \(font == nil ? "none" : "DejaVuSans")")

        """#

    static func base(primary: String) -> String {
        ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"primary": "\##(primary)", "background": {"light": "#FFFFFF", "dark": "#000000"}}}"##
    }

    static func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// `scripts/product/package-release BINARY DIRECTORY ARGUMENTS…`.
    static func release(_ binary: String, into directory: String, _ arguments: [String] = []) throws -> ProcessResult {
        try runProcess(root.appendingPathComponent("scripts/product/package-release").path, [binary, directory] + arguments)
    }

    /// The sample app in `scratch/app`, over the plugin package released into
    /// `scratch/release`, with its branding repository in `app/branding`: a
    /// parent and two clients, alpha with a font of its own.
    static func prepare(in scratch: TemporaryDirectory) throws -> URL {
        let packed = try release(LiveryBinary.path, into: scratch.path + "/release")
        try #require(packed.status == 0, "scripts/product/package-release: \(packed.stderr)")
        let app = URL(fileURLWithPath: scratch.path).appendingPathComponent("app")
        try write(manifest(plugin: scratch.path + "/release/livery-plugin"), to: app.appendingPathComponent("Package.swift"))
        try write(main, to: app.appendingPathComponent("Sources/app/main.swift"))
        try write(#"{"client": "alpha", "repository": "branding"}"#, to: app.appendingPathComponent("livery-plugin.json"))
        let fixture = try FixtureRepository()
        try fixture.write("targets/base/style.json", base(primary: "#112233"))
        try fixture.write(
            "targets/alpha/style.json",
            ##"""
            {"extends": "base", "app": {"displayName": "Alpha Bank", "bundleId": "com.example.alpha"},
             "colors": {"primary": "#AA0000"},
             "fonts": {"body": {"family": "DejaVu Sans", "file": "fonts/DejaVuSans.ttf", "size": 16, "weight": "regular"}}}
            """##)
        try fixture.write(
            "targets/alpha/fonts/DejaVuSans.ttf",
            [UInt8](Data(contentsOf: URL(fileURLWithPath: ExternalTool.fontDirectory + "/dejavu/DejaVuSans.ttf"))))
        try fixture.write(
            "targets/beta/style.json", ##"{"extends": "base", "app": {"displayName": "Beta Shop", "bundleId": "com.example.beta"}}"##)
        try fixture.commitAll("clients")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: app.appendingPathComponent("branding").path)
        return app
    }

    /// `swift build` of the sample for `client` (nil: the one livery-plugin.json
    /// names) in `.build/<folder>`, then the app's output.
    static func build(_ app: URL, client: String?, folder: String) throws -> (log: String, output: String) {
        let swift = try #require(which("swift"), "swift is not on PATH")
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "LIVERY_CLIENT")
        if let client { environment["LIVERY_CLIENT"] = client }
        let scratch = app.appendingPathComponent(".build/" + folder)
        let built = try runProcess(
            swift, ["build", "--product", "app", "--scratch-path", scratch.path], in: app.path, environment: environment)
        try #require(built.status == 0, "swift build for \(client ?? "the file's client"): \(built.stdout)\n\(built.stderr)")
        let run = try runProcess(scratch.appendingPathComponent("debug/app").path, [])
        try #require(run.status == 0, "\(run.stderr)")
        return (built.stdout + built.stderr, run.stdout)
    }

    @Test(.enabled(if: ExternalTool.systemFonts.isInstalled && ExternalTool.zip.isInstalled, "needs the DejaVu fonts and zip"))
    func anAppPackageGeneratesItsClientAtBuildTimeWithTheReleasedPlugin() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-plugin")
        let app = try Self.prepare(in: scratch)
        let branding = app.appendingPathComponent("branding")

        let alpha = try Self.build(app, client: nil, folder: "alpha")
        #expect(alpha.log.contains(Self.generating), "\(alpha.log)")
        #expect(alpha.output == "client alpha\nname Alpha Bank\nprimary 170 0 0\nbundled alpha\nfont DejaVuSans\n", "\(alpha.log)")

        let beta = try Self.build(app, client: "beta", folder: "beta")
        #expect(beta.log.contains(Self.generating), "\(beta.log)")
        #expect(beta.output == "client beta\nname Beta Shop\nprimary 17 34 51\nbundled beta\nfont none\n", "\(beta.log)")

        // Another client's folder is an input (it may be chosen next), but
        // beta's build comes out the same.
        try Self.write(
            ##"{"extends": "base", "app": {"displayName": "Alpha Two", "bundleId": "com.example.alpha"}}"##,
            to: branding.appendingPathComponent("targets/alpha/style.json"))
        let unrelated = try Self.build(app, client: "beta", folder: "beta")
        #expect(unrelated.output == beta.output)

        // The parent beta extends is.
        try Self.write(Self.base(primary: "#445566"), to: branding.appendingPathComponent("targets/base/style.json"))
        let parent = try Self.build(app, client: "beta", folder: "beta")
        #expect(parent.log.contains(Self.generating), "\(parent.log)")
        #expect(parent.output.contains("primary 68 85 102\n"), "\(parent.output)")

        // And so is the client's own folder.
        try Self.write(
            ##"{"extends": "base", "app": {"displayName": "Beta Market", "bundleId": "com.example.beta"}}"##,
            to: branding.appendingPathComponent("targets/beta/style.json"))
        let own = try Self.build(app, client: "beta", folder: "beta")
        #expect(own.log.contains(Self.generating), "\(own.log)")
        #expect(own.output.contains("name Beta Market\n"), "\(own.output)")
    }
    /// The first line of the app's output and its display name.
    static func identity(_ output: String) -> String {
        output.split(separator: "\n").prefix(2).joined(separator: "\n")
    }

    @Test(.enabled(if: ExternalTool.systemFonts.isInstalled && ExternalTool.zip.isInstalled, "needs the DejaVu fonts and zip"))
    func editingTheSelectionFileSwitchesTheClientEveryTimeInOneBuildFolder() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-plugin-switch")
        let app = try Self.prepare(in: scratch)
        let branding = app.appendingPathComponent("branding")
        let root = app.appendingPathComponent("livery-plugin.json")
        let own = app.appendingPathComponent("Sources/app/livery-plugin.json")
        let alpha = "client alpha\nname Alpha Bank"
        let beta = "client beta\nname Beta Shop"

        // The package's file, switched back and forth: SwiftPM keeps its plan,
        // and the command reads the file each time it runs.
        for (client, expected) in [("alpha", alpha), ("beta", beta), ("alpha", alpha), ("beta", beta), ("alpha", alpha)] {
            try Self.write(#"{"client": "\#(client)", "repository": "branding"}"#, to: root)
            let built = try Self.build(app, client: nil, folder: "switch")
            #expect(Self.identity(built.output) == expected, "root file says \(client): \(built.log)")
        }

        // The target's own file wins over the package's, with its repository
        // relative to itself.
        for (client, expected) in [("beta", beta), ("alpha", alpha), ("beta", beta)] {
            try Self.write(#"{"client": "\#(client)", "repository": "../../branding"}"#, to: own)
            let built = try Self.build(app, client: nil, folder: "switch")
            #expect(Self.identity(built.output) == expected, "target's file says \(client): \(built.log)")
        }

        // A change to the chosen client's style rebuilds.
        try Self.write(
            ##"{"extends": "base", "app": {"displayName": "Beta Market", "bundleId": "com.example.beta"}}"##,
            to: branding.appendingPathComponent("targets/beta/style.json"))
        let restyled = try Self.build(app, client: nil, folder: "switch")
        #expect(restyled.log.contains(Self.generating), "\(restyled.log)")
        #expect(Self.identity(restyled.output) == "client beta\nname Beta Market", "\(restyled.log)")

        // LIVERY_CLIENT overrides both files.
        let overridden = try Self.build(app, client: "alpha", folder: "switch")
        #expect(Self.identity(overridden.output) == alpha, "\(overridden.log)")

        // Without the target's file, the package's chooses again.
        try FileManager.default.removeItem(at: own)
        try Self.write(#"{"client": "beta", "repository": "branding"}"#, to: root)
        let back = try Self.build(app, client: nil, folder: "switch")
        #expect(Self.identity(back.output) == "client beta\nname Beta Market", "\(back.log)")
    }
}
