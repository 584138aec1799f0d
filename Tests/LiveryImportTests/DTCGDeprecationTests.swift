import LiveryJSON
import Testing

@testable import LiveryImport

/// A DTCG token's `$deprecated` in the import (docs/import.md): a token deprecated in favour of
/// another the file holds is left out, so the imported style writes the new name; one deprecated
/// without a replacement the file holds is kept.
@Suite("DTCG $deprecated in the import")
struct DTCGDeprecationTests {
    static func token(_ path: String) -> DTCGToken {
        DTCGToken(
            path: path.split(separator: ".").map(String.init), type: "color", value: JSONNode(.string("#000000"), at: .synthesized),
            location: .synthesized)
    }

    @Test func readsTheReferencesOfItsText() {
        #expect(DTCGDeprecation.replacements(in: "Named caution now. Use {colors.caution}.") == [["colors", "caution"]])
        #expect(DTCGDeprecation.replacements(in: "Retired.").isEmpty)
    }

    @Test func aTokenReplacedByOneTheFileHoldsIsLeftOut() {
        let tokens = ["colors.caution", "colors.warning", "colors.legacy", "colors.old"].map(Self.token)
        let kept = DTCGDeprecation.withoutReplaced(
            tokens,
            deprecations: [
                ["colors", "warning"]: "Named caution now. Use {colors.caution}.", ["colors", "legacy"]: "Retired.",
                ["colors", "old"]: "Use {colors.gone}.",
            ])
        #expect(kept.map { $0.path.joined(separator: ".") } == ["colors.caution", "colors.legacy", "colors.old"])
    }
}
