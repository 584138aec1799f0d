import Foundation
import LiveryCore
import LiveryJSON
import LiveryRuntime
import LiveryTestSupport
import Testing

/// The week's variant day: bolt's bundle with its three variants, an install in Canada,
/// read through the generated typed theme in both runtimes. The typed theme must give
/// what the store resolves (the active variant over an applied update over the built-in
/// style), and the variant must be the one `livery variant` names for the same install.
enum TeamWeekVariants {
    static let install = "install-7"
    /// 2026-12-07T12:00:00Z: before bolt's holiday window (from 2026-12-20 in Paris).
    static let before = Date(timeIntervalSince1970: 1_796_644_800)
    /// 2026-12-21T12:00:00Z: inside it.
    static let during = Date(timeIntervalSince1970: 1_798_027_200)

    /// A colour as the consumers print it: `r,g,b,a` on 0…255.
    static func rgba(_ color: RGBA) -> String {
        [color.red, color.green, color.blue, color.alpha].map(String.init).joined(separator: ",")
    }

    /// What the Swift store shows, in the consumers' words, and which variant.
    @MainActor
    static func shown(_ store: StyleStore) -> (variant: String?, primary: String?, radius: String?) {
        let primary = store.style.colors["primary"].map { rgba($0.light) }
        let radius = store.style.dimensions["radiusM"].map { String(format: "%.4f", $0) }
        return (store.activeVariant?.variant, primary, radius)
    }
}

extension TeamWeekVariants {
    /// `livery variant`'s answer for the install.
    static func cli(_ repository: String, country: String?, date: Date) throws -> String? {
        var arguments = ["variant", "bolt", "--install-id", install, "--platform", "ios", "--date", ISO8601DateFormatter().string(from: date), "--format", "json"]
        if let country { arguments += ["--country", country] }
        let result = try LiveryBinary.run(arguments, in: repository)
        try #require(result.status == 0, "livery variant: \(result.stdout)\(result.stderr)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        return answer["variant"] as? String
    }

    /// Runs the Swift consumer over the documents the store's typed theme reads, and returns
    /// its line for `token`.
    static func swiftTheme(_ binary: String, current: Data, bundled: Data, scratch: String, token: String) throws -> String? {
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        let currentPath = scratch + "/current-\(UUID().uuidString).json", bundledPath = scratch + "/bundled.json"
        try current.write(to: URL(fileURLWithPath: currentPath))
        try bundled.write(to: URL(fileURLWithPath: bundledPath))
        let run = try runProcess(binary, ["--pair", currentPath, bundledPath])
        try #require(run.status == 0, "\(run.stderr)")
        return AppThemeConsumer.parse(run.stdout)["pair \(currentPath)"]?[token]
    }

    @MainActor
    static func check(_ app: AppThemeConsumerTests.App, swift binary: String, kotlin: (java: String, classpath: String), repository: String, scratch: String,
                      seam: (String, Bool, String) -> Void) throws {
        let bundled = try Data(contentsOf: URL(fileURLWithPath: app.dist + "/bolt/style.json"))
        let variants = try Data(contentsOf: URL(fileURLWithPath: app.dist + "/bolt/variants.json"))
        final class Clock: @unchecked Sendable { var now = TeamWeekVariants.before }
        let clock = Clock()
        let store = try StyleStore(bundled: bundled, variants: variants, cache: nil, trustedKeys: [], allowUnsigned: true,
                                   audience: VariantAudience(installID: install, country: "CA", platform: "ios"), now: { clock.now })
        let canada = shown(store)
        seam("1 the store shows bolt's canada variant in Canada", canada.variant == "canada", "\(canada)")
        seam("1 livery variant names the store's variant", try cli(repository, country: "CA", date: before) == canada.variant, "")
        let typed = try swiftTheme(binary, current: store.document, bundled: store.bundledDocument, scratch: scratch, token: "colors.primary")
        seam("1 the Swift typed theme reads the active variant", typed?.hasPrefix((canada.primary ?? "?") + "|") == true, "typed \(typed ?? "none"), store \(canada.primary ?? "none")")
    }
}
