/// How long a style's text may be: the `text-length` rule.
///
/// Every string and key of a style ends up in generated sources and resources
/// (Theme.swift, LiveryTheme.kt, strings.xml, Info.plist, theme.css). The
/// tightest consumer is the JVM: a Kotlin string constant or name is one
/// class-file constant of at most 65,535 bytes of modified UTF-8, where a
/// character takes up to 6 bytes (JVM specification §4.4.7), so a 100,000-character
/// display name made LiveryTheme.kt fail to compile. At most 4,096 characters
/// (24,576 bytes at worst) fit every platform with room to spare. A bundle id is
/// held to 155 characters, the most the App Store accepts, whatever the
/// repository's own schema says. Characters are counted as Unicode scalar values.
public enum TextLength {
    public static let rule = Rule.textLength
    /// The most characters any string or key of a style may hold.
    public static let maxCharacters = 4_096
    /// The most characters of `app.bundleId`.
    public static let maxBundleIDCharacters = 155

    /// The limit for the text at `pointer` (its tokens).
    public static func limit(pointer: [String]) -> Int {
        pointer.count == 2 && pointer[0] == "app" && pointer[1] == "bundleId" ? maxBundleIDCharacters : maxCharacters
    }

    /// The length of `text` in characters when it is over `limit`, else nil.
    /// Cheap for the texts under it: UTF-8 has at least one byte per character,
    /// so a text of no more bytes than the limit is not counted.
    public static func excess(_ text: String, limit: Int) -> Int? {
        guard text.utf8.count > limit else { return nil }
        let count = text.unicodeScalars.count
        return count > limit ? count : nil
    }

    /// "the display name is 100000 characters long, over the limit of 4096 …"
    public static func message(length: Int, limit: Int, pointer: [String], isKey: Bool) -> String {
        let reason =
            limit == maxBundleIDCharacters
            ? "the most the App Store accepts for a bundle id"
            : "the most livery writes into generated sources (a Kotlin constant holds 65,535 bytes)"
        // A name thousands of characters long is named by its start.
        let shortened = pointer.map {
            $0.unicodeScalars.count > 40 ? String(String.UnicodeScalarView($0.unicodeScalars.prefix(40))) + "…" : $0
        }
        return
            "\(TextSafety.subject(shortened, isKey: isKey)) is \(length) characters long, over the limit of \(limit), \(reason); shorten it"
    }
}
