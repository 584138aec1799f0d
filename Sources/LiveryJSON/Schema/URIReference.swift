/// A URI reference split into its RFC 3986 parts, with reference resolution
/// (§5.2) written out so it behaves the same on every platform.
struct URIReference: Equatable {
    var scheme: String?
    var authority: String?
    var path: String
    var query: String?
    var fragment: String?

    init(scheme: String?, authority: String?, path: String, query: String?, fragment: String?) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits by the generic syntax (RFC 3986 appendix B); never fails.
    init(_ text: String) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if let colon = rest.firstIndex(of: ":"), URIReference.isScheme(rest[..<colon]) {
            scheme = String(rest[..<colon]).lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex(of: "/") ?? rest.endIndex
            authority = String(rest[..<end])
            rest = rest[end...]
        }
        path = String(rest)
    }

    static func isScheme(_ text: Substring) -> Bool {
        guard let first = text.first, first.isASCII, first.isLetter else { return false }
        return text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    var text: String {
        var out = ""
        if let scheme { out += scheme + ":" }
        if let authority { out += "//" + authority }
        out += path
        if let query { out += "?" + query }
        if let fragment { out += "#" + fragment }
        return out
    }

    /// This reference without its fragment.
    var withoutFragment: URIReference {
        var copy = self
        copy.fragment = nil
        return copy
    }

    /// Resolves `reference` against this (absolute) base URI.
    func resolving(_ reference: URIReference) -> URIReference {
        var target = URIReference(scheme: nil, authority: nil, path: "", query: nil, fragment: reference.fragment)
        if let scheme = reference.scheme {
            target.scheme = scheme
            target.authority = reference.authority
            target.path = URIReference.removeDotSegments(reference.path)
            target.query = reference.query
            return target
        }
        target.scheme = scheme
        if reference.authority != nil {
            target.authority = reference.authority
            target.path = URIReference.removeDotSegments(reference.path)
            target.query = reference.query
            return target
        }
        target.authority = authority
        if reference.path.isEmpty {
            target.path = path
            target.query = reference.query ?? query
        } else {
            if reference.path.hasPrefix("/") {
                target.path = URIReference.removeDotSegments(reference.path)
            } else {
                target.path = URIReference.removeDotSegments(merge(reference.path))
            }
            target.query = reference.query
        }
        return target
    }

    private func merge(_ relative: String) -> String {
        if authority != nil && path.isEmpty { return "/" + relative }
        guard let slash = path.lastIndex(of: "/") else { return relative }
        return String(path[...slash]) + relative
    }

    static func removeDotSegments(_ path: String) -> String {
        var input = Substring(path)
        var output: [Substring] = []
        var absolute = false
        if input.hasPrefix("/") {
            absolute = true
        }
        let segments = input.split(separator: "/", omittingEmptySubsequences: false)
        input = ""
        for (index, segment) in segments.enumerated() {
            if index == 0 && absolute { continue }
            let last = index == segments.count - 1
            switch segment {
            case ".":
                if last { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if last { output.append("") }
            default:
                output.append(segment)
            }
        }
        return (absolute ? "/" : "") + output.joined(separator: "/")
    }
}

extension String {
    /// Percent-decodes `%XX` sequences (as UTF-8); leaves malformed ones as they are.
    var percentDecoded: String {
        guard contains("%") else { return self }
        var bytes: [UInt8] = []
        let utf8 = Array(self.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "%"), index + 2 < utf8.count,
                let high = hexDigit(utf8[index + 1]), let low = hexDigit(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

private func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}
