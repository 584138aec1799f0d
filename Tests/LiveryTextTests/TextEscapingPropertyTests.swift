import Foundation
import LiveryText
import Testing

/// One property per escaper: for seeded random text full of each language's
/// hazards, what the escaper writes reads back (by ``Readers``, written from
/// the language's rules) as the text, or as the text with the characters the
/// language cannot hold replaced as documented. The consumers themselves
/// (plistlib, aapt, swiftc, kotlinc, Chromium) read the emitted files in
/// LiveryEmitTests' `TextEscapingPropertyTests`.
@Suite("Text escaping: every escaper reads back as the text")
struct TextEscapingPropertyTests {
    static let seed = RandomHazardText.seed(ProcessInfo.processInfo.environment)
    static let texts: [String] = {
        var random = RandomHazardText(seed: seed)
        return random.texts(400)
    }()
    static let replay = "seed \(seed); LIVERY_PROPERTY_SEED=\(seed) replays it"

    /// Checks `read(escape(text)) == expected(text)` for every text.
    static func check(
        _ name: String, _ escape: (String) -> String, read: (String) -> String?, expected: (String) -> String = { $0 },
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(texts.count > 400)
        for text in texts {
            let written = escape(text)
            #expect(
                read(written) == expected(text),
                "\(name) of [\(RandomHazardText.hex(text))] wrote [\(RandomHazardText.hex(written))]; \(replay)",
                sourceLocation: sourceLocation
            )
        }
    }

    /// What XML can hold: its `Char` production, other characters as U+FFFD.
    static func xmlCharacters(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            let allowed = scalar.value >= 0x20 || scalar == "\t" || scalar == "\n" || scalar == "\r"
            out.unicodeScalars.append(allowed && scalar.value != 0xFFFE && scalar.value != 0xFFFF ? scalar : "\u{FFFD}")
        }
        return out
    }

    @Test func xml() {
        Self.check("xml", TextEscaping.xml, read: Readers.xml, expected: Self.xmlCharacters)
    }

    /// `text` with each scalar `shown` names written as visible `\uXXXX`.
    static func controlsShown(_ text: String, _ shown: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if shown(scalar) {
                let digits = String(scalar.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    @Test func htmlIsXMLWithInvisibleControlsShownAsEscapes() {
        let invisible: (Unicode.Scalar) -> Bool = {
            ($0.value < 0x20 && !["\t", "\n", "\r"].contains($0)) || (0x7F...0x9F).contains($0.value)
        }
        Self.check("html", TextEscaping.html, read: Readers.xml) { Self.xmlCharacters(Self.controlsShown($0, invisible)) }
        #expect(TextEscaping.html("a\u{1B}]52;c;x\u{07}\u{85}<") == "a\\u001B]52;c;x\\u0007\\u0085&lt;")
        #expect(TextEscaping.html("it's") == "it&#39;s")
        #expect(TextEscaping.xml("it's") == "it&#39;s")
    }

    @Test func plistString() {
        Self.check("plistString", TextEscaping.plistString, read: Readers.plist, expected: Self.xmlCharacters)
    }

    @Test func xcconfigValue() {
        // Nothing escapes a line break in an xcconfig value: it and other controls but the tab
        // become spaces, as do the bidirectional controls (nothing escapes them either).
        Self.check("xcconfigValue", TextEscaping.xcconfigValue, read: Readers.xcconfig) { text in
            var out = ""
            for scalar in text.unicodeScalars {
                let breaks = (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F || scalar == "\u{2028}" || scalar == "\u{2029}"
                out.unicodeScalars.append(breaks || TextEscaping.isBidirectionalControl(scalar) ? " " : scalar)
            }
            return out
        }
    }

    @Test func androidString() {
        Self.check("androidString", { TextEscaping.androidString($0) }, read: Readers.android)
        Self.check("androidString percentEscaped", { TextEscaping.androidString($0, percentEscaped: true) }, read: Readers.android)
        for text in Self.texts {
            #expect(!TextEscaping.androidString(text, percentEscaped: true).contains("%"), "\(RandomHazardText.hex(text))")
        }
    }

    @Test func cssString() {
        // CSS reads U+0000 as U+FFFD, so it is written as that.
        Self.check("cssString", TextEscaping.cssString, read: Readers.css) { $0.replacingOccurrences(of: "\0", with: "\u{FFFD}") }
    }

    @Test func swiftString() {
        Self.check("swiftString", TextEscaping.swiftString, read: Readers.swift)
    }

    @Test func kotlinString() {
        Self.check("kotlinString", TextEscaping.kotlinString, read: Readers.kotlin)
    }

    /// No escaper for a generated file lets a bidirectional control through as
    /// it is: a reader of Theme.swift, LiveryTheme.kt, strings.xml, Info.plist,
    /// Target.xcconfig or theme.css sees the escape, never reordered text.
    @Test(
        arguments: [
            ("xml", TextEscaping.xml), ("plistString", TextEscaping.plistString), ("xcconfigValue", TextEscaping.xcconfigValue),
            ("androidString", { TextEscaping.androidString($0) }), ("cssString", TextEscaping.cssString),
            ("swiftString", TextEscaping.swiftString), ("kotlinString", TextEscaping.kotlinString),
        ] as [(String, @Sendable (String) -> String)])
    func noBidirectionalControlIsWrittenRaw(name: String, escape: @Sendable (String) -> String) {
        let controls = [
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}", "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}", "\u{200E}",
            "\u{200F}", "\u{061C}",
        ]
        for control in controls {
            for text in [control, "Acme" + control + "Bank", control + "admin" + "\u{2069}"] {
                let written = escape(text)
                #expect(
                    !written.unicodeScalars.contains(where: TextEscaping.isBidirectionalControl),
                    "\(name) of [\(RandomHazardText.hex(text))] wrote [\(RandomHazardText.hex(written))]")
            }
        }
        for text in Self.texts {
            #expect(!escape(text).unicodeScalars.contains(where: TextEscaping.isBidirectionalControl), "\(name): \(Self.replay)")
        }
    }

    @Test func markdownIsInertTableCellSafeAndShowsControlsAsEscapes() {
        // Line breaks become spaces: the text stays on its line and in its cell;
        // other controls are shown as `\uXXXX`, as on the terminal.
        Self.check("markdown", TextEscaping.markdown, read: Readers.inertMarkdown) { text in
            let spaced = String(String.UnicodeScalarView(text.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
            return Self.controlsShown(spaced) {
                ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) || TextEscaping.isBidirectionalControl($0)
            }
        }
        #expect(TextEscaping.markdown("\u{1B}]52;c;x\u{07}\u{202E}") == "&#92;u001B&#93;52;c;x&#92;u0007&#92;u202E")
        let row = "| " + TextEscaping.markdown("a | b") + " |"
        #expect(row.filter { $0 == "|" }.count == 2, "\(row)")
    }

    @Test func workflowCommands() {
        Self.check("workflowCommandData", TextEscaping.workflowCommandData) { Readers.workflowCommand($0, property: false) }
        Self.check("workflowCommandProperty", TextEscaping.workflowCommandProperty) { Readers.workflowCommand($0, property: true) }
    }

    @Test func textThatNeedsNoEscapeIsReturnedAsItIs() {
        for escape in [TextEscaping.xml, TextEscaping.html, TextEscaping.plistString, TextEscaping.markdown, TextEscaping.xcconfigValue] {
            #expect(escape("Acme Bank 日本語 👩‍👩‍👧") == "Acme Bank 日本語 👩‍👩‍👧")
        }
    }
}
