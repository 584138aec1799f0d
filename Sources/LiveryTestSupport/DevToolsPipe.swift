import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Headless Chromium driven through the DevTools protocol over
/// `--remote-debugging-pipe`: Chromium reads commands from its file descriptor 3
/// and writes replies and events to descriptor 4, each a JSON text ended by a NUL
/// byte. No port and no WebSocket: the pipes belong to this process alone.
///
///     let browser = try DevToolsPipe(chromium: path, profile: dir)
///     let page = try browser.openPage()
///     try page.emulate(["prefers-color-scheme": "dark", "prefers-contrast": "more"])
///     try page.navigate("file:///…/index.html")
///     let value = try page.evaluate("document.title")
public final class DevToolsPipe {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// How long one command may take.
    public var timeout: TimeInterval = 60

    public init(chromium: String, profile: String) throws {
        // A write to a pipe Chromium closed must fail with EPIPE, not end the test process.
        signal(SIGPIPE, SIG_IGN)
        var toChromium: [Int32] = [0, 0], fromChromium: [Int32] = [0, 0]
        guard pipe(&toChromium) == 0, pipe(&fromChromium) == 0 else { throw Failure(description: "pipe: \(errno)") }
        let arguments = [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
                         "--user-data-dir=" + profile, "--no-first-run", "--no-default-browser-check", "about:blank"]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChromium[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChromium[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, chromium, &actions, nil, argv, environ)
        close(toChromium[0])
        close(fromChromium[1])
        guard status == 0 else {
            close(toChromium[1])
            close(fromChromium[0])
            throw Failure(description: "could not start \(chromium): \(status)")
        }
        pid = child
        commands = toChromium[1]
        replies = fromChromium[0]
    }

    deinit {
        _ = try? send("Browser.close", [:])
        close(commands)
        close(replies)
        var status: Int32 = 0
        // Chromium exits once the browser closes; a stuck one is killed.
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(100_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// Sends one command and returns its `result`; an `error` reply throws.
    @discardableResult
    public func send(_ method: String, _ params: [String: Any], session: String? = nil) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "\(method): Chromium closed its pipe") }
            written += count
        }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let reply = try readMessage(until: deadline, method: method)
            guard reply["id"] as? Int == id else { continue }
            if let error = reply["error"] { throw Failure(description: "\(method): \(error)") }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage(until deadline: Date, method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try JSONSerialization.jsonObject(with: Data(message))) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure(description: "\(method): no reply within \(Int(timeout)) s") }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(left, 1) * 1000)) >= 0 else { throw Failure(description: "poll: \(errno)") }
            guard poller.revents != 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            guard count > 0 else { throw Failure(description: "\(method): Chromium closed its pipe") }
            buffer += chunk[..<count]
        }
    }

    /// A new tab, attached so that commands can be sent to it.
    public func openPage() throws -> Page {
        let target = try send("Target.createTarget", ["url": "about:blank"])
        guard let targetID = target["targetId"] as? String else { throw Failure(description: "Target.createTarget gave no targetId") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw Failure(description: "Target.attachToTarget gave no sessionId") }
        return Page(browser: self, session: session, targetID: targetID)
    }

    /// One tab.
    public struct Page {
        let browser: DevToolsPipe
        let session: String
        public let targetID: String

        /// Emulates CSS media features (`prefers-color-scheme`, `prefers-contrast`) for this tab.
        public func emulate(_ features: [String: String]) throws {
            let list = features.keys.sorted().map { ["name": $0, "value": features[$0] ?? ""] }
            try browser.send("Emulation.setEmulatedMedia", ["features": list], session: session)
        }

        /// Loads `url` and waits until the document and every resource it started have loaded.
        public func navigate(_ url: String) throws {
            try browser.send("Page.navigate", ["url": url], session: session)
            let deadline = Date().addingTimeInterval(browser.timeout)
            while Date() < deadline {
                if try evaluate("document.readyState") as? String == "complete" { return }
                usleep(50_000)
            }
            throw Failure(description: "\(url) did not finish loading")
        }

        /// Sends a DevTools command to this tab (`Page.getAppManifest`).
        @discardableResult
        public func send(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
            try browser.send(method, params, session: session)
        }

        /// The value of a JavaScript expression (a promise is awaited), as JSON gives it.
        public func evaluate(_ expression: String) throws -> Any? {
            let result = try browser.send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session)
            if let exception = result["exceptionDetails"] { throw Failure(description: "script failed: \(exception)") }
            return (result["result"] as? [String: Any])?["value"]
        }
    }
}
