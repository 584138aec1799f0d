import LiveryText
import Testing

@Suite("TerminalText: what reaches a terminal is visible")
struct TerminalTextTests {
    @Test func controlsAreShownAsEscapesAndPlainTextIsKept() {
        #expect(TerminalText.visible("acme ✓ «fr-CA»\n\tdone") == "acme ✓ «fr-CA»\n\tdone")
        #expect(TerminalText.visible("ev\u{1B}[31mil") == "ev\\u001B[31mil")
        #expect(TerminalText.visible("a\u{1B}]0;pwned\u{07} b.txt") == "a\\u001B]0;pwned\\u0007 b.txt")
        #expect(TerminalText.visible("\u{1B}[2K\u{1B}[1A\u{1B}]52;c;aGk=\u{07}") == "\\u001B[2K\\u001B[1A\\u001B]52;c;aGk=\\u0007")
        #expect(
            TerminalText.visible("x\u{7F}\u{9B}31m\u{202E}gnp.exe\u{2066}\r\0") == "x\\u007F\\u009B31m\\u202Egnp.exe\\u2066\\u000D\\u0000")
    }

    @Test func onlyColourLiveryMarksBecomesSGRAndOnlyWhenAsked() {
        let styled = TerminalText.colour("1;31") + "error:" + TerminalText.colour("0")
        #expect(TerminalText.visible(styled, keepingColour: true) == "\u{1B}[1;31merror:\u{1B}[0m")
        #expect(TerminalText.visible(styled) == "error:")
        // SGR written by anyone else (a folder's name) is text, on a colour terminal too.
        #expect(TerminalText.visible("ev\u{1B}[31mil " + styled, keepingColour: true) == "ev\\u001B[31mil \u{1B}[1;31merror:\u{1B}[0m")
        // Repository text inside livery's colour is still made visible.
        let wrapped = TerminalText.colour("33") + "\u{1B}]52;c;x\u{07}" + TerminalText.colour("0")
        #expect(TerminalText.visible(wrapped, keepingColour: true) == "\u{1B}[33m\\u001B]52;c;x\\u0007\u{1B}[0m")
        #expect(
            TerminalText.visible("\u{1B}[2K\u{1B}[1A\u{1B}]52;c;x\u{07}", keepingColour: true)
                == "\\u001B[2K\\u001B[1A\\u001B]52;c;x\\u0007")
    }

    /// JSON written to the terminal stays JSON with the same meaning.
    @Test func theEscapeIsJSONs() {
        #expect(TerminalText.visible("{\"name\": \"a\u{202E}b\\\\\u{7F}\"}") == "{\"name\": \"a\\u202Eb\\\\\\u007F\"}")
    }
}
