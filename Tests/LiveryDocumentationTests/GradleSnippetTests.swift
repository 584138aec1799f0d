import Foundation
import LiveryTestSupport
import Testing

/// The Gradle Kotlin DSL snippets in docs/bundles.md, taken from the page as
/// written, compiled with kotlinc against small stand-ins of the Gradle and
/// Android Gradle Plugin calls they make (`providers.gradleProperty`,
/// `rootProject.file`, `android { defaultConfig, productFlavors, sourceSets }`,
/// same names and shapes), and run on the demo targets' bundles: each must give
/// every client livery's applicationId and app name and point its source sets at
/// directories that hold the bundle's resources and `LiveryTheme.kt`. Gradle itself
/// is not here, so this checks what the snippets compute, not Gradle's own behaviour.
@Suite("docs/bundles.md: the Gradle snippets wire the bundles in")
struct GradleSnippetTests {
    static let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/bundles.md")

    /// Every ```kotlin block of the page that configures `android { … }`.
    static func snippets() throws -> [String] {
        let text = try String(contentsOf: docs, encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```kotlin" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append((current ?? []).joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks.filter { $0.contains("android {") }
    }

    /// The Gradle and Android Gradle Plugin surface the snippets use.
    static let standIns = #"""
        class Provider<T : Any>(private val value: T?) { fun getOrElse(default: T): T = value ?: default }
        class Providers(private val properties: Map<String, String>) {
            fun gradleProperty(name: String): Provider<String> = Provider(properties[name])
        }
        class Project(val projectDir: File) { fun file(path: String): File = File(projectDir, path) }
        class SourceDirectories(private val project: Project) {
            val directories = mutableListOf<File>()
            fun srcDirs(vararg paths: Any) { for (path in paths) directories += if (path is File) path else project.file(path.toString()) }
        }
        class SourceSet(project: Project) { val res = SourceDirectories(project); val java = SourceDirectories(project); val kotlin = SourceDirectories(project) }
        class SourceSets(private val project: Project) {
            val byName = sortedMapOf<String, SourceSet>()
            fun getByName(name: String, configure: SourceSet.() -> Unit) { byName.getOrPut(name) { SourceSet(project) }.configure() }
            fun named(name: String, configure: SourceSet.() -> Unit) = getByName(name, configure)
        }
        open class VariantConfig { var applicationId: String? = null; val manifestPlaceholders = mutableMapOf<String, Any>() }
        class Flavor : VariantConfig() { var dimension: String? = null }
        class Flavors {
            val byName = sortedMapOf<String, Flavor>()
            fun create(name: String, configure: Flavor.() -> Unit) { byName.getOrPut(name) { Flavor() }.configure() }
        }
        class Android(project: Project) {
            val flavorDimensions = mutableListOf<String>()
            val defaultConfig = VariantConfig()
            val productFlavors = Flavors()
            val sourceSets = SourceSets(project)
            fun defaultConfig(configure: VariantConfig.() -> Unit) = defaultConfig.configure()
            fun productFlavors(configure: Flavors.() -> Unit) = productFlavors.configure()
            fun sourceSets(configure: SourceSets.() -> Unit) = sourceSets.configure()
        }
        // Kotlin 1.5's standard library, which the Gradle Kotlin DSL has and Debian's kotlinc (1.3) lacks.
        fun String.replaceFirstChar(transform: (Char) -> CharSequence): String =
            if (isEmpty()) this else transform(this[0]).toString() + substring(1)
        fun Char.uppercase(): String = toString().toUpperCase()

        class Script(val rootProject: Project, val providers: Providers) {
            val android = Android(rootProject)
            fun android(configure: Android.() -> Unit) = android.configure()
        }

        /// One line per setting: `variant key=value`.
        fun Script.report(snippet: Int) {
            val variants = mutableListOf<Pair<String, VariantConfig>>("defaultConfig" to android.defaultConfig)
            variants += android.productFlavors.byName.map { it.key to it.value }
            for ((name, config) in variants) {
                config.applicationId?.let { println("$snippet $name applicationId=$it") }
                config.manifestPlaceholders["appName"]?.let { println("$snippet $name appName=$it") }
            }
            for ((name, set) in android.sourceSets.byName) {
                for (dir in set.res.directories) println("$snippet $name res=${dir.canonicalPath}")
                for (dir in set.java.directories + set.kotlin.directories) println("$snippet $name code=${dir.canonicalPath}")
            }
        }
        """#

    /// The snippets as functions on `Script` (their imports moved to the top), and a
    /// `main` that runs each on the project directory given with `-Pclient`'s value.
    static func program(_ snippets: [String]) -> String {
        var imports: Set<String> = ["import java.io.File"]
        var functions: [String] = []
        for (index, snippet) in snippets.enumerated() {
            var body: [Substring] = []
            for line in snippet.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("import ") { imports.insert(String(line)) } else { body.append(line) }
            }
            functions.append("fun Script.snippet\(index)() {\n\(body.joined(separator: "\n"))\n}")
        }
        let calls = snippets.indices.map {
            """
                Script(project, Providers(mapOf("client" to args[1]))).apply { snippet\($0)(); report(\($0)) }
            """
        }
        return imports.sorted().joined(separator: "\n") + "\n\n" + standIns + "\n" + functions.joined(separator: "\n\n") + """


            fun main(args: Array<String>) {
                val project = Project(File(args[0]))
            \(calls.joined(separator: "\n"))
            }

            """
    }

    static var toolsInstalled: Bool { ExternalTool.kotlinc.isInstalled && ExternalTool.java.isInstalled }

    @Test(.enabled(if: toolsInstalled, "kotlinc or java is not installed (scripts/product/bootstrap --test installs them)"))
    func theSnippetsGiveEveryClientItsIdentityAndResources() throws {
        let snippets = try Self.snippets()
        // One client per build, product flavours from every bundle, and the flavours written out.
        #expect(snippets.count == 3, "docs/bundles.md's Gradle snippets: \(snippets.count)")
        let kotlinc = try #require(ExternalTool.kotlinc.path)
        let java = try #require(ExternalTool.java.path)
        let root = try TemporaryDirectory()
        // The project directory of the snippets: dist/ beside the app module, as the page lays it out.
        let project = root.path + "/app"
        try FileManager.default.createDirectory(atPath: project, withIntermediateDirectories: true)
        let ids = try ConsumerFixture.buildDemo(into: project + "/dist")
        #expect(ids.count >= 3)
        // The flavour snippet's names are examples; its paths are `../dist/<id>/android/…` from a module directory.
        try FileManager.default.createSymbolicLink(atPath: root.path + "/dist", withDestinationPath: project + "/dist")

        try Data(Self.program(snippets).utf8).write(to: URL(fileURLWithPath: root.path + "/Snippets.kt"))
        let jar = root.path + "/snippets.jar"
        let compiled = try runProcess(kotlinc, [root.path + "/Snippets.kt", "-include-runtime", "-nowarn", "-d", jar])
        try #require(compiled.status == 0, "kotlinc on docs/bundles.md's Gradle snippets: \(compiled.stderr)")

        let chosen = ids[1]
        let run = try runProcess(java, ["-cp", jar, "SnippetsKt", project, chosen])
        try #require(run.status == 0, "\(run.stderr)")
        var settings: [String: [String]] = [:]
        for line in run.stdout.split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            settings[String(line[..<equals]), default: []].append(String(line[line.index(after: equals)...]))
        }

        func app(_ id: String) throws -> (applicationId: String, name: String, bundle: String) {
            let bundle = project + "/dist/" + id
            let app = try ConsumerFixture.style(of: bundle)["app"] as? [String: Any] ?? [:]
            return (
                app["androidPackage"] as? String ?? app["bundleId"] as? String ?? "?", app["displayName"] as? String ?? "?",
                URL(fileURLWithPath: bundle).resolvingSymlinksInPath().path
            )
        }

        // Snippet 1: one client per build, chosen with -Pclient.
        let single = try #require(settings.keys.first { $0.hasSuffix(" defaultConfig applicationId") }).split(separator: " ")[0]
        let expected = try app(chosen)
        #expect(settings["\(single) defaultConfig applicationId"] == [expected.applicationId], "\(settings)")
        #expect(settings["\(single) defaultConfig appName"] == [expected.name])
        #expect(settings["\(single) main res"] == [expected.bundle + "/android/res"], "\(settings)")
        #expect(settings["\(single) main code"] == [expected.bundle + "/android/kotlin"])
        #expect(FileManager.default.fileExists(atPath: expected.bundle + "/android/res/values/colors.xml"))
        #expect(FileManager.default.fileExists(atPath: expected.bundle + "/android/kotlin/dev/livery/theme/LiveryTheme.kt"))
        // Snippet 2: a product flavour per bundle in dist/, named from its target id.
        let flavoured = snippets.firstIndex { $0.contains("listFiles()") } ?? -1
        for id in ids {
            let parts = id.split(separator: "-").enumerated().map {
                $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst()
            }
            let flavour = parts.joined()
            let expected = try app(id)
            #expect(settings["\(flavoured) \(flavour) applicationId"] == [expected.applicationId], "\(id): \(settings)")
            #expect(settings["\(flavoured) \(flavour) appName"] == [expected.name], "\(id)")
            #expect(settings["\(flavoured) \(flavour) res"] == [expected.bundle + "/android/res"], "\(id)")
            #expect(settings["\(flavoured) \(flavour) code"] == [expected.bundle + "/android/kotlin"], "\(id)")
        }
        // Snippet 3 (written-out flavours): every source directory it names is a bundle's android/res or android/kotlin.
        let written = snippets.firstIndex { $0.contains("named(") } ?? -1
        let paths = settings.filter { $0.key.hasPrefix("\(written) ") && ($0.key.hasSuffix(" res") || $0.key.hasSuffix(" code")) }.flatMap(
            \.value)
        #expect(!paths.isEmpty)
        for path in paths {
            #expect(path.hasSuffix("/android/res") || path.hasSuffix("/android/kotlin"), "\(path)")
        }
    }
}
