// swift-tools-version:6.1
// `refresh-bench`: the time and peak memory of one StyleStore.refresh against
// a hostile server (scripts/benchmarks/refresh-bench/server.py), measured from outside with
// GNU time. A package of its own, depending on livery by path, so it measures
// whatever LiveryRuntime the checkout holds:
//
//   cd scripts/benchmarks/refresh-bench && swift build -c release
//   python3 server.py 8931 &
//   /usr/bin/time -f '%e s, %M KB peak' .build/release/refresh-bench http://127.0.0.1:8931/endless
//   /usr/bin/time -f '%e s, %M KB peak' .build/release/refresh-bench http://127.0.0.1:8931/big
import PackageDescription

let package = Package(
    name: "refresh-bench",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "livery", path: "../../..")],
    targets: [
        .executableTarget(name: "refresh-bench", dependencies: [.product(name: "LiveryRuntime", package: "livery")]),
    ]
)
