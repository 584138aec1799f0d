import Foundation
import LiveryCore
import LiveryTestSupport
import Testing

@testable import LiveryTargets

/// livery's derived high-contrast values and nearest passing values, measured by an
/// implementation that is not livery's: ColorAide's WCAG 2.1 contrast (PyPI
/// `coloraide`). Every derived pair meets its target as ColorAide measures it, and
/// livery's ratio for each pair is ColorAide's (to the rounding of WCAG's luminance
/// coefficients, which ColorAide takes unrounded from its XYZ matrix).
@Suite("Contrast against ColorAide")
struct ColorAideAgreementTests {
    /// The clients of the corpus: a thousand, as many as a large white-label business serves.
    static let corpusSize = 1000

    /// A thousand brands: a random brand colour with white or near-black text on it,
    /// as text over a white or near-black background, and as an icon on a tinted surface.
    static func brands() -> [(colors: [String: ColorToken], pairs: [ColorPair])] {
        var random = SeededRandom(seed: 57)
        func colour() -> RGBA {
            RGBA(
                red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
                blue: UInt8.random(in: 0...255, using: &random))
        }
        return (0..<Self.corpusSize).map { _ in
            let brand = colour()
            let onBrand: RGBA = brand.relativeLuminance() > 0.3 ? RGBA(hex: "#16181D") ?? .black : .white
            let colors = [
                "primary": ColorToken(light: brand, dark: colour()),
                "onPrimary": ColorToken(light: onBrand, dark: onBrand),
                "background": ColorToken(light: .white, dark: RGBA(hex: "#121417") ?? .black),
                "surface": ColorToken(light: brand.mixed(with: .white, amount: 0.9), dark: brand.mixed(with: .black, amount: 0.85)),
                "icon": ColorToken(light: colour(), dark: colour()),
            ]
            let pairs = [
                ColorPair(text: "onPrimary", background: "primary"), ColorPair(text: "primary", background: "background"),
                ColorPair(text: "icon", background: "surface", use: .nonText),
            ]
            return (colors, pairs)
        }
    }

    @Test(
        .enabled(
            if: ExternalTool.coloraide.isInstalled, "Python's ColorAide is not installed (scripts/product/bootstrap --test installs it)"))
    func derivedPairsMeetTheirTargetsAsColorAideMeasures() throws {
        let python = try #require(ExternalTool.coloraide.path)
        // One line per pair as built: text, background, target, livery's ratio.
        var lines: [String] = []
        var derivedCount = 0
        for (colors, pairs) in Self.brands() {
            let result = HighContrastDerivation.derive(colors: colors, pairs: pairs)
            derivedCount += result.derived.count
            // Written light and dark values never move.
            for (name, token) in colors {
                #expect(result.colors[name]?.light == token.light && result.colors[name]?.dark == token.dark)
            }
            let short = Set(result.shortfalls.map { "\($0.pair.text) \($0.pair.background) \($0.appearance)" })
            for pair in pairs {
                for appearance in ["highContrastLight", "highContrastDark"]
                where !short.contains("\(pair.text) \(pair.background) \(appearance)") {
                    guard let text = result.colors[pair.text]?.appearance(appearance)?.light,
                        let back = result.colors[pair.background]?.appearance(appearance)?.light
                    else { continue }
                    lines.append("\(text.hex) \(back.hex) \(pair.use.highContrastTarget) \(text.contrastRatio(on: back))")
                }
            }
            // Each normal failure's fix, too, at its normal target.
            for failure in NormalContrast.failures(colors: colors, pairs: pairs, contrastMinimum: 4.5) {
                guard let fix = failure.fix else { continue }
                let text = fix.token == failure.pair.text ? fix.value : failure.text
                let back = fix.token == failure.pair.text ? failure.background : fix.value
                lines.append("\(text.srgb.hex) \(back.srgb.hex) \(failure.target) \(fix.ratio)")
            }
        }
        #expect(derivedCount > Self.corpusSize, "the corpus derives values: \(derivedCount)")
        let directory = try TemporaryDirectory(prefix: "livery-coloraide")
        let input = directory.path + "/pairs.txt"
        try lines.joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let script = """
            import sys
            from coloraide import Color
            bad = 0
            for line in open(sys.argv[1]):
                text, back, target, ours = line.split()
                theirs = Color(text).contrast(back, method='wcag21')
                # ColorAide takes luminance from its XYZ matrix (0.2126729 R + 0.7151522 G + 0.072175 B),
                # WCAG the rounded 0.2126, 0.7152, 0.0722: the ratios agree to a few parts in 10,000.
                if theirs + 1e-9 < float(target) or abs(theirs - float(ours)) > 5e-4 * theirs:
                    bad += 1
                    print(line.strip(), theirs)
            print('checked', sum(1 for _ in open(sys.argv[1])), 'bad', bad)
            """
        let run = try runProcess(python, ["-c", script, input])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("checked \(lines.count) bad 0\n"), "\(run.stdout.suffix(2000))")
        #expect(lines.count > 3 * Self.corpusSize)
    }

    /// The demo's bundles as built (the golden `style.json` of each client): every pair of the
    /// demo's contract meets its high-contrast target in both appearances as ColorAide measures
    /// it, colours written in Display P3 or OKLCH included (the demo validates without a
    /// `high-contrast` warning, so no pair is excused).
    @Test(
        .enabled(
            if: ExternalTool.coloraide.isInstalled, "Python's ColorAide is not installed (scripts/product/bootstrap --test installs it)"))
    func theDemoBundlesMeetTheirTargetsAsColorAideMeasures() throws {
        let python = try #require(ExternalTool.coloraide.path)
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let contractBytes = try Data(contentsOf: root.appendingPathComponent("targets/contract.json"))
        let pairs = try ContractParser.parse(Array(contractBytes), file: "targets/contract.json").colorPairs
        #expect(pairs.count >= 10)
        let builds = root.appendingPathComponent("Tests/Fixtures/golden/build")
        var lines: [String] = []
        for client in try FileManager.default.contentsOfDirectory(atPath: builds.path).sorted() {
            let data = try Data(contentsOf: builds.appendingPathComponent(client + "/style.json"))
            let style = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let colors = try #require(style["colors"] as? [String: Any])
            func value(_ name: String, _ appearance: String, _ base: String) -> String? {
                if let one = colors[name] as? String { return one }
                guard let token = colors[name] as? [String: String] else { return nil }
                return token[appearance] ?? token[base]
            }
            for pair in pairs {
                for (appearance, base) in [("highContrastLight", "light"), ("highContrastDark", "dark")] {
                    guard let text = value(pair.text, appearance, base), let back = value(pair.background, appearance, base) else {
                        continue
                    }
                    lines.append("\(client)|\(text)|\(back)|\(pair.use.highContrastTarget)")
                }
            }
        }
        #expect(lines.count >= 60, "\(lines.count)")
        let directory = try TemporaryDirectory(prefix: "livery-coloraide-demo")
        let input = directory.path + "/pairs.txt"
        try lines.joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let script = """
            import sys
            from coloraide import Color
            bad = 0
            lines = open(sys.argv[1]).read().split('\\n')
            for line in lines:
                client, text, back, target = line.split('|')
                ratio = Color(text).contrast(back, method='wcag21')
                if ratio < float(target):
                    bad += 1
                    print(line, ratio)
            print('checked', len(lines), 'bad', bad)
            """
        let run = try runProcess(python, ["-c", script, input])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("checked \(lines.count) bad 0\n"), "\(run.stdout.suffix(2000))")
    }

    /// livery's colour vision deficiency simulations (Machado et al. 2009 for protanopia and
    /// deuteranopia at full severity, Brettel et al. 1997 for tritanopia) and its CIEDE2000,
    /// against ColorAide's `cvd` filters and `delta_e('2000')`: over random pairs of colours
    /// (hex, and OKLCH beyond sRGB), every simulated colour and every distance agree, and so
    /// does every verdict against the default minimum of 10.
    @Test(
        .enabled(
            if: ExternalTool.coloraide.isInstalled, "Python's ColorAide is not installed (scripts/product/bootstrap --test installs it)"))
    func deficiencySimulationsAndCIEDE2000AgreeWithColorAide() throws {
        let python = try #require(ExternalTool.coloraide.path)
        var random = SeededRandom(seed: 2009)
        func colour() -> ColorValue {
            if Int.random(in: 0..<5, using: &random) == 0 {
                let text =
                    "oklch(\(Double.random(in: 0.2...0.95, using: &random)) \(Double.random(in: 0...0.3, using: &random)) \(Double.random(in: 0..<360, using: &random)))"
                if case .success(let value) = ColorValue.parse(text) { return value }
            }
            return ColorValue(
                RGBA(
                    red: UInt8.random(in: 0...255, using: &random), green: UInt8.random(in: 0...255, using: &random),
                    blue: UInt8.random(in: 0...255, using: &random)))
        }
        // One line per pair and deficiency: both colours, the filter, livery's two simulated
        // colours in linear sRGB and its distance.
        var lines: [String] = []
        var close = 0
        for _ in 0..<400 {
            let (one, two) = (colour(), colour())
            lines.append("\(one.text)|\(two.text)|none|none|\(ColorDifference.ciede2000(one.linearSRGB, two.linearSRGB))")
            for deficiency in ColorDeficiency.allCases {
                let a = deficiency.simulate(linearSRGB: one.linearSRGB)
                let b = deficiency.simulate(linearSRGB: two.linearSRGB)
                let distance = ColorDifference.ciede2000(a, b)
                if distance < DistinctColorSet.defaultMinimumDistance { close += 1 }
                let seen = (a + b).map { String($0) }.joined(separator: " ")
                lines.append("\(one.text)|\(two.text)|\(deficiency.rawValue)|\(seen)|\(distance)")
            }
        }
        #expect(close > 20, "the corpus has pairs a deficiency confuses: \(close)")
        let directory = try TemporaryDirectory(prefix: "livery-coloraide-cvd")
        let input = directory.path + "/pairs.txt"
        try lines.joined(separator: "\n").write(toFile: input, atomically: true, encoding: .utf8)
        let script = """
            import sys
            from coloraide import Color
            filters = {'protanopia': ('protan', 'machado'), 'deuteranopia': ('deutan', 'machado'), 'tritanopia': ('tritan', 'brettel')}
            bad = 0
            lines = open(sys.argv[1]).read().split('\\n')
            for line in lines:
                one, two, deficiency, seen, ours = line.split('|')
                a, b = Color(one).convert('srgb-linear'), Color(two).convert('srgb-linear')
                problems = []
                if deficiency != 'none':
                    name, method = filters[deficiency]
                    a = a.filter(name, method=method).clip()
                    b = b.filter(name, method=method).clip()
                    mine = [float(v) for v in seen.split()]
                    theirs = a.coords() + b.coords()
                    if max(abs(x - y) for x, y in zip(mine, theirs)) > (1e-3 if deficiency == 'tritanopia' else 1e-5):
                        problems.append('simulated %s' % theirs)
                distance = a.delta_e(b, method='2000', space='lab-d65')
                # Brettel's anchors come from the colour matching functions through each library's
                # own XYZ matrix: the wings differ by about 1e-4 (a simulated tritanope's colour by
                # under 1e-3 in linear light), the distances by a few hundredths at most.
                if abs(distance - float(ours)) > 0.02 or (distance < 10) != (float(ours) < 10) and abs(distance - 10) > 0.02:
                    problems.append('distance %r' % distance)
                if problems:
                    bad += 1
                    print(line, problems)
            print('checked', len(lines), 'bad', bad)
            """
        let run = try runProcess(python, ["-c", script, input])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasSuffix("checked \(lines.count) bad 0\n"), "\(run.stdout.suffix(2000))")
        #expect(lines.count == 1600)
    }
}
