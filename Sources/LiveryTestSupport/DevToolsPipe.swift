import Foundation
import LiveryBrowser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Headless Chromium for the browser tests, started and driven as `livery diff --visual`
/// starts it (`ChromiumPipe`, LiveryBrowser: the same flags, the DevTools protocol over
/// `--remote-debugging-pipe`), with what the tests ask of a tab.
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

    private let pipe: ChromiumPipe
    /// How long one command may take.
    public var timeout: TimeInterval {
        get { pipe.timeout }
        set { pipe.timeout = newValue }
    }

    /// `servingOverLoopback`: pages may load from 127.0.0.1, for a test that serves them over
    /// HTTP; otherwise, as livery runs it, no host or address resolves.
    public init(chromium: String, profile: String, servingOverLoopback: Bool = false) throws {
        pipe = try ChromiumPipe(executable: chromium, profile: profile, network: servingOverLoopback ? .loopback : .none)
    }

    /// Sends one command and returns its `result`; an `error` reply throws.
    @discardableResult
    public func send(_ method: String, _ params: [String: Any], session: String? = nil) throws -> [String: Any] {
        try pipe.send(method, params, session: session)
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
            let result = try browser.send(
                "Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true], session: session)
            if let exception = result["exceptionDetails"] { throw Failure(description: "script failed: \(exception)") }
            return (result["result"] as? [String: Any])?["value"]
        }
    }
}
