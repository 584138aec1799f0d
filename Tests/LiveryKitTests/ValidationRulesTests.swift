import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// One fixture that breaks every rule once, checked line by line: the exact
/// file, line, column, pointer, rule and message of each diagnostic.
@Suite("Every validation rule, placed exactly")
struct ValidationRulesTests {
    static let base = ##"""
        {
          "abstract": true,
          "app": {"displayName": "Base", "bundleId": "com.example.base"},
          "colors": {"bg": "#FFFFFF", "fg": "#111111", "loopA": "{colors.loopB}", "loopB": "{colors.loopA}"},
          "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular"}},
          "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}
        }
        """##

    static let acme = ##"""
        {
          "extends": "base",
          "colors": {
            "fg": "#EEEEEE",
            "a": "{colors.missing}",
            "b": "{fonts.body}",
            "c": "{colours.x}"
          },
          "components": {"button": {"main": {"background": "nope", "font": "bodyy"}}},
          "images": {
            "logo": "assets/logo.png",
            "gone": "assets/gone.svg",
            "lfs": "assets/big.png",
            "scaled": "assets/s.png"
          },
          "appIcon": "assets/icon.png"
        }
        """##

    @Test func everyRuleReportsItsExactPlace() throws {
        let files: [String: [UInt8]] = [
            "targets/base/style.json": Array(Self.base.utf8),
            "targets/acme/style.json": Array(Self.acme.utf8),
            "targets/acme/assets/logo.png": TestFiles.jpeg(width: 2, height: 2),
            "targets/acme/assets/big.png": TestFiles.lfsPointer(size: 1_000_000_000),
            "targets/acme/assets/s.png": TestFiles.png(width: 10, height: 10),
            "targets/acme/assets/s@2x.png": TestFiles.png(width: 21, height: 20),
            "targets/acme/assets/icon.png": TestFiles.png(width: 512, height: 512),
            "targets/orphan/style.json": Array(#"{"extends": "bsae"}"#.utf8),
            "targets/Bad_Id/style.json": Array("{}".utf8),
            "targets/notes.txt": Array("x".utf8),
        ]
        let workspace = Workspace(repository: nil, source: MemorySource(files: files))
        let report = try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
        let lines = report.diagnostics.map { DiagnosticFormats.line($0) }
        #expect(
            lines == [
                "targets/Bad_Id: error: 'Bad_Id' is not a valid target id: use lowercase letters, digits and '-', starting with a letter or digit, at most 63 characters, and not a device name Windows reserves (con, prn, aux, nul, com0–com9, lpt0–lpt9) [target-id]",
                "targets/notes.txt: warning: stray file 'notes.txt' in 'targets/': only target directories, style.schema.json and contract.json belong here [stray-file]",
                "targets/acme/style.json:4:11: warning: text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in dark, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1); caused by `colors.fg` as set here (at /colors/fg) [contrast]",
                "targets/acme/style.json:4:11: warning: text.body: foreground #EEEEEE on background #FFFFFF has contrast 1.16:1 in light, below 4.5:1; the nearest passing foreground of the same hue is #767676 (4.54:1); caused by `colors.fg` as set here (at /colors/fg) [contrast]",
                "targets/acme/style.json:5:10: error: {colors.missing} points at no colour token (at /colors/a) [alias-missing]",
                "targets/acme/style.json:6:10: error: {fonts.body} is a font, but a colour is needed here (at /colors/b) [alias-kind]",
                "targets/acme/style.json:7:10: error: \"{colours.x}\" is not a valid alias: 'colours' is not a token group (known: colors, palettes, dimensions, fonts, animations) (at /colors/c) [alias-syntax]",
                "targets/acme/style.json:9:52: error: button.main.background names 'nope', which is not a colour token (at /components/button/main/background) [component-reference]",
                "targets/acme/style.json:9:68: error: button.main.font names 'bodyy', which is not a font token (did you mean 'body'?) (at /components/button/main/font) [component-reference]",
                "targets/acme/style.json:11:13: error: 'assets/logo.png' should be a PNG image but its content is a JPEG image (at /images/logo) [asset-type]",
                "targets/acme/style.json:12:13: error: 'assets/gone.svg' not found (looked in targets/acme/assets/gone.svg, targets/base/assets/gone.svg) (at /images/gone) [asset-missing]",
                "targets/acme/style.json:13:12: error: 'assets/big.png' is a Git LFS pointer for a 1000000000-byte file, not the file: run `git lfs pull` (and in CI check out with LFS enabled) before running livery (at /images/lfs) [asset-lfs]",
                "targets/acme/style.json:14:15: error: 'assets/s@2x.png' is 21×20 but should be 20×20 (2× 'assets/s.png', which is 10×10) (at /images/scaled) [asset-scale]",
                "targets/acme/style.json:16:14: error: the app icon must be 1024×1024 pixels, 'assets/icon.png' is 512×512 (at /appIcon) [app-icon]",
                "targets/base/style.json:4:57: error: alias cycle: colors.loopA → colors.loopB → colors.loopA; every token in it is unresolved (at /colors/loopA) [alias-cycle]",
                "targets/orphan/style.json:1:13: error: 'orphan' extends 'bsae', which is not a target (did you mean 'base'?) (at /extends) [extends-missing]",
            ])
    }
}
