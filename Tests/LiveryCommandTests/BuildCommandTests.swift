import Foundation
import LiveryTestSupport
import Testing

@Suite("livery build")
struct BuildCommandTests {
    /// A base, `count` clients with an image and an icon, and one client with an error.
    func repository(clients count: Int = 3, broken: Bool = false) throws -> FixtureRepository {
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"""
            {"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"},
             "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}, "fg": {"light": "#111111", "dark": "#EEEEEE"}},
             "fonts": {"body": {"family": "Test Sans", "size": 16, "weight": "regular", "file": "assets/Test.ttf"}},
             "dimensions": {"spacingM": 16},
             "components": {"text": {"body": {"background": "bg", "foreground": "fg", "font": "body"}}}}
            """##)
        try fixture.write("targets/base/assets/Test.ttf", TestFiles.truetype())
        for index in 0..<count {
            let id = "client-\(index)"
            try fixture.write(
                "targets/\(id)/style.json",
                ##"{"extends": "base", "app": {"displayName": "Client \##(index)", "bundleId": "com.example.c\##(index)"}, "images": {"logo": "logo.png"}, "appIcon": "icon.png"}"##
            )
            try fixture.write("targets/\(id)/logo.png", TestFiles.png(width: 4, height: 4, rgb: (UInt8(index), 1, 2)))
            try fixture.write("targets/\(id)/logo@2x.png", TestFiles.png(width: 8, height: 8, rgb: (UInt8(index), 1, 2)))
            try fixture.write("targets/\(id)/icon.png", TestFiles.png(width: 1024, height: 1024, rgb: (UInt8(index), 9, 9)))
        }
        if broken {
            try fixture.write(
                "targets/broken/style.json",
                ##"{"extends": "base", "app": {"displayName": "B", "bundleId": "com.example.b"}, "colors": {"x": "{colors.nope}"}}"##)
        }
        try fixture.commitAll("clients", tag: "v1")
        return fixture
    }

    /// Every file under `root`, relative path → bytes.
    func tree(_ root: String) throws -> [String: Data] {
        try FileTree.contents(under: root)
    }

    @Test func buildsEveryConcreteTargetThenSkipsUnchangedOnes() throws {
        let fixture = try repository()
        let out = try TemporaryDirectory()
        let first = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stdout.hasSuffix("✓ 3 built, 0 unchanged → \(out.path)\n"))
        let files = try tree(out.path)
        for expected in [
            "client-0/style.json", "client-0/manifest.json", "client-0/ios/Theme.swift", "client-0/ios/Info.plist",
            "client-0/ios/Target.xcconfig", "client-0/ios/Fonts/Test.ttf",
            "client-0/ios/Livery.xcassets/Colors/bg.colorset/Contents.json",
            "client-0/ios/Livery.xcassets/Images/logo.imageset/logo@2x.png",
            "client-0/ios/Livery.xcassets/AppIcon.appiconset/AppIcon.png",
            "client-0/android/res/values/colors.xml", "client-0/android/res/values-night/colors.xml",
            "client-0/android/res/values/dimens.xml", "client-0/android/res/values/strings.xml",
            "client-0/android/res/drawable-xhdpi/logo.png", "client-0/android/res/font/testsans_regular.ttf",
            "client-0/android/res/font/test_sans.xml", "client-0/android/res/values/styles.xml",
            "client-0/web/theme.css", "client-0/web/fonts/Test.ttf",
        ] {
            #expect(files[expected] != nil, "missing \(expected)")
        }
        #expect(files.keys.allSatisfy { !$0.hasPrefix("base/") })
        // Copied assets are the committed bytes.
        #expect(
            files["client-1/ios/Livery.xcassets/AppIcon.appiconset/AppIcon.png"]
                == Data(TestFiles.png(width: 1024, height: 1024, rgb: (1, 9, 9))))

        let second = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(second.stdout.hasSuffix("✓ 0 built, 3 unchanged → \(out.path)\n"))
        try fixture.write(
            "targets/client-1/style.json",
            ##"{"extends": "base", "app": {"displayName": "Client One", "bundleId": "com.example.c1"}, "images": {"logo": "logo.png"}, "appIcon": "icon.png"}"##
        )
        let third = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(third.stdout.contains("built     client-1\n"))
        #expect(third.stdout.hasSuffix("✓ 1 built, 2 unchanged → \(out.path)\n"))
        // A change to the base reaches every client.
        try fixture.write("targets/base/assets/Test.ttf", TestFiles.truetype(family: "Other"))
        #expect(
            try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).stdout.hasSuffix("✓ 3 built, 0 unchanged → \(out.path)\n"))
        #expect(
            try LiveryBinary.run(["build", "--out", out.path, "--force"], in: fixture.path).stdout.hasSuffix(
                "✓ 3 built, 0 unchanged → \(out.path)\n"))
    }

    @Test func bundlesAreByteIdenticalAcrossBuildsAndClones() throws {
        let fixture = try repository()
        let a = try TemporaryDirectory()
        let b = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--rev", "v1", "--out", a.path], in: fixture.path).status == 0)
        let clone = try TemporaryDirectory()
        try runProcess(which("git") ?? "/usr/bin/git", ["clone", "--quiet", fixture.path, clone.path + "/elsewhere"])
        #expect(try LiveryBinary.run(["build", "--rev", "v1", "--out", b.path, "--jobs", "1"], in: clone.path + "/elsewhere").status == 0)
        let first = try tree(a.path)
        let second = try tree(b.path)
        #expect(first.keys.sorted() == second.keys.sorted())
        #expect(first == second)
        #expect(first.keys.count > 40)
    }

    @Test func targetsWithErrorsAreNotBuiltButTheOthersAre() throws {
        let fixture = try repository(clients: 2, broken: true)
        let out = try TemporaryDirectory()
        let result = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(result.status == 1)
        #expect(result.stdout.contains("failed    broken (validation errors)"))
        #expect(result.stderr.contains("{colors.nope} points at no colour token"))
        #expect(FileManager.default.fileExists(atPath: out.path + "/client-0/manifest.json"))
        #expect(!FileManager.default.fileExists(atPath: out.path + "/broken"))
    }

    @Test func shardsTogetherBuildEachTargetOnce() throws {
        let fixture = try repository(clients: 8)
        var seen: [String] = []
        for k in 1...3 {
            let out = try TemporaryDirectory()
            let result = try LiveryBinary.run(["build", "--out", out.path, "--shard", "\(k)/3", "--platform", "web"], in: fixture.path)
            #expect(result.status == 0)
            seen += try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }
        }
        #expect(seen.sorted() == (0..<8).map { "client-\($0)" }.sorted())
        #expect(try LiveryBinary.run(["build", "--shard", "4/3"], in: fixture.path).status == 2)
    }

    @Test func platformsPickTheEmitters() throws {
        let fixture = try repository(clients: 1)
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path, "--platform", "web"], in: fixture.path).status == 0)
        let files = try tree(out.path)
        #expect(files["client-0/web/theme.css"] != nil)
        #expect(files["client-0/style.json"] != nil && files["client-0/manifest.json"] != nil)
        #expect(!files.keys.contains { $0.hasPrefix("client-0/ios/") || $0.hasPrefix("client-0/android/") })
        #expect(try LiveryBinary.run(["build", "--platform", "windows"], in: fixture.path).status == 2)
    }

    @Test func bundlesOfRemovedTargetsGoButForeignDirectoriesStay() throws {
        let fixture = try repository(clients: 2)
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        try FileManager.default.createDirectory(atPath: out.path + "/notes", withIntermediateDirectories: true)
        try fixture.remove("targets/client-1")
        let result = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(result.stdout.contains("removed   client-1 (no longer a target)"))
        #expect(!FileManager.default.fileExists(atPath: out.path + "/client-1"))
        #expect(FileManager.default.fileExists(atPath: out.path + "/notes"))
    }

    @Test func nothingIsWrittenOutsideTheOutputDirectory() throws {
        let fixture = try repository(clients: 2)
        let scratch = try TemporaryDirectory()
        let result = try LiveryBinary.run(["build", "--out", scratch.path + "/out"], in: fixture.path)
        #expect(result.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["out"])
        #expect(try runProcess(which("git") ?? "/usr/bin/git", ["-C", fixture.path, "status", "--porcelain"]).stdout == "")
    }

    @Test func anUnusableOutputDirectoryExitsTwoSayingWhy() throws {
        let fixture = try repository(clients: 1)
        let scratch = try TemporaryDirectory()
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.path + "/file"))
        let result = try LiveryBinary.run(["build", "--out", scratch.path + "/file/out"], in: fixture.path)
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "error: cannot write to the output directory \(scratch.path)/file/out: \(scratch.path)/file is not a directory\n")
        let unknown = try LiveryBinary.run(["build", "--target", "client-9"], in: fixture.path)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown target 'client-9'"))
    }

    @Test func aSecondBuildIntoTheSameDirectoryIsRefusedWhileOneRuns() throws {
        let fixture = try repository(clients: 1)
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
        // Hold the lock the way a running build does.
        let descriptor = open(out.path + "/.livery.lock", O_RDWR)
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let blocked = try LiveryBinary.run(["build", "--out", out.path], in: fixture.path)
        #expect(blocked.status == 2)
        #expect(blocked.stderr.contains("another livery build is writing to"))
        flock(descriptor, LOCK_UN)
        close(descriptor)
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
    }

    @Test func aKilledBuildLeavesOldOrCompleteNewBundles() throws {
        let fixture = try repository(clients: 12)
        let out = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", out.path, "--rev", "v1"], in: fixture.path).status == 0)
        let old = try tree(out.path)
        // Every bundle changes in v2.
        try fixture.write("targets/base/assets/Test.ttf", TestFiles.truetype(family: "Changed"))
        try fixture.commitAll("v2", tag: "v2")
        // The complete new bundles, built elsewhere, to compare with.
        let reference = try TemporaryDirectory()
        #expect(try LiveryBinary.run(["build", "--out", reference.path, "--rev", "v2"], in: fixture.path).status == 0)
        let new = try tree(reference.path)
        var generator = SeededRandom(seed: 5)
        for _ in 0..<12 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: LiveryBinary.path)
            process.arguments = ["build", "--out", out.path, "--rev", "v2", "--force", "--repo", fixture.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(UInt32.random(in: 0...250_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            try checkEveryBundleIsWhole(out.path, old: old)
            try checkEveryBundleIsOldOrNew(out.path, old: old, new: new)
        }
        let final = try LiveryBinary.run(["build", "--out", out.path, "--rev", "v2"], in: fixture.path)
        #expect(final.status == 0)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: out.path).filter {
            $0.hasPrefix(".livery-tmp") || $0.hasPrefix(".livery-old")
        }
        #expect(leftovers.isEmpty)
        try checkEveryBundleIsWhole(out.path, old: [:])
        try checkEveryBundleIsOldOrNew(out.path, old: [:], new: new)
    }

    /// Each bundle (manifest and every file) is byte for byte the old one or the new one.
    func checkEveryBundleIsOldOrNew(_ out: String, old: [String: Data], new: [String: Data]) throws {
        let current = try tree(out).filter { !$0.key.hasPrefix(".") }
        let ids = Set((current.keys.map { String($0.prefix { $0 != "/" }) }))
        for id in ids {
            func bundle(_ files: [String: Data]) -> [String: Data] { files.filter { $0.key.hasPrefix(id + "/") } }
            let now = bundle(current)
            #expect(now == bundle(old) || now == bundle(new), "bundle \(id) is neither the old nor the new one")
        }
    }

    @Test func twoBuildsIntoTheSameDirectoryAtOnceEndCleanly() throws {
        let fixture = try repository(clients: 12)
        let out = try TemporaryDirectory()
        for round in 0..<3 {
            let runs = (0..<2).map { _ in Process() }
            let errors = (0..<2).map { _ in Pipe() }
            for (process, pipe) in zip(runs, errors) {
                process.executableURL = URL(fileURLWithPath: LiveryBinary.path)
                process.arguments = ["build", "--out", out.path, "--force", "--repo", fixture.path]
                process.standardOutput = FileHandle.nullDevice
                process.standardError = pipe
            }
            for process in runs { try process.run() }
            let messages = errors.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
            for process in runs { process.waitUntilExit() }
            let statuses = runs.map(\.terminationStatus)
            // One may be refused (exit 2, saying why) while the other writes; none fails otherwise.
            #expect(statuses.contains(0), "round \(round): \(statuses) \(messages)")
            for (status, message) in zip(statuses, messages) where status != 0 {
                #expect(status == 2, "round \(round): \(message)")
                #expect(message.contains("another livery build is writing to"), "round \(round): \(message)")
            }
            try checkEveryBundleIsWhole(out.path, old: [:])
            #expect(try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") }.count == 12)
        }
        // Whether the two overlapped depends on the machine's load; that a build
        // is refused while another holds the lock does not: hold it here.
        let lock = open(out.path + "/.livery.lock", O_RDWR)
        #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
        let held = try LiveryBinary.run(["build", "--out", out.path, "--force"], in: fixture.path)
        #expect(held.status == 2, "\(held.stderr)")
        #expect(held.stderr.contains("another livery build is writing to"), "\(held.stderr)")
        close(lock)
        #expect(try LiveryBinary.run(["build", "--out", out.path], in: fixture.path).status == 0)
    }

    @Test func aBuildAndADiffOfTheSameRepositoryAtOnceBothEndCorrectly() throws {
        let help = try LiveryBinary.run(["diff", "--help"])
        guard help.status == 0, help.stdout.contains("USAGE: livery diff") else { return }
        let fixture = try repository(clients: 16)
        try fixture.write(
            "targets/client-3/style.json",
            ##"{"extends": "base", "app": {"displayName": "Changed", "bundleId": "com.example.c3"}, "images": {"logo": "logo.png"}, "appIcon": "icon.png"}"##
        )
        try fixture.commitAll("v2", tag: "v2")
        let out = try TemporaryDirectory()
        let build = Process()
        build.executableURL = URL(fileURLWithPath: LiveryBinary.path)
        build.arguments = ["build", "--out", out.path, "--repo", fixture.path]
        build.standardOutput = FileHandle.nullDevice
        build.standardError = FileHandle.nullDevice
        try build.run()
        let diff = try LiveryBinary.run(["diff", "v1", "v2", "--repo", fixture.path, "--target", "client-3"])
        build.waitUntilExit()
        #expect(build.terminationStatus == 0)
        #expect([0, 1].contains(diff.status), "\(diff.stderr)")
        #expect(diff.stdout.contains("Changed"), "\(diff.stdout)")
        try checkEveryBundleIsWhole(out.path, old: [:])
    }

    /// Ctrl-C, SIGTERM (a cancelled CI job) and SIGHUP (a closed terminal) in the
    /// middle of a build: finished bundles are whole, unfinished ones removed, no
    /// `.livery-tmp-*` is left, and the status is 128 + the signal. The signal is
    /// sent on an event, not after a delay: once the first bundle is in place, with
    /// dozens still to write, so a loaded machine cannot make it miss the build.
    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalMidBuildStopsCleanly(_ number: Int32) throws {
        // Many small clients (no icons to make in the test): the build runs long
        // after its first bundle, whatever the machine's speed.
        let fixture = try FixtureRepository()
        try fixture.write(
            "targets/base/style.json",
            ##"{"abstract": true, "app": {"displayName": "Base", "bundleId": "com.example.base"}, "colors": {"bg": {"light": "#FFFFFF", "dark": "#000000"}}}"##
        )
        for index in 0..<200 {
            try fixture.write(
                "targets/client-\(index)/style.json",
                ##"{"extends": "base", "app": {"displayName": "Client \##(index)", "bundleId": "com.example.c\##(index)"}}"##)
        }
        try fixture.commitAll("clients")
        var interrupted = false
        // A fast machine may finish before the first bundle is seen; each try is a fresh output.
        for _ in 0..<5 where !interrupted {
            let out = try TemporaryDirectory()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: LiveryBinary.path)
            process.arguments = ["build", "--out", out.path, "--repo", fixture.path, "--jobs", "1"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            while process.isRunning, Self.bundles(in: out.path).isEmpty { usleep(1_000) }
            kill(process.processIdentifier, number)
            process.waitUntilExit()
            #expect(process.terminationReason == .exit, "the build died of signal \(process.terminationStatus) instead of handling it")
            #expect([0, 128 + number].contains(process.terminationStatus), "status \(process.terminationStatus)")
            interrupted = process.terminationStatus == 128 + number
            let leftovers = (try? FileManager.default.contentsOfDirectory(atPath: out.path))?.filter { $0.hasPrefix(".livery-tmp") } ?? []
            #expect(leftovers.isEmpty, "left behind: \(leftovers)")
            try checkEveryBundleIsWhole(out.path, old: [:])
            if interrupted { #expect(Self.bundles(in: out.path).count < 200, "the build was not stopped") }
        }
        #expect(interrupted, "no run was interrupted mid-build")
    }

    /// The bundles in `out` so far.
    static func bundles(in out: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { !$0.hasPrefix(".") }
    }

    /// Each bundle's files are exactly those its manifest lists, with the hashes it lists.
    func checkEveryBundleIsWhole(_ out: String, old: [String: Data]) throws {
        for id in try FileManager.default.contentsOfDirectory(atPath: out) where !id.hasPrefix(".") {
            let manifestData = try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(id)/manifest.json"))
            let manifest = try #require(try JSONSerialization.jsonObject(with: manifestData) as? [String: Any])
            let listed = try #require(manifest["files"] as? [[String: Any]])
            let present = try tree("\(out)/\(id)").keys.filter { $0 != "manifest.json" }.sorted()
            #expect(present == listed.compactMap { $0["path"] as? String }.sorted(), "bundle \(id) is incomplete")
        }
    }
}
