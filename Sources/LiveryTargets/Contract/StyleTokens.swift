import LiveryJSON

/// The tokens a merged style.json defines, by contract section: what the contract
/// checks are made of, and what `livery contract init` and the check across clients
/// count. A component's token is its variant, named `kind.variant`.
public struct DefinedToken: Sendable {
    public var section: ContractSection
    public var name: String
    /// The member that defines it (its key's location is in the file that wrote it last).
    public var member: JSONObject.Member

    public var path: String { "\(section.rawValue).\(name)" }

    public var pointer: JSONPointer {
        JSONPointer(
            tokens: [section.rawValue] + (section == .components ? name.split(separator: ".", maxSplits: 1).map(String.init) : [name]))
    }
}

public enum StyleTokens {
    /// Every token `document` (a merged style) defines, section by section in contract
    /// order, in the order written. A section that is not an object defines nothing
    /// here: the schema reports it.
    public static func defined(in document: JSONNode) -> [DefinedToken] {
        guard let root = document.value.objectValue else { return [] }
        var tokens: [DefinedToken] = []
        for section in ContractSection.allCases {
            guard let members = root[section.rawValue]?.value.objectValue?.members else { continue }
            for member in members {
                if section == .components {
                    for variant in member.value.value.objectValue?.members ?? [] {
                        tokens.append(DefinedToken(section: section, name: "\(member.key).\(variant.key)", member: variant))
                    }
                } else {
                    tokens.append(DefinedToken(section: section, name: member.key, member: member))
                }
            }
        }
        return tokens
    }

    /// The member defining `section.name` in `document`, if it does.
    public static func member(_ section: ContractSection, _ name: String, in document: JSONNode) -> JSONObject.Member? {
        guard let group = document.value.objectValue?[section.rawValue]?.value.objectValue else { return nil }
        guard section == .components else { return group.member(name) }
        let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        return group[parts[0]]?.value.objectValue?.member(parts[1])
    }

    /// The type of a flag's value as the contract names it; nil for null, arrays and objects.
    public static func flagType(of value: JSONValue) -> FlagType? {
        switch value {
        case .bool: .boolean
        case .number: .number
        case .string: .string
        default: nil
        }
    }
}

extension ResolvedComponentValue {
    /// The contract's name for the type of this resolved value.
    public var contractType: ComponentPropertyType {
        switch self {
        case .color: .color
        case .font: .font
        case .dimension: .dimension
        case .shape: .shape
        case .string: .string
        case .number: .number
        case .bool: .boolean
        }
    }
}
