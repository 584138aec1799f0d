import Foundation
import LiveryCore
import LiveryEmit
import LiveryJSON
import LiveryRuntime
import LiveryTargets
import LiveryTestSupport
import Testing

/// One app over every client: shared code written once against the contract, the
/// generated `AppTheme` compiled once per language (swiftc, the Foundation part;
/// kotlinc, run on the JVM) and run over every client's style.json in one process,
/// and one web page per client whose CSS uses the contract's custom properties,
/// computed in one headless Chromium. Every accessor must give what the client's
/// style.json says; a signed remote update of a contract colour must change what
/// the accessor returns, through each runtime's store.
@Suite("Consumer app: one app over every client through the contract's AppTheme")
struct AppThemeConsumerTests {
    static let root = ConsumerFixture.demoRoot
    static var tools: Bool {
        ExternalTool.swiftc.isInstalled && ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled
            && ExternalTool.chromium.isInstalled
    }
    static let missing: Comment = "swiftc, kotlinc, java or chromium is not installed (scripts/product/bootstrap --test installs them)"

    /// A repository's contract, bundles and generated theme.
    struct App {
        var contract: AppContract
        var dist: String
        var clients: [String]
        var generated: String
    }

    /// Builds `repo` (the bundles' style.json and web/) and writes AppTheme.swift and AppTheme.kt.
    static func prepare(repo: String, work: String) throws -> App {
        let dist = work + "/dist"
        let generated = work + "/generated"
        if !FileManager.default.fileExists(atPath: dist) {
            let build = try LiveryBinary.run(["build", "--repo", repo, "--out", dist, "--platform", "web"])
            try #require(build.status == 0, "livery build: \(build.stderr.suffix(2_000))")
        }
        let file = repo + "/targets/contract.json"
        let contract = try ContractParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: file))), file: "targets/contract.json")
        try FileManager.default.createDirectory(atPath: generated, withIntermediateDirectories: true)
        try Data(AppThemeSwift.file(for: contract).utf8).write(to: URL(fileURLWithPath: generated + "/" + AppThemeSwift.fileName))
        try Data(AppThemeKotlin.file(for: contract).utf8).write(to: URL(fileURLWithPath: generated + "/" + AppThemeKotlin.fileName))
        let clients = try FileManager.default.contentsOfDirectory(atPath: dist)
            .filter { FileManager.default.fileExists(atPath: dist + "/" + $0 + "/style.json") }.sorted()
        return App(contract: contract, dist: dist, clients: clients, generated: generated)
    }

    /// Compiles the Swift consumer once; returns the binary.
    static func compileSwift(_ app: App, scratch: String) throws -> String {
        let swiftc = try #require(ExternalTool.swiftc.path)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try Data(AppThemeConsumer.swiftMain(app.contract).utf8).write(to: URL(fileURLWithPath: scratch + "/main.swift"))
        let binary = scratch + "/consumer"
        let compiled = try runProcess(swiftc, [app.generated + "/AppTheme.swift", scratch + "/main.swift", "-o", binary])
        try #require(compiled.status == 0, "swiftc: \(compiled.stderr.prefix(4_000))")
        return binary
    }

    /// Compiles the Kotlin consumer once, with the Kotlin runtime (for its store) and any `extra`
    /// Kotlin sources beside it; returns the classpath to run.
    static func compileKotlin(_ app: App, scratch: String, extra: [String] = []) throws -> (java: String, classpath: String) {
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        let java = try #require(ExternalTool.java.path)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try Data(AppThemeConsumer.kotlinMain(app.contract).utf8).write(to: URL(fileURLWithPath: scratch + "/Main.kt"))
        let runtime = try FileManager.default.subpathsOfDirectory(atPath: root + "/runtime/android/src/main/kotlin")
            .filter { $0.hasSuffix(".kt") }.sorted().map { root + "/runtime/android/src/main/kotlin/" + $0 }
        let jars = "/usr/share/java/com.android.json.jar:/usr/share/java/bcprov.jar"
        let jar = scratch + "/consumer.jar"
        let compiled = try runProcess(
            kotlinc,
            runtime + [app.generated + "/AppTheme.kt", scratch + "/Main.kt"] + extra + [
                "-cp", jars, "-include-runtime", "-nowarn", "-d", jar,
            ])
        try #require(compiled.status == 0, "kotlinc: \(compiled.stderr.prefix(4_000))")
        return (java, jar + ":" + jars)
    }

    /// Runs both programs over every client at once and checks every line against its style.json.
    static func checkEveryClient(_ app: App, swift binary: String, kotlin: (java: String, classpath: String)) throws {
        let styles = app.clients.map { app.dist + "/" + $0 + "/style.json" }
        let swiftRun = try runProcess(binary, styles)
        try #require(swiftRun.status == 0, "\(swiftRun.stderr.prefix(2_000))")
        let kotlinRun = try runProcess(kotlin.java, ["-cp", kotlin.classpath, "MainKt"] + styles)
        try #require(kotlinRun.status == 0, "\(kotlinRun.stderr.prefix(2_000))")
        let swiftLines = AppThemeConsumer.parse(swiftRun.stdout)
        let kotlinLines = AppThemeConsumer.parse(kotlinRun.stdout)
        #expect(swiftLines.count == app.clients.count && kotlinLines.count == app.clients.count)
        for path in styles {
            let style = try LiveryStyle(document: Data(contentsOf: URL(fileURLWithPath: path)))
            let expected = AppThemeExpectations.lines(app.contract, style: style)
            #expect(expected.count >= app.contract.tokens.count / 2, "\(path)")
            for (token, value) in expected.sorted(by: { $0.key < $1.key }) {
                #expect(
                    AppThemeExpectations.same(swiftLines[path]?[token], value),
                    "Swift \(path) \(token): \(swiftLines[path]?[token] ?? "none"), expected \(value)")
                #expect(
                    AppThemeExpectations.same(kotlinLines[path]?[token], value),
                    "Kotlin \(path) \(token): \(kotlinLines[path]?[token] ?? "none"), expected \(value)")
            }
            // One app: the two languages read every client the same way.
            #expect(swiftLines[path] == kotlinLines[path], "\(path): Swift and Kotlin differ")
        }
    }

    @Test(.enabled(if: tools, missing))
    func theDemoClientsRunOneAppAndARemoteUpdateReachesTheTypedTheme() async throws {
        let work = try TemporaryDirectory()
        let app = try Self.prepare(repo: Self.root, work: work.path)
        #expect(app.clients.count >= 3)
        let binary = try Self.compileSwift(app, scratch: work.path + "/swift")
        let kotlin = try Self.compileKotlin(app, scratch: work.path + "/kotlin")
        try Self.checkEveryClient(app, swift: binary, kotlin: kotlin)
        try AppThemeWebPage.check(app, chromium: try #require(ExternalTool.chromium.path), site: work.path + "/site")
        try await Self.checkRemoteUpdate(app, swift: binary, kotlin: kotlin, scratch: work.path + "/update")
    }

    @Test(.enabled(if: tools && ExternalTool.python3.isInstalled, missing))
    func aHundredClientCorpusRunsOneApp() throws {
        let work = try TemporaryDirectory()
        let corpus = work.path + "/corpus"
        let made = try runProcess(
            try #require(ExternalTool.python3.path), [Self.root + "/scripts/testing/make-corpus", corpus, "--targets", "100"])
        try #require(made.status == 0, "\(made.stderr)")
        let contractText = try Self.corpusContract(corpus: corpus, work: work.path)
        try Data(contractText.utf8).write(to: URL(fileURLWithPath: corpus + "/targets/contract.json"))
        let app = try Self.prepare(repo: corpus, work: work.path)
        #expect(app.clients.count == 100)
        let binary = try Self.compileSwift(app, scratch: work.path + "/swift")
        let kotlin = try Self.compileKotlin(app, scratch: work.path + "/kotlin")
        try Self.checkEveryClient(app, swift: binary, kotlin: kotlin)
        try AppThemeWebPage.check(app, chromium: try #require(ExternalTool.chromium.path), site: work.path + "/site")
    }

    /// The corpus's contract: every colour, palette, font, dimension, animation, image and
    /// flag some client defines (optional unless every client does), as its app would declare it.
    static func corpusContract(corpus: String, work: String) throws -> String {
        // The bundles the test reads too: the contract changes none of their bytes.
        let dist = work + "/dist"
        let build = try LiveryBinary.run(["build", "--repo", corpus, "--out", dist, "--platform", "web", "--quiet"])
        try #require(build.status == 0, "\(build.stderr.suffix(2_000))")
        let ids = try FileManager.default.contentsOfDirectory(atPath: dist).filter {
            FileManager.default.fileExists(atPath: dist + "/" + $0 + "/style.json")
        }
        var counts: [String: [String: Int]] = [:]
        var flagTypes: [String: String] = [:]
        for id in ids {
            let style = try ConsumerFixture.style(of: dist + "/" + id)
            for section in ["colors", "palettes", "fonts", "dimensions", "animations", "images", "flags"] {
                for (name, value) in style[section] as? [String: Any] ?? [:] {
                    counts[section, default: [:]][name, default: 0] += 1
                    if section == "flags" { flagTypes[name] = value is Bool ? "boolean" : value is String ? "string" : "number" }
                }
            }
        }
        var sections: [String] = []
        for section in counts.keys.sorted() {
            let names = counts[section] ?? [:]
            let entries = names.keys.sorted().map { name -> String in
                var members: [String] = []
                if names[name] != ids.count { members.append("\"optional\": true") }
                if section == "flags" { members.append("\"type\": \"\(flagTypes[name] ?? "string")\"") }
                return "\"\(name)\": {\(members.joined(separator: ", "))}"
            }
            sections.append("\"\(section)\": {\(entries.joined(separator: ", "))}")
        }
        return "{" + sections.joined(separator: ", ") + "}\n"
    }

    /// A signed update that changes a contract colour: applied by LiveryRuntime's store, the
    /// Swift theme made from the store reads the new colour; applied by the Kotlin store, so does
    /// the Kotlin theme. A tampered copy is refused and the accessor keeps the built-in colour;
    /// an update that removes the colour leaves the accessor on the built-in value.
    /// Only the store runs on the main actor; the compiled apps run off it, so a test of the store
    /// elsewhere is not kept from the main actor while they run.
    static func checkRemoteUpdate(_ app: App, swift binary: String, kotlin: (java: String, classpath: String), scratch: String) async throws
    {
        let colorToken = try #require(app.contract.tokens(in: .colors).first { !$0.isOptional })
        let client = try #require(app.clients.first)
        let bundledPath = app.dist + "/" + client + "/style.json"
        let bundled = try Data(contentsOf: URL(fileURLWithPath: bundledPath))
        let base = try CanonicalJSON.parse(Array(bundled))
        func json(_ text: String) throws -> JSONValue { try CanonicalJSON.parse(Array(text.utf8)) }
        let name = colorToken.name
        let changed = try #require(
            MergeRules.builtIn.apply(try json(##"{"colors": {"\##(name)": {"dark": "#123456", "light": "#123456"}}}"##), to: base))
        let removed = try #require(MergeRules.builtIn.apply(try json(##"{"colors": {"\##(name)": null}}"##), to: base))
        let key = try #require(UpdateSigningKey())
        let update = try key.sign(try #require(try StyleUpdate.make(target: client, from: base, to: changed, sequence: 2)))
        let removal = try key.sign(try #require(try StyleUpdate.make(target: client, from: base, to: removed, sequence: 3)))
        var tampered = update
        tampered.patch = try json(##"{"colors": {"\##(name)": {"dark": "#654321", "light": "#654321"}}}"##)
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            try Data(bytes).write(to: URL(fileURLWithPath: scratch + "/" + name))
            return scratch + "/" + name
        }
        let path = colorToken.path
        let builtIn = try #require(AppThemeExpectations.value(colorToken, in: try LiveryStyle(document: bundled)))
        let newLight = "18,52,86,255"

        // Swift: LiveryRuntime's store applies the update; the theme reads store.document over store.bundledDocument.
        let envelopes = [("update", update), ("tampered", tampered), ("removal", removal)]
        let runs = try await appliedByTheStore(envelopes, bundled: bundled, key: key).map { applied in
            (
                try file("\(applied.name)-current.json", Array(applied.current)),
                try file("\(applied.name)-bundled.json", Array(applied.bundled))
            )
        }
        let swiftRun = try runProcess(binary, runs.flatMap { ["--pair", $0.0, $0.1] })
        try #require(swiftRun.status == 0, "\(swiftRun.stderr)")
        let swift = AppThemeConsumer.parse(swiftRun.stdout)
        #expect(swift["pair \(runs[0].0)"]?[path]?.hasPrefix(newLight + "|") == true, "\(swift["pair \(runs[0].0)"]?[path] ?? "none")")
        #expect(swift["pair \(runs[1].0)"]?[path] == builtIn, "a refused update leaves the built-in colour")
        #expect(swift["pair \(runs[2].0)"]?[path] == builtIn, "a colour the update removed falls back to the built-in one")
        #expect(!builtIn.hasPrefix(newLight))

        // Kotlin: the runtime's store applies the same envelopes, and the theme reads the store.
        let keyFile = try file("signing.pub", Array((key.publicKey.text + "\n").utf8))
        let envelopeFiles = try envelopes.map { try file("\($0.0).envelope.json", $0.1.bytes) }
        let kotlinRun = try runProcess(
            kotlin.java, ["-cp", kotlin.classpath, "MainKt"] + envelopeFiles.flatMap { ["--update", bundledPath, $0, keyFile] })
        try #require(kotlinRun.status == 0, "\(kotlinRun.stderr)")
        let kotlinLines = AppThemeConsumer.parse(kotlinRun.stdout)
        #expect(kotlinLines["update \(envelopeFiles[0])"]?[path]?.hasPrefix(newLight + "|") == true, "\(kotlinRun.stdout.prefix(600))")
        #expect(kotlinLines["update \(envelopeFiles[1])"]?[path] == builtIn)
        #expect(kotlinLines["update \(envelopeFiles[2])"]?[path] == builtIn)
        // The refusal names its real cause: the trusted key's signature does not match the bytes.
        let outcomes = kotlinRun.stdout.split(separator: "\n").filter { $0.hasPrefix("outcome ") }
        #expect(
            outcomes.count == 3 && outcomes[1].contains("bad signature: the signature by trusted key \(key.keyID) does not match"),
            "\(outcomes)")
    }

    /// Each envelope applied by LiveryRuntime's store to the bundled style: the store's document and
    /// built-in document after it. The tampered one is refused for its signature, the others apply.
    @MainActor
    static func appliedByTheStore(_ envelopes: [(String, StyleUpdate)], bundled: Data, key: UpdateSigningKey) throws
        -> [(name: String, current: Data, bundled: Data)]
    {
        try envelopes.map { name, envelope in
            let store = try StyleStore(bundled: bundled, cache: nil, trustedKeys: [key.publicKey.text])
            let outcome = store.apply(Data(envelope.bytes))
            if name == "tampered" {
                #expect(outcome == .rejected(.badSignature(.mismatch([key.keyID]))))
            } else {
                #expect(outcome == .applied(store.digest))
            }
            return (name, store.document, store.bundledDocument)
        }
    }
}
