import LiveryJSON
import LiveryTargets

// The types every stage of `livery import dtcg` shares: what the reader gives the
// mapper, and how a failure is reported. Reading, value conversion, mapping and
// writing each live in their own files; this one only names what passes between them.

/// A design token after the resolver's sets and modifiers are merged, `$type` is
/// inherited, `$extends` is applied and every reference is followed.
public struct DTCGToken: Sendable {
    /// The token's path in the merged tree, e.g. `["color", "text-hdr"]`.
    public var path: [String]
    /// The token's type (`color`, `dimension`, `duration`, `typography`, …): its own
    /// `$type`, its groups', or the type of the token its value refers to.
    public var type: String
    /// `$value` with every reference in it replaced by the value it names, also
    /// inside composite values (a typography token's `fontFamily: "{font.sans}"`).
    public var value: JSONNode
    /// When the whole `$value` is a reference (`"{a.b}"` or `{"$ref": "#/a/b/$value"}`),
    /// the path of the token it names directly (the first hop, not the end of the chain).
    public var reference: [String]?
    /// Where the token's `$value` was written (after merging: the last writer wins).
    public var location: JSONLocation
    public var description: String?

    public init(
        path: [String], type: String, value: JSONNode, reference: [String]? = nil, location: JSONLocation, description: String? = nil
    ) {
        self.path = path
        self.type = type
        self.value = value
        self.reference = reference
        self.location = location
        self.description = description
    }

    /// `color.text-hdr`, as DTCG writes a path in a reference.
    public var dotted: String { path.joined(separator: ".") }
}

/// The tokens of one resolution (one choice of context per modifier), in a fixed order.
public struct DTCGTokenSet: Sendable {
    /// Every token, in the order of the merged tree (document order; later sources
    /// only move a token when they add it).
    public var tokens: [DTCGToken]
    /// `$extensions` at the root of the merged documents (later wins key by key):
    /// where `dev.livery` keeps what DTCG has no place for, such as the app identity.
    public var rootExtensions: JSONObject?

    public init(tokens: [DTCGToken], rootExtensions: JSONObject? = nil) {
        self.tokens = tokens
        self.rootExtensions = rootExtensions
    }

    /// The token at a path, if there is one.
    public func token(at path: [String]) -> DTCGToken? {
        tokens.first { $0.path == path }
    }
}

/// A modifier of a resolver document: a choice between named contexts.
public struct DTCGModifier: Sendable, Equatable {
    public var name: String
    /// The context names, in the order the resolver writes them.
    public var contexts: [String]
    /// The resolver's `default`, if it has one.
    public var defaultContext: String?
    public var location: JSONLocation

    public init(name: String, contexts: [String], defaultContext: String?, location: JSONLocation) {
        self.name = name
        self.contexts = contexts
        self.defaultContext = defaultContext
        self.location = location
    }
}

/// One of the four colour appearances a livery colour token can have.
public enum Appearance: String, Sendable, CaseIterable, Comparable {
    case light, dark, highContrastLight, highContrastDark

    public static func < (lhs: Appearance, rhs: Appearance) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// Why an import cannot go on: every error found, each with its place where there is one.
/// Warnings found on the way travel with the results instead.
public struct DTCGImportFailure: Error, Sendable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public init(_ diagnostic: Diagnostic) {
        self.diagnostics = [diagnostic]
    }
}

/// A value read from a token, and what was assumed to read it (warnings naming the token).
public struct DTCGRead<Value: Sendable>: Sendable {
    public var value: Value
    public var warnings: [Diagnostic]

    public init(_ value: Value, warnings: [Diagnostic] = []) {
        self.value = value
        self.warnings = warnings
    }
}

/// How the reader opens the files a resolver names. Paths are relative to the
/// import's root directory (the resolver's own), with `/` separators, already
/// normalised by the reader and checked not to leave that directory; the file
/// system side also refuses a link that leads out of it.
public protocol DTCGFileProvider: Sendable {
    func read(_ relativePath: String) -> DTCGFileRead
}

public enum DTCGFileRead: Sendable {
    case bytes([UInt8])
    case missing
    /// The file exists but may not be read (a link out of the directory, not a regular file, unreadable).
    case refused(reason: String)
}
