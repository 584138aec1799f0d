/// How livery names Android resources, in one rule for values and files alike.
///
/// File-based resources (drawables, fonts) must be lowercase `[a-z0-9_]`, so every
/// resource name is snake_case: `onPrimary` → `on_primary`, `spacingXS` →
/// `spacing_xs`, `promoBanner` → `promo_banner`. A name that would still not be a
/// Java or Kotlin identifier is then escaped: a keyword gets a trailing `_`
/// (`default` → `default_`), a name that does not start with a letter gets `res_`
/// in front, and any other character becomes `_`. Those escapes are reported as
/// `android-name` warnings; plain snake_case is not, as it is the documented rule.
///
/// Style names follow Android's own convention instead (dotted, each part
/// capitalised: `TextAppearance.Livery.OnPrimary`), see ``styleSegment(_:)``.
public enum AndroidNaming {
    /// The resource name of a token, view or file (`R.color.<name>`, `drawable/<name>.png`).
    public static func resourceName(_ name: String) -> String {
        resourceNameAndEscape(name).name
    }

    /// The resource name, and why it differs from plain snake_case (nil when it does not).
    public static func resourceNameAndEscape(_ name: String) -> (name: String, escape: String?) {
        // Most names (`primary`, `extra003`) are already resource names: no copy.
        if isPlainResourceName(name) { return (name, nil) }
        // Over the UTF-8 bytes: every character the rule looks at is ASCII, and
        // each byte of a non-ASCII character falls to the one `_` its first byte
        // wrote, as the whole character would.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count + 4)
        var invalid = false
        var source = name
        source.withUTF8 { name in
            for index in name.indices {
                let byte = name[index]
                switch byte {
                case 0x41...0x5A:  // A-Z: a word starts after a lowercase letter or digit, or at the last capital of an acronym.
                    if index > 0 {
                        let previous = name[index - 1]
                        let nextIsLower = index + 1 < name.count && (0x61...0x7A).contains(name[index + 1])
                        if (0x61...0x7A).contains(previous) || (0x30...0x39).contains(previous)
                            || ((0x41...0x5A).contains(previous) && nextIsLower)
                        {
                            bytes.append(UInt8(ascii: "_"))
                        }
                    }
                    bytes.append(byte + 0x20)
                case 0x61...0x7A, 0x30...0x39, 0x5F:
                    bytes.append(byte)
                default:
                    invalid = true
                    if bytes.last != UInt8(ascii: "_") { bytes.append(UInt8(ascii: "_")) }
                }
            }
        }
        var out = String(decoding: bytes, as: UTF8.self)
        var reasons: [String] = []
        if invalid { reasons.append("Android allows only a-z, 0-9 and _") }
        if let first = out.unicodeScalars.first, (0x61...0x7A).contains(first.value) {
            // starts with a letter: fine
        } else {
            out = "res_" + out
            reasons.append("a resource name must start with a letter")
        }
        if keywords.contains(out) {
            out += "_"
            reasons.append("'\(String(out.dropLast()))' is a Java or Kotlin keyword")
        }
        return (out, reasons.isEmpty ? nil : reasons.joined(separator: "; "))
    }

    /// Lowercase ASCII letters, digits and `_`, starting with a letter, and no keyword.
    static func isPlainResourceName(_ name: String) -> Bool {
        var count = 0
        for byte in name.utf8 {
            switch byte {
            case 0x61...0x7A: break
            case 0x30...0x39, 0x5F: if count == 0 { return false }
            default: return false
            }
            count += 1
        }
        // No keyword is longer than `synchronized`; longer names skip the lookup.
        return count > 0 && (count > 12 || !keywords.contains(name))
    }

    /// One part of a style name: the name as written with its first letter
    /// capitalised (`onPrimary` → `OnPrimary`), or, for a name that is not plain
    /// ASCII letters and digits, its resource name in PascalCase.
    public static func styleSegment(_ name: String) -> String {
        let plain =
            !name.isEmpty && name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) }
        if plain, let first = name.utf8.first, first >= 0x41 {
            return name.prefix(1).uppercased() + name.dropFirst()
        }
        var out = ""
        for part in resourceName(name).split(separator: "_") {
            out += part.prefix(1).uppercased() + part.dropFirst()
        }
        return out.isEmpty ? "Res" : out
    }

    /// The prefix of every style livery writes: the same in every client's
    /// bundle, so layouts in `src/main` name one style and each flavour's
    /// `res/` supplies its values.
    public static let styleNamespace = "Livery"

    /// Java and Kotlin (hard) keywords and literals: `R.color.default` would not compile.
    public static let keywords: Set<String> = [
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null",
        // Kotlin's hard keywords that Java lacks.
        "as", "fun", "in", "is", "object", "typealias", "typeof", "val", "var", "when",
    ]
}
