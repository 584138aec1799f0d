import Foundation
import LiveryTestSupport
import Testing

/// An app links LiveryRuntime without libgit2, libgd, ArgumentParser or Mustache.
@Suite("LiveryRuntime builds alone")
struct PackageIsolationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let forbidden: Set<String> = [
        "CGit2", "LiveryGit", "CGD", "LiveryImage", "ArgumentParser", "Mustache", "LiveryTargets", "LiveryKit",
    ]

    /// The targets and products the LiveryRuntime product needs, from the manifest.
    @Test func theProductsDependenciesAreFoundationOnly() throws {
        let swift = try #require(which("swift"), "swift is not on PATH")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("livery-dump-\(UUID().uuidString)").path
        let result = try runProcess(swift, ["package", "--scratch-path", scratch, "dump-package"], in: Self.root.path)
        try? FileManager.default.removeItem(atPath: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let manifest = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any])
        let targets = (manifest["targets"] as? [[String: Any]]) ?? []
        var dependencies: [String: [String]] = [:]
        for target in targets {
            guard let name = target["name"] as? String else { continue }
            dependencies[name] = ((target["dependencies"] as? [[String: Any]]) ?? []).compactMap { dependency in
                ((dependency["byName"] ?? dependency["target"] ?? dependency["product"]) as? [Any])?.first as? String
            }
        }
        var needed: Set<String> = []
        var queue = ["LiveryRuntime"]
        while let next = queue.popLast() {
            guard needed.insert(next).inserted else { continue }
            queue += dependencies[next] ?? []
        }
        #expect(needed == ["LiveryRuntime", "LiveryCore", "LiveryJSON", "LiveryConcurrency", "Crypto", "Logging"])
        #expect(needed.isDisjoint(with: Self.forbidden))
    }

    /// Builds a package that depends on this one by path and uses
    /// LiveryRuntime, runs it, and checks that nothing else was compiled or
    /// linked. Minutes on a first build (swift-crypto), so it runs when
    /// LIVERY_RUNTIME_PACKAGE_TEST=1; its build directory
    /// (`.build-runtime-consumer/`) is kept so later runs are incremental.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["LIVERY_RUNTIME_PACKAGE_TEST"] == "1"))
    func aPackageThatDependsOnThisOneBuildsWithoutLibgit2() throws {
        let swift = try #require(which("swift"), "swift is not on PATH")
        let consumer = Self.root.appendingPathComponent(".build-runtime-consumer")
        try RuntimeConsumer.prepare(root: Self.root)
        let build = try runProcess(swift, ["build", "--product", "consumer"], in: consumer.path)
        #expect(build.status == 0, "\(build.stdout)\n\(build.stderr)")
        let binary = consumer.appendingPathComponent(".build/debug/consumer").path
        let run = try runProcess(binary, [])
        #expect(run.stdout.hasPrefix("acme "), "\(run.stderr)")
        let modules =
            (try? FileManager.default.contentsOfDirectory(atPath: consumer.appendingPathComponent(".build/debug/Modules").path)) ?? []
        let compiled = Set(modules.filter { $0.hasSuffix(".swiftmodule") }.map { String($0.dropLast(".swiftmodule".count)) })
        #expect(compiled.contains("LiveryRuntime"))
        #expect(compiled.isDisjoint(with: Self.forbidden), "compiled: \(compiled.sorted())")
        if let ldd = which("ldd") {
            let libraries = try runProcess(ldd, [binary]).stdout
            #expect(!libraries.contains("libgit2") && !libraries.contains("libgd"), "\(libraries)")
        }
    }
}
