import Foundation
import LiveryBrowser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why the browser could not be found, started or driven: exit 2, with what to do.
struct ChromiumError: UserError {
    var message: String
    var hint: String?
}

/// One headless Chromium for a whole run (`ChromiumPipe`, LiveryBrowser: the process, its
/// flags and the DevTools pipe), and what `livery diff --visual` asks of it: tabs of a
/// fixed size, and a screenshot of each page once it has settled. Whatever goes wrong is a
/// `ChromiumError`, which the command reports with exit 2.
final class HeadlessChromium {
    private let pipe: ChromiumPipe
    /// How long one command may take before the run gives up.
    var timeout: TimeInterval {
        get { pipe.timeout }
        set { pipe.timeout = newValue }
    }

    /// Starts `executable` with its profile in `profile` (a directory the caller made and removes).
    init(executable: String, profile: String) throws {
        do {
            pipe = try ChromiumPipe(executable: executable, profile: profile)
        } catch let error as ChromiumPipeError {
            throw ChromiumError(message: error.message, hint: error.couldNotStart ? ChromiumLocator.hint : nil)
        }
    }

    /// Sends one command and returns its `result`; an `error` reply throws.
    @discardableResult
    func send(_ method: String, _ params: [String: Any], session: String? = nil) throws -> [String: Any] {
        try Self.reported { try pipe.send(method, params, session: session) }
    }

    /// Sends one command without waiting for its reply (`reply(to:)`).
    func post(_ method: String, _ params: [String: Any], session: String? = nil) throws -> Int {
        try Self.reported { try pipe.post(method, params, session: session) }
    }

    /// The `result` of the command `id`; an `error` reply throws.
    func reply(to id: Int, method: String) throws -> [String: Any] {
        try Self.reported { try pipe.reply(to: id, method: method) }
    }

    /// The browser's failure as the user sees it.
    private static func reported<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as ChromiumPipeError {
            throw ChromiumError(message: error.message)
        }
    }

    /// A new tab of `width × height` CSS pixels at scale 1, attached for commands.
    func openTab(width: Int, height: Int) throws -> Tab {
        // A window of its own: a tab behind another would be hidden, and a hidden page never settles.
        let target = try send("Target.createTarget", ["url": "about:blank", "newWindow": true])
        guard let targetID = target["targetId"] as? String else { throw ChromiumError(message: "Chromium opened no tab") }
        let attached = try send("Target.attachToTarget", ["targetId": targetID, "flatten": true])
        guard let session = attached["sessionId"] as? String else {
            throw ChromiumError(message: "Chromium attached no session to its tab")
        }
        let tab = Tab(session: session, width: width, height: height)
        try send(
            "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false],
            session: session)
        try send("Emulation.setFocusEmulationEnabled", ["enabled": true], session: session)
        // The page's own colour scheme, whatever the machine's.
        try send(
            "Emulation.setEmulatedMedia",
            ["features": [["name": "prefers-color-scheme", "value": "light"], ["name": "prefers-reduced-motion", "value": "reduce"]]],
            session: session)
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
                try post(
                    "Page.captureScreenshot",
                    [
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
                try post(
                    "Runtime.evaluate", ["expression": Self.settled, "awaitPromise": true, "returnByValue": true],
                    session: round[index].0.session)
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
package enum ChromiumLocator {
    package static let environmentVariable = "LIVERY_CHROMIUM"
    static let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless_shell"]
    static let hint =
        "install Chromium (Debian and Ubuntu: apt-get install chromium; macOS: brew install --cask chromium) or give its path with --chromium PATH or \(environmentVariable)=PATH"

    package static func find(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
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
        throw ChromiumError(
            message: "livery diff --visual draws each client in headless Chromium, and no Chromium was found on PATH", hint: hint)
    }
}
