/// An image as 8-bit RGBA bytes, rows top to bottom: what a screenshot decodes to.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: red, green, blue, alpha.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A `width × height` image of one colour.
    public init(width: Int, height: Int, filledWith rgba: (UInt8, UInt8, UInt8, UInt8)) {
        self.width = width
        self.height = height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for index in stride(from: 0, to: pixels.count, by: 4) {
            pixels[index] = rgba.0
            pixels[index + 1] = rgba.1
            pixels[index + 2] = rgba.2
            pixels[index + 3] = rgba.3
        }
        self.pixels = pixels
    }

    /// The part of the image at `x, y` of `width × height` (clipped to the image).
    public func cropped(x: Int, y: Int, width: Int, height: Int) -> RGBAImage {
        let x = max(0, min(x, self.width))
        let y = max(0, min(y, self.height))
        let width = max(0, min(width, self.width - x))
        let height = max(0, min(height, self.height - y))
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for row in y..<(y + height) {
            let start = (row * self.width + x) * 4
            out += pixels[start..<(start + width * 4)]
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}

/// Pixel-by-pixel comparison with a perceptual colour distance and anti-aliasing
/// detection, as the pixelmatch library defines it (ANCHORS: Kotsarenko and Ramos
/// 2010 for the YIQ distance, Vyšniauskas 2009 for anti-aliasing):
///
/// - two pixels differ when their YIQ distance
///   (`0.5053·ΔY² + 0.299·ΔI² + 0.1957·ΔQ²`, colours blended on white by their alpha)
///   is above `35215 · threshold²` (35215 is the largest distance there is);
/// - a differing pixel is anti-aliasing, not a difference, when in either image its
///   8 neighbours hold both darker and brighter pixels, at most two equal to it, and
///   the darkest or brightest of them has 3 or more equal neighbours in both images;
/// - the difference image is the first image in faded grey, differences red and
///   anti-aliased pixels yellow.
public enum PixelComparison {
    public struct Result: Sendable, Equatable {
        /// Pixels that differ (anti-aliasing not counted).
        public var differing: Int
        /// Pixels that differ only by anti-aliasing.
        public var antialiased: Int
        public var total: Int
        /// The difference image.
        public var mask: RGBAImage

        /// `differing / total`; 0 for an empty image.
        public var share: Double { total == 0 ? 0 : Double(differing) / Double(total) }
    }

    public struct SizeMismatch: Error, CustomStringConvertible {
        public var description: String
    }

    /// The default colour threshold (0 exact … 1 anything goes), pixelmatch's.
    public static let defaultThreshold = 0.1

    public static func compare(_ a: RGBAImage, _ b: RGBAImage, threshold: Double = defaultThreshold) throws(SizeMismatch) -> Result {
        guard a.width == b.width, a.height == b.height, a.pixels.count == a.width * a.height * 4, b.pixels.count == a.pixels.count else {
            throw SizeMismatch(description: "images of \(a.width)×\(a.height) and \(b.width)×\(b.height) cannot be compared")
        }
        let width = a.width
        let height = a.height
        let maxDelta = 35215 * threshold * threshold
        var mask = [UInt8](repeating: 0, count: a.pixels.count)
        var differing = 0
        var antialiased = 0
        a.pixels.withUnsafeBufferPointer { one in
            b.pixels.withUnsafeBufferPointer { two in
                for y in 0..<height {
                    for x in 0..<width {
                        let at = (y * width + x) * 4
                        let delta = colorDelta(one, two, at, at, brightnessOnly: false)
                        if abs(delta) > maxDelta {
                            if isAntialiased(one, x, y, width, height, other: two) || isAntialiased(two, x, y, width, height, other: one) {
                                antialiased += 1
                                draw(&mask, at, 255, 255, 0)
                            } else {
                                differing += 1
                                draw(&mask, at, 255, 0, 0)
                            }
                        } else {
                            // Context: the first image's brightness, faded to a tenth.
                            let gray = blend(
                                brightness(Double(one[at]), Double(one[at + 1]), Double(one[at + 2])), 0.1 * Double(one[at + 3]) / 255)
                            draw(&mask, at, gray, gray, gray)
                        }
                    }
                }
            }
        }
        return Result(
            differing: differing, antialiased: antialiased, total: width * height,
            mask: RGBAImage(width: width, height: height, pixels: mask))
    }

    static func draw(_ mask: inout [UInt8], _ at: Int, _ r: Double, _ g: Double, _ b: Double) {
        mask[at] = UInt8(max(0, min(255, r.rounded())))
        mask[at + 1] = UInt8(max(0, min(255, g.rounded())))
        mask[at + 2] = UInt8(max(0, min(255, b.rounded())))
        mask[at + 3] = 255
    }

    /// The squared YIQ distance of two pixels, negative when the first is the brighter;
    /// with `brightnessOnly`, just the difference of their Y.
    static func colorDelta(_ one: UnsafeBufferPointer<UInt8>, _ two: UnsafeBufferPointer<UInt8>, _ k: Int, _ m: Int, brightnessOnly: Bool)
        -> Double
    {
        var r1 = Double(one[k])
        var g1 = Double(one[k + 1])
        var b1 = Double(one[k + 2])
        var r2 = Double(two[m])
        var g2 = Double(two[m + 1])
        var b2 = Double(two[m + 2])
        let a1 = Double(one[k + 3])
        let a2 = Double(two[m + 3])
        if a1 == a2, r1 == r2, g1 == g2, b1 == b2 { return 0 }
        // A translucent pixel is seen over white.
        if a1 < 255 {
            let alpha = a1 / 255
            r1 = blend(r1, alpha)
            g1 = blend(g1, alpha)
            b1 = blend(b1, alpha)
        }
        if a2 < 255 {
            let alpha = a2 / 255
            r2 = blend(r2, alpha)
            g2 = blend(g2, alpha)
            b2 = blend(b2, alpha)
        }
        let y1 = brightness(r1, g1, b1)
        let y2 = brightness(r2, g2, b2)
        let dy = y1 - y2
        if brightnessOnly { return dy }
        let di = inPhase(r1, g1, b1) - inPhase(r2, g2, b2)
        let dq = quadrature(r1, g1, b1) - quadrature(r2, g2, b2)
        let delta = 0.5053 * dy * dy + 0.299 * di * di + 0.1957 * dq * dq
        return y1 > y2 ? -delta : delta
    }

    static func brightness(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.29889531 + g * 0.58662247 + b * 0.11448223 }
    static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.59597799 - g * 0.27417610 - b * 0.32180189 }
    static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double { r * 0.21147017 - g * 0.52261711 + b * 0.31114694 }
    /// A colour component seen at opacity `alpha` over white.
    static func blend(_ c: Double, _ alpha: Double) -> Double { 255 + (c - 255) * alpha }

    /// Whether the pixel at `x, y` of `image` looks like anti-aliasing: among its 8
    /// neighbours both darker and brighter ones, at most two equal to it, and the
    /// darkest or the brightest one sitting among 3 or more equal pixels in both images.
    static func isAntialiased(
        _ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int, other: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let at = (y1 * width + x1) * 4
        // A pixel on the edge counts its missing neighbours as one equal one.
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var darkestAt = (0, 0)
        var brightestAt = (0, 0)
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = colorDelta(image, image, at, (y * width + x) * 4, brightnessOnly: true)
                if delta == 0 {
                    equal += 1
                    if equal > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    darkestAt = (x, y)
                } else if delta > brightest {
                    brightest = delta
                    brightestAt = (x, y)
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return
            (hasManySiblings(image, darkestAt.0, darkestAt.1, width, height)
            && hasManySiblings(other, darkestAt.0, darkestAt.1, width, height))
            || (hasManySiblings(image, brightestAt.0, brightestAt.1, width, height)
                && hasManySiblings(other, brightestAt.0, brightestAt.1, width, height))
    }

    /// Whether the pixel at `x, y` has 3 or more neighbours of exactly its colour.
    static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x1: Int, _ y1: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x1 - 1, 0)
        let y0 = max(y1 - 1, 0)
        let x2 = min(x1 + 1, width - 1)
        let y2 = min(y1 + 1, height - 1)
        let at = (y1 * width + x1) * 4
        var equal = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let other = (y * width + x) * 4
                if image[at] == image[other], image[at + 1] == image[other + 1], image[at + 2] == image[other + 2],
                    image[at + 3] == image[other + 3]
                {
                    equal += 1
                }
                if equal > 2 { return true }
            }
        }
        return false
    }
}
