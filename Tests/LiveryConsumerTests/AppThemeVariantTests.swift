import Foundation
import LiveryCore
import LiveryEmit
import LiveryJSON
import LiveryRuntime
import LiveryTargets
import LiveryTestSupport
import Synchronization
import Testing

/// The typed theme shows what the store shows: the active variant over the applied updates
/// over the built-in style, in both runtimes, followed as the audience, the clock and signed
/// updates change it. The generated `AppTheme.swift` is compiled with the LiveryRuntime this
/// build made (so `AppTheme(store:)` is the generated initialiser, not a stand-in), and
/// `AppTheme.kt` with the Kotlin runtime; both run one script of an app's life.
extension AppThemeConsumerTests {
    /// One step of the script, and what the store must show after it.
    struct VariantStep {
        var arguments: [String]
        var variant: String?
        var style: JSONValue
    }

    /// The moments the script uses: a day in November, and one inside the winter window.
    static let november = UpdateTime(text: "2026-11-15T12:00:00Z")?.secondsSince1970 ?? 0
    static let december = UpdateTime(text: "2026-12-02T12:00:00Z")?.secondsSince1970 ?? 0

    /// The script both programs run, with what each step must show.
    struct VariantScript {
        var steps: [VariantStep]
        var arguments: [String]
        var style: String
        var variants: [UInt8]
        var key: String
        /// The tokens the variants change (a colour and a dimension), and the one the style update changes.
        var color: ContractToken, radius: ContractToken, other: ContractToken
    }

    // Not on the main actor: the compilers run for minutes, and the store tests running at the
    // same time need the main actor within their deadline. Only the in-process store hops there.
    @Test(.enabled(if: tools, missing))
    func theTypedThemeReadsTheStoresActiveVariantInBothRuntimes() async throws {
        let work = try TemporaryDirectory()
        let app = try Self.prepare(repo: Self.root, work: work.path)
        let script = try Self.variantScript(app, scratch: work.path + "/variants")
        // The same script in this process: the store itself resolves what each step expects.
        try await Self.checkStoreInProcess(script)

        let swiftBinary = try Self.compileSwiftWithRuntime(app, scratch: work.path + "/swift-runtime")
        let swiftRun = try runProcess(swiftBinary, script.arguments)
        try #require(swiftRun.status == 0, "\(swiftRun.stderr.prefix(2_000))")
        let kotlin = try Self.compileKotlin(app, scratch: work.path + "/kotlin")
        let kotlinRun = try runProcess(kotlin.java, ["-cp", kotlin.classpath, "MainKt", "--script"] + script.arguments)
        try #require(kotlinRun.status == 0, "\(kotlinRun.stderr.prefix(2_000))")
        let swift = AppThemeConsumer.parse(swiftRun.stdout)
        let kotlinLines = AppThemeConsumer.parse(kotlinRun.stdout)

        for (index, step) in script.steps.enumerated() {
            let expected = AppThemeExpectations.lines(
                app.contract, style: try LiveryStyle(document: Data(CanonicalJSON.bytes(step.style))))
            for (language, lines) in [("Swift", swift), ("Kotlin", kotlinLines)] {
                let printed = try #require(lines["step \(index)"], "\(language) printed no step \(index)")
                #expect(
                    printed["variant"] == (step.variant ?? "none"), "\(language) step \(index): variant \(printed["variant"] ?? "none")")
                // Every step changes the style shown; the observer (Swift) or listener (Kotlin) is told.
                #expect(
                    printed["told"] == (index == 0 ? "false" : "true"), "\(language) step \(index): the theme was not told of the change")
                if step.arguments.first == "apply" {
                    #expect(printed["outcome"] == "applied", "\(language) step \(index): \(printed["outcome"] ?? "none")")
                }
                for (token, value) in expected.sorted(by: { $0.key < $1.key }) {
                    #expect(
                        AppThemeExpectations.same(printed[token], value),
                        "\(language) step \(index) \(token): \(printed[token] ?? "none"), expected \(value)")
                }
            }
            #expect(swift["step \(index)"] == kotlinLines["step \(index)"], "step \(index): Swift and Kotlin differ")
        }
        // The seam as a team meets it: in Canada, the typed theme's primary colour and radius are the variant's.
        let (color, radius, other) = (script.color.path, script.radius.path, script.other.path)
        #expect(swift["step 0"]?[color]?.hasPrefix("198,40,40,255|198,40,40,255") == true, "\(swift["step 0"]?[color] ?? "none")")
        #expect(swift["step 0"]?[radius] == "2.0000")
        #expect(kotlinLines["step 0"]?[color]?.hasPrefix("198,40,40,255|198,40,40,255") == true)
        // Over the update: the variant's colour, and the update's other colour beneath it.
        #expect(swift["step 5"]?[other]?.hasPrefix("18,52,86,255|") == true, "\(swift["step 5"]?[other] ?? "none")")
    }

    /// A client's bundle with a regional variant (Canada) and a date-window one (winter in
    /// Toronto), two signed updates (one that only changes the variants, one of the style that
    /// carries variants made against its result), and the steps of an app's life over them.
    static func variantScript(_ app: App, scratch: String) throws -> VariantScript {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        func file(_ name: String, _ bytes: [UInt8]) throws -> String {
            try Data(bytes).write(to: URL(fileURLWithPath: scratch + "/" + name))
            return scratch + "/" + name
        }
        func json(_ text: String) throws -> JSONValue { try CanonicalJSON.parse(Array(text.utf8)) }
        func definition(_ name: String, _ text: String) throws -> VariantDefinition {
            try VariantParser.definition(JSONReader.parse(Array(text.utf8), file: "variant.json"), name: name)
        }
        func over(_ base: JSONValue, _ patch: String) throws -> JSONValue {
            try #require(MergeRules.builtIn.apply(try json(patch), to: base))
        }
        // The primary colour and a radius, as a team's app reads them; another colour for the update.
        let colors = app.contract.tokens(in: .colors).filter { !$0.isOptional }
        let color = try #require(colors.first { $0.name == "primary" } ?? colors.first)
        let other = try #require(colors.first { $0.name != color.name })
        let dimensions = app.contract.tokens(in: .dimensions).filter { !$0.isOptional }
        let radius = try #require(dimensions.first { $0.name == "radiusM" } ?? dimensions.first)
        func look(_ hex: String, _ size: Int) -> String {
            ##"{"colors": {"\##(color.name)": {"light": "\##(hex)", "dark": "\##(hex)"}}, "dimensions": {"\##(radius.name)": \##(size)}}"##
        }

        let client = try #require(app.clients.first)
        let stylePath = app.dist + "/" + client + "/style.json"
        let base = try CanonicalJSON.parse(Array(try Data(contentsOf: URL(fileURLWithPath: stylePath))))
        let canada = try definition("canada", ##"{"when": {"countries": ["CA"]}, "order": 1}"##)
        let winter = try definition(
            "winter", ##"{"when": {"from": "2026-12-01T00:00", "until": "2026-12-27T00:00", "timeZone": "America/Toronto"}, "order": 2}"##
        )
        func variants(over style: JSONValue, canada canadaLook: String, winter winterLook: String) throws -> (
            VariantSet, JSONValue, JSONValue
        ) {
            let canadaStyle = try over(style, canadaLook)
            let winterStyle = try over(style, winterLook)
            return (
                try #require(VariantSet.make(client: style, variants: [(canada, canadaStyle), (winter, winterStyle)])), canadaStyle,
                winterStyle
            )
        }

        // The bundle's variants.
        let (bundledSet, canadaStyle, winterStyle) = try variants(over: base, canada: look("#C62828", 2), winter: look("#1565C0", 14))
        // A signed update that only changes the variants: winter's look is now green.
        let key = UpdateSigningKey()
        let (firstSet, canadaAgain, greenWinter) = try variants(over: base, canada: look("#C62828", 2), winter: look("#2E7D32", 6))
        let digest = CanonicalJSON.digest(of: base)
        let variantsOnly = try key.sign(
            StyleUpdate(target: client, base: digest, result: digest, patch: .makeObject([]), sequence: 2, variants: firstSet))
        // A signed update of the style (another colour) that carries variants made against its result.
        let updated = try over(base, ##"{"colors": {"\##(other.name)": {"light": "#123456", "dark": "#123456"}}}"##)
        let (secondSet, canadaUpdated, winterUpdated) = try variants(over: updated, canada: look("#AD1457", 4), winter: look("#00695C", 8))
        var styleUpdate = try #require(try StyleUpdate.make(target: client, from: base, to: updated, sequence: 3))
        styleUpdate.variants = secondSet

        let variantsPath = try file("variants.json", bundledSet.bytes)
        let keyPath = try file("signing.pub", Array((key.publicKey.text + "\n").utf8))
        let first = try file("variants-only.json", variantsOnly.bytes)
        let second = try file("style-update.json", try key.sign(styleUpdate).bytes)
        let steps = [
            VariantStep(arguments: [], variant: "canada", style: canadaStyle),
            VariantStep(arguments: ["audience", "FR"], variant: nil, style: base),
            VariantStep(arguments: ["clock", String(december)], variant: "winter", style: winterStyle),
            VariantStep(arguments: ["apply", first], variant: "winter", style: greenWinter),
            VariantStep(arguments: ["audience", "CA"], variant: "canada", style: canadaAgain),
            VariantStep(arguments: ["apply", second], variant: "canada", style: canadaUpdated),
            VariantStep(arguments: ["audience", "FR"], variant: "winter", style: winterUpdated),
        ]
        return VariantScript(
            steps: steps, arguments: [stylePath, variantsPath, keyPath, "CA", String(november)] + steps.flatMap(\.arguments),
            style: stylePath, variants: bundledSet.bytes, key: key.publicKey.text, color: color, radius: radius, other: other
        )
    }

    /// LiveryRuntime's store in this process, through the same steps: its `resolvedDocument`
    /// is each step's expected style, byte for byte, and `activeVariant` its variant.
    @MainActor
    static func checkStoreInProcess(_ script: VariantScript) throws {
        let clock = ScriptClock(seconds: november)
        let store = try StyleStore(
            bundled: try Data(contentsOf: URL(fileURLWithPath: script.style)), variants: Data(script.variants), cache: nil,
            trustedKeys: [script.key],
            audience: VariantAudience(installID: "install-1", country: "CA"), now: { clock.now }
        )
        for (index, step) in script.steps.enumerated() {
            var arguments = step.arguments
            switch arguments.first {
            case "audience": store.setAudience(VariantAudience(installID: "install-1", country: arguments[1]))
            case "clock":
                clock.seconds.store(Int64(arguments[1]) ?? 0, ordering: .relaxed)
                store.reconsiderVariant()
            case "apply":
                let outcome = store.apply(try Data(contentsOf: URL(fileURLWithPath: arguments[1])))
                #expect(outcome == .applied(store.digest), "step \(index): \(outcome)")
            default: arguments = []
            }
            #expect(store.activeVariant?.variant == step.variant, "step \(index)")
            #expect(
                store.resolvedDocument == Data(CanonicalJSON.bytes(step.style)),
                "step \(index): the store's resolved document is not the variant over the style")
            #expect(store.style == (try LiveryStyle(json: step.style)), "step \(index)")
        }
    }

    /// A module's object files: for a Swift module those its output file map names (the
    /// objects of its sources now: an incremental build leaves a renamed file's old object
    /// behind, which would be linked twice), for a C module every object in its folder.
    static func objects(in directory: String) throws -> [String] {
        let map = directory + "/output-file-map.json"
        if let bytes = FileManager.default.contents(atPath: map) {
            let entries = try #require(try JSONSerialization.jsonObject(with: bytes) as? [String: [String: String]])
            return entries.values.compactMap { $0["object"] }.sorted()
        }
        return (FileManager.default.enumerator(atPath: directory)?.compactMap { $0 as? String } ?? [])
            .filter { $0.hasSuffix(".o") }.sorted().map { directory + "/" + $0 }
    }

    /// Compiles the generated AppTheme.swift with a program that uses `AppTheme(store:)`,
    /// against the LiveryRuntime module this build made and its objects; returns the binary.
    static func compileSwiftWithRuntime(_ app: App, scratch: String) throws -> String {
        let swiftc = try #require(ExternalTool.swiftc.path)
        let build = root + "/.build/debug"
        try #require(
            FileManager.default.fileExists(atPath: build + "/Modules/LiveryRuntime.swiftmodule"),
            "build first: no \(build)/Modules/LiveryRuntime.swiftmodule")
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        try Data(AppThemeConsumer.swiftStoreMain(app.contract).utf8).write(to: URL(fileURLWithPath: scratch + "/main.swift"))
        // LiveryRuntime and what it is built on, as an app's build links them.
        let modules = [
            "LiveryRuntime", "LiveryCore", "LiveryJSON", "LiveryConcurrency", "Logging",
            "Crypto", "CryptoBoringWrapper", "CCryptoBoringSSL", "CCryptoBoringSSLShims",
        ]
        var objects: [String] = []
        for module in modules {
            let directory = build + "/" + module + ".build"
            let found = try Self.objects(in: directory)
            try #require(!found.isEmpty, "no objects of \(module) in \(directory)")
            objects += found
        }
        let binary = scratch + "/consumer"
        let compiled = try runProcess(
            swiftc,
            ["-swift-version", "6", "-I", build + "/Modules", app.generated + "/AppTheme.swift", scratch + "/main.swift"] + objects + [
                "-lstdc++", "-o", binary,
            ]
        )
        try #require(compiled.status == 0, "swiftc: \(compiled.stderr.prefix(4_000))")
        return binary
    }
}

/// The moment a store reads, which a script moves.
final class ScriptClock: Sendable {
    let seconds: Atomic<Int64>

    init(seconds: Int64) {
        self.seconds = Atomic(seconds)
    }

    var now: Date { Date(timeIntervalSince1970: TimeInterval(seconds.load(ordering: .relaxed))) }
}
