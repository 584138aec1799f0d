import LiveryCore
import LiveryJSON
import Testing

@testable import LiveryTargets

/// A contract's `distinct` sets and the check that keeps their colours apart as each
/// colour vision deficiency sees them.
@Suite("Distinct colours")
struct DistinctColorsTests {
    static func parse(_ text: String) throws(ContractError) -> AppContract {
        try ContractParser.parse(Array(text.utf8), file: "targets/contract.json")
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.pointer?.description ?? "") \($0.message)" }
        }
    }

    static func token(_ hex: String) -> ColorToken {
        let value = RGBA(hex: hex) ?? .black
        return ColorToken(light: value, dark: value)
    }

    @Test func theContractNamesItsSetsAndTheirDistance() throws {
        let contract = try Self.parse(
            """
            {"colors": {"error": {}, "success": {}, "warning": {}, "chart1": {}, "chart2": {}},
             "distinct": {
               "status": {"colors": ["error", "success", "warning"], "description": "What went right and wrong"},
               "chart": {"colors": ["chart1", "chart2"], "minimumDistance": 15}
             }}
            """)
        #expect(contract.distinctSets.map(\.name) == ["chart", "status"])
        #expect(contract.distinctSets.map(\.colors) == [["chart1", "chart2"], ["error", "success", "warning"]])
        #expect(contract.distinctSets.map(\.minimumDistance) == [15, 10])
        #expect(contract.distinctSets.last?.location?.line == 3)
        // A contract without `distinct` has no sets.
        #expect(try Self.parse(#"{"colors": {"error": {}}}"#).distinctSets.isEmpty)
    }

    @Test func aBadSetIsAContractErrorAtItsPlace() {
        #expect(
            Self.problems(#"{"colors": {"error": {}}, "distinct": []}"#) == [
                "1:39 /distinct 'distinct' must be an object of named colour sets, found array"
            ])
        #expect(
            Self.problems(
                #"{"colors": {"error": {}, "success": {}}, "distinct": {"status": {"colors": ["error", "sucess", "error"], "minimumDistance": 0, "colour": 1}}}"#
            ) == [
                "1:86 /distinct/status/colors/1 'colors' names 'sucess', which is not a colour of the contract (did you mean 'success'?)",
                "1:96 /distinct/status/colors/2 'error' is named twice in 'colors'",
                "1:125 /distinct/status/minimumDistance 'minimumDistance' is a CIEDE2000 distance above 0 and at most 100",
                "1:128 /distinct/status/colour unknown key 'colour' in the distinct set 'status' (did you mean 'colors'?): it may hold colors, minimumDistance, description",
            ])
        #expect(
            Self.problems(#"{"colors": {"error": {}}, "distinct": {"one": {"colors": ["error"]}, "none": {}}}"#) == [
                "1:58 /distinct/one/colors a distinct set needs two or more colours, found 1",
                "1:78 /distinct/none the distinct set 'none' needs \"colors\": two or more colours of the contract",
            ])
    }

    /// Red and green of one lightness: apart for a protanope and a tritanope, alike for a deuteranope.
    @Test func aPairTooCloseUnderOneDeficiencyIsNamedWithWhatItLooksLike() throws {
        let colors = ["error": Self.token("#E53935"), "success": Self.token("#43A047"), "info": Self.token("#1565C0")]
        let set = DistinctColorSet(name: "status", colors: ["error", "success", "info"])
        let failures = DistinctColors.failures(colors: colors, sets: [set])
        #expect(failures.map(\.deficiency) == [.deuteranopia])
        let failure = try #require(failures.first)
        #expect((failure.first, failure.second) == ("error", "success"))
        // One value for every appearance: one failure names all four.
        #expect(failure.appearances == DistinctColors.appearances)
        #expect(abs(failure.distance - 5.206) < 0.01, "\(failure.distance)")
        #expect(
            DistinctColors.message(failure)
                == "colors.error #E53935 and colors.success #43A047 of the distinct set 'status' are 5.2 apart under deuteranopia in light, dark, high-contrast light and high-contrast dark (CIEDE2000), below 10: seen as #98892E and #978A4E"
        )
        // A lower minimum lets the same two pass.
        #expect(
            DistinctColors.failures(
                colors: colors, sets: [DistinctColorSet(name: "status", colors: ["error", "success"], minimumDistance: 5)]
            ).isEmpty)
    }

    @Test func everyAppearanceIsCheckedOnItsOwnValues() throws {
        func rgba(_ hex: String) -> RGBA { RGBA(hex: hex) ?? .black }
        // Pink and orange look alike to a tritanope; the dark and high-contrast light pinks do not.
        let sale = ColorToken(light: rgba("#F06292"), dark: rgba("#1565C0"), highContrastLight: rgba("#5E35B1"))
        let colors = ["sale": sale, "fresh": Self.token("#FF7043")]
        let failures = DistinctColors.failures(colors: colors, sets: [DistinctColorSet(name: "badges", colors: ["sale", "fresh"])])
        // High-contrast dark shows dark's values, which are apart; only light fails, and only for a tritanope.
        #expect(failures.map(\.deficiency) == [.tritanopia])
        #expect(failures.first?.appearances == ["light"])
        #expect(failures.first.map { ($0.firstSeen.hex, $0.secondSeen.hex) } ?? ("", "") == ("#EE677B", "#FF677F"))
    }
}
