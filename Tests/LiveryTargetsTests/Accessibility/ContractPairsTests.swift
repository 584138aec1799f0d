import LiveryJSON
import Testing

@testable import LiveryTargets

/// A contract says which colours are drawn on which: a colour's `on` names its
/// backgrounds and its `use` how it is drawn; `onX` over `X` holds by default.
@Suite("Contract colour pairs")
struct ContractPairsTests {
    static func parse(_ text: String) throws(ContractError) -> AppContract {
        try ContractParser.parse(Array(text.utf8), file: "targets/contract.json")
    }

    static func problems(_ text: String) -> [String] {
        do {
            _ = try parse(text)
            return []
        } catch {
            return error.diagnostics.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.pointer?.description ?? "") \($0.message) [\($0.rule)]" }
        }
    }

    @Test func namedBackgroundsAndOnXOverXMakeThePairs() throws {
        let contract = try Self.parse(
            """
            {"colors": {
              "primary": {}, "onPrimary": {}, "background": {}, "surface": {},
              "foreground": {"on": ["background", "surface"]},
              "icon": {"on": ["surface"], "use": "nonText"},
              "onSurface": {"on": ["background"], "use": "largeText"},
              "online": {}
            }}
            """)
        #expect(
            contract.colorPairs == [
                ColorPair(text: "foreground", background: "background"),
                ColorPair(text: "foreground", background: "surface"),
                ColorPair(text: "icon", background: "surface", use: .nonText),
                ColorPair(text: "onPrimary", background: "primary"),
                // An explicit `on` replaces the default `onSurface` over `surface`.
                ColorPair(text: "onSurface", background: "background", use: .largeText),
            ])
    }

    @Test func aContractWithoutPairsReadsAsBefore() throws {
        let contract = try Self.parse(#"{"colors": {"primary": {"requires": ["dark"]}, "accent": {}}}"#)
        #expect(contract.colorPairs.isEmpty)
        #expect(contract.tokens.map(\.use) == [.text, .text])
    }

    @Test func badPairsAreContractErrorsAtTheirPlace() {
        let problems = Self.problems(
            """
            {"colors": {
              "a": {"on": ["bakground", "a", 3, "b", "b"]},
              "b": {"on": "a", "use": "huge"}
            }}
            """)
        #expect(
            problems == [
                "2:34 /colors/a/on/2 'on' names colours of the contract, found number [contract-file]",
                "2:42 /colors/a/on/4 'b' is named twice in 'on' [contract-file]",
                "3:15 /colors/b/on 'on' must be an array of colour names, found string [contract-file]",
                "3:27 /colors/b/use 'use' is one of text, largeText, nonText, found 'huge' [contract-file]",
                "2:16 /colors/a/on/0 'on' names 'bakground', which is not a colour of the contract [contract-file]",
                "2:29 /colors/a/on/1 'a' cannot be drawn on itself [contract-file]",
            ])
    }

    @Test func onAndUseBelongToColoursOnly() {
        let problems = Self.problems(#"{"fonts": {"body": {"on": ["x"]}}}"#)
        #expect(problems.count == 1)
        #expect(problems.first?.contains("unknown key 'on' in the font 'body'") == true)
    }

    @Test func targetsByUse() {
        #expect(ContrastUse.text.normalTarget(contrastMinimum: 4.5) == 4.5)
        #expect(ContrastUse.largeText.normalTarget(contrastMinimum: 4.5) == 3)
        #expect(ContrastUse.nonText.normalTarget(contrastMinimum: 2) == 2)
        #expect(ContrastUse.text.highContrastTarget == 7)
        #expect(ContrastUse.largeText.highContrastTarget == 4.5)
        #expect(ContrastUse.nonText.highContrastTarget == 4.5)
    }
}
