/// Android's rules for an application id (`applicationId` in Gradle, `package`
/// in a manifest): two or more dot-separated parts, each a Java identifier of
/// ASCII letters, digits and underscores starting with a letter, none a Java
/// keyword. An iOS bundle id allows hyphens and leading digits, so a client's
/// `bundleId` is not always one.
public enum AndroidApplicationID {
    /// Why `id` is not a valid application id, or nil when it is.
    public static func problem(_ id: String) -> String? {
        let parts = id.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return "it needs two or more parts joined by dots" }
        for part in parts {
            guard let first = part.utf8.first else { return "it has an empty part" }
            guard isLetter(first) else { return "part '\(part)' does not start with a letter" }
            if let bad = part.first(where: { !($0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_")) }) {
                return "part '\(part)' has '\(bad)' (only letters, digits and underscores are allowed)"
            }
            if javaKeywords.contains(String(part)) { return "part '\(part)' is a Java keyword" }
        }
        return nil
    }

    /// A valid application id made from `id` (hyphens and other characters become
    /// underscores; a part that starts with a digit or is a keyword gets a prefix), for the fix in a message.
    public static func suggestion(for id: String) -> String {
        let parts = id.split(separator: ".", omittingEmptySubsequences: true).map { part -> String in
            var text = String(
                String.UnicodeScalarView(
                    part.unicodeScalars.map { scalar in
                        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? scalar : "_"
                    }))
            if let first = text.utf8.first, !isLetter(first) { text = "a" + text }
            if javaKeywords.contains(text) { text += "_" }
            return text
        }
        return parts.count >= 2 ? parts.joined(separator: ".") : (parts + ["app"]).joined(separator: ".")
    }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Java's reserved words and literals: a package part may be none of them.
    static let javaKeywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "_",
    ]
}
