import LiveryJSON

/// One problem livery found, with everything a person or a CI system needs to
/// find it: file, line, column and JSON pointer where they exist.
public struct Diagnostic: Error, Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case error, warning

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    public var severity: Severity
    /// The registered rule broken, whose stable id (`target-id`, `json-syntax`, `schema`) users search for and filter on.
    public var rule: Rule
    public var message: String
    /// The file from the repository root, when the problem is in one.
    public var file: String?
    public var line: Int?
    public var column: Int?
    /// The JSON pointer of the value concerned, when it is in a JSON document.
    public var pointer: JSONPointer?
    /// The target the problem belongs to, when it belongs to one.
    public var target: String?
    /// The client's variant the problem was found in (`targets/<id>/variants/<name>/`),
    /// when it was found in one: the same value in the client alone is fine.
    public var variant: String?
    /// Every target a problem in a shared (inherited) file affects, sorted, when
    /// one report stands for the same problem in many targets. Empty otherwise.
    public var affectedTargets: [String] = []
    /// Other places that explain the problem, such as the component that pairs
    /// two colours whose contrast is too low (SARIF `relatedLocations`).
    public var related: [RelatedLocation] = []
    /// A change that resolves the problem, for a person to accept (JSON `fix`, SARIF `fixes`).
    public var fix: DiagnosticFix?

    public init(
        _ severity: Severity, rule: Rule, _ message: String, file: String? = nil, line: Int? = nil,
        column: Int? = nil, pointer: JSONPointer? = nil, target: String? = nil
    ) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
        self.target = target
    }

    /// A diagnostic placed at a JSON location.
    public init(
        _ severity: Severity, rule: Rule, _ message: String, at location: JSONLocation,
        pointer: JSONPointer? = nil, target: String? = nil
    ) {
        self.init(
            severity, rule: rule, message, file: location.file, line: location.line, column: location.column,
            pointer: pointer, target: target)
    }

    /// `file:line:col` as far as known, or nil.
    public var position: String? {
        guard let file else { return nil }
        var text = file
        if let line {
            text += ":\(line)"
            if let column { text += ":\(column)" }
        }
        return text
    }
}

/// A replacement that resolves a diagnostic: `replacement` written over the value that
/// starts at `line`:`column` of `file` and ends before `endColumn` on the same line.
public struct DiagnosticFix: Sendable, Hashable {
    /// What the change does, in words (`use #0B7FA6 for colors.primary in light`).
    public var description: String
    /// The JSON text to write, quotes included (`"#0B7FA6"`).
    public var replacement: String
    public var file: String
    public var line: Int
    public var column: Int
    public var endColumn: Int
    /// The JSON pointer of the value replaced.
    public var pointer: JSONPointer?

    public init(
        _ description: String, replacement: String, file: String, line: Int, column: Int, endColumn: Int, pointer: JSONPointer? = nil
    ) {
        self.description = description
        self.replacement = replacement
        self.file = file
        self.line = line
        self.column = column
        self.endColumn = endColumn
        self.pointer = pointer
    }
}

/// A place that explains a diagnostic without being where it is.
public struct RelatedLocation: Sendable, Hashable {
    /// What this place is, in a few words ("`button.primary` pairs the colours here").
    public var message: String
    public var file: String?
    public var line: Int?
    public var column: Int?
    public var pointer: JSONPointer?

    public init(_ message: String, file: String? = nil, line: Int? = nil, column: Int? = nil, pointer: JSONPointer? = nil) {
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    public init(_ message: String, at location: JSONLocation, pointer: JSONPointer? = nil) {
        self.init(message, file: location.file, line: location.line, column: location.column, pointer: pointer)
    }
}

extension Diagnostic: Comparable {
    /// Orders by file, then position, then message, so reports read top to bottom
    /// and are the same on every run.
    public static func < (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        let l = (lhs.target ?? "", lhs.file ?? "", lhs.line ?? 0, lhs.column ?? 0)
        let r = (rhs.target ?? "", rhs.file ?? "", rhs.line ?? 0, rhs.column ?? 0)
        if l != r { return l < r }
        if lhs.severity != rhs.severity { return lhs.severity < rhs.severity }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }
    public var errorCount: Int { count { $0.severity == .error } }
    public var warningCount: Int { count { $0.severity == .warning } }
}

/// The JSON form of a diagnostic, shared by every command's JSON output.
public enum DiagnosticJSON {
    /// The diagnostic's members; `fix` only when it has one, so a report without fixes
    /// reads as it always has.
    public static func value(_ diagnostic: Diagnostic) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("severity", .string(diagnostic.severity.rawValue)),
            ("rule", .string(diagnostic.rule.id)),
            ("message", .string(diagnostic.message)),
            ("target", .optionalString(diagnostic.target)),
            ("variant", .optionalString(diagnostic.variant)),
            ("file", .optionalString(diagnostic.file)),
            ("line", diagnostic.line.map { .integer($0) } ?? .null),
            ("column", diagnostic.column.map { .integer($0) } ?? .null),
            ("pointer", .optionalString(diagnostic.pointer?.description)),
            ("affectedTargets", .makeArray(diagnostic.affectedTargets.map { .string($0) })),
            (
                "related",
                .makeArray(
                    diagnostic.related.map { place in
                        .makeObject([
                            ("message", .string(place.message)),
                            ("file", .optionalString(place.file)),
                            ("line", place.line.map { .integer($0) } ?? .null),
                            ("column", place.column.map { .integer($0) } ?? .null),
                            ("pointer", .optionalString(place.pointer?.description)),
                        ])
                    })
            ),
        ]
        if let fix = diagnostic.fix { members.append(("fix", fixValue(fix))) }
        return .makeObject(members)
    }

    static func fixValue(_ fix: DiagnosticFix) -> JSONValue {
        .makeObject([
            ("description", .string(fix.description)),
            ("replacement", .string(fix.replacement)),
            ("file", .string(fix.file)),
            ("line", .integer(fix.line)),
            ("column", .integer(fix.column)),
            ("endColumn", .integer(fix.endColumn)),
            ("pointer", .optionalString(fix.pointer?.description)),
        ])
    }
}
