import LiveryJSON

/// A contract token the app is moving away from (docs/contract.md, "Deprecation"): why,
/// and the token of the same section that takes its place. While both are in the
/// contract, a client that writes either gets both (`ContractRenames`), the typed theme
/// marks the old accessor deprecated for the app's compiler, and `validate` warns a
/// client that writes only the old one.
package struct ContractDeprecation: Sendable, Hashable {
    /// Why the token is deprecated, in the contract's words.
    package var reason: String
    /// The token's name in the same section that replaces it; nil for a token retired without one.
    package var replacement: String?
    /// Where the contract names the replacement, to place a problem with it.
    package var replacementLocation: JSONLocation?

    package init(reason: String, replacement: String? = nil, replacementLocation: JSONLocation? = nil) {
        self.reason = reason
        self.replacement = replacement
        self.replacementLocation = replacementLocation
    }

    /// Two deprecations are the same whatever line wrote them.
    package static func == (lhs: ContractDeprecation, rhs: ContractDeprecation) -> Bool {
        lhs.reason == rhs.reason && lhs.replacement == rhs.replacement
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(reason)
        hasher.combine(replacement)
    }
}

/// A deprecated token and the token that replaces it, both declared in the contract.
package struct ContractRename: Sendable, Hashable {
    package var deprecated: ContractToken
    package var replacement: ContractToken
    package var reason: String
}

extension AppContract {
    /// Every deprecated token that names a replacement, with it, in token order. The
    /// parser has checked that each replacement exists, is of the same kind and is not
    /// itself deprecated or the replacement of another token.
    package var renames: [ContractRename] {
        tokens.compactMap { token in
            guard let deprecation = token.deprecation, let name = deprecation.replacement,
                let replacement = self.token(token.section, name)
            else { return nil }
            return ContractRename(deprecated: token, replacement: replacement, reason: deprecation.reason)
        }
    }

    /// The rename that replaces `token`, or in which `token` is the replacement.
    package func rename(involving token: ContractToken) -> ContractRename? {
        renames.first { $0.deprecated.path == token.path || $0.replacement.path == token.path }
    }
}

/// Reads a token's `deprecated` (`{"reason": "…", "replacement": "name"}`) and checks
/// the replacements once every token is read; problems are `contract-file` errors.
enum ContractDeprecationReader {
    static func read(_ node: JSONNode, _ pointer: JSONPointer, problems: inout [Diagnostic]) -> ContractDeprecation? {
        func problem(_ message: String, _ location: JSONLocation, _ at: JSONPointer) {
            problems.append(Diagnostic(.error, rule: .contractFile, message, at: location, pointer: at))
        }
        guard let members = node.value.objectValue?.members else {
            problem(
                "'deprecated' must be an object with a \"reason\" and, where a token takes its place, a \"replacement\", found \(node.value.typeName)",
                node.location, pointer)
            return nil
        }
        var reason: String?
        var replacement: String?
        var replacementLocation: JSONLocation?
        var failed = false
        for member in members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "reason":
                guard let text = member.value.value.stringValue, !text.allSatisfy(\.isWhitespace) else {
                    problem("'reason' must be a sentence saying why the token is deprecated", member.value.location, at)
                    failed = true
                    continue
                }
                reason = text
            case "replacement":
                guard let text = member.value.value.stringValue, ContractParser.isName(text) else {
                    problem(
                        "'replacement' names the token of the same section that takes this one's place, found \(member.value.value.stringValue.map { "'\($0)'" } ?? member.value.value.typeName)",
                        member.value.location, at)
                    failed = true
                    continue
                }
                replacement = text
                replacementLocation = member.value.location
            default:
                problem(
                    "unknown key '\(member.key)' in 'deprecated'\(NameSuggestion.hint(for: member.key, in: ["reason", "replacement"])): it may hold reason, replacement",
                    member.keyLocation, at)
                failed = true
            }
        }
        guard let reason else {
            if !failed { problem("'deprecated' needs a \"reason\": say why the token is deprecated", node.location, pointer) }
            return nil
        }
        return failed ? nil : ContractDeprecation(reason: reason, replacement: replacement, replacementLocation: replacementLocation)
    }

    /// Each replacement is another token of the same section and kind, not deprecated itself
    /// (a chain would leave a client's value two names away), and replaces one token only
    /// (two old names could give it two values).
    static func checkReplacements(_ tokens: [ContractToken], problems: inout [Diagnostic]) {
        var byPath: [String: ContractToken] = [:]
        for token in tokens { byPath[token.path] = token }
        var claimed: [String: String] = [:]
        for token in tokens {
            guard let name = token.deprecation?.replacement else { continue }
            let at = token.deprecation?.replacementLocation ?? token.location ?? .synthesized
            let pointer = JSONPointer(tokens: [token.section.rawValue, token.name, "deprecated", "replacement"])
            func problem(_ message: String) {
                problems.append(Diagnostic(.error, rule: .contractFile, message, at: at, pointer: pointer))
            }
            guard name != token.name else {
                problem("the \(token.section.kindName) '\(token.name)' cannot replace itself")
                continue
            }
            guard let replacement = byPath["\(token.section.rawValue).\(name)"] else {
                let names = tokens.filter { $0.section == token.section }.map(\.name)
                problem(
                    "the replacement '\(name)' of the \(token.section.kindName) '\(token.name)' is not a \(token.section.kindName) of the contract\(NameSuggestion.hint(for: name, in: names))"
                )
                continue
            }
            if replacement.kind != token.kind {
                problem(
                    "the replacement '\(name)' of the flag '\(token.name)' has another type: the app would read a value of another type")
            } else if replacement.deprecation != nil {
                problem(
                    "the replacement '\(name)' of the \(token.section.kindName) '\(token.name)' is deprecated too: name the token that replaces both"
                )
            } else if let earlier = claimed[replacement.path] {
                problem(
                    "'\(name)' already replaces the \(token.section.kindName) '\(earlier)': a token replaces one deprecated token, so a client's value has one source"
                )
            } else {
                claimed[replacement.path] = token.name
            }
        }
    }
}

/// A deprecation's reason as one sentence of generated text: on one line, ending in a full
/// stop (or the reason's own `!` or `?`), so the replacement can follow it.
package enum ContractDeprecationText {
    package static func sentence(_ reason: String) -> String {
        let line = reason.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingSpaces
        guard let last = line.last else { return line }
        return ".!?".contains(last) ? line : line + "."
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
