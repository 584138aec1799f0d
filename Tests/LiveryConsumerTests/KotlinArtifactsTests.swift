import Foundation
import LiveryTestSupport
import Testing

/// The Kotlin runtime as Maven artifacts (runtime/android/build-maven): built
/// into a local Maven folder, then a View-style app (plain Kotlin, no Compose)
/// compiled and run against the folder as a build tool resolves it: the jar by
/// its coordinates, its dependencies by what the POM names.
@Suite("Kotlin runtime as Maven artifacts")
struct KotlinArtifactsTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let tools = [ExternalTool.kotlinc, .java, .jar, .python3]

    /// The jar on this machine that stands for each dependency the POM may name.
    static let debianJars = [
        "org.bouncycastle:bcprov-jdk18on": "/usr/share/java/bcprov.jar",
        "org.json:json": "/usr/share/java/com.android.json.jar",
    ]

    /// `groupId:artifactId:version:scope` of each dependency, in order, read with Python's XML parser.
    func dependencies(ofPOM pom: String) throws -> [String] {
        let script = """
            import sys, xml.etree.ElementTree as tree
            ns = {"m": "http://maven.apache.org/POM/4.0.0"}
            root = tree.parse(sys.argv[1]).getroot()
            print(root.find("m:groupId", ns).text, root.find("m:artifactId", ns).text, root.find("m:version", ns).text)
            for d in root.findall("m:dependencies/m:dependency", ns):
                scope = d.find("m:scope", ns)
                print("%s:%s:%s:%s" % (d.find("m:groupId", ns).text, d.find("m:artifactId", ns).text, d.find("m:version", ns).text, scope.text if scope is not None else "compile"))
            """
        let result = try runProcess(try #require(ExternalTool.python3.path), ["-c", script, pom])
        try #require(result.status == 0, "\(pom) is not a POM: \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    @Test(.enabled(if: tools.allSatisfy(\.isInstalled), "kotlinc, java, jar or python3 is missing (scripts/product/bootstrap --test)"))
    func aConsumerCompilesAndRunsAgainstTheLocalMavenFolder() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-maven")
        let repository = scratch.path + "/m2"
        let built = try runProcess(
            Self.projectRoot.appendingPathComponent("runtime/android/build-maven").path, ["--repository", repository, "--version", "9.8.7"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(built.stderr.contains("livery-runtime-compose not built"), "the Compose artifact needs Android's jars: \(built.stderr)")

        let folder = repository + "/dev/livery/livery-runtime/9.8.7"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        let base = "livery-runtime-9.8.7"
        #expect(
            files
                == [
                    ".jar", ".jar.sha1", ".jar.sha256", ".pom", ".pom.sha1", ".pom.sha256", "-sources.jar", "-sources.jar.sha1",
                    "-sources.jar.sha256",
                ].map { base + $0 }.sorted())
        let sha1 = try String(contentsOfFile: "\(folder)/\(base).jar.sha1", encoding: .utf8)
        let actual = try runProcess(try #require(which("sha1sum")), ["\(folder)/\(base).jar"]).stdout.prefix(40)
        #expect(sha1 == actual)

        // Every source file of the runtime is in the sources jar; the jar holds its classes and no Compose.
        let sourceFiles = try FileManager.default.subpathsOfDirectory(
            atPath: Self.projectRoot.appendingPathComponent("runtime/android/src/main/kotlin").path
        )
        .filter { $0.hasSuffix(".kt") }.sorted()
        let sourcesListing = try runProcess(try #require(ExternalTool.jar.path), ["--list", "--file", "\(folder)/\(base)-sources.jar"])
        #expect(sourcesListing.stdout.split(separator: "\n").map(String.init).filter { $0.hasSuffix(".kt") }.sorted() == sourceFiles)
        let classes = try runProcess(try #require(ExternalTool.jar.path), ["--list", "--file", "\(folder)/\(base).jar"]).stdout
        #expect(classes.contains("dev/livery/runtime/StyleStore.class"))
        #expect(!classes.contains("android/"), "the core jar holds nothing Android or Compose")

        let pom = try dependencies(ofPOM: "\(folder)/\(base).pom")
        #expect(pom.first == "dev.livery livery-runtime 9.8.7")
        let coordinates = pom.dropFirst().map { $0.split(separator: ":").map(String.init) }
        #expect(
            coordinates.map { "\($0[0]):\($0[1]):\($0[3])" } == [
                "org.jetbrains.kotlin:kotlin-stdlib:compile", "org.bouncycastle:bcprov-jdk18on:compile", "org.json:json:provided",
            ])
        let gradle = try String(contentsOf: Self.projectRoot.appendingPathComponent("runtime/android/build.gradle.kts"), encoding: .utf8)
        for dependency in coordinates where dependency[0] != "org.jetbrains.kotlin" {
            #expect(
                gradle.contains("\"\(dependency[0]):\(dependency[1]):\(dependency[2])\""),
                "the POM and the Gradle module name the same \(dependency[1])")
        }

        // Resolve as a build tool does: the artifact from the folder, each dependency the POM names.
        var classpath = ["\(folder)/\(base).jar"]
        for dependency in coordinates {
            let key = "\(dependency[0]):\(dependency[1])"
            if key == "org.jetbrains.kotlin:kotlin-stdlib" { continue }  // kotlinc and `kotlin` bring their own
            classpath.append(try #require(Self.debianJars[key], "no jar here for \(key)"))
        }
        let app = scratch.path + "/app"
        try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true)
        try """
        import dev.livery.runtime.StyleStore
        import java.io.File
        import java.util.concurrent.Executor

        fun main(args: Array<String>) {
            val store = StyleStore(mapOf("acme-bank" to File(args[0]).readBytes()), "acme-bank", null, emptyList(), Executor { it.run() })
            println("${store.style.id} ${store.digest}")
        }

        """.write(toFile: app + "/Main.kt", atomically: true, encoding: .utf8)
        let compiled = try runProcess(
            try #require(ExternalTool.kotlinc.path), [app + "/Main.kt", "-cp", classpath.joined(separator: ":"), "-d", app + "/classes"])
        #expect(compiled.status == 0, "\(compiled.stderr)")
        let kotlinHome = URL(fileURLWithPath: try #require(ExternalTool.kotlinc.path)).resolvingSymlinksInPath().deletingLastPathComponent()
            .deletingLastPathComponent()
        let stdlib = kotlinHome.appendingPathComponent("lib/kotlin-stdlib.jar").path
        let style = Self.projectRoot.appendingPathComponent("Tests/Fixtures/golden/build/acme-bank/style.json").path
        let run = try runProcess(
            try #require(ExternalTool.java.path),
            ["-cp", ([app + "/classes", stdlib] + classpath).joined(separator: ":"), "MainKt", style])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.range(of: #"^acme-bank [0-9a-f]{64}\n$"#, options: .regularExpression) != nil, "\(run.stdout)")
    }

    /// A copy of the checkout's runtime/android, made read-only, built with a kotlinc that is a
    /// wrapper whose folder holds another kotlin-stdlib (9.9.9): the build writes only into
    /// `--repository` (and a temporary directory it removes), and its POM names the stdlib the
    /// kotlinc really compiles against, not one found beside it.
    @Test(.enabled(if: tools.allSatisfy(\.isInstalled), "kotlinc, java, jar or python3 is missing (scripts/product/bootstrap --test)"))
    func theBuildWritesOnlyItsRepositoryAndNamesTheStdlibOfItsKotlinc() throws {
        let scratch = try TemporaryDirectory(prefix: "livery-maven-places")
        let checkout = scratch.path + "/checkout"
        let android = checkout + "/runtime/android"
        try FileManager.default.createDirectory(atPath: android + "/src/main", withIntermediateDirectories: true)
        let source = Self.projectRoot.appendingPathComponent("runtime/android").path
        for item in ["build-maven", "build.gradle.kts", "src/main/kotlin"] {
            try FileManager.default.copyItem(atPath: source + "/" + item, toPath: android + "/" + item)
        }
        let python = try #require(ExternalTool.python3.path)
        let realKotlinc = try #require(ExternalTool.kotlinc.path)
        // A kotlinc that is a script (as Homebrew's and SDKMAN's are), beside a stdlib that is not the one it uses.
        try FileManager.default.createDirectory(atPath: scratch.path + "/kotlin/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: scratch.path + "/kotlin/lib", withIntermediateDirectories: true)
        try "#!/bin/sh\nexec \(realKotlinc) \"$@\"\n".write(toFile: scratch.path + "/kotlin/bin/kotlinc", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: scratch.path + "/kotlin/bin/kotlinc")
        let manifest =
            "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w') as z: z.writestr('META-INF/MANIFEST.MF', 'Manifest-Version: 1.0\\nImplementation-Title: kotlin-stdlib\\nImplementation-Version: 9.9.9\\n')"
        let decoy = try runProcess(python, ["-c", manifest, scratch.path + "/kotlin/lib/kotlin-stdlib.jar"])
        try #require(decoy.status == 0, "\(decoy.stderr)")
        // The version the real kotlinc's own stdlib declares.
        let home = URL(fileURLWithPath: realKotlinc).resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent().path
        let read =
            "import sys, zipfile, re\nprint(re.search(r'Implementation-Version: *(\\S+)', zipfile.ZipFile(sys.argv[1]).read('META-INF/MANIFEST.MF').decode()).group(1))"
        let real = try runProcess(python, ["-c", read, home + "/lib/kotlin-stdlib.jar"])
        try #require(real.status == 0, "\(real.stderr)")
        let stdlib = real.stdout.trimmingCharacters(in: .whitespacesAndNewlines)

        func listing(_ path: String) -> [String] {
            (FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []).sorted()
        }
        let before = listing(checkout)
        try FileManager.default.createDirectory(atPath: scratch.path + "/tmp", withIntermediateDirectories: true)
        // Read-only, so a write into the checkout fails the build rather than passing unseen.
        let chmod = try #require(which("chmod"))
        _ = try runProcess(chmod, ["-R", "a-w", checkout])
        defer { _ = try? runProcess(chmod, ["-R", "u+w", checkout]) }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = scratch.path + "/kotlin/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["TMPDIR"] = scratch.path + "/tmp"
        let repository = scratch.path + "/m2"
        let built = try runProcess(
            android + "/build-maven", ["--repository", repository, "--version", "1.2.3"], in: scratch.path, environment: environment)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(listing(checkout) == before, "build-maven wrote into the checkout")
        #expect(listing(scratch.path + "/tmp").isEmpty, "build-maven left its work behind: \(listing(scratch.path + "/tmp"))")
        #expect(
            listing(repository).allSatisfy {
                "dev/livery/livery-runtime/1.2.3".hasPrefix($0) || $0.hasPrefix("dev/livery/livery-runtime/1.2.3/")
            }, "\(listing(repository))")

        let pom = try dependencies(ofPOM: repository + "/dev/livery/livery-runtime/1.2.3/livery-runtime-1.2.3.pom")
        #expect(pom.contains("org.jetbrains.kotlin:kotlin-stdlib:\(stdlib):compile"), "\(pom), expected kotlin-stdlib \(stdlib)")
        #expect(!pom.contains { $0.contains("9.9.9") })
    }
}
