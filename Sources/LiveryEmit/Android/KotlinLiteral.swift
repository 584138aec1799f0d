import LiveryCore
import LiveryTargets
import LiveryText

/// Kotlin source text: string and number literals, and token names as
/// identifiers. Every Kotlin emitter writes through these, so escaping is
/// decided once. The output compiles with Kotlin 1.3 and later.
public enum KotlinLiteral {
    /// A Kotlin string literal, escaped by ``TextEscaping/kotlinString(_:)``:
    /// `$` (it starts a template), `"`, `\` and every control or
    /// line-separating character.
    public static func string(_ text: String) -> String {
        TextEscaping.kotlinString(text)
    }

    /// A `Double` literal: `16.0`, `0.35`, `1e-07`.
    public static func double(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "(1.0 / 0.0)" : "(-1.0 / 0.0)" }
        let text = NumberText.text(value)
        return text.utf8.contains(UInt8(ascii: ".")) || text.utf8.contains(UInt8(ascii: "e")) ? text : text + ".0"
    }

    /// A `Float` literal: `16f`, `1.586f`. The value is the Double's text, which
    /// Kotlin rounds to the nearest Float.
    public static func float(_ value: Double) -> String {
        guard value.isFinite else { return value > 0 ? "(1.0f / 0.0f)" : "(-1.0f / 0.0f)" }
        return NumberText.text(value) + "f"
    }

    /// A `Long` literal: `5000L`. Kotlin reads `-9223372036854775808L` as the
    /// negation of a number out of range, so the minimum is written as a sum.
    public static func long(_ value: Int64) -> String {
        value == .min ? "(-9223372036854775807L - 1L)" : "\(value)L"
    }

    /// A colour as a `Long` 0xAARRGGBB literal, the order Android colour ints use.
    public static func argb(_ color: RGBA) -> String {
        var out = TextBuffer(capacity: 12)
        appendARGB(color, to: &out)
        return out.text
    }

    /// Appended in place: a build writes thousands of these.
    static func appendARGB(_ color: RGBA, to out: inout TextBuffer) {
        out += "0x"
        out.appendHex(color.alpha)
        out.appendHex(color.red)
        out.appendHex(color.green)
        out.appendHex(color.blue)
        out += "L"
    }

    /// An integer JSON literal (`5000`, `-3`) as a Long; nil for fractions,
    /// exponents and integers outside Long's range.
    public static func integer(_ literal: String) -> Int64? {
        let digits = literal.hasPrefix("-") ? literal.dropFirst() : Substring(literal)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int64(literal)
    }

    /// A token name as a Kotlin property name: characters other than ASCII letters,
    /// digits and `_` become `_`, a leading digit gets a `_` before it, a name of
    /// underscores only (reserved in Kotlin) gets an `x` after it, and keywords are
    /// written in backticks (`` `object` ``). The API reads as the style is written.
    public static func identifier(_ name: String) -> String {
        quoted(plain(name))
    }

    /// A name as a Kotlin object name: the identifier with its first letter in upper case.
    public static func typeName(_ name: String) -> String {
        let text = plain(name)
        return quoted(text.prefix(1).uppercased() + text.dropFirst())
    }

    /// The name without backticks, before keywords are quoted.
    static func plain(_ name: String) -> String {
        var text: String
        // Most token names are already plain ASCII identifiers.
        if name.utf8.allSatisfy({ isIdentifierByte($0) }) {
            text = name
        } else {
            text = String(
                String.UnicodeScalarView(
                    name.unicodeScalars.map { scalar in
                        scalar.isASCII && isIdentifierByte(UInt8(scalar.value)) ? scalar : "_"
                    }))
        }
        if let first = text.utf8.first, first >= 0x30 && first <= 0x39 { text = "_" + text }
        if text.isEmpty { text = "_" }
        if text.utf8.allSatisfy({ $0 == 0x5F }) { text += "x" }
        return text
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }

    static func quoted(_ text: String) -> String {
        keywords.contains(text) ? "`" + text + "`" : text
    }

    /// Hard, soft and modifier keywords of Kotlin. Soft keywords are identifiers in
    /// most places, but quoting them all is never wrong and keeps the rule simple.
    static let keywords: Set<String> = [
        "as", "break", "class", "continue", "do", "else", "false", "for", "fun", "if", "in", "interface", "is",
        "null", "object", "package", "return", "super", "this", "throw", "true", "try", "typealias", "typeof",
        "val", "var", "when", "while",
        "by", "catch", "constructor", "delegate", "dynamic", "field", "file", "finally", "get", "import", "init",
        "param", "property", "receiver", "set", "setparam", "value", "where",
        "abstract", "actual", "annotation", "companion", "const", "crossinline", "data", "enum", "expect",
        "external", "final", "infix", "inline", "inner", "internal", "lateinit", "noinline", "open", "operator",
        "out", "override", "private", "protected", "public", "reified", "sealed", "suspend", "tailrec", "vararg",
    ]
}

/// Kotlin names for the members of one object, each unique and the same for the
/// same style. Names that are already valid as written come first, then the
/// ones that had to change, each group in sorted order; a name that collides
/// with an earlier one (`bad-name` after `bad_name`, `button` after `Button` as
/// object names) or with a reserved name gets `_2`, `_3`… after it.
public struct KotlinNames: Sendable {
    /// Original name → Kotlin name (with backticks where needed); empty when
    /// every name is its own Kotlin name (see `plain` below).
    public let names: [String: String]
    /// Every name is an identifier as written and none reserved: each one's
    /// Kotlin name is `KotlinLiteral.identifier` of it, with no table to build.
    private let plain: Bool

    /// Names the generated code refers to from inside nested objects, and
    /// `INSTANCE`, the field every Kotlin object already has on the JVM.
    static let reserved: Set<String> = ["LiveryTheme", "LiveryColor", "LiveryFont", "LiveryShape", "INSTANCE"]

    /// Property names: unique as written.
    public static func properties<S: Sequence<String>>(_ names: S) -> KotlinNames {
        let plain = names.allSatisfy { name in
            guard let first = name.utf8.first, (first >= 0x41 && first <= 0x5A) || (first >= 0x61 && first <= 0x7A) else { return false }
            return name.utf8.allSatisfy(KotlinLiteral.isIdentifierByte) && !reserved.contains(name)
        }
        return KotlinNames(names, spell: KotlinLiteral.identifier, key: { $0 }, plain: plain)
    }

    /// Object names: unique ignoring case too, because each object is a
    /// `.class` file and macOS file systems ignore case.
    public static func objects<S: Sequence<String>>(_ names: S) -> KotlinNames {
        KotlinNames(names, spell: KotlinLiteral.typeName, key: { $0.lowercased() })
    }

    /// Class names spelled by `typeName` (`ButtonComponent`), unique ignoring case.
    public static func objects<S: Sequence<String>>(_ names: S, typeName: (String) -> String) -> KotlinNames {
        KotlinNames(names, spell: { typeName(KotlinLiteral.plain($0)) }, key: { $0.lowercased() })
    }

    init<S: Sequence<String>>(_ names: S, spell: (String) -> String, key: (String) -> String) {
        self.init(names, spell: spell, key: key, plain: false)
    }

    /// `plain`: property names that are all identifiers as the schema writes
    /// them (`^[A-Za-z][A-Za-z0-9_]*$`) and none reserved. They cannot collide,
    /// so each is its own Kotlin name and the sorting, checking and table are
    /// skipped (a table of every colour's name for every client cost 0.5 % of a build).
    init<S: Sequence<String>>(_ names: S, spell: (String) -> String, key: (String) -> String, plain: Bool) {
        self.plain = plain
        if plain {
            self.names = [:]
            return
        }
        var taken = Set(Self.reserved.map(key))
        var out: [String: String] = [:]
        let spelled = Set(names).sorted().map { (name: $0, base: spell($0).replacingAll("`", with: "")) }
        for (name, base) in spelled.filter({ $0.name == $0.base }) + spelled.filter({ $0.name != $0.base }) {
            var candidate = base
            var suffix = 2
            while taken.contains(key(candidate)) {
                candidate = base + "_\(suffix)"
                suffix += 1
            }
            taken.insert(key(candidate))
            out[name] = KotlinLiteral.quoted(candidate)
        }
        self.names = out
    }

    public subscript(_ name: String) -> String {
        if plain { return KotlinLiteral.identifier(name) }
        return names[name] ?? KotlinLiteral.identifier(name)
    }
}
