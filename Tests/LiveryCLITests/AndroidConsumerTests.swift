import Foundation
import LiveryTestSupport
import Testing

/// The Android resources livery writes, compiled by AOSP's aapt (Debian's
/// `aapt` and `android-framework-res`, installed by `scripts/bootstrap --test`).
@Suite("Android resources compile with aapt")
struct AndroidConsumerTests {
    static let frameworkResources = "/usr/share/android-framework-res/framework-res.apk"

    @Test func theDemoBundlesCompile() throws {
        guard let aapt = which("aapt"), FileManager.default.fileExists(atPath: Self.frameworkResources) else {
            print("aapt or android-framework-res is not installed; skipped (scripts/bootstrap --test installs them)")
            return
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        let out = try TemporaryDirectory()
        let build = try LiveryBinary.run(["build", "--repo", root, "--out", out.path, "--platform", "android"])
        #expect(build.status == 0, "\(build.stderr)")
        let manifest = out.path + "/AndroidManifest.xml"
        try Data(#"<?xml version="1.0" encoding="utf-8"?><manifest xmlns:android="http://schemas.android.com/apk/res/android" package="dev.livery.check"/>"#.utf8)
            .write(to: URL(fileURLWithPath: manifest))
        let bundles = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { !$0.hasPrefix(".") && $0 != "AndroidManifest.xml" }
        #expect(bundles.count >= 3)
        for id in bundles {
            let generated = out.path + "/gen-" + id
            try FileManager.default.createDirectory(atPath: generated, withIntermediateDirectories: true)
            let result = try runProcess(aapt, ["package", "-f", "-M", manifest, "-S", "\(out.path)/\(id)/android/res", "-I", Self.frameworkResources, "-J", generated, "-F", "\(out.path)/\(id).apk"])
            #expect(result.status == 0, "\(id): \(result.stderr)")
        }
        // The check can fail: a dimension without a unit is rejected.
        let broken = out.path + "/broken/res/values"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true)
        try Data(#"<resources><dimen name="spacing">16</dimen></resources>"#.utf8).write(to: URL(fileURLWithPath: broken + "/colors.xml"))
        let rejected = try runProcess(aapt, ["package", "-f", "-M", manifest, "-S", out.path + "/broken/res", "-I", Self.frameworkResources, "-F", out.path + "/broken.apk"])
        #expect(rejected.status != 0)
    }
}
