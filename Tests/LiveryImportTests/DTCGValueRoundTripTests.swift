import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryEmit
@testable import LiveryImport
@testable import LiveryTargets

/// What the `dtcg` platform writes reads back as exactly the value it was written
/// from: the values go out through the emitter's own functions, as JSON text, and
/// come back through the reader.
@Suite struct DTCGValueRoundTripTests {
    /// The emitted value written as text and parsed again, as a token.
    static func token(_ value: JSONValue, type: String) throws -> DTCGToken {
        let text = JSONWriter.write(value)
        let node = try JSONReader.parse(Array(text.utf8), file: "light.tokens.json")
        return DTCGToken(path: ["x"], type: type, value: node, location: node.location)
    }

    /// Every channel value in every channel (red, green, blue and alpha each go through 0…255).
    @Test func everyChannelValueReadsBackExactly() throws {
        for value in 0...255 {
            let channel = UInt8(value)
            let color = RGBA(red: channel, green: 255 - channel, blue: UInt8((value * 7) % 256), alpha: UInt8((value * 3 + 1) % 256))
            let read = try DTCGValueReader.color(Self.token(DTCGValue.color(color), type: "color"))
            #expect(read.value == ColorValue(color))
            #expect(read.value.isHex)
            #expect(read.warnings.isEmpty, "\(color): \(read.warnings.map(\.message))")
        }
    }

    /// A colour written beyond hex goes out in its own space and comes back as the same
    /// text: the same numbers, inside and outside sRGB and Display P3, with and without alpha.
    @Test(arguments: [
        "color(display-p3 1 0 0)", "color(display-p3 0.3 0.6 0.4)", "color(display-p3 0.123456789 0 1 / 0.5)",
        "oklch(0.7 0.25 330)", "oklch(0.62 0.21 259.8 / 0.25)", "oklch(0.5 0 0)", "oklch(1 0.5 360)", "oklch(0.00001 0.4 0.5)",
    ])
    func wideColoursReadBackInTheirSpace(_ text: String) throws {
        guard case .success(let color) = ColorValue.parse(text) else {
            Issue.record("\(text) does not parse")
            return
        }
        let written = DTCGValue.color(color)
        #expect(written.objectValue?["colorSpace"]?.value.stringValue == color.space.rawValue)
        let read = try DTCGValueReader.color(Self.token(written, type: "color"))
        #expect(read.value == color)
        #expect(read.value.text == text)
        #expect(read.warnings.isEmpty, "\(text): \(read.warnings.map(\.message))")
    }

    @Test(arguments: [0, 0.5, 1, 2, 4.5, 12, 16, 17, 17.5, 44, 0.1, 1.0 / 3, 0.001, 1234.5678, -1])
    func sizesReadBackExactly(_ points: Double) throws {
        let read = try DTCGValueReader.dimension(Self.token(DTCGValue.dimension(points), type: "dimension"))
        #expect(read.value == points)
        #expect(read.warnings.isEmpty)
    }

    @Test(arguments: [0, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.5, 0.75, 1, 1.5, 2.75, 0.123456, 0.000001, 60])
    func durationsReadBackExactly(_ seconds: Double) throws {
        let read = try DTCGValueReader.duration(Self.token(DTCGValue.duration(seconds: seconds), type: "duration"))
        #expect(read.value == seconds)
        #expect(read.warnings.isEmpty)
    }

    /// Microsecond values across a second (every 17th, so each digit position takes every value),
    /// as a style holds them (the Double nearest the decimal).
    @Test func microsecondsAcrossASecondReadBackExactly() throws {
        for micro in stride(from: 0, through: 1_000_000, by: 17) {
            let seconds = Double(micro) / 1_000_000
            let node = JSONNode(DTCGValue.duration(seconds: seconds), at: .synthesized)
            let read = try DTCGValueReader.duration(DTCGToken(path: ["d"], type: "duration", value: node, location: .synthesized))
            if read.value != seconds { Issue.record("\(seconds) s read back as \(read.value)") }
        }
    }

    @Test(arguments: FontWeight.allCases)
    func fontsReadBackExactly(_ weight: FontWeight) throws {
        let font = ResolvedFont(family: "Avenir Next", size: 15.5, weight: weight, file: nil)
        let read = try DTCGValueReader.font(
            Self.token(DTCGValue.typography(font, size: DTCGValue.dimension(font.size)), type: "typography"))
        #expect(read.value == DTCGFont(family: font.family, size: font.size, weight: weight))
        #expect(read.warnings.isEmpty)
    }
}
