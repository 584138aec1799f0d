import Foundation
import LiveryTestSupport
import LiveryVisual
import Testing

@Suite("Pixel comparison")
struct PixelComparisonTests {
    /// A `width × height` picture: white, a disc anti-aliased by 4×4 supersampling at
    /// `centre`, a diagonal hairline, a block of `block` colour, and a translucent band.
    static func picture(width: Int = 96, height: Int = 72, centre: (Double, Double), block: (UInt8, UInt8, UInt8)) -> RGBAImage {
        var image = RGBAImage(width: width, height: height, filledWith: (255, 255, 255, 255))
        for y in 0..<height {
            for x in 0..<width {
                var inside = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let px = Double(x) + (Double(sx) + 0.5) / 4
                        let py = Double(y) + (Double(sy) + 0.5) / 4
                        if (px - centre.0) * (px - centre.0) + (py - centre.1) * (py - centre.1) <= 14 * 14 { inside += 1 }
                        if abs((px - 50) - (py - 5) * 0.7) < 0.6 { inside += 1 }
                    }
                }
                let coverage = min(16, inside)
                let at = (y * width + x) * 4
                let ink: (Int, Int, Int) = (20, 60, 150)
                image.pixels[at] = UInt8(255 - (255 - ink.0) * coverage / 16)
                image.pixels[at + 1] = UInt8(255 - (255 - ink.1) * coverage / 16)
                image.pixels[at + 2] = UInt8(255 - (255 - ink.2) * coverage / 16)
                if x >= 60, x < 80, y >= 40, y < 60 {
                    image.pixels[at] = block.0
                    image.pixels[at + 1] = block.1
                    image.pixels[at + 2] = block.2
                }
                if y >= 64 { image.pixels[at + 3] = UInt8(40 + x) }
            }
        }
        return image
    }

    @Test func identicalImagesDifferNowhere() throws {
        let image = Self.picture(centre: (30, 30), block: (200, 40, 40))
        let result = try PixelComparison.compare(image, image)
        #expect(result.differing == 0 && result.antialiased == 0 && result.share == 0)
        // Context only: every mask pixel a faded grey.
        let mask = result.mask.pixels
        let grey = stride(from: 0, to: mask.count, by: 4).allSatisfy { (at: Int) -> Bool in
            mask[at] == mask[at + 1] && mask[at + 1] == mask[at + 2]
        }
        #expect(grey)
    }

    @Test func aChangedBlockIsCountedAndAMovedEdgeIsAntialiasing() throws {
        let one = Self.picture(centre: (30, 30), block: (200, 40, 40))
        let two = Self.picture(centre: (30.4, 30), block: (40, 40, 200))
        let result = try PixelComparison.compare(one, two)
        #expect(result.differing >= 400, "the 20×20 block changed: \(result.differing)")
        #expect(result.antialiased > 0, "the disc's edge moved by less than a pixel")
        // A colour change below the threshold is no difference.
        let faint = Self.picture(centre: (30, 30), block: (202, 41, 40))
        #expect(try PixelComparison.compare(one, faint).differing == 0)
        #expect(try PixelComparison.compare(one, faint, threshold: 0).differing == 400)
        #expect(throws: PixelComparison.SizeMismatch.self) {
            try PixelComparison.compare(one, RGBAImage(width: 2, height: 2, filledWith: (0, 0, 0, 255)))
        }
    }

    /// The same pictures through the `pixelmatch` package from PyPI: the same count,
    /// and every pixel of the mask marked the same (red difference, yellow anti-aliasing, or context).
    @Test(
        .enabled(
            if: ExternalTool.pixelmatch.isInstalled, "Python's pixelmatch is not installed (scripts/product/bootstrap --test installs it)"))
    func agreesWithPythonsPixelmatch() throws {
        let python = try #require(ExternalTool.pixelmatch.path)
        let directory = try TemporaryDirectory(prefix: "livery-pixelmatch")
        let pairs = [
            (Self.picture(centre: (30, 30), block: (200, 40, 40)), Self.picture(centre: (30.4, 30), block: (40, 40, 200))),
            (Self.picture(centre: (30, 30), block: (200, 40, 40)), Self.picture(centre: (31, 31.5), block: (190, 50, 40))),
            (Self.picture(centre: (20, 40), block: (0, 0, 0)), Self.picture(centre: (70, 20), block: (255, 255, 255))),
        ]
        for (index, (one, two)) in pairs.enumerated() {
            for threshold in [0.1, 0.05, 0.3] {
                try Data(one.pixels).write(to: URL(fileURLWithPath: directory.path + "/a"))
                try Data(two.pixels).write(to: URL(fileURLWithPath: directory.path + "/b"))
                let script = """
                    import sys
                    from pixelmatch import pixelmatch
                    a = list(open(sys.argv[1], 'rb').read()); b = list(open(sys.argv[2], 'rb').read())
                    out = [0] * len(a)
                    count = pixelmatch(a, b, \(one.width), \(one.height), out, threshold=\(threshold))
                    kinds = ''.join('d' if out[i:i+3] == [255, 0, 0] else 'a' if out[i:i+3] == [255, 255, 0] else '.' for i in range(0, len(out), 4))
                    print(count); print(kinds)
                    """
                let run = try runProcess(python, ["-c", script, directory.path + "/a", directory.path + "/b"])
                #expect(run.status == 0, "\(run.stderr)")
                let lines = run.stdout.split(separator: "\n")
                let theirs = try #require(lines.first.flatMap { Int($0) }, "\(run.stdout.prefix(200))")
                let ours = try PixelComparison.compare(one, two, threshold: threshold)
                #expect(ours.differing == theirs, "pair \(index), threshold \(threshold): livery \(ours.differing), pixelmatch \(theirs)")
                let kinds = String(
                    stride(from: 0, to: ours.mask.pixels.count, by: 4).map { at -> Character in
                        let pixel = Array(ours.mask.pixels[at..<(at + 3)])
                        return pixel == [255, 0, 0] ? "d" : pixel == [255, 255, 0] ? "a" : "."
                    })
                #expect(lines.count > 1 && kinds == String(lines[1]), "pair \(index), threshold \(threshold): the masks differ")
                #expect(ours.antialiased == kinds.count { $0 == "a" })
            }
        }
    }
}
