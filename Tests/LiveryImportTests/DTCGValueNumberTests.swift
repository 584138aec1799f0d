import LiveryCore
import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryImport

/// Dimensions, durations and numbers: the 2025.10 object forms, the lenient forms with
/// their warnings, and the errors with their places.
@Suite struct DTCGValueNumberTests {
    static func dimension(_ json: String) throws -> DTCGRead<Double> {
        try DTCGValueReader.dimension(valueToken(json, type: "dimension", path: ["size", "m"]))
    }

    static func duration(_ json: String) throws -> DTCGRead<Double> {
        try DTCGValueReader.duration(valueToken(json, type: "duration", path: ["motion", "fast"]))
    }

    static func error(_ json: String, type: String, _ read: (DTCGToken) throws(Diagnostic) -> Void) throws -> Diagnostic {
        let token = try valueToken(json, type: type, path: ["t"])
        return try #require(readingError { () throws(Diagnostic) in try read(token) })
    }

    // MARK: Dimensions

    @Test(arguments: [
        (#"{"value": 16, "unit": "px"}"#, 16.0), (#"{"value": 0.5, "unit": "px"}"#, 0.5), (#"{"value": -2, "unit": "px"}"#, -2),
        (#"{"value": 1.5, "unit": "rem"}"#, 24), (#"{"value": 0.125, "unit": "rem"}"#, 2),
    ])
    func aDimensionObjectIsPoints(_ json: String, _ points: Double) throws {
        let read = try Self.dimension(json)
        #expect(read.value == points)
        #expect(read.warnings.isEmpty)
    }

    @Test(arguments: [
        (#""16px""#, 16.0, "a string where DTCG 2025.10 wants a dimension {value, unit: \"px\" | \"rem\"}; read \"16px\" as 16 px"),
        (#""1rem""#, 16, "a string where DTCG 2025.10 wants a dimension {value, unit: \"px\" | \"rem\"}; read \"1rem\" as 1 rem"),
        (#"" 2.5 rem ""#, 40, "read \" 2.5 rem \" as 2.5 rem"),
        (#""12""#, 12, "read \"12\" as 12 px (no unit: assumed px)"),
        ("24", 24, "a bare number where DTCG 2025.10 wants a dimension {value, unit: \"px\" | \"rem\"}; read 24 as px"),
    ])
    func lenientDimensionsAreReadWithAWarning(_ json: String, _ points: Double, _ message: String) throws {
        let read = try Self.dimension(json)
        #expect(read.value == points)
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
        #expect(read.warnings.first?.message.hasPrefix("`size.m`: ") == true)
        #expect(read.warnings.first?.message.hasSuffix(message) == true, "\(read.warnings.map(\.message))")
        #expect(read.warnings.first?.pointer?.description == "/size/m/$value")
    }

    @Test func aBareZeroNeedsNoUnit() throws {
        let read = try Self.dimension("0")
        #expect(read.value == 0)
        #expect(read.warnings.isEmpty)
    }

    @Test(arguments: [
        (#"{"value": 16, "unit": "em"}"#, "/unit", "expected \"px\" or \"rem\", found \"em\""),
        (#"{"value": "16", "unit": "px"}"#, "/value", "expected a number, found the string \"16\""),
        (#"{"value": 16}"#, "", "found an object without `unit`"),
        (#"{"unit": "px"}"#, "", "found an object without `value`"),
        (#"{"value": 16, "unit": 1}"#, "/unit", "expected a unit string, found the number 1"),
        (#""16em""#, "", "expected a dimension {value, unit: \"px\" | \"rem\"}, found the string \"16em\""),
        (#""big""#, "", "found the string \"big\""),
        ("true", "", "found the boolean true"),
        ("1e400", "", "found the number 1e400"),
        (#"{"value": 1e308, "unit": "rem"}"#, "/value", "1e308 rem is too large a size"),
    ])
    func dimensionErrorsSayWhatWasExpectedWhere(_ json: String, _ below: String, _ message: String) throws {
        let error = try Self.error(json, type: "dimension") { token throws(Diagnostic) in _ = try DTCGValueReader.dimension(token) }
        #expect(error.rule.id == "dtcg-value")
        #expect(error.severity == .error)
        #expect(error.pointer?.description == "/t/$value" + below)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.file == "tokens.json" && error.line == 2 && error.column == 23)
    }

    // MARK: Durations

    @Test(arguments: [
        (#"{"value": 200, "unit": "ms"}"#, 0.2), (#"{"value": 350, "unit": "ms"}"#, 0.35), (#"{"value": 0.35, "unit": "s"}"#, 0.35),
        (#"{"value": 1.5e2, "unit": "ms"}"#, 0.15), (#"{"value": 2, "unit": "s"}"#, 2), (#"{"value": 0.5, "unit": "ms"}"#, 0.0005),
    ])
    func aDurationObjectIsSecondsExactly(_ json: String, _ seconds: Double) throws {
        let read = try Self.duration(json)
        #expect(read.value == seconds)
        #expect(read.warnings.isEmpty)
    }

    @Test(arguments: [
        (#""200ms""#, 0.2, "read \"200ms\" as 200 ms"), (#""0.2s""#, 0.2, "read \"0.2s\" as 0.2 s"),
        (#""300""#, 0.3, "read \"300\" as 300 ms (no unit: assumed ms)"),
        ("250", 0.25, "a bare number where DTCG 2025.10 wants a duration {value, unit: \"ms\" | \"s\"}; read 250 as ms"),
    ])
    func lenientDurationsAreReadWithAWarning(_ json: String, _ seconds: Double, _ message: String) throws {
        let read = try Self.duration(json)
        #expect(read.value == seconds)
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
        #expect(read.warnings.first?.message.hasPrefix("`motion.fast`: ") == true)
        #expect(read.warnings.first?.message.hasSuffix(message) == true, "\(read.warnings.map(\.message))")
    }

    @Test(arguments: [
        (#"{"value": 1, "unit": "min"}"#, "/unit", "expected \"ms\" or \"s\", found \"min\""),
        (#"{"value": null, "unit": "ms"}"#, "/value", "expected a number, found null"),
        (#""soon""#, "", "expected a duration {value, unit: \"ms\" | \"s\"}, found the string \"soon\""),
        ("[200]", "", "found an array of 1"),
        ("1e400", "", "found the number 1e400"),
        (#"{"value": 1e400, "unit": "ms"}"#, "/value", "expected a number, found the number 1e400"),
    ])
    func durationErrorsSayWhatWasExpectedWhere(_ json: String, _ below: String, _ message: String) throws {
        let error = try Self.error(json, type: "duration") { token throws(Diagnostic) in _ = try DTCGValueReader.duration(token) }
        #expect(error.rule.id == "dtcg-value")
        #expect(error.pointer?.description == "/t/$value" + below)
        #expect(error.message.contains(message), "\(error.message)")
    }

    /// Every whole millisecond up to a minute (the schema's range), as a style holds it
    /// (the Double nearest the decimal seconds), reads back exactly from its milliseconds.
    @Test func everyMillisecondReadsBackExactly() throws {
        for milliseconds in 0...60_000 {
            let seconds = try #require(Double("\(milliseconds / 1000).\(String(milliseconds % 1000 + 1000).dropFirst())"))
            let node = JSONNode(.makeObject([("value", .number(JSONNumber(milliseconds))), ("unit", .string("ms"))]), at: .synthesized)
            let read = try DTCGValueReader.duration(DTCGToken(path: ["d"], type: "duration", value: node, location: .synthesized))
            if read.value != seconds { Issue.record("\(milliseconds) ms read as \(read.value), not \(seconds)") }
        }
    }

    // MARK: Numbers

    @Test func aNumberIsItself() throws {
        let read = try DTCGValueReader.number(valueToken("1.25", type: "number"))
        #expect(read.value == 1.25)
        #expect(read.warnings.isEmpty)
    }

    @Test func aNumberInAStringIsReadWithAWarning() throws {
        let read = try DTCGValueReader.number(valueToken(#""8""#, type: "number"))
        #expect(read.value == 8)
        #expect(read.warnings.map(\.message) == ["`color.brand`: a string where DTCG 2025.10 wants a number; read \"8\" as 8"])
    }

    @Test(arguments: [#""8px""#, #""eight""#, "true", "{}"])
    func aNumberThatIsNotOneIsAnError(_ json: String) throws {
        let error = try Self.error(json, type: "number") { token throws(Diagnostic) in _ = try DTCGValueReader.number(token) }
        #expect(error.rule.id == "dtcg-value")
        #expect(error.message.hasPrefix("`t`: expected a number, found "))
    }
}
