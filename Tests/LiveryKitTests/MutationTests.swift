import LiveryGit
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("Corrupted style.json never crashes validation")
struct MutationTests {
    static let original = Array(
        ##"""
        {
          "extends": "base",
          "app": {"displayName": "Acme", "bundleId": "com.acme.app"},
          "palettes": {"brand": "#11A4D6"},
          "colors": {
            "primary": {"light": "#11A4D6", "dark": "{palettes.brand.light04}"},
            "onPrimary": "#FFFFFF",
            "accent": "{colors.primary}"
          },
          "fonts": {"body": {"family": "Inter", "size": 16, "weight": "regular", "file": "assets/f.ttf"}},
          "dimensions": {"radiusS": 8},
          "animations": {"easeIn": {"short": 0.25}},
          "components": {"button": {"primary": {"background": "primary", "foreground": "onPrimary", "font": "body",
                                                 "shape": {"roundedRectangle": {"cornerRadius": "{dimensions.radiusS}"}}}}},
          "images": {"logo": "assets/logo.svg", "splash": {"light": "assets/s.png", "dark": "assets/s.png"}},
          "appIcon": "assets/AppIcon.png",
          "flags": {"on": true}
        }
        """##.utf8)

    static let fragments: [[UInt8]] = [
        "{", "}", "[", "]", ",", ":", "\"", "null", "true", "-0", "1e999", "\"{colors.accent}\"", "\"{colors.primary}\"",
        "\\u0000", "\\ud800", "{\"extends\": \"acme\"}", "\"../../x.png\"", "\"#12345\"", "[[[[[[[[[[", "\u{FEFF}",
    ].map { Array($0.utf8) }

    /// One random corruption: truncate, flip a byte, delete a span, duplicate a span, or splice a fragment.
    static func mutate(_ bytes: [UInt8], _ rng: inout SeededRandom) -> [UInt8] {
        var out = bytes
        for _ in 0..<Int.random(in: 1...3, using: &rng) where !out.isEmpty {
            let at = Int.random(in: 0..<out.count, using: &rng)
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: out = Array(out.prefix(at))
            case 1: out[at] = UInt8.random(in: 0...255, using: &rng)
            case 2: out.removeSubrange(at..<min(out.count, at + Int.random(in: 1...40, using: &rng)))
            case 3:
                let end = min(out.count, at + Int.random(in: 1...60, using: &rng))
                out.insert(contentsOf: out[at..<end], at: Int.random(in: 0...out.count, using: &rng))
            default:
                out.insert(contentsOf: fragments[Int.random(in: 0..<fragments.count, using: &rng)], at: at)
            }
        }
        return out
    }

    @Test func thousandsOfMutantsEndInAReport() throws {
        var rng = SeededRandom(seed: 20_261_122)
        let base = Array(##"{"abstract": true, "colors": {"background": "#FFFFFF"}}"##.utf8)
        var outcomes: [String: Int] = [:]
        let assets: [String: [UInt8]] = [
            "targets/base/style.json": base,
            "targets/acme/assets/logo.svg": TestFiles.svg,
            "targets/acme/assets/s.png": TestFiles.png(width: 2, height: 2),
            "targets/acme/assets/AppIcon.png": TestFiles.png(width: 1024, height: 1024),
            "targets/acme/assets/f.ttf": TestFiles.truetype(),
        ]
        for _ in 0..<3000 {
            var files = assets
            files["targets/acme/style.json"] = Self.mutate(Self.original, &rng)
            let workspace = Workspace(repository: nil, source: MemorySource(files: files))
            let report = try ValidationService(workspace: workspace, schema: AcceptingSchema()).validate()
            // Every problem comes with a message and a place.
            for diagnostic in report.diagnostics {
                #expect(!diagnostic.message.isEmpty)
                #expect(diagnostic.file != nil)
            }
            let outcome = report.diagnostics.hasErrors ? "errors" : "clean"
            outcomes[outcome, default: 0] += 1
        }
        // The corpus must exercise both outcomes, or it tests nothing.
        #expect((outcomes["errors"] ?? 0) > 1000)
        #expect((outcomes["clean"] ?? 0) > 0)
    }
}
