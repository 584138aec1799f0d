import LiveryTestSupport

/// Seeded random text for the escaper properties: pieces that are syntax in
/// some output language, every control character, the characters XML cannot
/// hold, line and paragraph separators, emoji, combining marks and text
/// outside the BMP. `LIVERY_PROPERTY_SEED` replays a failure's seed.
struct RandomHazardText {
    static let pieces: [String] = [
        "&", "<", ">", "\"", "'", "&amp;", "&#39;", "&#x41;", "<b>", "]]>", "<!--", "-->",
        "\\", "\\n", "\\u0041", "\\u{41}", "$", "$$", "$(HOME)", "${PATH}", "$()", "%", "%s", "%25", "%0A",
        "/", "//", "/*", "*/", ";", ":", ",", "::error::", "@", "@string/x", "?", "?attr/x",
        "|", "`", "```", "*", "**", "_", "[", "]", "](http://x)", "![a](b)", "~", "~~", "#", "# h",
        "\n", "\r", "\r\n", "\t", "\0", "\u{1}", "\u{1B}[31m", "\u{7F}", "\u{85}", "\u{9F}", "\u{FFFE}", "\u{FFFF}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{202E}", "\u{2066}", "\u{2069}", "\u{200F}", "\u{061C}", " ", "  ",
        "e\u{301}", "\u{301}", "😀", "👩‍👩‍👧", "🇫🇷", "𝔘𝔫𝔦", "\u{10FFFD}", "日本語", "שלום", "Acme", "x", "0", "F",
    ]

    var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The run's seed: `LIVERY_PROPERTY_SEED` when set, else a fixed one.
    static func seed(_ environment: [String: String]) -> UInt64 {
        environment["LIVERY_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x2511_2026
    }

    /// Every piece alone, then `count` random mixes of pieces and random scalars.
    mutating func texts(_ count: Int) -> [String] {
        [""] + Self.pieces + (0..<count).map { _ in text() }
    }

    mutating func text() -> String {
        var out = ""
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            if Int.random(in: 0..<3, using: &random) == 0 {
                out.unicodeScalars.append(scalar())
            } else {
                out += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
            }
        }
        return out
    }

    /// Any scalar, the controls and the ASCII range more often.
    mutating func scalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0x0...0x7F, 0x0...0x7F, 0x80...0x9F, 0xA0...0x2FF, 0x2000...0x206F, 0xD7FF...0xFFFF, 0x1_0000...0x10_FFFF,
        ]
        while true {
            let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) { return scalar }
        }
    }

    /// Code points as hex, to say in a failure which text failed.
    static func hex(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
