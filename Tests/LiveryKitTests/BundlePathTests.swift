import Testing

@testable import LiveryKit

@Suite("Paths inside a bundle")
struct BundlePathTests {
    @Test(arguments: [
        "style.json", "ios/Livery.xcassets/Colors/primary.colorset/Contents.json", "a/.b/c", "a/b.", "...", "a/.../b", ".hidden",
    ])
    func relativePathsStayInside(path: String) {
        #expect(BundleDirectory.isContained(path))
    }

    @Test(arguments: ["", "/etc/passwd", "..", ".", "a/../b", "a/./b", "a//b", "a/", "../x", "a/..", "x/.", "/"])
    func escapingOrMalformedPathsAreRefused(path: String) {
        #expect(!BundleDirectory.isContained(path))
    }
}
