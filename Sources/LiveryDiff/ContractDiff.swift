import LiveryTargets

/// How the app's contract (`targets/contract.json`, docs/contract.md) differs between the
/// two revisions. The contract is what the one app's shared code and its typed theme are
/// written against, so every change of it is breaking for the app: its typed theme
/// (`livery contract generate`) changes, and clients are held to something new.
public struct ContractDiff: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable {
        /// No contract in BASE: every client is now held to one.
        case added
        /// No contract in HEAD: nothing checks the clients for the app any more.
        case removed
        case changed
    }

    /// The contract's file, from the repository root (HEAD's, else BASE's).
    public var file: String
    public var status: Status
    /// Token by token, in the contract's order (section, then name).
    public var changes: [ContractChange]
    /// HEAD's contract cannot be read (`contract-file`): it checks nothing until fixed.
    public var headErrors: [Diagnostic]
    /// Whether `diff --app-sources DIR` searched the app's code for the removed tokens.
    public var appSourcesSearched = false

    public init(file: String, status: Status, changes: [ContractChange], headErrors: [Diagnostic] = []) {
        self.file = file
        self.status = status
        self.changes = changes
        self.headErrors = headErrors
    }

    /// Why the whole change breaks the app, in one line.
    public var breakingReason: String {
        switch status {
        case .added: "the app's contract was added: every client is held to it, and the app's typed theme is written from it"
        case .removed: "the app's contract was removed: no client is held to what the app reads any more"
        case .changed where !headErrors.isEmpty: "the app's contract has errors: it checks no client until they are fixed"
        case .changed where !breaks:
            "the app's contract deprecates tokens: shared code still compiles, with warnings; regenerate the typed theme (livery contract generate)"
        case .changed: "the app's contract changed: regenerate the typed theme (livery contract generate) and release the app"
        }
    }

    /// Whether the change breaks the app: a contract added, removed or unreadable, or a change
    /// that breaks. Deprecating a token (and adding its replacement) is a minor release.
    package var breaks: Bool { status != .changed || !headErrors.isEmpty || changes.contains(where: \.breaks) }

    /// Compares two contracts; nil when they declare the same tokens (a reformatted file).
    /// `base` and `head` are nil where the revision has no contract (`…Exists` false) or
    /// one that cannot be read; `headErrors` are the problems of such a HEAD contract.
    public static func compare(
        base: AppContract?, head: AppContract?, baseExists: Bool, headExists: Bool, headErrors: [Diagnostic], file: String
    ) -> ContractDiff? {
        guard baseExists || headExists else { return nil }
        let old = Dictionary((base?.tokens ?? []).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let new = Dictionary((head?.tokens ?? []).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [ContractChange] = []
        for token in ((base?.tokens ?? []) + (head?.tokens ?? [])).sorted() where !changes.contains(where: { $0.path == token.path }) {
            if var change = ContractChange(old: old[token.path], new: new[token.path]) {
                if change.kind == .added, let rename = head?.renames.first(where: { $0.replacement.path == token.path }),
                    old[rename.deprecated.path] != nil
                {
                    change.replaces(rename.deprecated.path)
                }
                changes.append(change)
            }
        }
        let status: Status = !baseExists ? .added : (!headExists ? .removed : .changed)
        guard !changes.isEmpty || !headErrors.isEmpty || status != .changed else { return nil }
        return ContractDiff(file: file, status: status, changes: changes, headErrors: headErrors)
    }
}

/// One token of the contract that differs, with why it breaks the app.
public struct ContractChange: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case added, removed, changed
    }

    /// `colors.primary`, `components.button.primary`.
    public var path: String
    public var kind: Kind
    /// The declaration in BASE and in HEAD, as `ContractChange.declaration` words it.
    public var old: String?
    public var new: String?
    public var breakingReason: String
    /// Whether the change breaks the app's code or its clients; a deprecation, and the
    /// replacement it names, do not (docs/contract.md, "Deprecation"): they are a minor release.
    package var breaks = true
    /// A removed token's uses in the app's code, when `diff --app-sources DIR` searched it.
    public var appUses: [AppCodeUse] = []

    init?(old: ContractToken?, new: ContractToken?) {
        guard let token = new ?? old, old != new else { return nil }
        path = token.path
        self.old = old.map(Self.declaration)
        self.new = new.map(Self.declaration)
        let accessor = "theme.\(token.path)"
        switch (old, new) {
        case (nil, let added?):
            kind = .added
            breakingReason =
                added.isOptional
                ? "the typed theme gains the optional \(accessor)"
                : "every client must now define it, and the typed theme gains \(accessor)"
        case (let removed?, nil):
            kind = .removed
            breakingReason = "the typed theme loses \(accessor): shared code that reads it no longer compiles"
            if let deprecation = removed.deprecation {
                let rename = deprecation.replacement.map { " of its rename to \($0)" } ?? ""
                breakingReason =
                    "the deprecated \(accessor) is removed, the breaking step\(rename): shared code that still reads it no longer compiles"
            }
        case (let before?, let after?):
            kind = .changed
            breakingReason = Self.reason(before, after, accessor: accessor)
            if let deprecation = after.deprecation, before.deprecation == nil, Self.sameButDeprecation(before, after) {
                let move =
                    deprecation.replacement.map { "; move it to theme.\(after.section.rawValue).\($0) before the contract removes it" }
                    ?? ""
                breakingReason =
                    "\(accessor) is deprecated (\(deprecation.reason)): shared code that reads it compiles with a warning\(move)"
                breaks = false
            }
        case (nil, nil):
            return nil
        }
    }

    static func reason(_ before: ContractToken, _ after: ContractToken, accessor: String) -> String {
        if before.kind != after.kind { return "\(accessor) changes type in the typed theme: shared code that reads it no longer compiles" }
        if before.isOptional != after.isOptional {
            return after.isOptional
                ? "\(accessor) becomes optional: shared code must handle a client without it"
                : "\(accessor) is no longer optional: every client must now define it, and its accessor's type changes"
        }
        if !after.requirements.isSubset(of: before.requirements) {
            return
                "every client's \(before.section.kindName) must now carry more (\(after.sortedRequirements.map(\.rawValue).joined(separator: ", ")))"
        }
        if before.requirements != after.requirements {
            return "clients are asked less of it: the app can no longer count on what was dropped"
        }
        if before.drawnOn.map(\.name) != after.drawnOn.map(\.name) || before.use != after.use {
            return "the colours it is drawn on change: every client's contrast is checked, and its high contrast derived, for the new pairs"
        }
        return "the typed theme's documentation of \(accessor) changes: regenerate it"
    }

    /// Whether two declarations differ in their deprecation alone.
    static func sameButDeprecation(_ before: ContractToken, _ after: ContractToken) -> Bool {
        var undeprecated = after
        undeprecated.deprecation = before.deprecation
        return undeprecated == before
    }

    /// An added token that replaces a deprecated one BASE already had: clients that write the
    /// old name have it through the rename, so nothing breaks.
    mutating func replaces(_ deprecated: String) {
        breakingReason =
            "the typed theme gains theme.\(path), which replaces the deprecated \(deprecated): every client that writes either has both"
        breaks = false
    }

    /// One line for a declaration: `colour, requires dark, highContrast`, `flag (boolean), optional`.
    public static func declaration(_ token: ContractToken) -> String {
        var text: String
        switch token.kind {
        case .flag(let type): text = "flag (\(type.rawValue))"
        case .component(let properties):
            let listed = properties.keys.sorted().map { "\($0): \(properties[$0]?.rawValue ?? "")" }.joined(separator: ", ")
            text = "component {\(listed)}"
        default: text = token.section.kindName
        }
        if !token.requirements.isEmpty { text += ", requires " + token.sortedRequirements.map(\.rawValue).joined(separator: ", ") }
        if token.isOptional { text += ", optional" }
        if !token.drawnOn.isEmpty { text += ", on " + token.drawnOn.map(\.name).joined(separator: ", ") }
        if token.use != .text { text += ", \(token.use.rawValue)" }
        if let description = token.description { text += ": \"\(description)\"" }
        if let deprecation = token.deprecation {
            text += ", deprecated" + (deprecation.replacement.map { " for \($0)" } ?? "")
        }
        return text
    }
}
