import LiveryJSON

/// What one concrete client offers, token by token, as `livery contract init` counts it:
/// the kind of each token and the requirements it meets.
public struct ClientTokens: Sendable {
    public struct Offer: Sendable {
        public var section: ContractSection
        public var name: String
        public var kind: ContractKind
        public var meets: Set<ContractRequirement>
    }

    public var id: String
    public var offers: [Offer]

    /// The tokens of `document` (merged) as `style` resolved them.
    public init(id: String, document: JSONNode, style: ResolvedStyle) {
        self.id = id
        offers = StyleTokens.defined(in: document).compactMap { token in
            let value = token.member.value
            var meets: Set<ContractRequirement> = []
            let kind: ContractKind
            switch token.section {
            case .colors:
                kind = .color
                if let color = style.colors[token.name] {
                    if value.value.objectValue?["dark"] != nil || color.light != color.dark { meets.insert(.dark) }
                    if color.highContrastLight != nil, color.highContrastDark != nil { meets.insert(.highContrast) }
                }
            case .images:
                kind = .image
                if style.images[token.name]?.dark != nil { meets.insert(.dark) }
            case .fonts:
                kind = .font
                if style.fonts[token.name]?.file != nil { meets.insert(.file) }
            case .flags:
                guard let type = StyleTokens.flagType(of: value.value) else { return nil }
                kind = .flag(type)
            case .components:
                let parts = token.name.split(separator: ".", maxSplits: 1).map(String.init)
                let resolved = parts.count == 2 ? style.components[parts[0]]?[parts[1]] ?? [:] : [:]
                kind = .component(properties: resolved.mapValues(\.contractType))
            case .palettes, .dimensions, .animations:
                kind = ContractKind.plain(token.section) ?? .dimension
            }
            return Offer(section: token.section, name: token.name, kind: kind, meets: meets)
        }
    }
}

/// A contract made from the clients as they are (`livery contract init`): every token
/// some client defines; optional where not every client does; requiring what every
/// client that has it meets; a component with the properties every such client has,
/// of one type. The same clients in any order give the same contract.
public struct ContractInference: Sendable {
    /// A token not every client defines, for the command to list.
    public struct Uneven: Sendable, Hashable {
        public var path: String
        public var definedBy: Int
        public var lacking: [String]
    }

    private var clients: [ClientTokens] = []

    public init() {}

    public mutating func add(_ client: ClientTokens) {
        clients.append(client)
    }

    public func contract(file: String) -> (contract: AppContract, uneven: [Uneven]) {
        let sorted = clients.sorted { $0.id < $1.id }
        var offers: [String: [(client: String, offer: ClientTokens.Offer)]] = [:]
        for client in sorted {
            for offer in client.offers { offers["\(offer.section.rawValue).\(offer.name)", default: []].append((client.id, offer)) }
        }
        var tokens: [ContractToken] = []
        var uneven: [Uneven] = []
        for path in offers.keys.sorted() {
            guard let all = offers[path], let first = all.first?.offer else { continue }
            let isOptional = all.count < sorted.count
            if isOptional {
                let having = Set(all.map(\.client))
                uneven.append(Uneven(path: path, definedBy: all.count, lacking: sorted.map(\.id).filter { !having.contains($0) }))
            }
            let meets = all.dropFirst().reduce(first.meets) { $0.intersection($1.offer.meets) }
            tokens.append(
                ContractToken(
                    section: first.section, name: first.name, kind: Self.commonKind(all.map(\.offer.kind)), requirements: meets,
                    isOptional: isOptional))
        }
        return (AppContract(file: file, tokens: tokens), uneven)
    }

    /// A component's properties every client has with one type; a flag's type as the
    /// first client (in id order) has it, which the check then holds the others to.
    static func commonKind(_ kinds: [ContractKind]) -> ContractKind {
        guard case .component = kinds.first else { return kinds.first ?? .color }
        var common: [String: ComponentPropertyType]?
        for case .component(let properties) in kinds {
            guard let known = common else {
                common = properties
                continue
            }
            common = known.filter { properties[$0.key] == $0.value }
        }
        return .component(properties: common ?? [:])
    }
}
