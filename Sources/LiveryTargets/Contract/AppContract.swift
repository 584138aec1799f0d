import LiveryJSON

/// The tokens the one app built for every client uses, as `targets/contract.json`
/// declares them: each token's section, name, kind and what it must carry. Every
/// concrete target is checked against it, and the app's typed theme is written from
/// it, so its tokens are in one stable order (section, then name).
public struct AppContract: Sendable, Hashable {
    /// The file it was read from, from the repository root.
    public var file: String
    /// Every token, sorted by section (in `ContractSection.allCases` order) then name.
    public var tokens: [ContractToken]
    /// The sets of colours every eye must tell apart (docs/contract.md, "Distinct colours").
    package var distinctSets: [DistinctColorSet] = []
    /// The component variants (`kind.variant`) a finger taps, sorted (docs/contract.md, "Interactive components").
    package var interactiveComponents: [String] = []
    /// The contract's own `version` (a semantic version), when it declares one (docs/contract.md, "Version").
    package var version: String?

    public init(file: String, tokens: [ContractToken]) {
        self.file = file
        self.tokens = tokens.sorted()
    }

    /// The version `livery contract init` gives a new contract.
    package static let firstVersion = "1.0.0"

    /// The file name inside the targets directory, beside `style.schema.json`.
    public static let fileName = "contract.json"

    /// The type the app's theme (`AppTheme.swift`, `AppTheme.kt`) gives a component kind
    /// (`button` → `ButtonComponent`) and a variant (`primary` → `PrimaryVariant`): the
    /// name with its first letter in upper case, then the ending. No type the generated
    /// code names ends so (`AppThemeColor`, `Swift`, `String`, `Sendable`, `JvmField`…),
    /// so no contract name can hide one; the contract refuses a kind or variant named as
    /// a neighbour's type (docs/contract.md, "Names").
    public static func kindTypeName(_ kind: String) -> String { upperFirst(kind) + "Component" }
    public static func variantTypeName(_ variant: String) -> String { upperFirst(variant) + "Variant" }

    static func upperFirst(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The tokens of one section, in name order.
    public func tokens(in section: ContractSection) -> [ContractToken] {
        tokens.filter { $0.section == section }
    }

    /// The token `name` of `section`, if the contract has it.
    public func token(_ section: ContractSection, _ name: String) -> ContractToken? {
        tokens.first { $0.section == section && $0.name == name }
    }
}

/// A top-level section of style.json that holds tokens an app reads by name.
public enum ContractSection: String, Sendable, Hashable, CaseIterable, Comparable {
    case colors, palettes, fonts, dimensions, animations, components, images, flags

    /// How messages name one token of the section.
    public var kindName: String {
        switch self {
        case .colors: "colour"
        case .palettes: "palette"
        case .fonts: "font"
        case .dimensions: "dimension"
        case .animations: "animation"
        case .components: "component"
        case .images: "image"
        case .flags: "flag"
        }
    }

    /// What each token of the section may be asked to carry.
    public var allowedRequirements: [ContractRequirement] {
        switch self {
        case .colors: [.dark, .highContrast]
        case .images: [.dark]
        case .fonts: [.file]
        default: []
        }
    }

    public static func < (lhs: ContractSection, rhs: ContractSection) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }
}

/// One token of the contract.
public struct ContractToken: Sendable, Hashable, Comparable {
    public var section: ContractSection
    /// The token's name; a component's is `kind.variant` (`button.primary`).
    public var name: String
    public var kind: ContractKind
    /// What every client's value must carry, beyond existing.
    public var requirements: Set<ContractRequirement>
    /// An optional token is read by the app where a client has it (a client's own
    /// screen): a client without it is not an error, one with it is checked.
    public var isOptional: Bool
    /// The contract's words for the token, for people and generated documentation.
    public var description: String?
    /// Where the contract declares it (its key), to place problems with the contract itself.
    public var location: JSONLocation?
    /// A colour's `on`: the colours it is drawn on (docs/contract.md, "Pairs").
    package var drawnOn: [ContractBackground] = []
    /// A colour's `use`: how it is drawn, which sets the contrast its pairs need.
    package var use: ContrastUse = .text
    /// `deprecated`: why the app moves away from the token, and what replaces it.
    package var deprecation: ContractDeprecation?

    public init(
        section: ContractSection, name: String, kind: ContractKind, requirements: Set<ContractRequirement> = [],
        isOptional: Bool = false, description: String? = nil, location: JSONLocation? = nil
    ) {
        self.section = section
        self.name = name
        self.kind = kind
        self.requirements = requirements
        self.isOptional = isOptional
        self.description = description
        self.location = location
    }

    /// `colors.primary`, `components.button.primary`, `flags.welcomeText`.
    public var path: String { "\(section.rawValue).\(name)" }

    /// The JSON pointer of the token in a style.json.
    public var stylePointer: JSONPointer {
        JSONPointer(
            tokens: [section.rawValue] + (section == .components ? name.split(separator: ".", maxSplits: 1).map(String.init) : [name]))
    }

    /// The requirements in a stable order, for messages and files.
    public var sortedRequirements: [ContractRequirement] {
        ContractRequirement.allCases.filter(requirements.contains)
    }

    public static func < (lhs: ContractToken, rhs: ContractToken) -> Bool {
        (lhs.section, lhs.name) < (rhs.section, rhs.name)
    }

    /// Two tokens are the same declaration whatever line declared them.
    public static func == (lhs: ContractToken, rhs: ContractToken) -> Bool {
        lhs.section == rhs.section && lhs.name == rhs.name && lhs.kind == rhs.kind
            && lhs.requirements == rhs.requirements && lhs.isOptional == rhs.isOptional && lhs.description == rhs.description
            && lhs.drawnOn.map(\.name) == rhs.drawnOn.map(\.name) && lhs.use == rhs.use && lhs.deprecation == rhs.deprecation
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(section)
        hasher.combine(name)
        hasher.combine(kind)
        hasher.combine(requirements)
        hasher.combine(isOptional)
        hasher.combine(description)
        hasher.combine(drawnOn.map(\.name))
        hasher.combine(use)
        hasher.combine(deprecation)
    }
}

/// What kind of value a contract token is.
public enum ContractKind: Sendable, Hashable {
    case color, palette, font, dimension, animation, image
    /// A component variant and the properties the app reads from it, by name.
    case component(properties: [String: ComponentPropertyType])
    /// A flag and the JSON type of its value.
    case flag(FlagType)

    /// The kind every token of `section` has, for the sections with one kind.
    public static func plain(_ section: ContractSection) -> ContractKind? {
        switch section {
        case .colors: .color
        case .palettes: .palette
        case .fonts: .font
        case .dimensions: .dimension
        case .animations: .animation
        case .images: .image
        case .components, .flags: nil
        }
    }
}

/// The type of a flag's value.
public enum FlagType: String, Sendable, Hashable, CaseIterable {
    case boolean, number, string
}

/// The type of a component property's resolved value.
public enum ComponentPropertyType: String, Sendable, Hashable, CaseIterable {
    case color, font, dimension, shape, number, string, boolean
}

/// What a token must carry beyond existing.
public enum ContractRequirement: String, Sendable, Hashable, CaseIterable {
    /// A colour written with its own `dark` value; an image with a `dark` file.
    case dark
    /// A colour with both `highContrastLight` and `highContrastDark`.
    case highContrast
    /// A font with its own `file`, so every client ships the face the app draws with.
    case file
}
