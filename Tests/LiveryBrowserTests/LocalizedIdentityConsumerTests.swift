import Foundation
import LiveryTestSupport
import Testing

/// The demo client with a name in three languages, built with every platform: headless
/// Chromium loads its web manifest from a page in another directory, served over HTTP.
/// (What the other consumers read of it: LiveryConsumerTests.)
@Suite("Consumers: a client's identity per language, its web manifest in Chromium")
struct LocalizedIdentityConsumerTests {
    static let client = "verde-grocers"

    /// The demo repository built with every platform.
    static let built: Result<(directory: TemporaryDirectory, bundle: String), any Error> = Result {
        let directory = try TemporaryDirectory()
        let out = directory.path + "/dist"
        let build = try LiveryBinary.run(["build", "--repo", ConsumerFixture.demoRoot, "--out", out, "--platform", "all"])
        guard build.status == 0 else { throw ConsumerFailure(description: "livery build: exit \(build.status)\n\(build.stderr)") }
        return (directory, out + "/" + client)
    }

    /// The client's bundle; `root` is where the test keeps its own files.
    static func build(_ root: String) throws -> String {
        try built.get().bundle
    }

    @Test(
        .enabled(
            if: ExternalTool.chromium.isInstalled && ExternalTool.python3.isInstalled,
            "chromium or python3 is not installed (scripts/product/bootstrap --test installs them)"))
    func chromiumLoadsTheManifestFromAPageElsewhere() throws {
        let root = try TemporaryDirectory()
        let bundle = try Self.build(root.path)
        // The page two directories away from the bundle, in the build's directory.
        let pages = try Self.built.get().directory.path + "/site/pages"
        try FileManager.default.createDirectory(atPath: pages, withIntermediateDirectories: true)
        let href = "../../dist/\(Self.client)/web/manifest.webmanifest"
        try Data(
            """
            <!doctype html><html><head><meta charset="utf-8"><link rel="manifest" href="\(href)"></head><body>
            <script>
            window.icons = async () => {
              const link = document.querySelector('link[rel=manifest]');
              const manifest = await (await fetch(link.href)).json();
              const load = src => new Promise(done => { const image = new Image(); image.onload = image.onerror = () => done([src, image.naturalWidth, image.naturalHeight]); image.src = new URL(src, link.href).href; });
              return JSON.stringify(await Promise.all(manifest.icons.map(icon => load(icon.src))));
            };
            </script></body></html>
            """.utf8
        ).write(to: URL(fileURLWithPath: pages + "/index.html"))
        // Served over HTTP as a site is: Chromium reads no manifest of a file:// page (an opaque origin).
        let server = try StaticServer(directory: try Self.built.get().directory.path)
        defer { server.stop() }
        let browser = try DevToolsPipe(
            chromium: try #require(ExternalTool.chromium.path), profile: root.path + "/profile", servingOverLoopback: true)
        let page = try browser.openPage()
        try page.navigate(server.url + "/site/pages/index.html")
        let result = try page.send("Page.getAppManifest", [:])
        let errors = result["errors"] as? [[String: Any]] ?? [["missing": "errors"]]
        #expect(errors.isEmpty, "\(errors)")
        #expect(result["url"] as? String == server.url + "/dist/\(Self.client)/web/manifest.webmanifest", "\(result)")
        let data = try #require((result["data"] as? String)?.data(using: .utf8))
        let manifest = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(manifest["name"] as? String == "Verde Grocers")
        #expect(manifest["lang"] as? String == "en" && manifest["dir"] as? String == "ltr")
        #expect(manifest["theme_color"] as? String == "#2E7D32")
        // Each icon, resolved against the manifest's URL, loads at its size.
        let icons = try #require(try page.evaluate("window.icons()") as? String)
        #expect(icons == #"[["icons/icon-192.png",192,192],["icons/icon-512.png",512,512]]"#, "\(icons)")
    }
}

/// Python's HTTP server over a directory, on a port the system picks, for pages
/// that must have an origin; stopped by `stop()`.
final class StaticServer {
    let process = Process()
    let url: String

    init(directory: String) throws {
        let script = """
            import functools, http.server, os, sys
            class Handler(http.server.SimpleHTTPRequestHandler):
                extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".webmanifest": "application/manifest+json"}
                def log_message(self, *args): pass
            server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=sys.argv[1]))
            with open(sys.argv[2] + ".tmp", "w") as f: f.write(str(server.server_address[1]))
            os.rename(sys.argv[2] + ".tmp", sys.argv[2])
            server.serve_forever()
            """
        let portFile = directory + "/.server-port-\(UUID().uuidString)"
        process.executableURL = URL(fileURLWithPath: try #require(ExternalTool.python3.path))
        process.arguments = ["-c", script, directory, portFile]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The port file appears (renamed whole) once the server listens.
        let deadline = Date().addingTimeInterval(30)
        var port: Int?
        while port == nil, Date() < deadline, process.isRunning {
            port = (try? String(contentsOfFile: portFile, encoding: .utf8)).flatMap { Int($0) }
            if port == nil { usleep(20_000) }
        }
        guard let port else {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw ConsumerFailure(description: "the HTTP server did not start")
        }
        url = "http://127.0.0.1:\(port)"
    }

    func stop() {
        // SIGKILL: a signal the test process blocks would be blocked in the child too.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
