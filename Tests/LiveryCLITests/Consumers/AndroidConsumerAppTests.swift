import Foundation
import LiveryTestSupport
import Testing

/// An Android app as its build would use a bundle: `aapt2 compile` and
/// `aapt2 link` the bundle's `res/` into an APK whose manifest takes the
/// application id, label and launcher icon from livery (`aapt2 dump badging`
/// must show them), and `LiveryTheme.kt` compiled with a `main` that reads the
/// bundle's `livery.properties` as the Gradle script in docs/bundles.md does and
/// prints the theme's values, run on the JVM and compared with style.json.
@Suite("Consumer app: Android (aapt2 link, LiveryTheme.kt on the JVM)")
struct AndroidConsumerAppTests {
    /// Prints, for each `package bundle` pair of arguments, the properties a Gradle
    /// script reads and every App, Colors and Fonts field of that bundle's theme.
    static let main = #"""
        import java.io.File
        import java.util.Properties

        fun main(args: Array<String>) {
            for (i in args.indices step 2) {
                val prefix = args[i]
                val bundle = File(args[i + 1]).resolve("android")
                // As build.gradle.kts reads it (docs/bundles.md).
                val livery = Properties().apply { bundle.resolve("livery.properties").inputStream().use { load(it) } }
                for (key in listOf("applicationId", "appName", "resDir", "kotlinDir", "launcherIcon")) {
                    println("$prefix property $key=${livery.getProperty(key)}")
                }
                for (group in listOf("App", "Colors", "Fonts")) {
                    val type = Class.forName("$prefix.dev.livery.theme.LiveryTheme\$$group")
                    for (field in type.fields.sortedBy { it.name }) {
                        if (field.name == "INSTANCE") continue
                        println("$prefix $group ${field.name}=${field.get(null)}")
                    }
                }
            }
        }
        """#

    static func aapt2(_ arguments: [String]) throws -> ProcessResult {
        try runProcess(try #require(ExternalTool.aapt2.path), arguments)
    }

    /// Links `bundle`'s res/ into an APK with a manifest naming livery's identity; returns `dump badging`.
    static func linkAPK(bundle: String, applicationId: String, scratch: String) throws -> String {
        let compiled = scratch + "/compiled.zip", apk = scratch + "/app.apk", manifest = scratch + "/AndroidManifest.xml"
        try Data("""
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(applicationId)">
                <application android:label="@string/app_name" android:icon="@mipmap/ic_launcher" android:roundIcon="@mipmap/ic_launcher_round"/>
            </manifest>
            """.utf8).write(to: URL(fileURLWithPath: manifest))
        let compile = try aapt2(["compile", "--dir", bundle + "/android/res", "-o", compiled])
        #expect(compile.status == 0, "aapt2 compile \(bundle): \(compile.stderr)")
        let link = try aapt2(["link", "-o", apk, "-I", ExternalTool.frameworkResources, "--manifest", manifest, "--min-sdk-version", "26", compiled])
        #expect(link.status == 0, "aapt2 link \(bundle): \(link.stderr)")
        return try aapt2(["dump", "badging", apk]).stdout
    }

    /// `#RRGGBB` / `#RRGGBBAA` as the signed 64-bit 0xAARRGGBB value Kotlin prints.
    static func argb(_ hex: String) -> String {
        let digits = String(hex.dropFirst())
        let rgb = String(digits.prefix(6)), alpha = digits.count == 8 ? String(digits.suffix(2)) : "FF"
        return String(Int64(alpha + rgb, radix: 16) ?? -1)
    }

    /// `key=value` pairs of a Kotlin data class's `toString()`.
    static func fields(_ text: String) -> [String: String] {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return [:] }
        var result: [String: String] = [:]
        for pair in text[text.index(after: open)..<text.index(before: text.endIndex)].components(separatedBy: ", ") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            if parts.count == 2 { result[parts[0]] = parts[1] }
        }
        return result
    }

    static let weights = ["ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700, "heavy": 800, "black": 900]

    /// Builds APKs and runs the themes of `bundles` (id → bundle directory), checking each against its style.json.
    func check(_ bundles: [(id: String, path: String)], scratch: String, checkFontFiles: Bool) throws {
        let kotlinc = try #require(ExternalTool.kotlinc.path), java = try #require(ExternalTool.java.path)
        var sources: [String] = []
        var arguments: [String] = []
        for (index, bundle) in bundles.enumerated() {
            // One package per bundle, so that every theme compiles into one jar.
            let prefix = "c\(index)"
            let theme = try String(contentsOfFile: bundle.path + "/android/kotlin/dev/livery/theme/LiveryTheme.kt", encoding: .utf8)
                .replacingOccurrences(of: "package dev.livery.theme", with: "package \(prefix).dev.livery.theme")
            let source = scratch + "/\(prefix)-LiveryTheme.kt"
            try Data(theme.utf8).write(to: URL(fileURLWithPath: source))
            sources.append(source)
            arguments += [prefix, bundle.path]
        }
        try Data(Self.main.utf8).write(to: URL(fileURLWithPath: scratch + "/Main.kt"))
        let jar = scratch + "/themes.jar"
        let compiled = try runProcess(kotlinc, sources + [scratch + "/Main.kt", "-include-runtime", "-nowarn", "-d", jar])
        try #require(compiled.status == 0, "kotlinc: \(compiled.stderr)")
        let run = try runProcess(java, ["-cp", jar, "MainKt"] + arguments)
        try #require(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)

        for (index, bundle) in bundles.enumerated() {
            let prefix = "c\(index) "
            var printed: [String: String] = [:]
            for line in lines where line.hasPrefix(prefix) {
                let rest = line.dropFirst(prefix.count)
                guard let equals = rest.firstIndex(of: "=") else { continue }
                printed[String(rest[..<equals])] = String(rest[rest.index(after: equals)...])
            }
            let style = try ConsumerFixture.style(of: bundle.path)
            let app = style["app"] as? [String: String] ?? [:]
            let applicationId = try #require(app["androidPackage"] ?? app["bundleId"])
            #expect(printed["property applicationId"] == applicationId, "\(bundle.id)")
            #expect(printed["App applicationId"] == applicationId, "\(bundle.id)")
            #expect(printed["property appName"] == app["displayName"] && printed["App displayName"] == app["displayName"], "\(bundle.id)")
            #expect(printed["App bundleId"] == app["bundleId"])
            #expect(printed["property resDir"] == "res" && printed["property kotlinDir"] == "kotlin")
            #expect(printed["property launcherIcon"] == "@mipmap/ic_launcher", "\(bundle.id)")

            for (name, value) in style["colors"] as? [String: [String: String]] ?? [:] {
                let kotlin = Self.fields(printed["Colors \(name)"] ?? "")
                let light = try #require(value["light"]), dark = try #require(value["dark"])
                #expect(kotlin["light"] == Self.argb(light) && kotlin["dark"] == Self.argb(dark), "\(bundle.id) colour \(name): \(kotlin)")
                #expect(kotlin["highContrastLight"] == Self.argb(value["highContrastLight"] ?? light), "\(bundle.id) colour \(name)")
                #expect(kotlin["highContrastDark"] == Self.argb(value["highContrastDark"] ?? dark), "\(bundle.id) colour \(name)")
            }
            for (name, value) in style["fonts"] as? [String: [String: Any]] ?? [:] {
                let kotlin = Self.fields(printed["Fonts \(name)"] ?? "")
                #expect(kotlin["family"] == value["family"] as? String, "\(bundle.id) font \(name): \(kotlin)")
                #expect(kotlin["weight"] == (value["weight"] as? String).flatMap { Self.weights[$0] }.map(String.init), "\(bundle.id) font \(name)")
                guard let resource = kotlin["resource"], resource != "null" else { continue }
                let file = try #require(try FileManager.default.contentsOfDirectory(atPath: bundle.path + "/android/res/font").first { $0.hasPrefix(resource + ".") })
                // The weight and slant the file itself has, as fontconfig reads them.
                if checkFontFiles, let facts = try ConsumerFixture.fontconfigFacts(bundle.path + "/android/res/font/" + file) {
                    #expect(kotlin["fileWeight"] == String(facts.weight) && kotlin["italic"] == String(facts.italic), "\(bundle.id) font \(name): \(kotlin)")
                    // The font family that lists the file says the same.
                    let families = try FileManager.default.contentsOfDirectory(atPath: bundle.path + "/android/res/font").filter { $0.hasSuffix(".xml") }
                        .map { try String(contentsOfFile: bundle.path + "/android/res/font/" + $0, encoding: .utf8) }
                    let family = families.first { $0.contains("@font/\(resource)\"") } ?? ""
                    #expect(family.contains("android:font=\"@font/\(resource)\"\n        android:fontStyle=\"\(facts.italic ? "italic" : "normal")\"\n        android:fontWeight=\"\(facts.weight)\""), "\(family)")
                }
            }

            let badging = try Self.linkAPK(bundle: bundle.path, applicationId: applicationId, scratch: scratch + "/apk-\(index)")
            #expect(badging.contains("package: name='\(applicationId)'"), "\(badging.prefix(300))")
            #expect(badging.contains("application-label:'\(app["displayName"] ?? "")'"), "\(badging)")
            #expect(badging.contains("application-icon-160:'res/mipmap-"), "\(badging)")
        }
    }

    static var toolsInstalled: Bool { ExternalTool.aapt2.isInstalled && ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled }

    @Test(.enabled(if: toolsInstalled && ExternalTool.systemFonts.isInstalled && ExternalTool.fontconfig.isInstalled,
                   "aapt2, kotlinc, java, the DejaVu/Liberation fonts or fontconfig are not installed (scripts/bootstrap --test installs them)"))
    func realFontsAndTheDemoTargetsLinkAndRun() throws {
        let root = try TemporaryDirectory()
        let fixture = try ConsumerFixture.buildRealFonts(into: root.path + "/fonts-dist")
        var bundles = [(id: ConsumerFixture.clientID, path: fixture)]
        for id in try ConsumerFixture.buildDemo(into: root.path + "/demo-dist") {
            bundles.append((id: id, path: root.path + "/demo-dist/" + id))
        }
        for index in bundles.indices {
            try FileManager.default.createDirectory(atPath: root.path + "/scratch/apk-\(index)", withIntermediateDirectories: true)
        }
        try check(bundles, scratch: root.path + "/scratch", checkFontFiles: true)
    }
}
