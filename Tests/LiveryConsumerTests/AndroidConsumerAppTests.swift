import Foundation
import LiveryCore
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
                // A style with colours beyond hex: LiveryDisplayP3.kt's `color` (against the stand-ins of android.graphics).
                val p3 = try { Class.forName("$prefix.dev.livery.theme.LiveryDisplayP3Kt") } catch (e: ClassNotFoundException) { null }
                val color = p3?.methods?.firstOrNull { it.name == "color" && it.parameterCount == 3 }
                if (color != null) {
                    val colors = Class.forName("$prefix.dev.livery.theme.LiveryTheme\$Colors")
                    for (field in colors.fields.sortedBy { it.name }) {
                        if (field.name == "INSTANCE") continue
                        val light = color.invoke(null, field.get(null), false, false)
                        val dark = color.invoke(null, field.get(null), true, false)
                        println("$prefix Color ${field.name}=$light|$dark")
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
        let compiled = scratch + "/compiled.zip"
        let apk = scratch + "/app.apk"
        let manifest = scratch + "/AndroidManifest.xml"
        try Data(
            """
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="\(applicationId)">
                <application android:label="@string/app_name" android:icon="@mipmap/ic_launcher" android:roundIcon="@mipmap/ic_launcher_round"/>
            </manifest>
            """.utf8
        ).write(to: URL(fileURLWithPath: manifest))
        let compile = try aapt2(["compile", "--dir", bundle + "/android/res", "-o", compiled])
        #expect(compile.status == 0, "aapt2 compile \(bundle): \(compile.stderr)")
        let link = try aapt2([
            "link", "-o", apk, "-I", ExternalTool.frameworkResources, "--manifest", manifest, "--min-sdk-version", "26", compiled,
        ])
        #expect(link.status == 0, "aapt2 link \(bundle): \(link.stderr)")
        return try aapt2(["dump", "badging", apk]).stdout
    }

    /// Stand-ins for the android.graphics and androidx.annotation calls LiveryDisplayP3.kt
    /// makes (Android's signatures), recording what a colour was built from.
    static let androidStandIns = #"""
        package android.graphics

        class ColorSpace private constructor(private val name: String) {
            enum class Named { SRGB, DISPLAY_P3 }
            companion object {
                @JvmStatic fun get(name: Named): ColorSpace = ColorSpace(name.name)
            }
            override fun toString(): String = name
        }

        class Color private constructor(private val components: FloatArray, private val space: ColorSpace) {
            companion object {
                @JvmStatic fun valueOf(r: Float, g: Float, b: Float, a: Float, colorSpace: ColorSpace): Color = Color(floatArrayOf(r, g, b, a), colorSpace)
                @JvmStatic fun valueOf(color: Int): Color = Color(
                    floatArrayOf((color shr 16 and 255) / 255f, (color shr 8 and 255) / 255f, (color and 255) / 255f, (color ushr 24) / 255f),
                    ColorSpace.get(ColorSpace.Named.SRGB)
                )
            }
            override fun toString(): String = "$space " + components.joinToString(" ")
        }
        """#

    static let annotationStandIn = "package androidx.annotation\nannotation class RequiresApi(val value: Int = 1, val api: Int = 1)\n"

    /// What the stand-in `Color` prints for a colour written beyond hex: Display P3 and its components as Floats.
    static func displayP3(_ text: String) -> String? {
        guard case .success(let color) = ColorValue.parse(text) else { return nil }
        let p3 =
            color.space == .displayP3 ? color.components : color.components(in: .displayP3).map { ($0 * 1_000_000).rounded() / 1_000_000 }
        return "DISPLAY_P3 " + (p3 + [color.alpha]).map { "\(Float($0))" }.joined(separator: " ")
    }

    /// `#RRGGBB` / `#RRGGBBAA` as the signed 64-bit 0xAARRGGBB value Kotlin prints;
    /// a colour beyond hex as its sRGB fallback's.
    static func argb(_ hex: String) -> String {
        if !hex.hasPrefix("#"), case .success(let color) = ColorValue.parse(hex) { return argb(color.srgb.hex) }
        let digits = String(hex.dropFirst())
        let rgb = String(digits.prefix(6))
        let alpha = digits.count == 8 ? String(digits.suffix(2)) : "FF"
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

    static let weights = [
        "ultraLight": 100, "thin": 200, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700, "heavy": 800,
        "black": 900,
    ]

    /// Builds APKs and runs the themes of `bundles` (id → bundle directory), checking each against its style.json.
    func check(_ bundles: [(id: String, path: String)], scratch: String, checkFontFiles: Bool) throws {
        let lines = try Self.compileAndRunThemes(bundles, scratch: scratch)
        for (index, bundle) in bundles.enumerated() {
            let printed = Self.printed(lines, prefix: "c\(index) ")
            let style = try ConsumerFixture.style(of: bundle.path)
            let app = style["app"] as? [String: Any] ?? [:]
            let applicationId = try Self.expectApp(printed, app: app, bundle: bundle.id)
            try Self.expectColors(printed, style: style, bundle: bundle.id)
            try Self.expectFonts(printed, style: style, bundle: bundle, checkFontFiles: checkFontFiles)
            let badging = try Self.linkAPK(bundle: bundle.path, applicationId: applicationId, scratch: scratch + "/apk-\(index)")
            #expect(badging.contains("package: name='\(applicationId)'"), "\(badging.prefix(300))")
            #expect(badging.contains("application-label:'\(app["displayName"] as? String ?? "")'"), "\(badging)")
            #expect(badging.contains("application-icon-160:'res/mipmap-"), "\(badging)")
        }
    }

    /// Every bundle's LiveryTheme.kt (and LiveryDisplayP3.kt) in a package of its own, `c<index>`,
    /// compiled with `Main.kt` into one jar and run once: the lines it prints, `c<index> <key>=<value>`.
    static func compileAndRunThemes(_ bundles: [(id: String, path: String)], scratch: String) throws -> [String] {
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        let java = try #require(ExternalTool.java.path)
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
            let p3Path = bundle.path + "/android/kotlin/dev/livery/theme/LiveryDisplayP3.kt"
            if FileManager.default.fileExists(atPath: p3Path) {
                let p3 = try String(contentsOfFile: p3Path, encoding: .utf8)
                    .replacingOccurrences(of: "package dev.livery.theme", with: "package \(prefix).dev.livery.theme")
                // Its own directory: the file's name is its facade class's (LiveryDisplayP3Kt), which main looks up.
                try FileManager.default.createDirectory(atPath: scratch + "/" + prefix, withIntermediateDirectories: true)
                try Data(p3.utf8).write(to: URL(fileURLWithPath: scratch + "/\(prefix)/LiveryDisplayP3.kt"))
                sources.append(scratch + "/\(prefix)/LiveryDisplayP3.kt")
                if !sources.contains(scratch + "/AndroidGraphics.kt") {
                    try Data(Self.androidStandIns.utf8).write(to: URL(fileURLWithPath: scratch + "/AndroidGraphics.kt"))
                    try Data(Self.annotationStandIn.utf8).write(to: URL(fileURLWithPath: scratch + "/RequiresApi.kt"))
                    sources += [scratch + "/AndroidGraphics.kt", scratch + "/RequiresApi.kt"]
                }
            }
            arguments += [prefix, bundle.path]
        }
        try Data(Self.main.utf8).write(to: URL(fileURLWithPath: scratch + "/Main.kt"))
        let jar = scratch + "/themes.jar"
        let compiled = try runProcess(kotlinc, sources + [scratch + "/Main.kt", "-include-runtime", "-nowarn", "-d", jar])
        try #require(compiled.status == 0, "kotlinc: \(compiled.stderr)")
        let run = try runProcess(java, ["-cp", jar, "MainKt"] + arguments)
        try #require(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map(String.init)
    }

    /// What the run printed for one bundle, by key.
    static func printed(_ lines: [String], prefix: String) -> [String: String] {
        var printed: [String: String] = [:]
        for line in lines where line.hasPrefix(prefix) {
            let rest = line.dropFirst(prefix.count)
            guard let equals = rest.firstIndex(of: "=") else { continue }
            printed[String(rest[..<equals])] = String(rest[rest.index(after: equals)...])
        }
        return printed
    }

    /// LiveryTheme.App and the Gradle properties say the client's application id and name; its id.
    static func expectApp(_ printed: [String: String], app: [String: Any], bundle id: String) throws -> String {
        let applicationId = try #require(app["androidPackage"] as? String ?? app["bundleId"] as? String)
        #expect(printed["property applicationId"] == applicationId, "\(id)")
        #expect(printed["App applicationId"] == applicationId, "\(id)")
        #expect(
            printed["property appName"] == app["displayName"] as? String && printed["App displayName"] == app["displayName"] as? String,
            "\(id)")
        #expect(printed["App bundleId"] == app["bundleId"] as? String)
        #expect(printed["property resDir"] == "res" && printed["property kotlinDir"] == "kotlin")
        #expect(printed["property launcherIcon"] == "@mipmap/ic_launcher", "\(id)")
        return applicationId
    }

    /// Every colour's four values as ARGB, and a colour beyond hex in Display P3.
    static func expectColors(_ printed: [String: String], style: [String: Any], bundle id: String) throws {
        for (name, value) in style["colors"] as? [String: [String: String]] ?? [:] {
            let kotlin = Self.fields(printed["Colors \(name)"] ?? "")
            let light = try #require(value["light"])
            let dark = try #require(value["dark"])
            #expect(kotlin["light"] == Self.argb(light) && kotlin["dark"] == Self.argb(dark), "\(id) colour \(name): \(kotlin)")
            #expect(kotlin["highContrastLight"] == Self.argb(value["highContrastLight"] ?? light), "\(id) colour \(name)")
            #expect(kotlin["highContrastDark"] == Self.argb(value["highContrastDark"] ?? dark), "\(id) colour \(name)")
            // Beyond hex: built in Display P3 from its own components (res/values keeps the sRGB fallback).
            let shown = (printed["Color \(name)"] ?? "").split(separator: "|").map(String.init)
            for (index, text) in [light, dark].enumerated() where !text.hasPrefix("#") {
                #expect(shown.count == 2 && shown[index] == Self.displayP3(text), "\(id) colour \(name): \(shown) for \(text)")
            }
        }
    }

    /// Every font's family and weight; with `checkFontFiles`, what its file is, as fontconfig reads it.
    static func expectFonts(_ printed: [String: String], style: [String: Any], bundle: (id: String, path: String), checkFontFiles: Bool)
        throws
    {
        for (name, value) in style["fonts"] as? [String: [String: Any]] ?? [:] {
            let kotlin = Self.fields(printed["Fonts \(name)"] ?? "")
            #expect(kotlin["family"] == value["family"] as? String, "\(bundle.id) font \(name): \(kotlin)")
            #expect(
                kotlin["weight"] == (value["weight"] as? String).flatMap { Self.weights[$0] }.map(String.init), "\(bundle.id) font \(name)")
            guard let resource = kotlin["resource"], resource != "null" else { continue }
            let file = try #require(
                try FileManager.default.contentsOfDirectory(atPath: bundle.path + "/android/res/font").first {
                    $0.hasPrefix(resource + ".")
                })
            // The weight and slant the file itself has, as fontconfig reads them.
            if checkFontFiles, let facts = try ConsumerFixture.fontconfigFacts(bundle.path + "/android/res/font/" + file) {
                #expect(
                    kotlin["fileWeight"] == String(facts.weight) && kotlin["italic"] == String(facts.italic),
                    "\(bundle.id) font \(name): \(kotlin)")
                // The file is found by the PostScript name it has (as fontconfig reads it), which
                // style.json carries for the Kotlin runtime: never by the token's family.
                #expect(value["postScriptName"] as? String == facts.postScriptName, "\(bundle.id) font \(name): \(value)")
                #expect(
                    resource == FontFileName.androidResource(postScriptName: facts.postScriptName), "\(bundle.id) font \(name): \(resource)"
                )
                // The font family that lists the file says the same.
                let families = try FileManager.default.contentsOfDirectory(atPath: bundle.path + "/android/res/font").filter {
                    $0.hasSuffix(".xml")
                }
                .map { try String(contentsOfFile: bundle.path + "/android/res/font/" + $0, encoding: .utf8) }
                let family = families.first { $0.contains("@font/\(resource)\"") } ?? ""
                #expect(
                    family.contains(
                        "android:font=\"@font/\(resource)\"\n        android:fontStyle=\"\(facts.italic ? "italic" : "normal")\"\n        android:fontWeight=\"\(facts.weight)\""
                    ), "\(family)")
            }
        }
    }

    static var toolsInstalled: Bool { ExternalTool.aapt2.isInstalled && ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled }

    @Test(
        .enabled(
            if: toolsInstalled && ExternalTool.systemFonts.isInstalled && ExternalTool.fontconfig.isInstalled,
            "aapt2, kotlinc, java, the DejaVu/Liberation fonts or fontconfig are not installed (scripts/product/bootstrap --test installs them)"
        ))
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
