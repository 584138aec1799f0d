import LiveryJSON

/// The problems that kept a contract file from being read, each placed at its file,
/// line, column and JSON pointer. A contract with any of them checks nothing: a
/// half-read contract would report tokens as missing that it only failed to declare.
public struct ContractError: Error, Sendable, Hashable {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }
}

/// Reads `targets/contract.json` (docs/contract.md): pure, over the file's bytes.
public enum ContractParser {
    /// The contract in `bytes`, or every problem found in it at once.
    public static func parse(_ bytes: [UInt8], file: String) throws(ContractError) -> AppContract {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, file: file, maxDepth: 32)
        } catch {
            throw ContractError([Diagnostic(.error, rule: .jsonSyntax, error.message, at: error.location, pointer: error.pointer)])
        }
        var reading = ContractReading()
        let tokens = reading.root(root)
        reading.checkBackgrounds(tokens)
        ContractDeprecationReader.checkReplacements(tokens, problems: &reading.problems)
        let distinct = root.value.objectValue?[ContractDistinctReader.key].map {
            ContractDistinctReader.read($0, colours: Set(tokens.filter { $0.section == .colors }.map(\.name)))
        }
        let interactive = root.value.objectValue?[ContractInteractiveReader.key].map {
            ContractInteractiveReader.read($0, components: tokens.filter { $0.section == .components }.map(\.name))
        }
        reading.problems += (distinct?.problems ?? []) + (interactive?.problems ?? [])
        guard reading.problems.isEmpty else { throw ContractError(reading.problems) }
        var contract = AppContract(file: file, tokens: tokens)
        contract.distinctSets = distinct?.sets ?? []
        contract.interactiveComponents = interactive?.names ?? []
        contract.version = reading.version
        return contract
    }

    /// What a name in the contract may be: what style.json accepts as a token name.
    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.isASCIILetter else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "_" }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

/// One pass over a contract document, collecting every problem.
private struct ContractReading {
    var problems: [Diagnostic] = []
    /// The top-level `version`, when it is a semantic version.
    var version: String?

    mutating func problem(_ message: String, _ location: JSONLocation, _ pointer: JSONPointer) {
        problems.append(Diagnostic(.error, rule: .contractFile, message, at: location, pointer: pointer))
    }

    /// The members of `node` when it is an object, else a problem saying what it should be.
    mutating func object(_ node: JSONNode, _ pointer: JSONPointer, _ what: String) -> [JSONObject.Member]? {
        guard let object = node.value.objectValue else {
            problem("\(what) must be an object, found \(node.value.typeName)", node.location, pointer)
            return nil
        }
        return object.members
    }

    /// Whether `member` is a valid name; reports it when not.
    mutating func checkName(_ member: JSONObject.Member, _ pointer: JSONPointer) -> Bool {
        guard ContractParser.isName(member.key) else {
            problem(
                "'\(member.key)' is not a name: use a letter, then letters, digits or underscores, as style.json does", member.keyLocation,
                pointer)
            return false
        }
        return true
    }

    /// Names side by side in the app's theme (one section's tokens, one kind's variants,
    /// one variant's properties) differ in more than case: Kotlin reads `primary` and
    /// `Primary` both as `getPrimary()`, so `AppTheme.kt` could not hold the two
    /// (docs/contract.md, "Names"). Reported at the later name.
    mutating func checkCase(_ members: [JSONObject.Member], _ pointer: JSONPointer) {
        var seen: [String: String] = [:]
        for member in members where ContractParser.isName(member.key) {
            let folded = member.key.lowercased()
            if let earlier = seen[folded], earlier != member.key {
                let getter = "get" + member.key.prefix(1).uppercased() + member.key.dropFirst()
                problem(
                    "'\(member.key)' and '\(earlier)' differ only in case: the app's Kotlin theme reads both as \(getter)(), so one of them must be renamed",
                    member.keyLocation, pointer.appending(member.key))
            } else {
                seen[folded] = member.key
            }
        }
    }

    /// A kind (or variant) named as a neighbour's type in the app's theme (`ButtonComponent`
    /// beside `button`): Kotlin cannot hold a property and a class of one name side by side.
    mutating func checkTypeNames(_ members: [JSONObject.Member], _ pointer: JSONPointer, typeName: (String) -> String, what: String) {
        let names = members.map(\.key).filter(ContractParser.isName)
        var types: [String: String] = [:]
        for name in names { types[typeName(name)] = name }
        for member in members where ContractParser.isName(member.key) {
            guard let owner = types[member.key] else { continue }
            problem(
                "the \(what) '\(member.key)' has the name of the type the app's theme gives the \(what) '\(owner)': rename one of them",
                member.keyLocation, pointer.appending(member.key))
        }
    }

    mutating func root(_ node: JSONNode) -> [ContractToken] {
        guard let members = object(node, .root, "a contract") else { return [] }
        var tokens: [ContractToken] = []
        for member in members {
            let pointer = JSONPointer.root.appending(member.key)
            // Read by their own readers, once every token is known.
            if member.key == ContractDistinctReader.key || member.key == ContractInteractiveReader.key { continue }
            if member.key == "version" {
                readVersion(member.value, pointer)
                continue
            }
            if member.key == "$schema" || member.key == "description" {
                if member.value.value.stringValue == nil { problem("'\(member.key)' must be a string", member.value.location, pointer) }
                continue
            }
            guard let section = ContractSection(rawValue: member.key) else {
                let known =
                    ["$schema", "description", "version", ContractDistinctReader.key, ContractInteractiveReader.key]
                    + ContractSection.allCases.map(\.rawValue)
                problem(
                    "unknown key '\(member.key)'\(NameSuggestion.hint(for: member.key, in: known)): a contract holds \(ContractSection.allCases.map(\.rawValue).joined(separator: ", "))",
                    member.keyLocation, pointer)
                continue
            }
            guard let entries = object(member.value, pointer, "'\(member.key)'") else { continue }
            checkCase(entries, pointer)
            if section == .components { checkTypeNames(entries, pointer, typeName: AppContract.kindTypeName, what: "component kind") }
            for entry in entries where checkName(entry, pointer.appending(entry.key)) {
                if section == .components {
                    tokens += component(kind: entry, pointer.appending(entry.key))
                } else if let token = token(section, entry.key, entry.value, keyLocation: entry.keyLocation, pointer.appending(entry.key)) {
                    tokens.append(token)
                }
            }
        }
        return tokens
    }

    /// The top-level `version`: a semantic version, so that a client's contract can be named and compared.
    mutating func readVersion(_ node: JSONNode, _ pointer: JSONPointer) {
        guard let text = node.value.stringValue, ContractVersion.isSemantic(text) else {
            let found = node.value.stringValue.map { "'\($0)'" } ?? node.value.typeName
            problem(
                "'version' must be a semantic version, MAJOR.MINOR.PATCH such as \"2.1.0\", found \(found)", node.location, pointer)
            return
        }
        version = text
    }

    /// `components.<kind>`: one token per variant.
    mutating func component(kind: JSONObject.Member, _ pointer: JSONPointer) -> [ContractToken] {
        guard let variants = object(kind.value, pointer, "component kind '\(kind.key)'") else { return [] }
        checkCase(variants, pointer)
        checkTypeNames(variants, pointer, typeName: AppContract.variantTypeName, what: "variant")
        return variants.compactMap { variant in
            guard checkName(variant, pointer.appending(variant.key)) else { return nil }
            return token(
                .components, "\(kind.key).\(variant.key)", variant.value, keyLocation: variant.keyLocation, pointer.appending(variant.key))
        }
    }

    /// One token's declaration: `{}`, or an object with `requires`, `optional`, `description`,
    /// a flag's `type` and a component's `properties`.
    mutating func token(_ section: ContractSection, _ name: String, _ node: JSONNode, keyLocation: JSONLocation, _ pointer: JSONPointer)
        -> ContractToken?
    {
        guard let members = object(node, pointer, "the \(section.kindName) '\(name)'") else { return nil }
        var token = ContractToken(section: section, name: name, kind: ContractKind.plain(section) ?? .color, location: keyLocation)
        var flagType: FlagType?
        var properties: [String: ComponentPropertyType] = [:]
        var allowed = ["description", "optional"]
        if !section.allowedRequirements.isEmpty { allowed.append("requires") }
        if section == .flags { allowed.append("type") }
        if section == .components { allowed.append("properties") }
        if section == .colors { allowed += ["on", "use"] }
        if section != .components { allowed.append("deprecated") }
        var failed = false
        for member in members {
            let at = pointer.appending(member.key)
            switch member.key {
            case "description" where member.value.value.stringValue != nil:
                token.description = member.value.value.stringValue
            case "optional" where member.value.value.boolValue != nil:
                token.isOptional = member.value.value.boolValue ?? false
            case "optional":
                problem("'optional' must be true or false", member.value.location, at)
            case "requires" where allowed.contains("requires"):
                token.requirements = requirements(member.value, section: section, at) ?? []
            case "type" where section == .flags:
                flagType = member.value.value.stringValue.flatMap(FlagType.init(rawValue:))
                if flagType == nil {
                    problem(
                        "a flag's type is one of \(FlagType.allCases.map(\.rawValue).joined(separator: ", ")), found \(member.value.value.stringValue.map { "'\($0)'" } ?? member.value.value.typeName)",
                        member.value.location, at)
                    failed = true
                }
            case "properties" where section == .components:
                properties = componentProperties(member.value, at) ?? [:]
            case "on" where section == .colors:
                token.drawnOn = backgrounds(member.value, at)
            case "use" where section == .colors:
                token.use = contrastUse(member.value, at)
            case "deprecated" where section != .components:
                token.deprecation = ContractDeprecationReader.read(member.value, at, problems: &problems)
            case "description":
                problem("'description' must be a string", member.value.location, at)
            default:
                problem(
                    "unknown key '\(member.key)' in the \(section.kindName) '\(name)'\(NameSuggestion.hint(for: member.key, in: allowed)): it may hold \(allowed.joined(separator: ", "))",
                    member.keyLocation, at)
            }
        }
        if section == .flags {
            guard let flagType else {
                if !failed {
                    problem(
                        "the flag '\(name)' needs a \"type\": one of \(FlagType.allCases.map(\.rawValue).joined(separator: ", "))",
                        node.location, pointer)
                }
                return nil
            }
            token.kind = .flag(flagType)
        }
        if section == .components { token.kind = .component(properties: properties) }
        return token
    }

    /// A colour's `on`: the colours it is drawn on, by name (checked against the
    /// contract's colours once every colour is read).
    mutating func backgrounds(_ node: JSONNode, _ pointer: JSONPointer) -> [ContractBackground] {
        guard let items = node.value.arrayValue else {
            problem("'on' must be an array of colour names, found \(node.value.typeName)", node.location, pointer)
            return []
        }
        var found: [ContractBackground] = []
        for (index, item) in items.enumerated() {
            guard let name = item.value.stringValue, ContractParser.isName(name) else {
                problem(
                    "'on' names colours of the contract, found \(item.value.stringValue.map { "'\($0)'" } ?? item.value.typeName)",
                    item.location, pointer.appending(index))
                continue
            }
            if found.contains(where: { $0.name == name }) {
                problem("'\(name)' is named twice in 'on'", item.location, pointer.appending(index))
                continue
            }
            found.append(ContractBackground(name: name, location: item.location, pointer: pointer.appending(index)))
        }
        return found
    }

    /// A colour's `use`: how it is drawn, which sets the contrast it needs.
    mutating func contrastUse(_ node: JSONNode, _ pointer: JSONPointer) -> ContrastUse {
        guard let text = node.value.stringValue, let use = ContrastUse(rawValue: text) else {
            problem(
                "'use' is one of \(ContrastUse.allCases.map(\.rawValue).joined(separator: ", ")), found \(node.value.stringValue.map { "'\($0)'" } ?? node.value.typeName)",
                node.location, pointer)
            return .text
        }
        return use
    }

    /// Every colour named in an `on` is a colour of the contract, and not the colour itself.
    mutating func checkBackgrounds(_ tokens: [ContractToken]) {
        let colours = Set(tokens.filter { $0.section == .colors }.map(\.name))
        for token in tokens where token.section == .colors {
            for background in token.drawnOn {
                if background.name == token.name {
                    problem("'\(token.name)' cannot be drawn on itself", background.location, background.pointer)
                } else if !colours.contains(background.name) {
                    problem(
                        "'on' names '\(background.name)', which is not a colour of the contract\(NameSuggestion.hint(for: background.name, in: colours.sorted()))",
                        background.location, background.pointer)
                }
            }
        }
    }

    mutating func requirements(_ node: JSONNode, section: ContractSection, _ pointer: JSONPointer) -> Set<ContractRequirement>? {
        let allowed = section.allowedRequirements.map(\.rawValue)
        guard let items = node.value.arrayValue else {
            problem(
                "'requires' must be an array of \(allowed.joined(separator: ", ")), found \(node.value.typeName)", node.location, pointer)
            return nil
        }
        var found: Set<ContractRequirement> = []
        for (index, item) in items.enumerated() {
            guard let text = item.value.stringValue, let requirement = ContractRequirement(rawValue: text),
                section.allowedRequirements.contains(requirement)
            else {
                problem(
                    "a \(section.kindName) may require \(allowed.joined(separator: ", ")), found \(item.value.stringValue.map { "'\($0)'" } ?? item.value.typeName)",
                    item.location, pointer.appending(index))
                continue
            }
            if !found.insert(requirement).inserted { problem("'\(text)' is required twice", item.location, pointer.appending(index)) }
        }
        return found
    }

    mutating func componentProperties(_ node: JSONNode, _ pointer: JSONPointer) -> [String: ComponentPropertyType]? {
        guard let members = object(node, pointer, "'properties'") else { return nil }
        checkCase(members, pointer)
        var properties: [String: ComponentPropertyType] = [:]
        for member in members where checkName(member, pointer.appending(member.key)) {
            guard let text = member.value.value.stringValue, let type = ComponentPropertyType(rawValue: text) else {
                let names = ComponentPropertyType.allCases.map(\.rawValue).joined(separator: ", ")
                problem(
                    "a property's type is one of \(names), found \(member.value.value.stringValue.map { "'\($0)'" } ?? member.value.value.typeName)",
                    member.value.location, pointer.appending(member.key))
                continue
            }
            properties[member.key] = type
        }
        return properties
    }
}
