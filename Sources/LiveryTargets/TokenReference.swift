import LiveryJSON

/// `{group.name}` references between tokens, and the groups tokens live in.
public enum TokenGroup: String, Sendable, Hashable, CaseIterable {
    case colors, palettes, dimensions, fonts, animations

    /// How messages name a token of this group.
    public var kindName: String {
        switch self {
        case .colors, .palettes: "colour"
        case .dimensions: "dimension"
        case .fonts: "font"
        case .animations: "animation timing"
        }
    }
}

/// A parsed alias: the text `{colors.primary}` is group `colors`, path `["primary"]`.
public struct TokenReference: Sendable, Hashable, CustomStringConvertible {
    public var group: TokenGroup
    public var path: [String]

    public init(group: TokenGroup, path: [String]) {
        self.group = group
        self.path = path
    }

    /// Parses `{group.name(.sub)*}`; nil when the text is not written as an alias.
    /// An alias-shaped text with an unknown group gives `.failure` with the group.
    public static func parse(_ text: String) -> Result<TokenReference, AliasSyntaxError>? {
        guard text.hasPrefix("{"), text.hasSuffix("}"), text.count >= 2 else { return nil }
        let inner = text.dropFirst().dropLast()
        let parts = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(AliasSyntaxError(text: text, reason: "write it as {group.name}, e.g. {colors.primary}"))
        }
        guard let group = TokenGroup(rawValue: parts[0]) else {
            let known = TokenGroup.allCases.map(\.rawValue).joined(separator: ", ")
            return .failure(AliasSyntaxError(text: text, reason: "'\(parts[0])' is not a token group (known: \(known))"))
        }
        return .success(TokenReference(group: group, path: Array(parts.dropFirst())))
    }

    public var description: String { "{\(([group.rawValue] + path).joined(separator: "."))}" }

    /// The dotted name used in messages, e.g. `colors.primary`.
    public var dotted: String { ([group.rawValue] + path).joined(separator: ".") }
}

public struct AliasSyntaxError: Error, Sendable, Hashable {
    public var text: String
    public var reason: String
}

/// Suggestions for misspelt names.
public enum NameSuggestion {
    /// The closest of `candidates` to `name` within an edit distance of 2, if any.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        NearestName.closest(to: name, in: candidates)
    }

    /// ` (did you mean 'x'?)`, or an empty string when nothing is close.
    public static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    public static func editDistance(_ a: String, _ b: String) -> Int {
        NearestName.editDistance(a, b)
    }
}
