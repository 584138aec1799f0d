import Foundation
import LiveryText
import Testing

/// The comment escapers: whatever the text, what they write stays on one line and
/// inside its comment (seeded hazard text, as the string escapers' properties use).
@Suite("Text escaping: comments hold repository text inertly")
struct CommentEscapingTests {
    static let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]

    @Test func codeCommentStaysOnItsLineAndInsideItsComment() {
        var random = RandomHazardText(seed: TextEscapingPropertyTests.seed)
        let texts = random.texts(400) + ["*/", "/*", "/*/", "*//*", "**/", "a\nb", "\u{202E}x", "*\u{0}/"]
        for text in texts {
            let written = TextEscaping.codeComment(text)
            #expect(
                !written.contains("*/") && !written.contains("/*"), "[\(RandomHazardText.hex(text))] → [\(RandomHazardText.hex(written))]")
            #expect(
                !written.unicodeScalars.contains {
                    Self.breaks.contains($0) || $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
                        || TextEscaping.isBidirectionalControl($0)
                },
                "[\(RandomHazardText.hex(text))] → [\(RandomHazardText.hex(written))]")
        }
        #expect(TextEscaping.codeComment("The primary colour") == "The primary colour")
        #expect(TextEscaping.codeComment("a */ b\nc") == "a * / bU+000Ac")
        #expect(TextEscaping.codeComment("/*/") == "/ * /")
    }

    @Test func xmlCommentNeverEndsEarly() {
        var random = RandomHazardText(seed: TextEscapingPropertyTests.seed)
        for text in random.texts(400) + ["-->", "--", "a-", "---"] {
            let written = TextEscaping.xmlComment(text)
            #expect(
                !written.contains("--") && !written.hasSuffix("-"), "[\(RandomHazardText.hex(text))] → [\(RandomHazardText.hex(written))]")
        }
    }
}
