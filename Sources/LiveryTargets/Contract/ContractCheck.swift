import LiveryJSON

/// Checks one concrete target against the app's contract: every token the contract
/// declares is there (`contract-missing`), of its kind (`contract-kind`) and carries
/// what it must (`contract-requirement`); a token the contract does not declare is a
/// warning (`contract-extra`). Pure: the merged document says what the target defines
/// and which file wrote it, the resolved style what each value resolved to.
public struct ContractCheck: Sendable {
    public let contract: AppContract
    /// Declared token paths (`colors.primary`), for the extras.
    private let declared: Set<String>

    public init(_ contract: AppContract) {
        self.contract = contract
        declared = Set(contract.tokens.map(\.path))
    }

    /// The target being checked: its id, the style files of its `extends` chain
    /// (its own first), its merged document and what it resolved to.
    public struct Subject {
        public var id: String
        public var styleFiles: [String]
        public var document: JSONNode
        public var style: ResolvedStyle

        public init(id: String, styleFiles: [String], document: JSONNode, style: ResolvedStyle) {
            self.id = id
            self.styleFiles = styleFiles
            self.document = document
            self.style = style
        }
    }

    public func diagnostics(for subject: Subject) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for token in contract.tokens {
            guard let member = StyleTokens.member(token.section, token.name, in: subject.document) else {
                if !token.isOptional, !standsIn(for: token, subject) { found.append(missing(token, in: subject)) }
                continue
            }
            found += kindAndRequirements(token, member, in: subject)
            if let warning = onlyDeprecated(token, member, in: subject) { found.append(warning) }
        }
        for token in StyleTokens.defined(in: subject.document) where !declared.contains(token.path) {
            found.append(
                Diagnostic(
                    .warning, rule: .contractExtra,
                    "\(token.section.kindName) '\(token.name)' is not in the app's contract \(contract.file): declare it there (with \"optional\": true if only some clients have it) or remove it",
                    at: token.member.keyLocation, pointer: token.pointer, target: subject.id
                ))
        }
        return found
    }

    /// Where a missing token would go: the client's own file, or a parent's for every client extending it.
    private func whereItGoes(_ subject: Subject) -> String {
        let own = subject.styleFiles.first ?? subject.id
        guard subject.styleFiles.count > 1 else { return "add it to \(own)" }
        return "add it to \(own), or to its parent's \(subject.styleFiles[1]) to give it to every client that extends the parent"
    }

    private func missing(_ token: ContractToken, in subject: Subject) -> Diagnostic {
        // The name in another section is the likeliest cause: say so, as a wrong kind.
        let elsewhere = ContractSection.allCases.first {
            $0 != token.section && StyleTokens.member($0, token.name, in: subject.document) != nil
        }
        var diagnostic = Diagnostic(
            .error, rule: elsewhere == nil ? .contractMissing : .contractKind,
            "'\(subject.id)' has no \(token.section.kindName) '\(token.name)', which the app's contract declares"
                + (elsewhere.map { " ('\(token.name)' is a \($0.kindName) here)" } ?? "") + ": \(whereItGoes(subject))",
            file: subject.styleFiles.first, pointer: token.stylePointer, target: subject.id
        )
        if let location = token.location {
            diagnostic.related = [RelatedLocation("the contract declares \(token.path) here", at: location)]
        }
        return diagnostic
    }

    private func kindAndRequirements(_ token: ContractToken, _ member: JSONObject.Member, in subject: Subject) -> [Diagnostic] {
        let pointer = token.stylePointer
        func problem(_ rule: Rule, _ message: String, at location: JSONLocation, _ at: JSONPointer = pointer) -> Diagnostic {
            var diagnostic = Diagnostic(.error, rule: rule, message, at: location, pointer: at, target: subject.id)
            if let declared = token.location {
                diagnostic.related = [RelatedLocation("the contract declares \(token.path) here", at: declared)]
            }
            return diagnostic
        }
        let value = member.value
        switch token.kind {
        case .flag(let type):
            let found = StyleTokens.flagType(of: value.value)
            guard found != type else { return [] }
            return [
                problem(
                    .contractKind,
                    "flag '\(token.name)' is \(found.map { "a \($0.rawValue)" } ?? value.value.typeName), but the app's contract declares a \(type.rawValue)",
                    at: value.location)
            ]
        case .component(let properties):
            return componentProblems(token, properties, value, subject, problem)
        case .color:
            var found: [Diagnostic] = []
            let color = subject.style.colors[token.name]
            if token.requirements.contains(.dark), value.value.objectValue?["dark"] == nil, let color, color.light == color.dark {
                found.append(
                    problem(
                        .contractRequirement,
                        "colour '\(token.name)' has no dark value of its own, which the app's contract requires: write it as {\"light\": …, \"dark\": …}",
                        at: value.location))
            }
            if token.requirements.contains(.highContrast), let color, color.highContrastLight == nil || color.highContrastDark == nil {
                found.append(
                    problem(
                        .contractRequirement,
                        "colour '\(token.name)' lacks \(color.highContrastLight == nil ? "highContrastLight" : "highContrastDark"), which the app's contract requires (both high-contrast values)",
                        at: value.location))
            }
            return found
        case .image:
            guard token.requirements.contains(.dark),
                subject.style.images[token.name].map({ $0.dark == nil }) ?? (value.value.objectValue?["dark"] == nil)
            else { return [] }
            return [
                problem(
                    .contractRequirement,
                    "image '\(token.name)' has no dark file, which the app's contract requires: write it as {\"light\": …, \"dark\": …}",
                    at: value.location)
            ]
        case .font:
            guard token.requirements.contains(.file),
                subject.style.fonts[token.name].map({ $0.file == nil }) ?? (value.value.objectValue?["file"] == nil)
            else { return [] }
            return [
                problem(
                    .contractRequirement,
                    "font '\(token.name)' has no file, which the app's contract requires: bundle the face with \"file\"", at: value.location
                )
            ]
        case .palette, .dimension, .animation:
            return []
        }
    }

    private func componentProblems(
        _ token: ContractToken, _ properties: [String: ComponentPropertyType], _ value: JSONNode, _ subject: Subject,
        _ problem: (Rule, String, JSONLocation, JSONPointer) -> Diagnostic
    ) -> [Diagnostic] {
        let parts = token.name.split(separator: ".", maxSplits: 1).map(String.init)
        let written = value.value.objectValue
        let resolved = parts.count == 2 ? subject.style.components[parts[0]]?[parts[1]] : nil
        var found: [Diagnostic] = []
        for (name, type) in properties.sorted(by: { $0.key < $1.key }) {
            let at = token.stylePointer.appending(name)
            guard let property = written?.member(name) else {
                var diagnostic = problem(
                    .contractMissing,
                    "'\(subject.id)' has no property '\(name)' (a \(type.rawValue)) in component '\(token.name)', which the app's contract declares: \(whereItGoes(subject))",
                    value.location, at
                )
                diagnostic.file = subject.styleFiles.first
                diagnostic.line = nil
                diagnostic.column = nil
                found.append(diagnostic)
                continue
            }
            if let resolvedType = resolved?[name]?.contractType, resolvedType != type {
                found.append(
                    problem(
                        .contractKind,
                        "property '\(name)' of component '\(token.name)' is a \(resolvedType.rawValue), but the app's contract declares a \(type.rawValue)",
                        property.value.location, at))
            }
        }
        return found
    }
}

// Deprecation (docs/contract.md, "Deprecation"): while a token is deprecated in favour of
// another, either name gives the app both, so a client missing one of the two is not
// missing a token; one that writes neither is held to the replacement.
extension ContractCheck {
    /// Whether the client's other name of a rename stands in for `token`: the replacement
    /// for a deprecated token, or the deprecated token for its replacement (then warned by
    /// `onlyDeprecated`).
    func standsIn(for token: ContractToken, _ subject: Subject) -> Bool {
        guard let rename = contract.rename(involving: token) else { return false }
        let other = rename.deprecated.path == token.path ? rename.replacement : rename.deprecated
        return rename.deprecated.path == token.path || StyleTokens.member(other.section, other.name, in: subject.document) != nil
    }

    /// `contract-deprecated`: the client writes the deprecated name and not its replacement.
    func onlyDeprecated(_ token: ContractToken, _ member: JSONObject.Member, in subject: Subject) -> Diagnostic? {
        guard let deprecation = token.deprecation, let name = deprecation.replacement,
            StyleTokens.member(token.section, name, in: subject.document) == nil
        else { return nil }
        var diagnostic = Diagnostic(
            .warning, rule: .contractDeprecated,
            "\(token.section.kindName) '\(token.name)' is deprecated in the app's contract (\(deprecation.reason)): write it as '\(name)'; until then the app reads this value under both names",
            at: member.keyLocation, pointer: token.stylePointer, target: subject.id)
        if let location = token.location {
            diagnostic.related = [RelatedLocation("the contract deprecates \(token.path) here", at: location)]
        }
        return diagnostic
    }
}
