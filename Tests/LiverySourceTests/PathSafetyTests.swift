import Testing

@testable import LiverySource

@Suite("Path safety rules")
struct PathSafetyTests {
    @Test(arguments: ["style.json", "assets", "logo@2x.png", ".gitignore", ".github", "git", "gitx", "é.png", "..."])
    func safeNames(name: String) {
        #expect(PathSafety.refusal(forName: name) == nil)
    }

    @Test(arguments: [
        "a/../b", "../a", "/abs", "a//b", "a/.git/b", "a/./b", "a/", "..", ".", "", "a/..", "a\\b", "a/b\u{0}", "a/.GIT", "a/git~1/b",
        "a/.git./b",
    ])
    func unsafePaths(path: String) {
        #expect(PathSafety.refusal(forPath: path) != nil)
        #expect(!PathSafety.isPlainRelativePath(path))
    }

    /// The one-pass check only answers for paths the component-by-component
    /// rules accept, and answers for the plain ones an asset path usually is.
    @Test func thePlainPathCheckAgreesWithTheRules() {
        let names = ["a", "assets", "logo@2x.png", "...", ".hidden", "x.y", "gi", "it", "G", "é", "", ".", "..", "git", "a.gIt", "\\", "t"]
        var plain = 0
        for first in names {
            for second in names {
                for path in [first, first + "/" + second, first + "/" + second + "/" + first] {
                    guard PathSafety.isPlainRelativePath(path) else { continue }
                    plain += 1
                    // Against each component's rule: `refusal(forPath:)` asks the fast check first.
                    let components = path.split(separator: "/", omittingEmptySubsequences: false)
                    #expect(components.allSatisfy { PathSafety.refusal(forName: String($0)) == nil }, "\(path)")
                }
            }
        }
        #expect(plain > 100)
        #expect(PathSafety.isPlainRelativePath("assets/brand/logo@2x.png"))
        #expect(PathSafety.isPlainRelativePath("fonts/.../Display.ttf"))
    }
}
