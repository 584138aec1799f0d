import Foundation
import LiveryTestSupport
import Testing

/// The launcher icons of the demo bundles packaged into an APK whose badging shows the icon
/// (AOSP's aapt from Debian's `aapt` and `android-framework-res`, which
/// `scripts/product/bootstrap --test` installs).
@Suite("Android launcher icon in the demo bundles: packaged by aapt")
struct AndroidLauncherIconBuildTests {
    static let frameworkResources = ExternalTool.frameworkResources
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .path

    @Test(
        .enabled(
            if: ExternalTool.aapt.isInstalled,
            "aapt or android-framework-res is not installed: the launcher icon is not packaged (scripts/product/bootstrap --test installs them)"
        ))
    func anAPKPackagedFromTheBundleShowsTheLauncherIcon() throws {
        let aapt = try #require(ExternalTool.aapt.path)
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", Self.root, "--out", out.path, "--platform", "android"])
        #expect(build.status == 0, "\(build.stderr)")
        let manifest = out.path + "/AndroidManifest.xml"
        try Data(
            """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android" package="dev.livery.icon">
                <uses-sdk android:minSdkVersion="26" android:targetSdkVersion="33"/>
                <application android:label="Icon" android:icon="@mipmap/ic_launcher" android:roundIcon="@mipmap/ic_launcher_round"/>
            </manifest>
            """.utf8
        ).write(to: URL(fileURLWithPath: manifest))
        for id in ["acme-bank", "verde-grocers"] {
            let apk = "\(out.path)/\(id).apk"
            let package = try runProcess(
                aapt, ["package", "-f", "-M", manifest, "-S", "\(out.path)/\(id)/android/res", "-I", Self.frameworkResources, "-F", apk])
            #expect(package.status == 0, "\(id): \(package.stderr)")
            let badging = try runProcess(aapt, ["dump", "badging", apk])
            #expect(badging.status == 0, "\(badging.stderr)")
            let icons = badging.stdout.split(separator: "\n").filter { $0.hasPrefix("application-icon-") }
            #expect(icons.contains { $0.contains("res/mipmap-") && $0.contains("ic_launcher") }, "\(id): \(badging.stdout)")
            #expect(badging.stdout.contains("application: label='Icon' icon='res/mipmap-"), "\(id): \(badging.stdout)")
        }
        // The check can fail: without the icon resources, aapt refuses the manifest.
        let empty = out.path + "/empty-res/values"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        try Data("<resources/>".utf8).write(to: URL(fileURLWithPath: empty + "/strings.xml"))
        let rejected = try runProcess(
            aapt,
            ["package", "-f", "-M", manifest, "-S", out.path + "/empty-res", "-I", Self.frameworkResources, "-F", out.path + "/empty.apk"])
        #expect(rejected.status != 0)
    }
}
