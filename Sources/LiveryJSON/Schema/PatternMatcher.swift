/// A matcher for the regular expressions schemas actually use — anchors,
/// literals, classes, groups, alternation, greedy quantifiers and lookahead —
/// with ECMA-262 meaning (`\d`, `\w` ASCII-only; `.` stops at line
/// terminators; `$` only at the end). It runs over Unicode scalars without
/// bridging to Foundation, which made every `pattern` check in a build several
/// times slower than the rest of validation.
///
/// `init` returns nil for anything outside that subset (back-references, lazy
/// quantifiers, lookbehind, `\b`, `\p{…}`, …), and `matches` returns nil when a
/// match takes more than `stepLimit` steps; `CompiledPattern` then asks ICU.
///
/// It pays twice: ICU alone costs 16 % on validate and 46 % on schema check
/// (CPU time, 2026-11-25), and neither ICU nor Swift's `Regex` has ECMA-262's
/// meaning of `$`, `.`, `\s` and the ASCII classes.
struct PatternMatcher: Sendable {
    indirect enum Node: Sendable {
        case scalar(UInt32)
        /// Any scalar except the ECMA-262 line terminators.
        case any
        case set(ranges: [ClosedRange<UInt32>], negated: Bool)
        case start
        case end
        case group([[Node]])
        case repeating(Node, min: Int, max: Int?)
        case lookahead([[Node]], negative: Bool)

        /// Nodes that always consume exactly one scalar.
        var matchesOneScalar: Bool {
            switch self {
            case .scalar, .any, .set: true
            default: false
            }
        }
    }

    let alternatives: [[Node]]
    /// True when every alternative starts with `^`: only a match at 0 is possible.
    let anchored: Bool
    /// True when a match may backtrack over the text more than once: an
    /// unanchored pattern (tried at every start) or one with a lookahead.
    let mayRescan: Bool
    /// For an anchored pattern whose every branch starts with a scalar it must match
    /// (`^#…`, `^\{`, `^(color|oklch)\(`): the scalars a match can start with. Most
    /// texts a schema tests against such a pattern (an `if` asking whether a colour
    /// is an alias) fail at their first scalar, answered here without copying the text.
    let firstScalars: [ClosedRange<UInt32>]?
    static let stepLimit = 100_000

    init?(_ pattern: String) {
        var parser = Parser(scalars: Array(pattern.unicodeScalars.map(\.value)))
        guard let parsed = parser.alternatives(), parser.position == parser.scalars.count else { return nil }
        alternatives = parsed
        anchored = parsed.allSatisfy { branch in
            if case .start = branch.first { return true }
            return false
        }
        mayRescan = !anchored || parsed.contains { $0.contains(where: Self.hasLookahead) }
        firstScalars = anchored ? Self.firstScalars(ofBranches: parsed.map { $0.dropFirst() }) : nil
    }

    /// The scalars every match of one of `branches` starts with, or nil when a branch
    /// can start otherwise (empty, optional, a lookahead, any scalar, a negated set).
    static func firstScalars(ofBranches branches: [ArraySlice<Node>]) -> [ClosedRange<UInt32>]? {
        var found: [ClosedRange<UInt32>] = []
        for branch in branches {
            guard let first = branch.first, let scalars = firstScalars(of: first) else { return nil }
            found += scalars
        }
        return found
    }

    static func firstScalars(of node: Node) -> [ClosedRange<UInt32>]? {
        switch node {
        case .scalar(let value): [value...value]
        case .set(let ranges, negated: false): ranges
        case .group(let branches): firstScalars(ofBranches: branches.map { $0[...] })
        case .repeating(let body, let minimum, _) where minimum >= 1: firstScalars(of: body)
        default: nil
        }
    }

    static func hasLookahead(_ node: Node) -> Bool {
        switch node {
        case .lookahead: true
        case .group(let branches): branches.contains { $0.contains(where: hasLookahead) }
        case .repeating(let body, _, _): hasLookahead(body)
        default: false
        }
    }

    /// Whether the pattern matches anywhere in `text`; nil when the step limit was hit.
    func matches(_ text: String) -> Bool? {
        if let firstScalars {
            guard let first = text.unicodeScalars.first?.value, firstScalars.contains(where: { $0.contains(first) }) else { return false }
        }
        var run = Run(text: Self.scalars(of: text))
        for start in 0...(anchored ? 0 : run.text.count) {
            if run.alternatives(alternatives, at: start, then: { _, _ in true }) { return true }
            if run.steps > Self.stepLimit { return nil }
        }
        return run.steps > Self.stepLimit ? nil : false
    }

    /// The text's Unicode scalars; plain ASCII (nearly every value a style
    /// holds) is widened byte by byte instead of decoded.
    static func scalars(of text: String) -> [UInt32] {
        var text = text
        let ascii: [UInt32]? = text.withUTF8 { utf8 in
            utf8.allSatisfy { $0 < 0x80 } ? utf8.map { UInt32($0) } : nil
        }
        return ascii ?? text.unicodeScalars.map(\.value)
    }

    // MARK: Matching

    private struct Run {
        let text: [UInt32]
        var steps = 0

        mutating func alternatives(_ branches: [[Node]], at position: Int, then next: (inout Run, Int) -> Bool) -> Bool {
            for branch in branches where sequence(branch[...], at: position, then: next) { return true }
            return false
        }

        mutating func sequence(_ nodes: ArraySlice<Node>, at position: Int, then next: (inout Run, Int) -> Bool) -> Bool {
            steps += 1
            guard steps <= PatternMatcher.stepLimit else { return false }
            guard let node = nodes.first else { return next(&self, position) }
            let rest = nodes.dropFirst()
            return single(node, at: position) { run, after in run.sequence(rest, at: after, then: next) }
        }

        mutating func single(_ node: Node, at position: Int, then next: (inout Run, Int) -> Bool) -> Bool {
            switch node {
            case .scalar(let value):
                return position < text.count && text[position] == value && next(&self, position + 1)
            case .any:
                return position < text.count && !Self.isLineTerminator(text[position]) && next(&self, position + 1)
            case .set(let ranges, let negated):
                guard position < text.count else { return false }
                let scalar = text[position]
                return ranges.contains { $0.contains(scalar) } != negated && next(&self, position + 1)
            case .start:
                return position == 0 && next(&self, position)
            case .end:
                return position == text.count && next(&self, position)
            case .group(let branches):
                return alternatives(branches, at: position, then: next)
            case .repeating(let body, let minimum, let maximum):
                if body.matchesOneScalar {
                    return repeatingScalar(body, minimum: minimum, maximum: maximum, at: position, then: next)
                }
                return repeating(body, minimum: minimum, maximum: maximum, count: 0, at: position, then: next)
            case .lookahead(let branches, let negative):
                let found = alternatives(branches, at: position) { _, _ in true }
                return found != negative && next(&self, position)
            }
        }

        /// A greedy repeat of one scalar (`[a-z0-9_]*`, `.+`, `x{0,62}`), the
        /// commonest case in schemas: the longest run is found in one loop, then
        /// shortened one scalar at a time while what follows fails. The same
        /// matches as `repeating`, without a closure per iteration.
        mutating func repeatingScalar(_ body: Node, minimum: Int, maximum: Int?, at position: Int, then next: (inout Run, Int) -> Bool)
            -> Bool
        {
            let limit = maximum.map { min(text.count, position + $0) } ?? text.count
            var end = position
            while end < limit && Self.matches(body, text[end]) { end += 1 }
            steps += end - position
            guard steps <= PatternMatcher.stepLimit, end - position >= minimum else { return false }
            while true {
                if next(&self, end) { return true }
                guard end > position + minimum else { return false }
                end -= 1
                steps += 1
                guard steps <= PatternMatcher.stepLimit else { return false }
            }
        }

        /// Whether one scalar matches a node for which `matchesOneScalar` holds.
        static func matches(_ node: Node, _ scalar: UInt32) -> Bool {
            switch node {
            case .scalar(let value): scalar == value
            case .any: !isLineTerminator(scalar)
            case .set(let ranges, let negated): ranges.contains { $0.contains(scalar) } != negated
            default: false
            }
        }

        /// Greedy: as many iterations as match, then back off. An iteration that
        /// consumes nothing once the minimum is met ends the loop (ECMA-262's rule).
        mutating func repeating(
            _ body: Node, minimum: Int, maximum: Int?, count: Int, at position: Int, then next: (inout Run, Int) -> Bool
        ) -> Bool {
            steps += 1
            guard steps <= PatternMatcher.stepLimit else { return false }
            if maximum.map({ count < $0 }) ?? true {
                let more = single(body, at: position) { run, after in
                    if after == position && count >= minimum { return false }
                    return run.repeating(body, minimum: minimum, maximum: maximum, count: count + 1, at: after, then: next)
                }
                if more { return true }
            }
            return count >= minimum && next(&self, position)
        }

        static func isLineTerminator(_ scalar: UInt32) -> Bool {
            scalar == 0x0A || scalar == 0x0D || scalar == 0x2028 || scalar == 0x2029
        }
    }

    // MARK: Parsing

    private struct Parser {
        let scalars: [UInt32]
        var position = 0

        var current: UInt32? { position < scalars.count ? scalars[position] : nil }

        func isAt(_ character: Unicode.Scalar) -> Bool { current == character.value }

        mutating func alternatives() -> [[Node]]? {
            var branches: [[Node]] = []
            while true {
                guard let branch = sequence() else { return nil }
                branches.append(branch)
                guard isAt("|") else { return branches }
                position += 1
            }
        }

        mutating func sequence() -> [Node]? {
            var nodes: [Node] = []
            while let scalar = current, scalar != UInt32(ascii: "|"), scalar != UInt32(ascii: ")") {
                guard var atom = atom() else { return nil }
                if let (minimum, maximum) = quantifier() {
                    switch atom {
                    case .start, .end, .lookahead: return nil
                    default: break
                    }
                    guard !isAt("?") else { return nil }  // lazy quantifiers are left to ICU
                    atom = .repeating(atom, min: minimum, max: maximum)
                }
                nodes.append(atom)
            }
            return nodes
        }

        mutating func atom() -> Node? {
            guard let scalar = current else { return nil }
            position += 1
            switch scalar {
            case UInt32(ascii: "^"): return .start
            case UInt32(ascii: "$"): return .end
            case UInt32(ascii: "."): return .any
            case UInt32(ascii: "["): return characterClass()
            case UInt32(ascii: "("):
                var kind: (lookahead: Bool, negative: Bool)? = nil
                if isAt("?") {
                    guard position + 1 < scalars.count else { return nil }
                    switch scalars[position + 1] {
                    case UInt32(ascii: ":"): kind = nil
                    case UInt32(ascii: "="): kind = (true, false)
                    case UInt32(ascii: "!"): kind = (true, true)
                    default: return nil  // named groups and lookbehind
                    }
                    position += 2
                }
                guard let branches = alternatives(), isAt(")") else { return nil }
                position += 1
                if let kind, kind.lookahead { return .lookahead(branches, negative: kind.negative) }
                return .group(branches)
            case UInt32(ascii: "\\"):
                guard let (ranges, negated) = escape() else { return nil }
                if !negated, ranges.count == 1, ranges[0].lowerBound == ranges[0].upperBound { return .scalar(ranges[0].lowerBound) }
                return .set(ranges: ranges, negated: negated)
            case UInt32(ascii: ")"), UInt32(ascii: "]"), UInt32(ascii: "{"), UInt32(ascii: "}"),
                UInt32(ascii: "*"), UInt32(ascii: "+"), UInt32(ascii: "?"):
                return nil
            default: return .scalar(scalar)
            }
        }

        /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}`, or nil (position unchanged) when none follows.
        mutating func quantifier() -> (Int, Int?)? {
            guard let scalar = current else { return nil }
            switch scalar {
            case UInt32(ascii: "*"):
                position += 1
                return (0, nil)
            case UInt32(ascii: "+"):
                position += 1
                return (1, nil)
            case UInt32(ascii: "?"):
                position += 1
                return (0, 1)
            case UInt32(ascii: "{"):
                let saved = position
                position += 1
                guard let minimum = number() else {
                    position = saved
                    return nil
                }
                var maximum: Int? = minimum
                if isAt(",") {
                    position += 1
                    maximum = isAt("}") ? nil : number()
                    if maximum == nil && !isAt("}") {
                        position = saved
                        return nil
                    }
                }
                guard isAt("}"), maximum.map({ $0 >= minimum }) ?? true else {
                    position = saved
                    return nil
                }
                position += 1
                return (minimum, maximum)
            default: return nil
            }
        }

        mutating func number() -> Int? {
            var value = 0
            var digits = 0
            while let scalar = current, scalar >= 0x30, scalar <= 0x39 {
                value = value * 10 + Int(scalar - 0x30)
                digits += 1
                position += 1
                guard value <= 10_000 else { return nil }
            }
            return digits > 0 ? value : nil
        }

        mutating func characterClass() -> Node? {
            var negated = false
            if isAt("^") {
                negated = true
                position += 1
            }
            var ranges: [ClosedRange<UInt32>] = []
            var first = true
            while let scalar = current {
                if scalar == UInt32(ascii: "]") && !first {
                    position += 1
                    return .set(ranges: ranges, negated: negated)
                }
                first = false
                guard let low = classAtom() else { return nil }
                // `a-z`: a range between two single scalars; `-` first or last is literal.
                if isAt("-"), position + 1 < scalars.count, scalars[position + 1] != UInt32(ascii: "]") {
                    position += 1
                    guard let high = classAtom(), low.ranges.count == 1, high.ranges.count == 1, !low.negated, !high.negated,
                        low.ranges[0].count == 1, high.ranges[0].count == 1, low.ranges[0].lowerBound <= high.ranges[0].lowerBound
                    else { return nil }
                    ranges.append(low.ranges[0].lowerBound...high.ranges[0].lowerBound)
                } else {
                    guard !low.negated else { return nil }  // `[\D]` and the like are left to ICU
                    ranges += low.ranges
                }
            }
            return nil
        }

        mutating func classAtom() -> (ranges: [ClosedRange<UInt32>], negated: Bool)? {
            guard let scalar = current else { return nil }
            position += 1
            if scalar == UInt32(ascii: "\\") { return escape() }
            if scalar == UInt32(ascii: "[") { return nil }
            return ([scalar...scalar], false)
        }

        /// After a backslash: a class escape or an escaped literal, as ranges.
        mutating func escape() -> (ranges: [ClosedRange<UInt32>], negated: Bool)? {
            guard let scalar = current else { return nil }
            position += 1
            let digits: [ClosedRange<UInt32>] = [0x30...0x39]
            let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
            let space: [ClosedRange<UInt32>] = [
                0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
                0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF,
            ]
            switch scalar {
            case UInt32(ascii: "d"): return (digits, false)
            case UInt32(ascii: "D"): return (digits, true)
            case UInt32(ascii: "w"): return (word, false)
            case UInt32(ascii: "W"): return (word, true)
            case UInt32(ascii: "s"): return (space, false)
            case UInt32(ascii: "S"): return (space, true)
            case UInt32(ascii: "n"): return ([0x0A...0x0A], false)
            case UInt32(ascii: "r"): return ([0x0D...0x0D], false)
            case UInt32(ascii: "t"): return ([0x09...0x09], false)
            case UInt32(ascii: "f"): return ([0x0C...0x0C], false)
            case UInt32(ascii: "v"): return ([0x0B...0x0B], false)
            default:
                // Only escaped punctuation is a plain literal; letters and digits
                // (`\b`, `\u`, `\p`, back-references) mean more than that.
                let isPunctuation =
                    (0x21...0x2F).contains(scalar) || (0x3A...0x40).contains(scalar)
                    || (0x5B...0x60).contains(scalar) || (0x7B...0x7E).contains(scalar)
                return isPunctuation ? ([scalar...scalar], false) : nil
            }
        }
    }
}

extension UInt32 {
    /// The code point of an ASCII character, for reading patterns.
    fileprivate init(ascii scalar: Unicode.Scalar) {
        self = scalar.value
    }
}
