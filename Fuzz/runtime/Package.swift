// swift-tools-version:6.1
// The `runtime` fuzz target: StyleStore.apply on arbitrary bytes and mutated
// signed envelopes. A package of its own, depending on livery by path, because
// LiveryRuntime needs swift-crypto, which scripts/testing/fuzz cannot compile by hand
// as it does the other targets' modules; scripts/testing/fuzz builds it with
// `swift build --sanitize fuzzer --sanitize address`.
import PackageDescription

let package = Package(
    name: "fuzz-runtime",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "livery", path: "../..")],
    targets: [
        .executableTarget(
            name: "fuzz-runtime",
            dependencies: [.product(name: "LiveryRuntime", package: "livery")],
            // libFuzzer supplies main: the harness has none.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        )
    ]
)
