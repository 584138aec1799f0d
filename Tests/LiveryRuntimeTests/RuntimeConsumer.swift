import Foundation
import LiveryConcurrency

/// The package in `.build-runtime-consumer/` that depends on this one by path
/// and links only LiveryRuntime, as an app does. Shared by the tests that
/// build it, so they write the same manifest (tests run in parallel) and one
/// incremental build serves them all.
enum RuntimeConsumer {
    static func directory(root: URL) -> URL { root.appendingPathComponent(".build-runtime-consumer") }

    /// Two executables: `consumer` (a store from a tiny style) and
    /// `apply-update` (the end-to-end test's app).
    static func manifest(root: URL) -> String {
        """
        // swift-tools-version:6.1
        import PackageDescription
        let runtime: Target.Dependency = .product(name: "LiveryRuntime", package: "\(root.lastPathComponent)")
        let package = Package(
            name: "consumer",
            platforms: [.macOS(.v14), .iOS(.v17)],
            dependencies: [.package(path: "\(root.path)")],
            targets: [
                .executableTarget(name: "consumer", dependencies: [runtime]),
                .executableTarget(name: "apply-update", dependencies: [runtime]),
            ]
        )

        """
    }

    /// `consumer`: a store from a tiny style; prints its id and digest.
    static let consumerSource = """
        import Foundation
        import LiveryRuntime

        let style = #"{"id": "acme", "app": {"bundleId": "com.acme.bank"}}"#
        let store = try StyleStore(bundled: Data(style.utf8), cache: nil, trustedKeys: [])
        print(store.style.id, store.digest)

        """

    /// `apply-update STYLE UPDATE KEY`: a store from the bundled STYLE trusting
    /// the public key in the file KEY applies UPDATE, then prints the store's
    /// document exactly; exit 1 with the outcome on stderr when not applied.
    static let applyUpdateSource = """
        import Foundation
        import LiveryRuntime

        let arguments = CommandLine.arguments
        guard arguments.count == 4,
              let bundled = FileManager.default.contents(atPath: arguments[1]),
              let update = FileManager.default.contents(atPath: arguments[2]),
              let key = FileManager.default.contents(atPath: arguments[3]) else {
            FileHandle.standardError.write(Data("usage: apply-update STYLE UPDATE KEY (readable files)\\n".utf8))
            exit(2)
        }
        let store = try StyleStore(bundled: bundled, cache: nil, trustedKeys: [String(decoding: key, as: UTF8.self)])
        let outcome = store.apply(update)
        guard case .applied = outcome else {
            FileHandle.standardError.write(Data("not applied: \\(outcome)\\n".utf8))
            exit(1)
        }
        FileHandle.standardOutput.write(store.document)

        """

    /// Held while one test prepares the package, so a test never removes a build
    /// another has started.
    private static let preparing = Locked(())

    /// Writes the manifest and both executables' sources, each only when it
    /// differs (an unchanged file keeps the build incremental), atomically.
    static func prepare(root: URL) throws {
        let consumer = directory(root: root)
        try preparing.withLock { _ throws in
            try forgetStaleBuild(root: root, consumer: consumer)
            try writeIfChanged(manifest(root: root), to: consumer.appendingPathComponent("Package.swift"))
            try writeIfChanged(consumerSource, to: consumer.appendingPathComponent("Sources/consumer/main.swift"))
            try writeIfChanged(applyUpdateSource, to: consumer.appendingPathComponent("Sources/apply-update/main.swift"))
        }
    }

    /// SwiftPM keeps a path dependency's list of source files from the consumer's
    /// last build and does not notice a file added, removed or renamed there (the
    /// build then fails on a missing input), so the consumer's build starts afresh
    /// when this package's list of source files changed since it was recorded.
    static func forgetStaleBuild(root: URL, consumer: URL) throws {
        let sources = root.appendingPathComponent("Sources")
        let files = (FileManager.default.enumerator(atPath: sources.path)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        let listing = files.sorted().joined(separator: "\n") + "\n"
        let record = consumer.appendingPathComponent("source-files.txt")
        guard FileManager.default.contents(atPath: record.path) != Data(listing.utf8) else { return }
        try? FileManager.default.removeItem(at: consumer.appendingPathComponent(".build"))
        try writeIfChanged(listing, to: record)
    }

    static func writeIfChanged(_ text: String, to file: URL) throws {
        if FileManager.default.contents(atPath: file.path) == Data(text.utf8) { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file, options: .atomic)
    }
}
