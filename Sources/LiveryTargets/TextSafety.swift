import LiveryJSON
import LiveryText

/// Characters that no output file can hold as written, found in a style's
/// text: the `control-character` rule.
///
/// - C0 controls (U+0000–U+001F) and DEL (U+007F) everywhere: XML 1.0 cannot
///   hold most of them at all (a NUL made `Info.plist` unreadable) and a line
///   break splits a line of `Target.xcconfig`. Flag and component strings are
///   text for the app, which every file they reach writes escaped, so line
///   feeds and tabs are allowed there.
/// - U+FFFE and U+FFFF everywhere: XML 1.0 cannot hold them either.
/// - The line and paragraph separators U+2028 and U+2029 in `app` values,
///   which `Target.xcconfig` carries: they end a line there, and nothing escapes them.
///
/// Every string of the style is checked, keys included, so the rule holds for a
/// repository's own schema too. Pure.
public enum TextSafety {
    public static let rule = Rule.controlCharacter

    /// The first character `text` may not hold, with its position.
    public struct Finding: Sendable, Hashable {
        public var scalar: Unicode.Scalar
        /// 1-based, in characters as a person counts them (an emoji sequence is one).
        public var position: Int
        /// How many more characters of the same text are refused.
        public var more: Int
    }

    /// What a string may hold beyond plain text, by where it ends up.
    public struct Allowance: Sendable, Hashable {
        /// Line feeds and tabs (app text: flags and component strings).
        public var lineFeedsAndTabs = false
        /// U+2028 and U+2029 (everything but what `Target.xcconfig` carries).
        public var lineSeparators = true

        public init(lineFeedsAndTabs: Bool = false, lineSeparators: Bool = true) {
            self.lineFeedsAndTabs = lineFeedsAndTabs
            self.lineSeparators = lineSeparators
        }

        /// What the value at `pointer` (its tokens) may hold.
        public init(pointer: [String]) {
            let group = pointer.first ?? ""
            self.init(
                lineFeedsAndTabs: (group == "flags" && pointer.count == 2) || (group == "components" && pointer.count == 4),
                lineSeparators: group != "app")
        }
    }

    /// The first refused character of `text`, or nil when it has none.
    public static func finding(in text: String, allowing allowance: Allowance = Allowance()) -> Finding? {
        if isPlain(text) { return nil }
        var first: (scalar: Unicode.Scalar, index: String.Index)?
        var count = 0
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            let scalar = text.unicodeScalars[index]
            if isRefused(scalar, allowance) {
                if first == nil { first = (scalar, index) }
                count += 1
            }
            index = text.unicodeScalars.index(after: index)
        }
        guard let first else { return nil }
        // Whole characters before it, plus one: controls always start a character of their own.
        let position = text[..<first.index].count + 1
        return Finding(scalar: first.scalar, position: position, more: count - 1)
    }

    /// Nearly every string is plain: no byte below 0x20, no DEL, and no lead
    /// byte of U+2028/U+2029 (0xE2) or U+FFFE/U+FFFF (0xEF). A plain loop over
    /// the bytes: this runs for every string of every target.
    static func isPlain(_ text: String) -> Bool {
        // 0xD8 leads U+061C (the Arabic letter mark); 0xE2 the other bidirectional controls.
        func plain(_ byte: UInt8) -> Bool { byte >= 0x20 && byte != 0x7F && byte != 0xE2 && byte != 0xEF && byte != 0xD8 }
        if let result = text.utf8.withContiguousStorageIfAvailable({ bytes -> Bool in
            for byte in bytes where !plain(byte) { return false }
            return true
        }) {
            return result
        }
        return text.utf8.allSatisfy(plain)
    }

    static func isRefused(_ scalar: Unicode.Scalar, _ allowance: Allowance) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: !allowance.lineFeedsAndTabs
        case 0x00...0x1F, 0x7F, 0xFFFE, 0xFFFF: true
        case 0x2028, 0x2029: !allowance.lineSeparators
        default: isBidirectionalControl(scalar)
        }
    }

    /// The invisible characters that reorder how text around them is shown:
    /// embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the
    /// left-to-right, right-to-left and Arabic letter marks (U+200E, U+200F,
    /// U+061C). Written raw into Theme.swift, LiveryTheme.kt or strings.xml they
    /// make the code read differently from what compiles ("Trojan Source"); apps
    /// set a text's direction from its language instead.
    public static func isBidirectionalControl(_ scalar: Unicode.Scalar) -> Bool {
        TextEscaping.isBidirectionalControl(scalar)
    }

    /// The message for a finding in the text at `pointer`: "the display name
    /// contains a control character (U+0000) at position 3; remove it".
    public static func message(_ finding: Finding, pointer: [String], isKey: Bool) -> String {
        let code = "U+" + hex(finding.scalar.value)
        let what: String
        var reason = ""
        switch finding.scalar.value {
        case 0x2028:
            what = "a line separator (\(code))"
            reason = ", which would end its line in ios/Target.xcconfig"
        case 0x2029:
            what = "a paragraph separator (\(code))"
            reason = ", which would end its line in ios/Target.xcconfig"
        case 0xFFFE, 0xFFFF:
            what = "the noncharacter \(code)"
            reason = ", which XML files such as Info.plist and strings.xml cannot hold"
        case _ where isBidirectionalControl(finding.scalar):
            what = "a bidirectional control (\(code))"
            reason =
                ", which reorders how the generated Swift, Kotlin, XML and CSS read around it; apps take a text's direction from its language"
        default:
            let name = [0x09: "a tab", 0x0A: "a line break", 0x0D: "a carriage return"][finding.scalar.value]
            what = "a control character (\(code)\(name.map { ", " + $0 } ?? ""))"
        }
        let more = finding.more > 0 ? " and \(finding.more) more" : ""
        return
            "\(subject(pointer, isKey: isKey)) contains \(what) at position \(finding.position)\(more)\(reason); remove \(finding.more > 0 ? "them" : "it")"
    }

    /// How a person would name the text at `pointer`.
    static func subject(_ pointer: [String], isKey: Bool) -> String {
        let names = pointer.map(visible)
        if isKey {
            let parent = JSONPointer(tokens: Array(pointer.dropLast())).description
            return "the name \"\(names.last ?? "")\" in \(parent.isEmpty ? "the style" : parent)"
        }
        switch names.count {
        case 2 where names[0] == "app" && names[1] == "displayName": return "the display name"
        case 2 where names[0] == "app" && names[1] == "bundleId": return "the bundle id"
        case 2 where names[0] == "app": return "app.\(names[1])"
        case 2 where names[0] == "flags": return "flag '\(names[1])'"
        case 3 where names[0] == "fonts" && names[2] == "family": return "the family of font '\(names[1])'"
        case 3 where names[0] == "fonts" && names[2] == "file": return "the file of font '\(names[1])'"
        case 4 where names[0] == "components": return "component property \(names[1]).\(names[2]).\(names[3])"
        default: return "the text at \(JSONPointer(tokens: pointer).description)"
        }
    }

    /// `text` with the characters this rule refuses written as JSON escapes, so
    /// a message never carries them.
    static func visible(_ text: String) -> String {
        guard finding(in: text, allowing: Allowance(lineFeedsAndTabs: false, lineSeparators: false)) != nil else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if isRefused(scalar, Allowance(lineFeedsAndTabs: false, lineSeparators: false)) {
                out += "\\u" + String(repeating: "0", count: max(0, 4 - hex(scalar.value).count)) + hex(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count >= 4 ? digits : String(repeating: "0", count: 4 - digits.count) + digits
    }
}

extension Resolution {
    /// Checks every string and key of the merged document with ``TextSafety`` and
    /// ``TextLength``, and every number with ``NumberRange``; each finding is an
    /// error where its text was written.
    mutating func checkText() {
        var pointer: [String] = []
        checkText(in: root, pointer: &pointer)
    }

    private mutating func checkText(in object: JSONObject, pointer: inout [String]) {
        for member in object.members {
            pointer.append(member.key)
            if let length = TextLength.excess(member.key, limit: TextLength.maxCharacters) {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: TextLength.rule,
                        TextLength.message(length: length, limit: TextLength.maxCharacters, pointer: pointer, isKey: true),
                        at: member.keyLocation, pointer: JSONPointer(tokens: pointer), target: id))
            }
            if let finding = TextSafety.finding(in: member.key) {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: TextSafety.rule, TextSafety.message(finding, pointer: pointer, isKey: true),
                        at: member.keyLocation, pointer: JSONPointer(tokens: pointer), target: id))
            }
            checkText(in: member.value, pointer: &pointer)
            pointer.removeLast()
        }
    }

    private mutating func checkText(in node: JSONNode, pointer: inout [String]) {
        switch node.value {
        case .string(let text):
            let limit = TextLength.limit(pointer: pointer)
            if let length = TextLength.excess(text, limit: limit) {
                error(TextLength.rule, TextLength.message(length: length, limit: limit, pointer: pointer, isKey: false), node, pointer)
            }
            if let finding = TextSafety.finding(in: text, allowing: TextSafety.Allowance(pointer: pointer)) {
                error(TextSafety.rule, TextSafety.message(finding, pointer: pointer, isKey: false), node, pointer)
            }
        case .number(let number):
            // The one walk over every value checks numbers too.
            checkNumber(number, node, pointer)
        case .object(let object):
            checkText(in: object, pointer: &pointer)
        case .array(let items):
            for (index, item) in items.enumerated() {
                pointer.append(String(index))
                checkText(in: item, pointer: &pointer)
                pointer.removeLast()
            }
        default:
            break
        }
    }
}
