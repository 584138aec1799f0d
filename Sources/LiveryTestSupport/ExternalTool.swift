import Foundation

/// A program outside livery that some tests run: the real consumers of the
/// files livery writes (aapt, xmllint, swiftc, kotlinc with java, Chromium) and
/// the helpers a few tests need (python3, Python's jsonschema, make). Each is
/// looked up once, on `PATH`.
///
/// A test that needs one says so with a trait, so that on a machine without it
/// the runner reports the test as skipped, never as passed:
///
///     @Test(.enabled(if: ExternalTool.xmllint.isInstalled, "xmllint is not installed: strings.xml is not checked"))
///
/// Where every tool must be there — CI (`CI=true`) and `scripts/testing/test` on Linux
/// (`LIVERY_REQUIRE_TOOLS=1`), both after `scripts/product/bootstrap --test` installed
/// them — `RequiredToolsTests` fails and names each missing one, so a check
/// that did not run is never counted as passed.
public struct ExternalTool: Sendable {
    /// The name a person knows it by, in messages.
    public let name: String
    /// The executable, or nil when it (or something it needs) is not installed.
    public let path: String?
    /// How to install it.
    public let install: String

    public var isInstalled: Bool { path != nil }

    /// The variable `scripts/testing/test` sets on Linux after installing every tool.
    public static let requiredVariable = "LIVERY_REQUIRE_TOOLS"

    /// Whether a missing tool fails the run: on CI and under `scripts/testing/test`.
    public static func required(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["CI"] == "true" || environment[requiredVariable] == "1"
    }

    /// The framework resources aapt compiles Android resources against.
    public static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"

    public static let aapt = ExternalTool(
        name: "aapt with android-framework-res",
        path: FileManager.default.fileExists(atPath: frameworkResources) ? which("aapt") : nil,
        install: "apt-get install aapt android-framework-res"
    )
    public static let xmllint = ExternalTool(name: "xmllint", path: which("xmllint"), install: "apt-get install libxml2-utils")
    public static let swiftc = ExternalTool(name: "swiftc", path: which("swiftc"), install: "the Swift toolchain on PATH")
    public static let kotlinc = ExternalTool(name: "kotlinc", path: which("kotlinc"), install: "apt-get install kotlin")
    /// Runs what kotlinc compiles.
    public static let java = ExternalTool(
        name: "java", path: which("java"), install: "apt-get install kotlin (which brings a Java runtime)")
    public static let chromium = ExternalTool(
        name: "chromium", path: which("chromium") ?? which("chromium-browser"), install: "apt-get install chromium"
    )
    public static let python3 = ExternalTool(name: "python3", path: which("python3"), install: "apt-get install python3")
    /// python3 that can `import jsonschema, referencing` (jsonschema 4.18+); its path is python3's.
    public static let jsonschema = ExternalTool(
        name: "Python's jsonschema 4.18+",
        path: python3.path.flatMap { python in
            let probe = try? runProcess(python, ["-c", "import jsonschema, referencing"])
            return probe?.status == 0 ? python : nil
        },
        install: "python3 -m pip install jsonschema"
    )
    /// check-jsonschema, which carries the official GitHub Actions workflow and GitLab CI schemas.
    public static let checkJSONSchema = ExternalTool(
        name: "check-jsonschema", path: which("check-jsonschema"), install: "python3 -m pip install check-jsonschema"
    )
    /// python3 that can `import pixelmatch`, the reference the visual comparison is checked against; its path is python3's.
    public static let pixelmatch = ExternalTool(
        name: "Python's pixelmatch",
        path: python3.path.flatMap { python in
            let probe = try? runProcess(python, ["-c", "import pixelmatch"])
            return probe?.status == 0 ? python : nil
        },
        install: "python3 -m pip install pixelmatch"
    )
    /// python3 that can `import coloraide`, the colour library livery's contrast and
    /// derived high-contrast values are checked against; its path is python3's.
    public static let coloraide = ExternalTool(
        name: "Python's ColorAide",
        path: python3.path.flatMap { python in
            let probe = try? runProcess(python, ["-c", "import coloraide"])
            return probe?.status == 0 ? python : nil
        },
        install: "python3 -m pip install coloraide"
    )
    public static let make = ExternalTool(name: "make", path: which("make"), install: "apt-get install make")
    /// Debian's DejaVu and Liberation TrueType fonts: real files for the font reader
    /// and the consumer apps. Its path is the directory holding both families.
    public static let systemFonts = ExternalTool(
        name: "DejaVu and Liberation fonts",
        path: ["dejavu/DejaVuSans.ttf", "liberation/LiberationSerif-Bold.ttf"].allSatisfy {
            FileManager.default.fileExists(atPath: fontDirectory + "/" + $0)
        } ? fontDirectory : nil,
        install: "apt-get install fonts-dejavu-core fonts-liberation"
    )
    public static let fontDirectory = "/usr/share/fonts/truetype"
    /// fontconfig's `fc-scan`: a font reader that is not livery's, to check livery's against.
    public static let fontconfig = ExternalTool(name: "fontconfig (fc-scan)", path: which("fc-scan"), install: "apt-get install fontconfig")
    /// aapt2, which links resources into an APK as the Android Gradle plugin does.
    public static let aapt2 = ExternalTool(
        name: "aapt2 with android-framework-res",
        path: FileManager.default.fileExists(atPath: frameworkResources) ? which("aapt2") : nil,
        install: "apt-get install aapt android-framework-res"
    )

    /// pre-commit (PyPI), which runs livery's hook definition in a scratch repository.
    public static let preCommit = ExternalTool(name: "pre-commit", path: which("pre-commit"), install: "python3 -m pip install pre-commit")
    /// The JDK's `jar`, which packs the Kotlin runtime's Maven artifacts.
    public static let jar = ExternalTool(name: "jar", path: which("jar"), install: "apt-get install default-jdk-headless")

    /// strace: every writing command traced with links planted where it writes (scripts/testing/strace-writes).
    public static let strace = ExternalTool(name: "strace", path: which("strace"), install: "apt-get install strace")

    /// zip: scripts/product/package-release packs the SwiftPM artifact bundle with it.
    public static let zip = ExternalTool(name: "zip", path: which("zip"), install: "apt-get install zip")

    /// Every tool the suite runs, which `scripts/product/bootstrap --test` installs.
    public static let all = [
        aapt, xmllint, swiftc, kotlinc, java, chromium, python3, jsonschema, checkJSONSchema, pixelmatch, coloraide, make, systemFonts,
        fontconfig,
        aapt2, strace,
        preCommit, jar, zip,
    ]
}
