import Foundation

/// Checks for the `format` values livery asserts when asked to. Each returns nil
/// for a format it does not know (unknown formats always pass).
enum SchemaFormats {
    static func check(_ format: String, _ text: String) -> Bool? {
        switch format {
        case "regex": return CompiledPattern(text) != nil
        case "date-time": return isDateTime(text)
        case "date": return isDate(text)
        case "time": return isTime(text)
        case "email": return isEmail(text)
        case "hostname": return isHostname(text)
        case "ipv4": return isIPv4(text)
        case "ipv6": return isIPv6(text)
        case "uuid": return isUUID(text)
        case "uri": return isURI(text, requireScheme: true)
        case "uri-reference": return isURI(text, requireScheme: false)
        case "json-pointer": return text.isEmpty || JSONPointer(text) != nil
        default: return nil
        }
    }

    static func digits(_ text: Substring, _ count: Int) -> Int? {
        guard text.count == count, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, let year = digits(parts[0], 4), let month = digits(parts[1], 2), let day = digits(parts[2], 2),
            (1...12).contains(month), day >= 1
        else { return false }
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        return day <= lengths[month - 1]
    }

    static func isTime(_ text: String) -> Bool {
        let upper = text.uppercased()
        var body = Substring(upper)
        var offsetMinutes = 0
        if body.hasSuffix("Z") {
            body = body.dropLast()
        } else if let sign = body.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let offset = body[body.index(after: sign)...].split(separator: ":", omittingEmptySubsequences: false)
            guard offset.count == 2, let h = digits(offset[0], 2), let m = digits(offset[1], 2), h <= 23, m <= 59 else { return false }
            offsetMinutes = (h * 60 + m) * (body[sign] == "+" ? 1 : -1)
            body = body[..<sign]
        } else {
            return false
        }
        if let dot = body.firstIndex(of: ".") {
            let fraction = body[body.index(after: dot)...]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return false }
            body = body[..<dot]
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 3, let h = digits(parts[0], 2), let m = digits(parts[1], 2), let s = digits(parts[2], 2),
            h <= 23, m <= 59, s <= 60
        else { return false }
        if s == 60 {
            // A leap second is only valid at 23:59:60 UTC.
            let utc = ((h * 60 + m - offsetMinutes) % 1440 + 1440) % 1440
            return utc == 23 * 60 + 59
        }
        return true
    }

    static func isDateTime(_ text: String) -> Bool {
        guard let t = text.firstIndex(where: { $0 == "T" || $0 == "t" }) else { return false }
        return isDate(String(text[..<t])) && isTime(String(text[text.index(after: t)...]))
    }

    static func isEmail(_ text: String) -> Bool {
        guard let at = text.lastIndex(of: "@") else { return false }
        let local = text[..<at]
        let domain = text[text.index(after: at)...]
        guard !local.isEmpty, !domain.isEmpty, !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..") else { return false }
        if domain.hasPrefix("[") && domain.hasSuffix("]") {
            let inner = domain.dropFirst().dropLast()
            return inner.hasPrefix("IPv6:") ? isIPv6(String(inner.dropFirst(5))) : isIPv4(String(inner))
        }
        return isHostname(String(domain))
    }

    static func isHostname(_ text: String) -> Bool {
        let name = text.hasSuffix(".") ? String(text.dropLast()) : text
        guard !name.isEmpty, name.utf8.count <= 253 else { return false }
        return name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { label in
            !label.isEmpty && label.utf8.count <= 63 && !label.hasPrefix("-") && !label.hasSuffix("-")
                && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
        }
    }

    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                guard !part.isEmpty, part.count <= 3, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part) else {
                    return false
                }
                return value <= 255 && (part.count == 1 || !part.hasPrefix("0"))
            }
    }

    static func isIPv6(_ text: String) -> Bool {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && ($0.isHexDigit || $0 == ":" || $0 == ".") }) else { return false }
        var body = text
        var groupsNeeded = 8
        if let lastColon = body.lastIndex(of: ":"), body[body.index(after: lastColon)...].contains(".") {
            guard isIPv4(String(body[body.index(after: lastColon)...])) else { return false }
            body = String(body[...lastColon]) + "0:0"
            groupsNeeded = 8
        }
        let halves = body.components(separatedBy: "::")
        guard halves.count <= 2 else { return false }
        func groups(_ part: String) -> [Substring]? {
            if part.isEmpty { return [] }
            let list = part.split(separator: ":", omittingEmptySubsequences: false)
            return list.allSatisfy { !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isHexDigit) } ? list : nil
        }
        if halves.count == 2 {
            guard let left = groups(halves[0]), let right = groups(halves[1]) else { return false }
            return left.count + right.count < groupsNeeded
        }
        guard let all = groups(body) else { return false }
        return all.count == groupsNeeded
    }

    static func isUUID(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return parts.map(\.count) == [8, 4, 4, 4, 12] && parts.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    static func isURI(_ text: String, requireScheme: Bool) -> Bool {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%")
        guard text.unicodeScalars.allSatisfy({ allowed.contains($0) }) else { return false }
        let reference = URIReference(text)
        if requireScheme && reference.scheme == nil { return false }
        if let authority = reference.authority, authority.contains("[") != authority.contains("]") { return false }
        // Every % must start a valid escape.
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "%") {
            guard index + 2 < bytes.count, Character(Unicode.Scalar(bytes[index + 1])).isHexDigit,
                Character(Unicode.Scalar(bytes[index + 2])).isHexDigit
            else { return false }
        }
        return true
    }
}
