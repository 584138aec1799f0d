import Foundation
import LiveryCore
import LiveryJSON
import LiveryRuntime
import LiveryTargets
import LiveryTestSupport
import Synchronization
import Testing

/// The week's variant day: bolt's bundle with its three variants, an install in Canada,
/// and a signed update of a colour no variant sets, read through the generated typed
/// theme in both runtimes. The typed theme must give what the store resolves (the
/// active variant over the applied update over the built-in style), follow it when the
/// audience changes or a date window opens, and name the variant `livery variant`
/// names for the same install and moment.
enum TeamWeekVariants {
    static let install = "install-7"
    /// 2026-12-07T12:00:00Z: before bolt's holiday window (from 2026-12-20 in Paris).
    static let before = Date(timeIntervalSince1970: 1_796_644_800)
    /// 2026-12-21T12:00:00Z: inside it.
    static let during = Date(timeIntervalSince1970: 1_798_027_200)

    /// The moments of the day, each with the audience the app passes and the variant expected.
    struct Moment {
        var label: String
        var country: String?
        var date: Date
        var variant: String?
    }

    static let moments = [
        Moment(label: "canada", country: "CA", date: before, variant: "canada"),
        Moment(label: "update", country: "CA", date: before, variant: "canada"),
        Moment(label: "nowhere", country: nil, date: before, variant: nil),
        Moment(label: "holiday", country: "CA", date: during, variant: "holiday"),
    ]

    /// The tokens compared: one the variants set, one the update sets, one both leave.
    static let tokens = ["colors.primary", "colors.onPrimary", "dimensions.radiusM", "colors.background"]

    /// The app program on the JVM: the Kotlin runtime's store over bolt's bundle, with
    /// the same moments, printing the variant and the typed theme's lines at each.
    static let kotlinWeek = #"""
        import dev.livery.runtime.*
        import dev.livery.theme.*
        import java.io.File

        object Week {
            @JvmStatic fun main(args: Array<String>) {
                val bundled = File(args[0]).readBytes()
                val id = LiveryStyle.decode(bundled).id
                var now = args[4].toLong()
                val store = StyleStore(
                    mapOf(id to bundled), id, null, listOf(File(args[2]).readText().trim()), java.util.concurrent.Executor { it.run() },
                    clock = { now }, variants = mapOf(id to File(args[1]).readBytes()),
                    audience = VariantAudience("install-7", "CA", null, "ios")
                )
                fun show(label: String) {
                    println("== " + label)
                    println("variant=" + (store.activeVariant?.variant ?: "none"))
                    printAll(AppTheme(store.resolvedDocument, store.bundledDocument))
                }
                show("canada")
                println("outcome=" + store.apply(File(args[3]).readBytes()))
                show("update")
                println("again=" + store.apply(File(args[3]).readBytes()))
                store.setAudience(VariantAudience("install-7", null, null, "ios"))
                show("nowhere")
                store.setAudience(VariantAudience("install-7", "CA", null, "ios"))
                now = args[5].toLong()
                store.reconsiderVariant()
                show("holiday")
            }
        }

        """#

    /// `livery variant`'s answer for the install at a moment.
    static func cli(_ repository: String, _ moment: Moment) throws -> String? {
        var arguments = [
            "variant", "bolt", "--install-id", install, "--platform", "ios", "--date", ISO8601DateFormatter().string(from: moment.date),
            "--format", "json",
        ]
        if let country = moment.country { arguments += ["--country", country] }
        let result = try LiveryBinary.run(arguments, in: repository)
        try #require(result.status == 0, "livery variant: \(result.stdout)\(result.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        return answer["variant"] as? String
    }

    /// A signed update of bolt's onPrimary, made by livery from the working tree against `base`,
    /// with a key livery made. Returns the envelope and the public key's file.
    static func signedUpdate(_ repository: String, base: String, scratch: String) throws -> (envelope: String, key: String) {
        let keys = try LiveryBinary.run(["keys", "generate", "--output", scratch + "/keys"], in: repository)
        try #require(keys.status == 0, "keys generate: \(keys.stdout)\(keys.stderr)")
        let style = repository + "/targets/bolt/style.json"
        let original = try String(contentsOfFile: style, encoding: .utf8)
        try #require(original.contains(##""onPrimary": { "light": "#FFFFFF""##), "\(original)")
        try Data(
            original.replacingOccurrences(of: ##""onPrimary": { "light": "#FFFFFF""##, with: ##""onPrimary": { "light": "#FFFFF0""##).utf8
        ).write(to: URL(fileURLWithPath: style))
        defer { try? Data(original.utf8).write(to: URL(fileURLWithPath: style)) }
        let made = try LiveryBinary.run(
            [
                "diff", base, "--target", "bolt", "--format", "update", "--output", scratch + "/updates", "--signing-key",
                scratch + "/keys/signing.key",
            ], in: repository)
        try #require(made.status == 0, "diff --format update: \(made.stdout)\(made.stderr)")
        let files = FileTree.paths(under: scratch + "/updates/bolt").filter { $0.hasSuffix(".json") }
        let envelope = try #require(files.first, "no update was written: \(made.stdout)")
        return (scratch + "/updates/bolt/" + envelope, scratch + "/keys/signing.pub")
    }

    /// What the Swift store showed at each moment, and how it answered the update.
    struct SwiftMoments {
        var pairs: [(label: String, current: String, variant: String?)] = []
        var bundledFile = ""
        var applied = false, outcome = "", again = ""
    }

    /// Only the store runs on the main actor; the compiled apps and `livery` run off it, so a test
    /// of the store elsewhere is not kept from the main actor while they run.
    static func check(
        _ app: AppThemeConsumerTests.App, swift binary: String, kotlin: (java: String, classpath: String), repository: String, base: String,
        scratch: String,
        seam: (String, Bool, String) -> Void
    ) async throws {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let update = try signedUpdate(repository, base: base, scratch: scratch)
        let bundledPath = app.dist + "/bolt/style.json"
        let variantsPath = app.dist + "/bolt/variants.json"
        let bundled = try Data(contentsOf: URL(fileURLWithPath: bundledPath))
        let variants = try Data(contentsOf: URL(fileURLWithPath: variantsPath))
        let envelope = try Data(contentsOf: URL(fileURLWithPath: update.envelope))
        let key = try String(contentsOfFile: update.key, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)

        // Swift: LiveryRuntime's store; the compiled app reads what `AppTheme(store:)` reads.
        let seen = try await swiftStoreMoments(bundled: bundled, variants: variants, envelope: envelope, key: key, scratch: scratch)
        seam("1 the signed update applies over the variant in Swift", seen.applied, seen.outcome)
        seam("11 Swift reports an update applied twice as already current", seen.again == "alreadyCurrent", seen.again)
        let pairs = seen.pairs
        let bundledFile = seen.bundledFile
        let swiftRun = try runProcess(binary, pairs.flatMap { ["--pair", $0.current, bundledFile] })
        try #require(swiftRun.status == 0, "\(swiftRun.stderr)")
        let swift = AppThemeConsumer.parse(swiftRun.stdout)

        // Kotlin: the same moments through the Kotlin runtime's store.
        let kotlinRun = try runProcess(
            kotlin.java,
            [
                "-cp", kotlin.classpath, "Week",
                bundledPath, variantsPath, update.key, update.envelope, String(Int64(before.timeIntervalSince1970 * 1000)),
                String(Int64(during.timeIntervalSince1970 * 1000)),
            ])
        try #require(kotlinRun.status == 0, "\(kotlinRun.stderr.prefix(3_000))")
        let kotlinLines = AppThemeConsumer.parse(kotlinRun.stdout)
        seam(
            "1 the signed update applies over the variant in Kotlin", kotlinRun.stdout.contains("outcome=Applied"),
            kotlinRun.stdout.prefix(400).description)
        seam(
            "11 Kotlin reports an update applied twice as already current", kotlinRun.stdout.contains("again=AlreadyCurrent\n"),
            kotlinRun.stdout.prefix(400).description)

        // The typed theme in each runtime gives exactly the store's resolved style, which is
        // the variant `livery variant` names, with the update under it.
        for (index, moment) in moments.enumerated() {
            let pair = pairs[index]
            let expected = try LiveryStyle(document: Data(contentsOf: URL(fileURLWithPath: pair.current)))
            seam(
                "1 the Swift store shows \(moment.variant ?? "no variant") (\(moment.label))", pair.variant == moment.variant,
                "\(pair.variant ?? "none")")
            seam(
                "1 Kotlin's store shows \(moment.variant ?? "no variant") (\(moment.label))",
                kotlinLines[moment.label]?["variant"] == (moment.variant ?? "none"), "\(kotlinLines[moment.label]?["variant"] ?? "nothing")"
            )
            seam(
                "1 livery variant names \(moment.variant ?? "no variant") (\(moment.label))", try cli(repository, moment) == moment.variant,
                "")
            for token in tokens {
                guard let contractToken = app.contract.tokens.first(where: { $0.path == token }) else { continue }
                let want = AppThemeExpectations.value(contractToken, in: expected)
                let swiftLine = swift["pair \(pair.current)"]?[token]
                let kotlinLine = kotlinLines[moment.label]?[token]
                seam(
                    "1 Swift's typed theme gives the store's \(token) (\(moment.label))", AppThemeExpectations.same(swiftLine, want ?? ""),
                    "\(swiftLine ?? "none"), store \(want ?? "none")")
                seam(
                    "1 Kotlin's typed theme gives the store's \(token) (\(moment.label))",
                    AppThemeExpectations.same(kotlinLine, want ?? ""), "\(kotlinLine ?? "none"), store \(want ?? "none")")
            }
        }
        // What each moment shows, in the theme's words: the variant's colour, the update's colour.
        let canada = swift["pair \(pairs[0].current)"]?["colors.primary"]
        let updated = swift["pair \(pairs[1].current)"]?["colors.onPrimary"]
        seam("1 the typed theme shows the Canadian primary", canada?.hasPrefix("198,40,40,255|") == true, canada ?? "none")
        seam("1 the typed theme shows the update under the variant", updated?.hasPrefix("255,255,240,255|") == true, updated ?? "none")
    }

    /// The Swift store at each moment: in Canada, after the update, with no country, and in the
    /// holiday window; each resolved document written where the compiled app reads it.
    @MainActor
    static func swiftStoreMoments(bundled: Data, variants: Data, envelope: Data, key: String, scratch: String) throws -> SwiftMoments {
        final class Clock: Sendable { let now = Mutex(TeamWeekVariants.before) }
        let clock = Clock()
        let store = try StyleStore(
            bundled: bundled, variants: variants, cache: nil, trustedKeys: [key],
            audience: VariantAudience(installID: install, country: "CA", platform: "ios"), now: { clock.now.withLock { $0 } })
        var moments = SwiftMoments()
        func record(_ label: String) throws {
            let current = scratch + "/swift-\(label).json"
            moments.bundledFile = scratch + "/swift-bundled.json"
            try store.resolvedDocument.write(to: URL(fileURLWithPath: current))
            try store.bundledDocument.write(to: URL(fileURLWithPath: moments.bundledFile))
            moments.pairs.append((label, current, store.activeVariant?.variant))
        }
        try record("canada")
        let outcome = store.apply(envelope)
        moments.applied = outcome == .applied(store.digest)
        moments.outcome = "\(outcome)"
        try record("update")
        moments.again = "\(store.apply(envelope))"
        store.setAudience(VariantAudience(installID: install, platform: "ios"))
        try record("nowhere")
        store.setAudience(VariantAudience(installID: install, country: "CA", platform: "ios"))
        clock.now.withLock { $0 = during }
        store.reconsiderVariant()
        try record("holiday")
        return moments
    }
}
