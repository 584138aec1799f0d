import LiveryJSON
import LiveryTargets

/// Where in a token a value is being read — the token, and the keys below `$value`
/// (`fontSize`, `components/1`) — so that every message names the token and points
/// at the part it is about. Warnings collect here as the reading goes.
struct DTCGValueSite {
    let token: DTCGToken
    let below: [String]
    var warnings: [Diagnostic] = []

    init(_ token: DTCGToken, below: [String] = []) {
        self.token = token
        self.below = below
    }

    /// The same token, one key further down (warnings are not carried; merge them back with `absorb`).
    func child(_ key: String) -> DTCGValueSite {
        DTCGValueSite(token, below: below + [key])
    }

    mutating func absorb(_ other: DTCGValueSite) {
        warnings += other.warnings
    }

    /// `/color/brand/$value/components/1`.
    var pointer: JSONPointer {
        JSONPointer(tokens: token.path + ["$value"] + below)
    }

    /// "`color.brand`", or "`type.body` fontSize" below the value.
    var name: String {
        below.isEmpty ? "`\(token.dotted)`" : "`\(token.dotted)` \(below.joined(separator: "/"))"
    }

    /// An unreadable value: the token's place, what was expected and what was found.
    func error(_ message: String) -> Diagnostic {
        Diagnostic(.error, rule: .dtcgValue, "\(name): \(message)", at: token.location, pointer: pointer)
    }

    /// Something assumed (rule `dtcg-assumed`) or changed (`dtcg-clipped`) to read the value.
    mutating func warn(_ rule: Rule, _ message: String) {
        warnings.append(Diagnostic(.warning, rule: rule, "\(name): \(message)", at: token.location, pointer: pointer))
    }

    /// "a string (\"16px\")", "an object", for "found …" in messages.
    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): "the boolean \(b)"
        case .number(let n): "the number \(n.literal)"
        case .string(let s): "the string \"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array(let a): "an array of \(a.count)"
        case .object(let o): o.isEmpty ? "an empty object" : "an object with \(o.keys.map { "`\($0)`" }.joined(separator: ", "))"
        }
    }
}
