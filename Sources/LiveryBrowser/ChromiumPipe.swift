import CLiveryProcess
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why Chromium could not be started or driven.
public struct ChromiumPipeError: Error, CustomStringConvertible {
    public var message: String
    /// The process could not be started at all (no such file, not executable), as opposed to
    /// a browser that started and then failed.
    public var couldNotStart: Bool = false

    public var description: String { message }
}

/// One headless Chromium driven through the DevTools protocol over
/// `--remote-debugging-pipe`: Chromium reads commands from its descriptor 3 and writes
/// replies and events to descriptor 4, each a JSON text ended by a NUL byte. No port, no
/// socket, no network: pages are local files, host names resolve to nothing, and (on Linux,
/// where the system allows a network namespace to an ordinary process) the browser runs in a
/// network namespace of its own with no interface but an unconfigured loopback, so even the
/// probes Chromium makes on its own at start (an IPv6 reachability check that no flag turns
/// off) reach nothing. The process is ended when this value goes away, and on Linux by the
/// kernel when livery ends, however it ends (`CLiveryProcess`); the files Chromium would put
/// in the system's temporary directory go into the profile.
///
/// `livery diff --visual` (LiveryKit) and the browser tests (LiveryTestSupport) both start
/// Chromium here, so what the tests check is the browser livery runs.
public final class ChromiumPipe {
    /// What the pages may reach besides local files.
    public enum Network: Sendable {
        /// Nothing: every host name and address resolves to nothing (what livery runs).
        case none
        /// The loopback address 127.0.0.1 too, for a test that serves its pages over HTTP
        /// (a `file://` page has an opaque origin, of which Chromium reads no manifest).
        case loopback
    }

    /// Every flag Chromium starts with, after its path and before the profile. Pixels that
    /// depend only on the page: sRGB, scale 1, no hinting or subpixel text that a display
    /// setting changes.
    public static func flags(network: Network = .none) -> [String] {
        [
            "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--disable-component-update",
            "--disable-background-networking", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
            "--force-color-profile=srgb", "--force-device-scale-factor=1", "--font-render-hinting=none", "--disable-lcd-text",
            network == .none ? "--host-resolver-rules=MAP * ~NOTFOUND" : "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
        ]
    }

    private let child: OpaquePointer
    /// Chromium's process id.
    public var processID: pid_t { pid_t(livery_child_pid(child)) }
    /// Whether Chromium runs in a network namespace of its own (see the type's comment).
    public let networkIsolated: Bool
    private let commands: Int32
    private let replies: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Replies that came while another one was awaited.
    private var early: [Int: [String: Any]] = [:]
    /// How long one command may take before the caller gives up.
    public var timeout: TimeInterval = 60

    /// Starts `executable` with its profile in `profile` (a directory the caller made and removes).
    public init(executable: String, profile: String, network: Network = .none) throws {
        // A write to a pipe Chromium closed must fail with EPIPE, not end this process.
        signal(SIGPIPE, SIG_IGN)
        var toChromium: [Int32] = [0, 0]
        var fromChromium: [Int32] = [0, 0]
        guard pipe(&toChromium) == 0 else {
            throw ChromiumPipeError(message: "could not make a pipe to Chromium: \(String(cString: strerror(errno)))")
        }
        guard pipe(&fromChromium) == 0 else {
            close(toChromium[0])
            close(toChromium[1])
            throw ChromiumPipeError(message: "could not make a pipe from Chromium: \(String(cString: strerror(errno)))")
        }
        let spawned = Self.spawn(
            executable, Self.flags(network: network) + ["--user-data-dir=" + profile, "about:blank"],
            isolated: network == .none, commands: toChromium[0], replies: fromChromium[1]
        )
        close(toChromium[0])
        close(fromChromium[1])
        switch spawned {
        case .success(let started):
            child = started
        case .failure(let error):
            close(toChromium[1])
            close(fromChromium[0])
            throw error
        }
        networkIsolated = livery_child_network_isolated(child) != 0
        commands = toChromium[1]
        replies = fromChromium[0]
        // Replies are read as they come, never blocking past what poll says.
        _ = fcntl(replies, F_SETFL, fcntl(replies, F_GETFL) | O_NONBLOCK)
    }

    /// The process, with `commands` as its descriptor 3 and `replies` as its 4, nothing on its
    /// standard input, output or error, and with `isolated`, its own network namespace where
    /// the system allows one.
    private static func spawn(
        _ executable: String, _ flags: [String], isolated: Bool, commands: Int32, replies: Int32
    ) -> Result<OpaquePointer, ChromiumPipeError> {
        let environment = ProcessInfo.processInfo.environment
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + flags).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.keys.sorted().map { strdup($0 + "=" + (environment[$0] ?? "")) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        var error: Int32 = 0
        // The child has executed (or failed to) when this returns, so the strings may go.
        guard let child = livery_child_start(executable, argv, envp, commands, replies, isolated ? 1 : 0, &error) else {
            return .failure(
                ChromiumPipeError(
                    message: "could not start Chromium at \(executable): \(String(cString: strerror(error)))", couldNotStart: true))
        }
        return .success(child)
    }

    deinit {
        _ = try? send("Browser.close", [:], timeout: 5)
        close(commands)
        close(replies)
        // Chromium exits once its browser closes; one that does not is killed.
        _ = livery_child_wait(child, 5000)
        livery_child_end(child)
    }

    /// The folder in the temporary directory that holds the singleton socket of the Chromium
    /// whose profile is `profile` (`…/org.chromium.Chromium.XXXXXX`), when the profile's
    /// `SingletonSocket` links to one; Chromium removes it when it exits, but not when killed.
    public static func singletonFolder(profile: String) -> String? {
        guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: profile + "/SingletonSocket") else { return nil }
        let folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        let name = folder.lastPathComponent
        guard name.hasPrefix("org.chromium.") || name.hasPrefix(".org.chromium.") || name.hasPrefix(".com.google.Chrome.") else {
            return nil
        }
        return folder.path
    }

    /// Kills every Chromium this process started that still runs, and waits until each has
    /// exited: what an interrupted command does before it removes the folders they write in.
    public static func endAll() {
        livery_child_kill_all()
    }

    /// Sends one command and returns its `result`; an `error` reply throws.
    @discardableResult
    public func send(_ method: String, _ params: [String: Any], session: String? = nil, timeout: TimeInterval? = nil) throws -> [String:
        Any]
    {
        try reply(to: post(method, params, session: session), method: method, timeout: timeout)
    }

    /// Sends one command without waiting; its reply is read with `reply(to:)`, so commands to
    /// several tabs run in Chromium at once.
    public func post(_ method: String, _ params: [String: Any], session: String? = nil) throws -> Int {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard count > 0 else { throw ChromiumPipeError(message: "Chromium stopped while livery sent \(method)") }
            written += count
        }
        return id
    }

    /// The `result` of the command `id`; an `error` reply throws. Replies to other
    /// commands read on the way are kept for their own call; events are dropped.
    public func reply(to id: Int, method: String, timeout: TimeInterval? = nil) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout ?? self.timeout)
        while true {
            let reply: [String: Any]
            if let kept = early.removeValue(forKey: id) {
                reply = kept
            } else {
                let message = try readMessage(until: deadline, method: method)
                guard let other = message["id"] as? Int else { continue }
                guard other == id else {
                    early[other] = message
                    continue
                }
                reply = message
            }
            if let error = reply["error"] as? [String: Any] {
                throw ChromiumPipeError(message: "Chromium refused \(method): \(error["message"] as? String ?? "\(error)")")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    /// The next message, up to its NUL byte.
    private func readMessage(until deadline: Date, method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try? JSONSerialization.jsonObject(with: Data(message))) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ChromiumPipeError(message: "Chromium did not answer \(method) within \(Int(timeout)) s") }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw ChromiumPipeError(message: "could not read from Chromium: \(String(cString: strerror(errno)))") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count > 0 else { throw ChromiumPipeError(message: "Chromium stopped while livery waited for \(method)") }
            buffer += chunk[..<count]
        }
    }
}
