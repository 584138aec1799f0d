import LiveryTestSupport

/// Random display names and strings for the escaping property tests: pieces
/// that mean something in one of the output languages (quotes, backslashes,
/// `$`, comment markers, XML markup, format specifiers, Android's `@` and `?`)
/// mixed with emoji, right-to-left text, combining marks, line and paragraph
/// separators, characters outside the BMP, random code points, and leading,
/// trailing and doubled spaces. Seeded, so a failure replays: set
/// `LIVERY_PROPERTY_SEED` to the seed a failure printed.
struct RandomText {
    /// Text that is syntax somewhere livery writes to.
    static let pieces: [String] = [
        "\"", "'", "\\", "\\n", "\\u0041", "\\'", "$", "$(HOME)", "$(SLASH)", "${PATH}", "$x", "$$", "$()", "%", "%s", "%1$s", "%%", "%d",
        "//", "/*", "*/", "/", "///", "-->", "<!--", "--", "<", ">", "&", "&amp;", "]]>", "<![CDATA[", "<b>", "&#0;",
        "@", "@string/app_name", "?", "?attr/x", "#", ";", ":", "=", "{", "}", "(", ")", "`", "\\(x)", "\"\"\"", "#\"",
        "Acme", "Bank", "Ünïcödé", "ß", "İ", "Ω", "日本語", "한국어",
        "😀", "👩‍👩‍👧", "🇫🇷", "🏳️‍🌈", "👍🏽",
        "שלום", "مرحبا", "\u{200F}", "\u{202E}", "\u{200D}", "\u{FEFF}",
        "e\u{301}", "\u{301}", "\u{20DD}", "a\u{0308}\u{0323}",
        "\u{2028}", "\u{2029}", "\u{85}", "\u{A0}", "\u{2003}", "\u{3000}",
        "𝔘𝔫𝔦", "\u{10FFFD}", "\u{1F9EA}", "\u{E000}", "\u{FFFD}",
        // U+FDD0, a noncharacter: Swift refuses it as a `\u{}` escape, not as written.
        String(decoding: [0xEF, 0xB7, 0x90], as: UTF8.self),
    ]

    var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// The seed of this run: `LIVERY_PROPERTY_SEED` when set, else a fixed one.
    static func seed(_ environment: [String: String]) -> UInt64 {
        environment["LIVERY_PROPERTY_SEED"].flatMap { UInt64($0) } ?? 0x1609_2026
    }

    /// `count` non-empty texts. Every eighth holds a line feed or tab (which
    /// only some fields accept), so those fields' refusal is always tried.
    mutating func texts(_ count: Int) -> [String] {
        (0..<count).map { index in
            let text = text()
            guard index % 8 == 7 else { return text }
            var scalars = Array(text.unicodeScalars)
            scalars.insert(Bool.random(using: &random) ? "\n" : "\t", at: Int.random(in: 0...scalars.count, using: &random))
            var out = ""
            out.unicodeScalars.append(contentsOf: scalars)
            return out
        }
    }

    mutating func text() -> String {
        var out = ""
        for _ in 0..<Int.random(in: 1...7, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<6: out += Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)]
            case 6, 7: out.unicodeScalars.append(scalar())
            case 8: out += String(repeating: " ", count: Int.random(in: 1...3, using: &random))
            default: out += Int.random(in: 0..<6, using: &random) == 0 ? ["\n", "\t"][Int.random(in: 0...1, using: &random)] : "x"
            }
        }
        switch Int.random(in: 0..<6, using: &random) {
        case 0: out = " " + out
        case 1: out += " "
        case 2: out = "  " + out + "  "
        default: break
        }
        return out
    }

    /// A random code point that is neither a C0 control, DEL, a surrogate nor
    /// U+FFFE/U+FFFF (the characters validation refuses everywhere).
    mutating func scalar() -> Unicode.Scalar {
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x80...0x2FF, 0x300...0x36F, 0x590...0x6FF, 0x2000...0x206F, 0x3000...0x9FFF, 0xE000...0xFFFD,
            0x1_0000...0x10_FFFD,
        ]
        while true {
            let range = ranges[Int.random(in: 0..<ranges.count, using: &random)]
            if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)), scalar.value != 0x7F { return scalar }
        }
    }

    /// Whether `text` holds a line feed or tab, which only flags and component
    /// strings accept, or a line or paragraph separator, which the display name
    /// and bundle id refuse (they would end a line of `Target.xcconfig`).
    static func hasLineBreakOrTab(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\n" || $0 == "\t" }
    }

    static func hasLineSeparator(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" }
    }

    /// Code points as upper-case hex, space-separated: what every consumer prints back.
    static func hex(_ text: String) -> String {
        text.unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}

/// How Xcode reads a value: the `Target.xcconfig` line rules and the build
/// setting expansion it applies to xcconfig values and, by default
/// (`INFOPLIST_EXPAND_BUILD_SETTINGS`), to Info.plist strings. A model for the
/// tests, written from Xcode's documented and observed behaviour:
/// - a line ends at LF, CR, U+2028 or U+2029; `//` starts a comment anywhere;
/// - the value's leading and trailing spaces and tabs, and a trailing `;`, are dropped;
///   a trailing `\` continues the line;
/// - `$$` is a `$`; `$()` is empty; `$(NAME)`, `${NAME}` and `$NAME` are references.
enum XcodeModel {
    /// The value assigned to `setting` in `xcconfig`, or nil when there is no
    /// such line or the value goes on to the next line. Read by Unicode scalars,
    /// as Xcode reads bytes: a combining mark after `/` does not hide a `//`.
    static func value(of setting: String, in xcconfig: String) -> String? {
        let breaks: Set<Unicode.Scalar> = ["\n", "\r", "\u{2028}", "\u{2029}"]
        let lines = xcconfig.unicodeScalars.split(omittingEmptySubsequences: false) { breaks.contains($0) }
        let prefix = Array((setting + " =").unicodeScalars)
        let blank: Set<Unicode.Scalar> = [" ", "\t"]
        for line in lines {
            guard line.starts(with: prefix) else { continue }
            var value = Array(line.dropFirst(prefix.count))
            if let comment = value.indices.first(where: { $0 + 1 < value.count && value[$0] == "/" && value[$0 + 1] == "/" }) {
                value = Array(value[..<comment])
            }
            value = Array(value.drop { blank.contains($0) })
            while let last = value.last, blank.contains(last) { value.removeLast() }
            if value.last == ";" {
                value.removeLast()
                while let last = value.last, blank.contains(last) { value.removeLast() }
            }
            if value.last == "\\" { return nil }
            var text = ""
            text.unicodeScalars.append(contentsOf: value)
            return text
        }
        return nil
    }

    /// `text` after build setting expansion, or nil when it refers to a setting
    /// (which would expand to something else).
    static func expanded(_ text: String) -> String? {
        var out = ""
        var scalars = Substring(text).unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "$" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            guard let next = scalars.first else { return nil }
            if next == "$" {
                out += "$"
                scalars.removeFirst()
            } else if next == "(" || next == "{" {
                scalars.removeFirst()
                guard scalars.first == (next == "(" ? ")" : "}") else { return nil }
                scalars.removeFirst()
            } else if next == "_" || (next.isASCII && next.properties.isAlphabetic) {
                return nil
            } else {
                out += "$"
            }
        }
        return out
    }
}
