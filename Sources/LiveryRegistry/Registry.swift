import LiveryJSON
import LiveryText

/// Something users choose by name from a list livery knows: a platform, a report
/// format. Each kind is a type with one static list, ``all``; everything users see
/// of the kind — the names `--help` lists, shell completion, the message for an
/// unknown name with its "did you mean", parsing of `--format NAME` — is made from
/// that list, so adding one is one file and one line in it.
///
/// Two values are the same when they have the same name.
public protocol Registered: Sendable, Hashable, CustomStringConvertible {
    /// How users name it: `--platform NAME`, `--format NAME`, livery.json.
    var name: String { get }
    /// One line saying what it is or who reads it, shown after the name in `--help`.
    var summary: String { get }
    /// What one of them is called in messages: `platform`, `format`.
    static var kind: String { get }
    /// Every one livery knows, in the order help lists them. A new one is one line here.
    static var all: [Self] { get }
}

extension Registered {
    public var description: String { name }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// The registry of ``all``.
    public static var registry: Registry<Self> { Registry(all) }

    /// The one of this name in `entries` (the registered ones unless given), or nil.
    public init?(named name: String, in entries: [Self] = Self.all) {
        guard let found = Registry(entries).named(name) else { return nil }
        self = found
    }
}

/// A list of registered things, looked up by name. Usually ``Registered/registry``;
/// a test makes one with an extra entry to see that a new one is picked up.
public struct Registry<Entry: Registered>: Sendable {
    public let entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The names, in order: what shell completion offers.
    public var names: [String] { entries.map(\.name) }

    /// The entry of this name, or nil.
    public func named(_ name: String) -> Entry? {
        entries.first { $0.name == name }
    }

    /// The entry of this name, or the error that says which names there are and
    /// which one was probably meant.
    public func lookup(_ name: String, alsoAccepted: [String] = []) -> Result<Entry, UnknownName> {
        if let found = named(name) { return .success(found) }
        return .failure(unknown(name, alsoAccepted: alsoAccepted))
    }

    /// The error for a name that is not registered; `alsoAccepted` are words taken
    /// besides the names (`all`), listed after them.
    public func unknown(_ name: String, alsoAccepted: [String] = []) -> UnknownName {
        UnknownName(kind: Entry.kind, name: name, known: names, alsoAccepted: alsoAccepted, suggestion: suggestion(for: name))
    }

    /// The registered name a misspelt one most likely meant (`andriod`: `android`).
    public func suggestion(for name: String) -> String? {
        NearestName.closest(to: name, in: names)
    }

    /// The names as a list for messages: `ios, android, web`.
    public var knownNames: String { names.joined(separator: ", ") }

    /// Each entry as `describe` says it, in a sentence: `text, json or matrix`
    /// (`lastSeparator: " or "`), or separated by commas (the default).
    public func phrase(lastSeparator: String = ", ", _ describe: (Entry) -> String = \.name) -> String {
        ListPhrase.join(entries.map(describe), lastSeparator: lastSeparator)
    }

    /// `name (summary)`, what most option helps list.
    public static func nameAndSummary(_ entry: Entry) -> String {
        "\(entry.name) (\(entry.summary))"
    }

    /// A table of names and summaries, one entry a line, the summaries aligned;
    /// `mark` adds a column between them (`*` for a platform built by default).
    public func table(indent: String = "  ", mark: ((Entry) -> String)? = nil) -> String {
        let width = entries.map(\.name.count).max() ?? 0
        return entries.map { entry in
            let name = entry.name + String(repeating: " ", count: width - entry.name.count)
            return indent + name + " " + (mark.map { $0(entry) + " " } ?? "") + entry.summary
        }.joined(separator: "\n")
    }
}

/// A name that no registered entry has. The description is the message users see:
/// `unknown platform 'andriod' (known: ios, android, web, or all). Did you mean 'android'?`
public struct UnknownName: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was looked for: `platform`, `format`.
    public let kind: String
    public let name: String
    /// The registered names.
    public let known: [String]
    /// Words taken besides the names (`all`).
    public let alsoAccepted: [String]
    /// The name probably meant, if one is close.
    public let suggestion: String?

    public init(kind: String, name: String, known: [String], alsoAccepted: [String] = [], suggestion: String?) {
        self.kind = kind
        self.name = name
        self.known = known
        self.alsoAccepted = alsoAccepted
        self.suggestion = suggestion
    }

    /// `ios, android, web, or all`.
    public var knownList: String {
        known.joined(separator: ", ") + alsoAccepted.map { ", or \($0)" }.joined()
    }

    /// ` Did you mean 'android'?`, or nothing.
    public var hint: String { suggestion.map { " Did you mean '\($0)'?" } ?? "" }

    public var description: String {
        "unknown \(kind) '\(name)' (known: \(knownList)).\(hint)"
    }
}
