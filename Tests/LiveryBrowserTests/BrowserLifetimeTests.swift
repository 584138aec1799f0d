import Foundation
import LiveryTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `livery diff --visual` and `livery gallery` end with everything they started and wrote
/// for the run: Chromium dies with livery whatever kills it (the kernel's parent-death
/// signal), SIGINT, SIGTERM and SIGHUP end the run as `build` ends (128 + the signal, the
/// folders of the run removed), a later run removes what a killed one left (only livery's own
/// folders, only when no running livery holds them), and Chromium reaches no network.
///
/// Each run gets a `TMPDIR` of its own, so the browsers and folders a test looks for are its own.
@Suite("Chromium and run folders live as long as livery", .serialized)
struct BrowserLifetimeTests {
    static let linuxWithChromium: Bool = {
        #if os(Linux)
            return ExternalTool.chromium.isInstalled
        #else
            return false
        #endif
    }()

    /// Whether this machine lets a process make a network namespace (with a user namespace
    /// for an ordinary user): where it does not, livery's Chromium runs without one.
    static let namespacesAllowed: Bool = {
        guard let unshare = ["/usr/bin/unshare", "/bin/unshare"].first(where: FileManager.default.isExecutableFile(atPath:)) else {
            return false
        }
        return (try? runProcess(unshare, ["-Urn", "true"]).status) == 0
    }()

    /// A test's scratch folder with its own `TMPDIR`.
    struct Scratch {
        let directory: TemporaryDirectory
        var path: String { directory.path }
        var temporary: String { directory.path + "/tmp" }

        init() throws {
            directory = try TemporaryDirectory(prefix: "livery-lifetime")
            try FileManager.default.createDirectory(atPath: directory.path + "/tmp", withIntermediateDirectories: true)
        }

        func entries(_ folder: String, prefix: String) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(prefix) }.sorted()
        }
    }

    /// livery started, not awaited.
    static func start(_ arguments: [String], in directory: String, temporary: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: LiveryBinary.path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = temporary
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The processes whose command line or environment names `path`: the Chromium started
    /// with its profile and `TMPDIR` under it, and every process Chromium started.
    static func processes(mentioning path: String, besides livery: pid_t) -> [pid_t] {
        let own = getpid()
        let needle = Array(path.utf8)
        return ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry -> pid_t? in
            guard let pid = pid_t(entry), pid != own, pid != livery else { return nil }
            for file in ["cmdline", "environ"] {
                guard let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/\(file)").map(Array.init) else { continue }
                if bytes.count >= needle.count,
                    (0...(bytes.count - needle.count)).contains(where: { bytes[$0..<($0 + needle.count)].elementsEqual(needle) })
                {
                    return pid
                }
            }
            return nil
        }
    }

    /// Waits up to `seconds` for `condition`.
    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            usleep(50_000)
        }
        return condition()
    }

    /// The demo release's visual review started, and awaited until Chromium runs.
    static func visualRunWithBrowser(_ scratch: Scratch, fixture: FixtureRepository) throws -> (Process, [pid_t]) {
        let process = try start(["diff", "v1", "v2", "--visual", scratch.path + "/report"], in: fixture.path, temporary: scratch.temporary)
        var browsers: [pid_t] = []
        let started = wait(seconds: 120) {
            browsers = processes(mentioning: scratch.temporary, besides: process.processIdentifier)
            return !browsers.isEmpty || !process.isRunning
        }
        #expect(started && !browsers.isEmpty, "Chromium was never seen running (livery exited \(process.terminationStatus))")
        return (process, browsers)
    }

    @Test(.enabled(if: linuxWithChromium, "Chromium's parent-death signal is Linux's; chromium is not installed or this is not Linux"))
    func aKilledVisualReviewTakesItsChromiumWithItAndTheNextRunClearsItsFolder() throws {
        let fixture = try DemoHistory.repository()
        let scratch = try Scratch()
        let (livery, browsers) = try Self.visualRunWithBrowser(scratch, fixture: fixture)
        if Self.namespacesAllowed, let browser = browsers.first {
            // The browser runs in a network namespace of its own.
            let own = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/net")
            let its = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(browser)/ns/net")
            #expect(own != its, "Chromium shares livery's network namespace")
        }
        kill(livery.processIdentifier, SIGKILL)
        livery.waitUntilExit()
        let gone = Self.wait(seconds: 10) { Self.processes(mentioning: scratch.temporary, besides: livery.processIdentifier).isEmpty }
        #expect(
            gone,
            "Chromium still runs 10 s after livery was killed: \(Self.processes(mentioning: scratch.temporary, besides: livery.processIdentifier))"
        )
        // What the killed run left: its pages and Chromium's profile, under a name of livery's.
        let left = scratch.entries(scratch.temporary, prefix: "livery-visual-")
        #expect(left.count == 1, "\(left)")
        // A later run removes it, and leaves what is not livery's or is held by a running livery.
        try FileManager.default.createDirectory(atPath: scratch.temporary + "/livery-visual-mine", withIntermediateDirectories: true)
        let held = scratch.temporary + "/livery-visual-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: held, withIntermediateDirectories: true)
        let lock = open(held, O_RDONLY | O_DIRECTORY)
        defer { close(lock) }
        #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) == 0)
        let later = try LiveryBinary.run(
            ["diff", "v1", "v2", "--visual", scratch.path + "/report"], in: fixture.path, environment: ["TMPDIR": scratch.temporary]
        )
        #expect([0, 1].contains(later.status), "\(later.stderr)")
        #expect(
            scratch.entries(scratch.temporary, prefix: "livery-visual-")
                == ["livery-visual-mine", URL(fileURLWithPath: held).lastPathComponent].sorted())
        #expect(Self.processes(mentioning: scratch.temporary, besides: livery.processIdentifier).isEmpty)
        // Nor the folder of the killed Chromium's singleton socket.
        #expect(scratch.entries(scratch.temporary, prefix: "org.chromium.").isEmpty, "\(scratch.entries(scratch.temporary, prefix: ""))")
    }

    @Test(
        .enabled(if: linuxWithChromium, "chromium is not installed or this is not Linux"),
        arguments: [SIGINT, SIGTERM, SIGHUP]
    )
    func aSignalDuringTheVisualReviewEndsItAsBuildEnds(_ number: Int32) throws {
        let fixture = try DemoHistory.repository()
        let scratch = try Scratch()
        let (livery, _) = try Self.visualRunWithBrowser(scratch, fixture: fixture)
        kill(livery.processIdentifier, number)
        livery.waitUntilExit()
        #expect(livery.terminationReason == .exit, "livery died of signal \(livery.terminationStatus) instead of handling it")
        #expect(livery.terminationStatus == 128 + number)
        // Chromium was ended before livery exited; its folder and the report's staging are gone.
        #expect(
            Self.wait(seconds: 2) { Self.processes(mentioning: scratch.temporary, besides: livery.processIdentifier).isEmpty },
            "\(Self.processes(mentioning: scratch.temporary, besides: livery.processIdentifier))")
        let left = (FileManager.default.enumerator(atPath: scratch.temporary)?.allObjects as? [String] ?? []).sorted()
        #expect(left.isEmpty, "left in the temporary directory: \(left.prefix(20))")
        #expect(scratch.entries(scratch.path, prefix: ".livery-").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.path + "/report"))
    }

    /// Chromium tries a UDP "connection" to a public IPv6 address at start (a reachability
    /// check no flag turns off). In its own network namespace that reaches nothing: under
    /// strace, every connect or send to an address that is not loopback fails.
    @Test(
        .enabled(
            if: linuxWithChromium && namespacesAllowed && ExternalTool.strace.isInstalled,
            "needs Linux, chromium, strace and network namespaces"))
    func livesChromiumReachesNoNetwork() throws {
        let fixture = try DemoHistory.repository()
        let scratch = try Scratch()
        let trace = scratch.path + "/trace"
        let strace = try #require(ExternalTool.strace.path)
        var environment = ProcessInfo.processInfo.environment
        environment["TMPDIR"] = scratch.temporary
        let run = try runProcess(
            strace,
            [
                "-f", "-qq", "-e", "trace=connect,sendto,sendmsg", "-o", trace, LiveryBinary.path, "diff", "v1", "v2", "--visual",
                scratch.path + "/report",
            ],
            in: fixture.path, environment: environment
        )
        #expect([0, 1].contains(run.status), "\(run.stderr)")
        let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        // A call another thread interrupted is finished on a later line of its process: `<... connect resumed>) = …`.
        let reaching = lines.enumerated().compactMap { index, line -> String? in
            guard line.contains("AF_INET"), !line.contains("\"127."), !line.contains("\"::1\"") else { return nil }
            var ending = line
            if line.hasSuffix("<unfinished ...>"), let process = line.split(separator: " ").first {
                ending = lines[(index + 1)...].first { $0.hasPrefix(process + " ") && $0.contains("resumed>") } ?? line
            }
            return ending.contains("= -1 ") ? nil : line
        }
        #expect(reaching.isEmpty, "calls that reached a network:\n\(reaching.joined(separator: "\n"))")
        // The trace did see Chromium's sockets: the check looked at something.
        #expect(lines.contains { $0.contains("AF_UNIX") || $0.contains("AF_INET") }, "strace traced no socket call")
    }
}
