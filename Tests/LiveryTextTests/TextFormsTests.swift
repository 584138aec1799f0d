import LiveryText
import Testing

@Suite("Numbers, byte counts, path names and emphasis")
struct TextFormsTests {
    @Test func byteCountsSayBinaryUnitsAsSuch() {
        #expect(ByteCount.text(812) == "812 B")
        #expect(ByteCount.text(1023) == "1023 B")
        #expect(ByteCount.text(1024) == "1.0 KiB")
        #expect(ByteCount.text(1946) == "1.9 KiB")
        #expect(ByteCount.text(512 * 1024) == "512.0 KiB")
        #expect(ByteCount.text(3_250_586) == "3.1 MiB")
        #expect(ByteCount.text(5 * 1024 * 1024 * 1024) == "5.0 GiB")
        #expect(ByteCount.describe(512) == "512 bytes")
        #expect(ByteCount.describe(104_857_600) == "104857600 bytes (100.0 MiB)")
        #expect(ByteCount.describe(1536) == "1536 bytes (1.5 KiB)")
    }

    @Test func numbersAreIntegersWithoutAFraction() {
        #expect(NumberText.text(16) == "16")
        #expect(NumberText.text(-2) == "-2")
        #expect(NumberText.text(0.5) == "0.5")
        #expect(NumberText.text(1e20) == "1e+20")
    }

    @Test func theFileNameIsTheLastComponent() {
        #expect(PathName.fileName(of: "targets/acme/assets/logo.png") == "logo.png")
        #expect(PathName.fileName(of: "logo.png") == "logo.png")
        #expect(PathName.fileName(of: "a/b/") == "b")
        #expect(PathName.fileName(of: "") == "")
        #expect(PathName.fileName(of: "/") == "/")
        #expect(PathName.fileName(of: "a//ünï.png//") == "ünï.png")
        #expect(PathName.fileName(of: "/logo") == "logo")
    }

    @Test func plainStylerLeavesTextAsItIsAndACallersStylerSeesTheEmphasis() {
        for emphasis in Emphasis.allCases { #expect(Styler.plain("text", emphasis) == "text") }
        let tagged = Styler { text, emphasis in "[\(emphasis)]\(text)" }
        #expect(tagged("x", .added) == "[added]x")
    }

    @Test func jsonInAScriptElementCannotEndIt() {
        #expect(TextEscaping.scriptJSON(#"{"a":"b"}"#) == #"{"a":"b"}"#)
        let escaped = TextEscaping.scriptJSON("{\"name\":\"</script><!-- & \u{2028}\u{2029}\"}")
        #expect(escaped == #"{"name":"\u003c/script\u003e\u003c!-- \u0026 \u2028\u2029"}"#)
        #expect(!escaped.contains("<") && !escaped.contains(">") && !escaped.contains("&"))
    }
}
