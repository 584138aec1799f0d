import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why the browser could not be found, started or driven: exit 2, with what to do.
public struct ChromiumError: UserError {
    public var message: String
    public var hint: String?
}

/// One headless Chromium for a whole run, driven through the DevTools protocol
/// over `--remote-debugging-pipe`: Chromium reads commands from its descriptor 3
/// and writes replies and events to descriptor 4, each a JSON text ended by a
/// NUL byte. No port, no socket, no network: pages are local files, and host
/// names resolve to nothing. The process is ended when this value goes away.
final class HeadlessChromium {
    private let pid: pid_t
    private let commands: Int32
    private let replies: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    /// Replies that came while livery waited for another one.
    private var early: [Int: [String: Any]] = [:]
    /// How long one command may take before the run gives up.
    var timeout: TimeInterval = 60

    /// Starts `executable` with its profile in `profile` (a directory the caller made and removes).
    init(executable: String, profile: String) throws {
        // A write to a pipe Chromium closed must fail with EPIPE, not end livery.
        signal(SIGPIPE, SIG_IGN)
        var toChromium: [Int32] = [0, 0], fromChromium: [Int32] = [0, 0]
        guard pipe(&toChromium) == 0 else { throw ChromiumError(message: "could not make a pipe to Chromium: \(String(cString: strerror(errno)))") }
        guard pipe(&fromChromium) == 0 else {
            close(toChromium[0]); close(toChromium[1])
            throw ChromiumError(message: "could not make a pipe from Chromium: \(String(cString: strerror(errno)))")
        }
        let arguments = [
            executable, "--headless", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe", "--user-data-dir=" + profile,
            "--no-first-run", "--no-default-browser-check", "--disable-extensions", "--disable-sync", "--disable-component-update",
            "--disable-background-networking", "--disable-default-apps", "--mute-audio", "--hide-scrollbars",
            // Pixels that depend only on the page: sRGB, scale 1, no hinting or subpixel text that a display setting changes.
            "--force-color-profile=srgb", "--force-device-scale-factor=1", "--font-render-hinting=none", "--disable-lcd-text",
            "--host-resolver-rules=MAP * ~NOTFOUND", "about:blank",
        ]
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChromium[0], 3)
        posix_spawn_file_actions_adddup2(&actions, fromChromium[1], 4)
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, argv, environ)
        close(toChromium[0])
        close(fromChromium[1])
        guard status == 0 else {
            close(toChromium[1])
            close(fromChromium[0])
            throw ChromiumError(message: "could not start Chromium at \(executable): \(String(cString: strerror(status)))", hint: ChromiumLocator.hint)
        }
        pid = child
        commands = toChromium[1]
        replies = fromChromium[0]
        // Writes to the command pipe must not block past what poll says; replies are read as they come.
        _ = fcntl(replies, F_SETFL, fcntl(replies, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        _ = try? send("Browser.close", [:], timeout: 5)
        close(commands)
        close(replies)
        var status: Int32 = 0
        // Chromium exits once its browser closes; one that does not is killed.
        for _ in 0..<50 {
            if waitpid(pid, &status, WNOHANG) == pid { return }
            usleep(100_000)
        }
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
    }

    /// Sends one command and returns its `result`; an `error` reply throws.
    @discardableResult
    func send(_ method: String, _ params: [String: Any], session: String? = nil, timeout: TimeInterval? = nil) throws -> [String: Any] {
        try reply(to: post(method, params, session: session), method: method, timeout: timeout)
    }

    /// Sends one command without waiting; its reply is read with `reply(to:)`, so commands to
    /// several tabs run in Chromium at once.
    func post(_ method: String, _ params: [String: Any], session: String? = nil) throws -> Int {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = Array(try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(commands, $0.baseAddress, $0.count) }
            guard count > 0 else { throw ChromiumError(message: "Chromium stopped while livery sent \(method)") }
            written += count
        }
        return id
    }

    /// The `result` of the command `id`; an `error` reply throws. Replies to other
    /// commands read on the way are kept for their own call; events are dropped.
    func reply(to id: Int, method: String, timeout: TimeInterval? = nil) throws -> [String: Any] {
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
                throw ChromiumError(message: "Chromium refused \(method): \(error["message"] as? String ?? "\(error)")")
            }
            return reply["result"] as? [String: Any] ?? [:]
        }
    }

    private func readMessage(until deadline: Date, method: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let message = Array(buffer[..<end])
                buffer.removeSubrange(...end)
                return (try? JSONSerialization.jsonObject(with: Data(message))) as? [String: Any] ?? [:]
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ChromiumError(message: "Chromium did not answer \(method) within \(Int(timeout)) s") }
            var poller = pollfd(fd: replies, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left, 1) * 1000))
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { throw ChromiumError(message: "could not read from Chromium: \(String(cString: strerror(errno)))") }
            guard ready > 0 else { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 20)
            let count = chunk.withUnsafeMutableBytes { read(replies, $0.baseAddress, $0.count) }
            if count < 0, errno == EAGAIN || errno == EINTR { continue }
            guard count > 0 else { throw ChromiumError(message: "Chromium stopped while livery waited for \(method)") }
            buffer += chunk[..<count]
        }
    }

    /// A new tab of `width × height` CSS pixels at scale 1, attached for commands.
    func openTab(width: Int, height: Int) throws -> Tab {
        // A window of its own: a tab behind another would be hidden, and a hidden page never settles.
        let target = try send("Target.createTarget", ["url": "about:blank", "newWindow": true])
        guard let targetID = target["targetId"] as? String else { throw ChromiumError(message: "Chromium opened no tab") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw ChromiumError(message: "Chromium attached no session to its tab") }
        let tab = Tab(session: session, width: width, height: height)
        try send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false], session: session)
        try send("Emulation.setFocusEmulationEnabled", ["enabled": true], session: session)
        // The page's own colour scheme, whatever the machine's.
        try send("Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"], ["name": "prefers-reduced-motion", "value": "reduce"]]], session: session)
        return tab
    }

    /// One tab, reused for many pages of a run.
    struct Tab {
        let session: String
        let width: Int
        let height: Int
    }

    /// A page to capture: its address and the title that tells it from the page before.
    struct Shot {
        var url: String
        var title: String
    }

    /// Load, then every font face and image decoded: nothing is drawn later than the shot.
    static let settled = """
        new Promise(done => { const go = () => Promise.all([document.fonts.ready,
          ...[...document.images].map(image => image.decode().catch(() => null))]).then(() => done(document.title));
          document.readyState === 'complete' ? go() : addEventListener('load', go); })
        """

    /// A PNG of each page's viewport at scale 1, in order: the pages are spread over
    /// `tabs`, each step sent to every tab before any reply is awaited, so Chromium
    /// lays out, paints and encodes several pages at once.
    func screenshots(of shots: [Shot], tabs: [Tab]) throws -> [[UInt8]] {
        var pictures: [[UInt8]] = []
        pictures.reserveCapacity(shots.count)
        var start = 0
        while start < shots.count {
            let round = Array(zip(tabs, shots[start..<min(shots.count, start + tabs.count)]))
            let navigations = try round.map { tab, shot in try post("Page.navigate", ["url": shot.url], session: tab.session) }
            for (id, (_, shot)) in zip(navigations, round) { _ = try reply(to: id, method: "Page.navigate \(shot.url)") }
            try settle(round)
            let captures = try round.map { tab, _ in
                try post("Page.captureScreenshot", [
                    "format": "png", "fromSurface": true, "optimizeForSpeed": true,
                    "clip": ["x": 0, "y": 0, "width": tab.width, "height": tab.height, "scale": 1],
                ], session: tab.session)
            }
            for (id, (_, shot)) in zip(captures, round) {
                let answer = try reply(to: id, method: "Page.captureScreenshot")
                guard let text = answer["data"] as? String, let data = Data(base64Encoded: text) else {
                    throw ChromiumError(message: "Chromium gave no screenshot of \(shot.url)")
                }
                pictures.append(Array(data))
            }
            start += round.count
        }
        return pictures
    }

    /// Waits until each tab shows its page loaded, fonts and images decoded. The first
    /// evaluation can reach the page being replaced, or one torn down under it: a tab
    /// whose answer is not its page's title is asked again.
    private func settle(_ round: [(Tab, Shot)]) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var waiting = Array(round.indices)
        while !waiting.isEmpty {
            let asked = try waiting.map { index in
                try post("Runtime.evaluate", ["expression": Self.settled, "awaitPromise": true, "returnByValue": true], session: round[index].0.session)
            }
            var still: [Int] = []
            for (id, index) in zip(asked, waiting) {
                let answer = try? reply(to: id, method: "Runtime.evaluate")
                if ((answer?["result"] as? [String: Any])?["value"] as? String) != round[index].1.title { still.append(index) }
            }
            waiting = still
            guard waiting.isEmpty || Date() < deadline else {
                throw ChromiumError(message: "\(round[waiting[0]].1.url) did not finish loading in Chromium")
            }
            if !waiting.isEmpty { usleep(10_000) }
        }
    }
}

/// Where Chromium is: `--chromium PATH`, else `LIVERY_CHROMIUM`, else the first of
/// the usual names on `PATH`.
public enum ChromiumLocator {
    public static let environmentVariable = "LIVERY_CHROMIUM"
    static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless_shell"]
    static let hint = "install Chromium (Debian and Ubuntu: apt-get install chromium; macOS: brew install --cask chromium) or give its path with --chromium PATH or \(environmentVariable)=PATH"

    public static func find(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let given = option ?? environment[environmentVariable].flatMap({ $0.isEmpty ? nil : $0 }) {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                throw ChromiumError(message: "no Chromium at \(given): not an executable file", hint: hint)
            }
            return given
        }
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            for name in names {
                let path = directory + "/" + name
                if FileManager.default.isExecutableFile(atPath: path) { return path }
            }
        }
        throw ChromiumError(message: "livery diff --visual draws each client in headless Chromium, and no Chromium was found on PATH", hint: hint)
    }
}
