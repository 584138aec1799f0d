import Foundation
import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// `validate` reads each bundled font's tables: a file that is not a usable font
/// is an error at its `file`, and a `family` or `weight` the file does not have is
/// a warning that names what the file says.
@Suite("Font files checked against what they say")
struct FontFileValidationTests {
    static func font(_ path: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: ExternalTool.fontDirectory + "/" + path)))
    }

    static let style = ##"""
        {
          "app": {"displayName": "Sunny", "bundleId": "com.example.sunny"},
          "appIcon": "icon.png",
          "fonts": {
            "title": {"family": "Northfield Display", "size": 22, "weight": "bold", "file": "LiberationSerif-Bold.ttf"},
            "body": {"family": "Liberation Serif", "size": 16, "weight": "regular", "file": "LiberationSerif-Bold.ttf"},
            "light": {"family": "DejaVu Sans", "size": 12, "weight": "thin", "file": "DejaVuSans-ExtraLight.ttf"},
            "plain": {"family": "DejaVu Sans", "size": 12, "weight": "regular", "file": "DejaVuSans.ttf"},
            "junk": {"family": "Junk", "size": 12,
                     "file": "junk.otf"}
          }
        }
        """##

    @Test(.enabled(if: ExternalTool.systemFonts.isInstalled, "DejaVu and Liberation fonts are not installed"))
    func familyAndWeightAreCheckedAgainstTheFile() throws {
        var junk = Array("OTTO".utf8) + [0, 4, 0, 0x40, 0, 2, 0, 0]
        junk += [UInt8](repeating: 0xA5, count: 4_096)
        let files: [String: [UInt8]] = [
            "targets/sunny/style.json": Array(Self.style.utf8),
            "targets/sunny/icon.png": TestFiles.png(width: 1024, height: 1024),
            "targets/sunny/LiberationSerif-Bold.ttf": try Self.font("liberation/LiberationSerif-Bold.ttf"),
            "targets/sunny/DejaVuSans-ExtraLight.ttf": try Self.font("dejavu/DejaVuSans-ExtraLight.ttf"),
            "targets/sunny/DejaVuSans.ttf": try Self.font("dejavu/DejaVuSans.ttf"),
            "targets/sunny/junk.otf": junk,
        ]
        let workspace = Workspace(repository: nil, source: MemorySource(files: files))
        let report = try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
        let lines = report.diagnostics.map { DiagnosticFormats.line($0) }
        #expect(
            lines == [
                "targets/sunny/style.json:5:25: warning: font 'title' gives family \"Northfield Display\" but 'LiberationSerif-Bold.ttf' is Liberation Serif Bold (PostScript name LiberationSerif-Bold), of family \"Liberation Serif\" (did you mean \"Liberation Serif\"?) (at /fonts/title/family) [font-family]",
                "targets/sunny/style.json:6:66: warning: font 'body' gives weight \"regular\" (400) but 'LiberationSerif-Bold.ttf' is Liberation Serif Bold (PostScript name LiberationSerif-Bold), weight 700 (did you mean \"bold\"?); a platform would draw a synthetic weight (at /fonts/body/weight) [font-weight]",
                "targets/sunny/style.json:10:22: error: 'junk.otf' cannot be bundled: its '????' table (offset 2779096485, 2779096485 bytes) lies outside the file's 4108 bytes (at /fonts/junk/file) [font-file]",
            ], "\(lines.joined(separator: "\n"))")
    }
}
