import LiveryJSON

/// An app version: one to four dot-separated whole numbers (`3.2`, `3.2.0`,
/// `3.2.0.17`); missing parts count as 0, so `3.2` equals `3.2.0`.
public struct AppVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let parts: [Int64]

    /// Nil for anything else: a suffix (`3.2.0-beta`), an empty part, more than
    /// four parts, or a part over nine digits.
    public init?(text: String) {
        let pieces = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(pieces.count) else { return nil }
        var parts: [Int64] = []
        for piece in pieces {
            guard (1...9).contains(piece.utf8.count), piece.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let number = InputInteger(piece)?.value
            else { return nil }
            parts.append(number)
        }
        while parts.count < 4 { parts.append(0) }
        self.parts = parts
    }

    public var description: String { parts.map(String.init).joined(separator: ".") }

    public static func < (lhs: AppVersion, rhs: AppVersion) -> Bool {
        lhs.parts.lexicographicallyPrecedes(rhs.parts)
    }
}

/// A set of app versions: alternatives separated by `||`, each a list of
/// comparisons separated by spaces that all hold (`>=3.2.0 <4.0.0 || >=5`).
/// A comparison is `>=`, `>`, `<=`, `<` or `=` and a version; a bare version means `=`.
public struct VersionRange: Sendable, Hashable, CustomStringConvertible {
    public enum Operator: String, Sendable, Hashable, CaseIterable {
        case atLeast = ">="
        case above = ">"
        case atMost = "<="
        case below = "<"
        case equal = "="
    }

    public struct Comparison: Sendable, Hashable {
        public let op: Operator
        public let version: AppVersion

        func holds(for version: AppVersion) -> Bool {
            switch op {
            case .atLeast: version >= self.version
            case .above: version > self.version
            case .atMost: version <= self.version
            case .below: version < self.version
            case .equal: version == self.version
            }
        }
    }

    public let alternatives: [[Comparison]]
    public let text: String

    /// Nil with the reason when `text` is not a range.
    public static func parse(_ text: String) -> Result<VersionRange, VersionRangeError> {
        var alternatives: [[Comparison]] = []
        for alternative in text.components(separatedBy: "||") {
            var comparisons: [Comparison] = []
            for word in alternative.split(separator: " ") {
                let op = Operator.allCases.first { word.hasPrefix($0.rawValue) } ?? .equal
                let rest = word.hasPrefix(op.rawValue) ? word.dropFirst(op.rawValue.count) : word[...]
                guard let version = AppVersion(text: String(rest)) else { return .failure(VersionRangeError(word: String(word))) }
                comparisons.append(Comparison(op: op, version: version))
            }
            guard !comparisons.isEmpty else { return .failure(VersionRangeError(word: "")) }
            alternatives.append(comparisons)
        }
        return .success(VersionRange(alternatives: alternatives, text: text))
    }

    public func contains(_ version: AppVersion) -> Bool {
        alternatives.contains { $0.allSatisfy { $0.holds(for: version) } }
    }

    /// Whether no version is in the range (every alternative has bounds that
    /// cross, such as `>=4 <3`).
    public var isEmpty: Bool {
        alternatives.allSatisfy(Self.isEmpty)
    }

    /// Whether one alternative's comparisons leave no version: its highest
    /// lower bound is above its lowest upper bound (or equal, one of them strict).
    private static func isEmpty(_ comparisons: [Comparison]) -> Bool {
        typealias Bound = (version: AppVersion, inclusive: Bool)
        var low: Bound?
        var high: Bound?
        func tighterLow(_ bound: Bound) {
            if let current = low, current.version > bound.version || (current.version == bound.version && !current.inclusive) { return }
            low = bound
        }
        func tighterHigh(_ bound: Bound) {
            if let current = high, current.version < bound.version || (current.version == bound.version && !current.inclusive) { return }
            high = bound
        }
        for comparison in comparisons {
            let version = comparison.version
            switch comparison.op {
            case .atLeast: tighterLow((version, true))
            case .above: tighterLow((version, false))
            case .atMost: tighterHigh((version, true))
            case .below: tighterHigh((version, false))
            case .equal:
                tighterLow((version, true))
                tighterHigh((version, true))
            }
        }
        guard let low, let high else { return false }
        return low.version > high.version || (low.version == high.version && !(low.inclusive && high.inclusive))
    }

    public var description: String { text }
}

/// Why a text is not a version range: the word that is not a comparison.
public struct VersionRangeError: Error, Sendable, Hashable, CustomStringConvertible {
    public let word: String

    public var description: String {
        word.isEmpty
            ? "an empty alternative (write comparisons such as \">=3.2.0 <4.0.0\", alternatives separated by \"||\")"
            : "\"\(word)\" is not a comparison such as \">=3.2.0\" (one to four whole numbers separated by dots)"
    }
}
