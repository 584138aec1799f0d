import LiveryCore
import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryImport

/// Font weights, families, typography and stroke styles.
@Suite struct DTCGValueFontTests {
    static func weight(_ json: String) throws -> DTCGRead<FontWeight> {
        try DTCGValueReader.fontWeight(valueToken(json, type: "fontWeight", path: ["font", "weight"]))
    }

    static func typography(_ json: String) throws -> DTCGRead<DTCGFont> {
        try DTCGValueReader.font(valueToken(json, type: "typography", path: ["type", "body"]))
    }

    static func error(_ json: String, _ read: (DTCGToken) throws(Diagnostic) -> Void) throws -> Diagnostic {
        let token = try valueToken(json, type: "typography", path: ["t"])
        return try #require(readingError { () throws(Diagnostic) in try read(token) })
    }

    // MARK: Weights

    /// Every name of the spec, by its number onto livery's 100-based scale (the spec's thin is livery's ultraLight).
    @Test(arguments: [
        ("thin", FontWeight.ultraLight), ("hairline", .ultraLight), ("extra-light", .thin), ("ultra-light", .thin),
        ("light", .light), ("normal", .regular), ("regular", .regular), ("book", .regular), ("medium", .medium),
        ("semi-bold", .semibold), ("demi-bold", .semibold), ("bold", .bold), ("extra-bold", .heavy), ("ultra-bold", .heavy),
        ("black", .black), ("heavy", .black), ("extra-black", .black), ("ultra-black", .black),
    ])
    func everySpecNameIsItsNumber(_ name: String, _ weight: FontWeight) throws {
        let read = try Self.weight("\"\(name)\"")
        #expect(read.value == weight)
        #expect(read.warnings.isEmpty)
    }

    @Test func theSpecsNamesAreAllKnown() {
        #expect(DTCGFontReader.names.count == 18)
    }

    @Test(arguments: [
        (1.0, FontWeight.ultraLight), (100, .ultraLight), (149, .ultraLight), (150, .ultraLight), (151, .thin),
        (350, .light), (399, .regular), (450, .medium), (550, .semibold), (650, .bold), (949, .black), (950, .black), (1000, .black),
    ])
    func aNumberIsTheNearestWeightAndHalfwayFollowsCSS(_ number: Double, _ weight: FontWeight) throws {
        #expect(try Self.weight(NumberLiteral.text(number)).value == weight)
    }

    /// What livery writes (`FontWeight.numeric`) reads back as the same weight.
    @Test(arguments: FontWeight.allCases)
    func everyLiveryWeightReadsBackAsItself(_ weight: FontWeight) throws {
        let read = try Self.weight(String(weight.numeric))
        #expect(read.value == weight)
        #expect(read.warnings.isEmpty)
    }

    @Test(arguments: [
        ("Bold", FontWeight.bold, "\"bold\" (700)"), ("SemiBold", .semibold, "\"semi-bold\" (600)"),
        ("extra_light", .thin, "\"extra-light\" (200)"),
    ])
    func aNameSpeltAnotherWayIsReadWithAWarning(_ name: String, _ weight: FontWeight, _ reading: String) throws {
        let read = try Self.weight("\"\(name)\"")
        #expect(read.value == weight)
        #expect(
            read.warnings.map(\.message) == ["`font.weight`: font weight \"\(name)\" is not spelt as DTCG names it; read as \(reading)"])
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
    }

    @Test func aNumberInAStringIsReadWithAWarning() throws {
        let read = try Self.weight(#""600""#)
        #expect(read.value == .semibold)
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
    }

    @Test(arguments: [
        ("0", "expected a font weight from 1 to 1000 or one of thin, hairline,"), ("1001", "found 1001"),
        (#""bolder""#, "unknown font weight \"bolder\" (did you mean \"bold\"?)"), ("true", "found the boolean true"),
    ])
    func anUnreadableWeightIsAnError(_ json: String, _ message: String) throws {
        let error = try Self.error(json) { token throws(Diagnostic) in _ = try DTCGValueReader.fontWeight(token) }
        #expect(error.rule.id == "dtcg-value")
        #expect(error.pointer?.description == "/t/$value")
        #expect(error.message.contains(message), "\(error.message)")
    }

    // MARK: Families

    @Test func aFamilyIsAStringOrTheFirstOfAList() throws {
        let one = try DTCGValueReader.fontFamily(valueToken(#""Inter""#, type: "fontFamily"))
        #expect(one.value == "Inter")
        let list = try DTCGValueReader.fontFamily(valueToken(#"["Helvetica Neue", "Arial", "sans-serif"]"#, type: "fontFamily"))
        #expect(list.value == "Helvetica Neue")
        #expect(one.warnings.isEmpty && list.warnings.isEmpty)
    }

    @Test(arguments: [
        ("[]", "", "found an empty list"), (#"["Inter", 3]"#, "/1", "expected a font family name, found the number 3"),
        (#""""#, "", "found the string \"\""), ("{}", "", "found an empty object"),
    ])
    func anUnreadableFamilyIsAnError(_ json: String, _ below: String, _ message: String) throws {
        let error = try Self.error(json) { token throws(Diagnostic) in _ = try DTCGValueReader.fontFamily(token) }
        #expect(error.rule.id == "dtcg-value")
        #expect(error.pointer?.description == "/t/$value" + below)
        #expect(error.message.contains(message), "\(error.message)")
    }

    // MARK: Typography

    @Test func theSpecsTypographyExampleIsAFont() throws {
        let read = try Self.typography(
            #"""
            {"fontFamily": "Roboto", "fontSize": {"value": 42, "unit": "px"}, "fontWeight": 700,
             "letterSpacing": {"value": 0.1, "unit": "px"}, "lineHeight": 1.2}
            """#)
        #expect(read.value == DTCGFont(family: "Roboto", size: 42, weight: .bold))
        #expect(read.warnings.isEmpty)
    }

    @Test func withoutLineHeightAndLetterSpacingNothingIsAssumed() throws {
        let read = try Self.typography(
            #"{"fontFamily": ["Inter", "sans-serif"], "fontSize": {"value": 1, "unit": "rem"}, "fontWeight": "semi-bold"}"#)
        #expect(read.value == DTCGFont(family: "Inter", size: 16, weight: .semibold))
        #expect(read.warnings.isEmpty)
    }

    @Test func withoutAWeightItIsRegularWithAWarning() throws {
        let read = try Self.typography(#"{"fontFamily": "Inter", "fontSize": {"value": 17, "unit": "px"}}"#)
        #expect(read.value == DTCGFont(family: "Inter", size: 17, weight: .regular))
        #expect(read.warnings.map(\.message) == ["`type.body`: the typography has no `fontWeight`; assumed regular (400)"])
        #expect(read.warnings.first?.pointer?.description == "/type/body/$value")
    }

    @Test func aLenientPartWarnsAtThatPart() throws {
        let read = try Self.typography(#"{"fontFamily": "Inter", "fontSize": "15px", "fontWeight": "Bold"}"#)
        #expect(read.value == DTCGFont(family: "Inter", size: 15, weight: .bold))
        #expect(read.warnings.map(\.pointer?.description) == ["/type/body/$value/fontSize", "/type/body/$value/fontWeight"])
        #expect(read.warnings.first?.message.hasPrefix("`type.body` fontSize: a string where") == true)
    }

    @Test(arguments: [
        (#"{"fontFamily": "Inter", "fontWeight": 400}"#, "", "the typography has no `fontSize`, which livery's fonts need"),
        (#"{"fontWeight": 400}"#, "", "the typography has no `fontFamily` and `fontSize`"),
        (#"{"fontFamily": "Inter", "fontSize": {"value": 1, "unit": "em"}}"#, "/fontSize/unit", "expected \"px\" or \"rem\""),
        (#"{"fontFamily": "Inter", "fontSize": 16, "fontWeight": "fat"}"#, "/fontWeight", "unknown font weight \"fat\""),
        (#""Inter 16px""#, "", "expected a typography object {fontFamily, fontSize, fontWeight, letterSpacing, lineHeight}"),
    ])
    func anUnreadableTypographyIsAnErrorAtItsPart(_ json: String, _ below: String, _ message: String) throws {
        let error = try Self.error(json) { token throws(Diagnostic) in _ = try DTCGValueReader.font(token) }
        #expect(error.rule.id == "dtcg-value")
        #expect(error.pointer?.description == "/t/$value" + below)
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.file == "tokens.json" && error.line == 2)
    }

    // MARK: Stroke styles

    @Test(arguments: ["solid", "dashed", "dotted", "double", "groove", "ridge", "outset", "inset"])
    func aStrokeKeywordIsItself(_ keyword: String) throws {
        let read = try DTCGValueReader.strokeStyle(valueToken("\"\(keyword)\"", type: "strokeStyle"))
        #expect(read.value == keyword)
        #expect(read.warnings.isEmpty)
    }

    @Test func theObjectFormHasNoKeyword() throws {
        let read = try DTCGValueReader.strokeStyle(
            valueToken(#"{"dashArray": [{"value": 4, "unit": "px"}], "lineCap": "round"}"#, type: "strokeStyle"))
        #expect(read.value == nil)
        #expect(read.warnings.isEmpty)
    }

    @Test func aKeywordInAnotherCaseIsReadWithAWarning() throws {
        let read = try DTCGValueReader.strokeStyle(valueToken(#""Dashed""#, type: "strokeStyle"))
        #expect(read.value == "dashed")
        #expect(read.warnings.map(\.rule.id) == ["dtcg-assumed"])
    }

    @Test(arguments: [#""wavy""#, "3", #"{"lineCap": "round"}"#])
    func anUnknownStrokeStyleIsAnError(_ json: String) throws {
        let error = try Self.error(json) { token throws(Diagnostic) in _ = try DTCGValueReader.strokeStyle(token) }
        #expect(
            error.message.contains(
                "expected one of solid, dashed, dotted, double, groove, ridge, outset, inset or an object {dashArray, lineCap}"))
    }
}

/// A Double as a JSON number literal.
enum NumberLiteral {
    static func text(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
