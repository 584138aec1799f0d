import LiveryJSON

/// A set of colours the app uses to tell things apart (error from success, the series
/// of a chart, a status set), which every eye must tell apart too: the contract's
/// `distinct` (docs/contract.md, "Distinct colours").
package struct DistinctColorSet: Sendable, Hashable, Comparable {
    package var name: String
    /// The colours, as the contract lists them (at least two, each a colour of the contract).
    package var colors: [String]
    /// The CIEDE2000 distance every two of them keep under each deficiency (10 unless written).
    package var minimumDistance: Double
    /// Where the contract declares the set (its key).
    package var location: JSONLocation?

    package static let defaultMinimumDistance = 10.0

    package init(name: String, colors: [String], minimumDistance: Double = defaultMinimumDistance, location: JSONLocation? = nil) {
        self.name = name
        self.colors = colors
        self.minimumDistance = minimumDistance
        self.location = location
    }

    package static func < (lhs: DistinctColorSet, rhs: DistinctColorSet) -> Bool { lhs.name < rhs.name }

    /// Two sets are the same declaration whatever line declared them.
    package static func == (lhs: DistinctColorSet, rhs: DistinctColorSet) -> Bool {
        lhs.name == rhs.name && lhs.colors == rhs.colors && lhs.minimumDistance == rhs.minimumDistance
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(colors)
        hasher.combine(minimumDistance)
    }
}

/// Reads the contract's `distinct` member: `{"<set>": {"colors": [...], "minimumDistance": 10,
/// "description": "..."}}`. Pure; every problem is a `contract-file` error placed at its value.
enum ContractDistinctReader {
    static let key = "distinct"

    static func read(_ node: JSONNode, colours: Set<String>) -> (sets: [DistinctColorSet], problems: [Diagnostic]) {
        var problems: [Diagnostic] = []
        func problem(_ message: String, _ location: JSONLocation, _ pointer: JSONPointer) {
            problems.append(Diagnostic(.error, rule: .contractFile, message, at: location, pointer: pointer))
        }
        let base = JSONPointer.root.appending(key)
        guard let members = node.value.objectValue?.members else {
            problem("'distinct' must be an object of named colour sets, found \(node.value.typeName)", node.location, base)
            return ([], problems)
        }
        var sets: [DistinctColorSet] = []
        for member in members {
            let pointer = base.appending(member.key)
            guard ContractParser.isName(member.key) else {
                problem("'\(member.key)' is not a name: use a letter, then letters, digits or underscores", member.keyLocation, pointer)
                continue
            }
            var found: [Diagnostic] = []
            let set = distinctSet(member, pointer: pointer, colours: colours) {
                found.append(Diagnostic(.error, rule: .contractFile, $0, at: $1, pointer: $2))
            }
            problems += found
            if let set, found.isEmpty { sets.append(set) }
        }
        return (sets.sorted(), problems)
    }

    private static func distinctSet(
        _ member: JSONObject.Member, pointer: JSONPointer, colours: Set<String>,
        problem: (String, JSONLocation, JSONPointer) -> Void
    ) -> DistinctColorSet? {
        guard let fields = member.value.value.objectValue?.members else {
            problem(
                "the distinct set '\(member.key)' must be an object with \"colors\", found \(member.value.value.typeName)",
                member.value.location, pointer)
            return nil
        }
        var set = DistinctColorSet(name: member.key, colors: [], location: member.keyLocation)
        var sawColours = false
        for field in fields {
            let at = pointer.appending(field.key)
            switch field.key {
            case "colors":
                sawColours = true
                set.colors = names(field.value, at: at, colours: colours, problem: problem)
            case "minimumDistance":
                guard let number = field.value.value.numberValue?.doubleValue, number > 0, number <= 100 else {
                    problem("'minimumDistance' is a CIEDE2000 distance above 0 and at most 100", field.value.location, at)
                    continue
                }
                set.minimumDistance = number
            case "description" where field.value.value.stringValue != nil:
                continue
            case "description":
                problem("'description' must be a string", field.value.location, at)
            default:
                let allowed = ["colors", "minimumDistance", "description"]
                problem(
                    "unknown key '\(field.key)' in the distinct set '\(member.key)'\(NameSuggestion.hint(for: field.key, in: allowed)): it may hold \(allowed.joined(separator: ", "))",
                    field.keyLocation, at)
            }
        }
        if !sawColours {
            problem(
                "the distinct set '\(member.key)' needs \"colors\": two or more colours of the contract", member.value.location, pointer)
        }
        return set
    }

    private static func names(
        _ node: JSONNode, at pointer: JSONPointer, colours: Set<String>, problem: (String, JSONLocation, JSONPointer) -> Void
    ) -> [String] {
        guard let items = node.value.arrayValue else {
            problem("'colors' must be an array of colour names, found \(node.value.typeName)", node.location, pointer)
            return []
        }
        var found: [String] = []
        for (index, item) in items.enumerated() {
            let place = pointer.appending(index)
            guard let name = item.value.stringValue else {
                problem("'colors' names colours of the contract, found \(item.value.typeName)", item.location, place)
                continue
            }
            if found.contains(name) {
                problem("'\(name)' is named twice in 'colors'", item.location, place)
            } else if !colours.contains(name) {
                problem(
                    "'colors' names '\(name)', which is not a colour of the contract\(NameSuggestion.hint(for: name, in: colours.sorted()))",
                    item.location, place)
            } else {
                found.append(name)
            }
        }
        if items.count < 2 { problem("a distinct set needs two or more colours, found \(items.count)", node.location, pointer) }
        return found
    }
}
