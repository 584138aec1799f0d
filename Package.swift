// swift-tools-version:6.1
import PackageDescription

/// Settings every livery target shares: Swift 6 language mode with complete
/// concurrency checking, and warnings about existential `any` spelled out.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny")
]

/// libgd's headers from the system: Debian's libgd-dev or Homebrew's gd. On Linux livery opens
/// libgd on first use instead of linking it (Sources/CGD/shim.h says why), so pkg-config, which
/// would add -lgd, is not asked; Debian's headers are in /usr/include.
#if os(Linux)
    let gdLibrary = Target.systemLibrary(name: "CGD", path: "Sources/CGD", providers: [.apt(["libgd-dev"])])
#else
    let gdLibrary = Target.systemLibrary(
        name: "CGD", path: "Sources/CGD", pkgConfig: "gdlib", providers: [.apt(["libgd-dev"]), .brew(["gd"])])
#endif

/// libgit2's headers from the system: Debian's libgit2-dev or Homebrew's libgit2. On Linux livery
/// opens libgit2 when it opens the first repository instead of linking it (Sources/CGit2/shim.h says
/// why), so pkg-config, which would add -lgit2, is not asked; Debian's headers are in /usr/include.
#if os(Linux)
    let git2Library = Target.systemLibrary(name: "CGit2", path: "Sources/CGit2", providers: [.apt(["libgit2-dev"])])
#else
    let git2Library = Target.systemLibrary(
        name: "CGit2", path: "Sources/CGit2", pkgConfig: "libgit2", providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])])
#endif

let package = Package(
    name: "livery",
    // macOS 13 for the CLI; LiveryRuntime's store needs Observation (iOS 17,
    // macOS 14) and says so with @available, so the CLI keeps macOS 13.
    platforms: [.macOS(.v13), .iOS(.v17)],
    products: [
        .executable(name: "livery", targets: ["livery"]),
        // What an app links: its style, signed remote updates, no libgit2.
        .library(name: "LiveryRuntime", targets: ["LiveryRuntime"]),
        // What an app's target adds to generate its client's Theme.swift and resources at build
        // time, building livery from source; the released plugin package runs a prebuilt one.
        .plugin(name: "LiveryPlugin", targets: ["LiveryPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.0"),
    ],
    targets: [
        // libgit2 from the system: Debian's libgit2-dev or Homebrew's libgit2.
        git2Library,
        // What livery reads, without libgit2: the `Source` protocol, object ids and
        // their hashing, tree entries, path safety, sources in memory and wrappers,
        // the errors a user sees. Pure modules depend on this, not on LiveryGit.
        .target(
            name: "LiverySource",
            dependencies: ["LiveryText", "LiveryConcurrency", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: strictSettings
        ),
        // The only module that imports CGit2: repositories, revisions, trees, blobs,
        // tree diffs and the working tree, as `Source`s. Re-exports LiverySource.
        .target(name: "LiveryGit", dependencies: ["CGit2", "LiverySource", "LiveryConcurrency"], swiftSettings: strictSettings),
        // libgd from the system: Debian's libgd-dev or Homebrew's gd. Only LiveryImage imports it.
        gdLibrary,
        // PNG bytes in, resampled PNG bytes out (launcher icons): pure, over libgd.
        .target(name: "LiveryImage", dependencies: ["CGD", "CZlib"], swiftSettings: strictSettings),
        // State shared by concurrent tasks (a lock, a memo) and a width-limited parallel map.
        .target(name: "LiveryConcurrency", swiftSettings: strictSettings),
        // How livery writes text: one escaper per output language, numbers, byte counts, emphasis. Depends on nothing.
        .target(name: "LiveryText", swiftSettings: strictSettings),
        // zlib from the system (Debian's zlib1g-dev; part of macOS): deflate for zip archives.
        .systemLibrary(name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // Deterministic tar and zip bytes from a bundle's files: pure, no I/O.
        .target(name: "LiveryArchive", dependencies: ["CZlib"], swiftSettings: strictSettings),
        // JSON values that keep their position; the reader; JSON Schema.
        .target(name: "LiveryJSON", dependencies: ["LiveryConcurrency"], swiftSettings: strictSettings),
        // Things users choose by name (platforms, report formats): lookup, help lines,
        // the unknown-name error with its suggestion. Pure; the command line adds parsing.
        .target(name: "LiveryRegistry", dependencies: ["LiveryJSON", "LiveryText"], swiftSettings: strictSettings),
        // What the CLI and an app share: canonical JSON and digests, the style
        // schema (embedded, so an app checks an update's result against it) with
        // its merge rules and remote allow-list, the update envelope and its signing.
        .target(
            name: "LiveryCore",
            dependencies: ["LiveryJSON", .product(name: "Crypto", package: "swift-crypto")],
            resources: [.embedInCode("Resources/style.schema.json")],
            swiftSettings: strictSettings
        ),
        // The app side: the typed style, StyleStore, updates and their cache.
        .target(
            name: "LiveryRuntime",
            dependencies: ["LiveryCore", "LiveryJSON", "LiveryConcurrency", .product(name: "Logging", package: "swift-log")],
            swiftSettings: strictSettings
        ),
        // Targets and their style documents: pure logic over a Source.
        .target(
            name: "LiveryTargets",
            dependencies: ["LiveryJSON", "LiverySource", "LiveryCore", "LiveryConcurrency", "LiveryText"],
            swiftSettings: strictSettings
        ),
        // The one file-system call Swift cannot make directly: an atomic swap of two directories.
        .target(name: "CLiveryFS"),
        // One file per output: pure functions from a resolved target to files in memory.
        .target(
            name: "LiveryEmit",
            dependencies: [
                "LiveryText", "LiveryTargets", "LiverySource", "LiveryJSON", "LiveryCore", "LiveryRegistry", "LiveryConcurrency",
            ],
            swiftSettings: strictSettings),
        // Compares two sets of resolved targets; one file per report format. Pure.
        .target(
            name: "LiveryDiff",
            dependencies: ["LiveryText", "LiveryTargets", "LiveryJSON", "LiverySource", "LiveryCore", "LiveryRegistry"],
            swiftSettings: strictSettings),
        // `livery gallery`'s page: every client's card, review marks, HTML/CSS/JS as strings. Pure.
        .target(
            name: "LiveryGallery", dependencies: ["LiveryText", "LiveryTargets", "LiveryJSON", "LiveryDiff", "LiveryCore"],
            swiftSettings: strictSettings),
        // `livery diff --visual`'s pure part: the screen drawn from a style, the pixel comparison, the report. Pure.
        .target(
            name: "LiveryVisual", dependencies: ["LiveryText", "LiveryTargets", "LiveryJSON", "LiveryCore"], swiftSettings: strictSettings),
        // Headless Chromium over the DevTools pipe: the process, its flags and the message framing,
        // shared by `livery diff --visual` and the browser tests so both drive the same browser.
        .target(name: "LiveryBrowser", dependencies: ["CLiveryProcess"], swiftSettings: strictSettings),
        // The one process livery starts itself (Chromium), bound to livery's life and kept off the network.
        .target(name: "CLiveryProcess"),
        // `livery import dtcg`: DTCG 2025.10 resolvers and token files read, converted and mapped onto style.json. Pure.
        .target(
            name: "LiveryImport", dependencies: ["LiveryText", "LiveryTargets", "LiveryJSON", "LiveryCore"], swiftSettings: strictSettings),
        // What the services share: the workspace and its configuration, the schema and contract
        // loaders, the target pipeline with its checks and variant steps, the validation report,
        // output folders, sharding and the bundle manifest. Below LiveryKit, above the pure modules.
        .target(
            name: "LiveryEngine",
            dependencies: [
                "LiveryText", "LiveryGit", "LiveryJSON", "LiveryTargets", "LiveryEmit", "CLiveryFS",
                "LiveryImage", "LiveryCore", "LiveryConcurrency", "LiveryBrowser",
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            swiftSettings: strictSettings
        ),
        // Services the commands call, one per command: each takes its request and returns its result.
        .target(
            name: "LiveryKit",
            dependencies: [
                "LiveryEngine", "LiveryText", "LiveryGit", "LiveryJSON", "LiveryTargets", "LiveryEmit", "CLiveryFS",
                "LiveryDiff", "LiveryImage", "LiveryCore", "LiveryConcurrency", "LiveryGallery", "LiveryArchive", "LiveryImport",
                "LiveryRegistry", "LiveryVisual", "LiveryBrowser", "LiverySource",
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            swiftSettings: strictSettings
        ),
        .executableTarget(
            name: "livery",
            // Commands parse, call a LiveryKit service and print; what they name of
            // the modules below, LiveryKit re-exports (CommandLineExports.swift).
            dependencies: [
                "LiveryKit",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: strictSettings
        ),
        // The build-tool plugin: runs `livery build` for the chosen client as a build
        // command, with livery built from source in the app's build (minutes, and
        // libgit2 and libgd on the building machine). Apps normally add the plugin
        // package scripts/product/package-release writes instead: the same plugin over a prebuilt
        // livery in an artifact bundle (docs/swiftpm-plugin.md).
        .plugin(name: "LiveryPlugin", capability: .buildTool(), dependencies: ["livery"]),
        // Fixture repositories and process helpers shared by the test targets; no libgit2.
        .target(
            name: "LiveryTestSupport",
            dependencies: ["LiverySource", "LiveryJSON", "LiveryTargets", "LiveryImport", "LiveryCore", "LiveryBrowser"],
            swiftSettings: strictSettings),
        // The fuzz target that reads a repository (revision expressions), apart so LiveryTestSupport needs no libgit2.
        .target(name: "LiveryGitFuzz", dependencies: ["LiveryGit", "LiveryTestSupport"], swiftSettings: strictSettings),

        .testTarget(
            name: "LiveryGitTests", dependencies: ["LiveryGit", "LiveryGitFuzz", "LiveryTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "LiverySourceTests", dependencies: ["LiverySource", "LiveryTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "LiveryTextTests", dependencies: ["LiveryText", "LiveryTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "LiveryRegistryTests", dependencies: ["LiveryRegistry"], swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryJSONTests", dependencies: ["LiveryJSON", "LiveryConcurrency", "LiveryTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "LiveryCoreTests", dependencies: ["LiveryCore", "LiveryJSON"], swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryTargetsTests", dependencies: ["LiveryTargets", "LiveryJSON", "LiverySource", "LiveryCore", "LiveryTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryEmitTests", dependencies: ["LiveryEmit", "LiveryTargets", "LiveryJSON", "LiveryCore", "LiveryTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryKitTests",
            dependencies: [
                "LiveryKit", "LiveryEngine", "LiveryGit", "LiveryJSON", "LiveryTargets", "LiveryEmit", "LiveryDiff", "LiveryImage",
                "LiveryCore", "LiveryConcurrency", "LiveryImport", "LiveryText", "LiveryTestSupport",
            ], swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryDiffTests",
            dependencies: ["LiveryDiff", "LiveryCore", "LiveryText", "LiveryTargets", "LiveryJSON", "LiveryTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryGalleryTests",
            dependencies: [
                "LiveryGallery", "LiveryTargets", "LiveryDiff", "LiveryJSON", "LiverySource", "LiveryCore", "LiveryTestSupport",
            ],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryImportTests",
            dependencies: ["LiveryImport", "LiveryEmit", "LiveryTargets", "LiveryJSON", "LiveryCore", "LiveryTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryVisualTests", dependencies: ["LiveryVisual", "LiveryTargets", "LiveryJSON", "LiveryTestSupport"],
            swiftSettings: strictSettings),
        .testTarget(name: "LiveryArchiveTests", dependencies: ["LiveryArchive", "LiveryTestSupport"], swiftSettings: strictSettings),
        .testTarget(name: "LiveryImageTests", dependencies: ["LiveryImage", "LiveryTestSupport"], swiftSettings: strictSettings),
        .testTarget(
            name: "LiveryRuntimeTests",
            dependencies: [
                "LiveryRuntime", "LiveryCore", "LiveryJSON", "LiveryTargets", "LiveryEmit", "LiveryTestSupport", "LiveryConcurrency",
                .product(name: "Logging", package: "swift-log"),
            ],
            swiftSettings: strictSettings
        ),
        // The command line's tests, grouped by what they test. Those that run the `livery`
        // executable find it beside the test bundle (LiveryBinary): `swift build --build-tests` builds it.
        // Each command's behaviour: exit codes, messages, hostile input, where it writes.
        .testTarget(
            name: "LiveryCommandTests", dependencies: ["LiveryTestSupport", "LiveryEmit", "LiveryTargets", "LiveryCore", "LiveryJSON"],
            swiftSettings: strictSettings),
        // Every command's output byte for byte against Tests/Fixtures/golden (scripts/testing/refresh-golden).
        .testTarget(
            name: "LiveryGoldenTests", dependencies: ["LiveryTestSupport", "LiveryEmit", "LiveryTargets", "LiveryCore", "LiveryKit"],
            swiftSettings: strictSettings),
        // What livery writes and ships, run by the real tools that use it: swiftc, kotlinc and the JVM, aapt, xmllint, schemas, SwiftPM, pre-commit, the GitHub Action.
        .testTarget(
            name: "LiveryConsumerTests",
            dependencies: ["LiveryTestSupport", "LiveryEmit", "LiveryTargets", "LiveryCore", "LiveryJSON", "LiveryRuntime"],
            swiftSettings: strictSettings),
        // Pages and stylesheets livery writes, drawn by headless Chromium.
        .testTarget(name: "LiveryBrowserTests", dependencies: ["LiveryTestSupport", "LiveryCore"], swiftSettings: strictSettings),
        // The README, docs pages and docs/architecture.md held to what livery does and how it is built.
        .testTarget(
            name: "LiveryDocumentationTests", dependencies: ["LiveryTestSupport", "LiveryEmit", "LiveryTargets", "LiveryCore"],
            swiftSettings: strictSettings),
    ]
)
