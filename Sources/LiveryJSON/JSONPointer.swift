/// An RFC 6901 JSON pointer: a path of reference tokens from a document's root.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// The unescaped reference tokens, root first.
    public var tokens: [String]

    public static let root = JSONPointer(tokens: [])

    public init(tokens: [String] = []) {
        self.tokens = tokens
    }

    /// Parses `""`, `"/a/b~1c"`; nil when the text does not start with `/` and is not empty,
    /// or holds a `~` not followed by `0` or `1`.
    public init?(_ text: Substring) {
        if text.isEmpty {
            tokens = []
            return
        }
        guard text.first == "/" else { return nil }
        var parsed: [String] = []
        for raw in text.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            guard let token = JSONPointer.unescape(raw) else { return nil }
            parsed.append(token)
        }
        tokens = parsed
    }

    public init?(_ text: String) {
        self.init(text[...])
    }

    /// This pointer with one more token.
    public func appending(_ token: String) -> JSONPointer {
        JSONPointer(tokens: tokens + [token])
    }

    /// This pointer with one more array index.
    public func appending(_ index: Int) -> JSONPointer {
        appending(String(index))
    }

    public var parent: JSONPointer? {
        tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// The RFC 6901 text, `~` escaped as `~0` and `/` as `~1`.
    public var description: String {
        var out = ""
        for token in tokens {
            out += "/"
            out += JSONPointer.escape(token)
        }
        return out
    }

    /// The pointer as dotted names for messages (`colors.primary.light`), or `(root)`.
    public var dotted: String {
        tokens.isEmpty ? "(root)" : tokens.joined(separator: ".")
    }

    public static func < (lhs: JSONPointer, rhs: JSONPointer) -> Bool {
        lhs.tokens.lexicographicallyPrecedes(rhs.tokens)
    }

    public static func escape(_ token: String) -> String {
        guard token.contains(where: { $0 == "~" || $0 == "/" }) else { return token }
        return token.replacingAll("~", with: "~0").replacingAll("/", with: "~1")
    }

    static func unescape(_ raw: Substring) -> String? {
        guard raw.contains("~") else { return String(raw) }
        var out = ""
        var iterator = raw.makeIterator()
        while let c = iterator.next() {
            if c == "~" {
                switch iterator.next() {
                case "0": out.append("~")
                case "1": out.append("/")
                default: return nil
                }
            } else {
                out.append(c)
            }
        }
        return out
    }
}

extension JSONNode {
    /// The value at `pointer` below this node, or nil when the path does not exist.
    public func value(at pointer: JSONPointer) -> JSONNode? {
        var node = self
        for token in pointer.tokens {
            switch node.value {
            case .object(let object):
                guard let next = object[token] else { return nil }
                node = next
            case .array(let items):
                // RFC 6901: decimal digits with no leading zero.
                guard let index = Int(token), String(index) == token, index >= 0, index < items.count else { return nil }
                node = items[index]
            default:
                return nil
            }
        }
        return node
    }
}

extension String {
    /// Foundation-free replacement of every occurrence of one character.
    func replacingAll(_ target: Character, with replacement: String) -> String {
        var out = ""
        out.reserveCapacity(count)
        for c in self {
            if c == target { out += replacement } else { out.append(c) }
        }
        return out
    }
}
