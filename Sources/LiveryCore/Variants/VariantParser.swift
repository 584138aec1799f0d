import LiveryJSON

/// A problem in a variant's file or a variant set: where, and what.
public struct VariantProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let location: JSONLocation
    public let pointer: JSONPointer
    public let message: String

    public init(_ message: String, at location: JSONLocation, pointer: JSONPointer) {
        self.location = location
        self.pointer = pointer
        self.message = message
    }

    public var description: String {
        let place = location.file.isEmpty ? "" : "\(location): "
        return "\(place)\(message) (at \(pointer.description.isEmpty ? "/" : pointer.description))"
    }
}

/// Reads `variant.json` and the conditions in it, with the file, line,
/// column and JSON pointer of the first problem. The CLI reads a
/// repository's files with it and the runtime a bundle's `variants.json`.
public enum VariantParser {
    /// The members `variant.json` may have.
    public static let definitionMembers = ["description", "experiment", "order", "when"]
    /// The platforms a `platforms` condition may name.
    public static let platforms = ["android", "ios", "macos", "web"]

    /// Whether `name` may name a variant: 1 to 64 lower-case letters, digits,
    /// `-` and `_`, starting with a letter or digit, and (it names a folder of
    /// the bundle) ``PortableName``'s rule.
    public static func isValidName(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard (1...64).contains(bytes.count), let first = bytes.first, isLowerOrDigit(first) else { return false }
        return bytes.allSatisfy { isLowerOrDigit($0) || $0 == 0x2D || $0 == 0x5F } && !PortableName.isWindowsDevice(name)
    }

    /// The rule as messages say it.
    public static let nameRule = "1 to 64 lower-case letters, digits, - and _, starting with a letter or digit, and \(PortableName.rule)"

    private static func isLowerOrDigit(_ byte: UInt8) -> Bool { (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) }

    /// The definition in `node` (a parsed `variant.json`) for the variant `name`.
    public static func definition(_ node: JSONNode, name: String) throws(VariantProblem) -> VariantDefinition {
        let object = try members(of: node, at: .root, allowed: definitionMembers, what: "a variant.json")
        var condition = VariantCondition.all([])
        var conditionJSON: JSONValue?
        if let when = object["when"] {
            condition = try self.condition(when, at: JSONPointer(tokens: ["when"]))
            conditionJSON = stripped(when.value)
        }
        var order: Int64 = 0
        if let node = object["order"] {
            guard case .number(let number) = node.value, let value = InputInteger(number)?.within(-1_000_000_000...1_000_000_000) else {
                throw VariantProblem(
                    "\"order\" must be a whole number from -1000000000 to 1000000000", at: node.location,
                    pointer: JSONPointer(tokens: ["order"]))
            }
            order = value
        }
        if let node = object["description"], node.value.stringValue == nil {
            throw VariantProblem("\"description\" must be a string", at: node.location, pointer: JSONPointer(tokens: ["description"]))
        }
        let experiment = try object["experiment"].map { node throws(VariantProblem) in
            try arm(node, at: JSONPointer(tokens: ["experiment"]))
        }
        return VariantDefinition(name: name, condition: condition, conditionJSON: conditionJSON, order: order, experiment: experiment)
    }

    /// `experiment`: `{"id": "cta-2026", "weight": 50, "coverage": 20}` (coverage 100 when absent).
    static func arm(_ node: JSONNode, at pointer: JSONPointer) throws(VariantProblem) -> ExperimentArm {
        let object = try members(of: node, at: pointer, allowed: ["coverage", "id", "weight"], what: "\"experiment\"")
        guard let idNode = object["id"], let id = idNode.value.stringValue, !id.isEmpty, id.utf8.count <= 128 else {
            throw VariantProblem(
                "\"experiment\" needs an \"id\": a string of 1 to 128 bytes", at: object["id"]?.location ?? node.location,
                pointer: pointer.appending("id"))
        }
        guard let weightNode = object["weight"] else {
            throw VariantProblem(
                "\"experiment\" needs a \"weight\": this arm's percentage of the experiment", at: node.location,
                pointer: pointer.appending("weight"))
        }
        let weight = try percentage(weightNode, at: pointer.appending("weight"), name: "weight")
        let coverage =
            try object["coverage"].map { node throws(VariantProblem) in
                try percentage(node, at: pointer.appending("coverage"), name: "coverage")
            } ?? InstallBucket.range
        return ExperimentArm(id: id, weight: weight, coverage: coverage)
    }

    /// One condition: an object with exactly the members of one kind.
    public static func condition(_ node: JSONNode, at pointer: JSONPointer) throws(VariantProblem) -> VariantCondition {
        guard case .object(let object) = node.value else {
            throw VariantProblem(
                "a condition is an object such as {\"countries\": [\"CA\"]}, found \(node.value.typeName)", at: node.location,
                pointer: pointer)
        }
        let keys = Set(object.keys)
        if keys.contains("from") || keys.contains("until") || keys.contains("timeZone") {
            return try dates(object, node: node, at: pointer)
        }
        if keys.contains("percent") || keys.contains("seed") {
            _ = try members(of: node, at: pointer, allowed: ["percent", "seed"], what: "a percent condition")
            guard let seedNode = object["seed"], let seed = seedNode.value.stringValue, !seed.isEmpty else {
                throw VariantProblem(
                    "a percent condition needs a \"seed\": a non-empty string (the same seed keeps installs where they are)",
                    at: object["seed"]?.location ?? node.location, pointer: pointer.appending("seed"))
            }
            guard let percentNode = object["percent"] else {
                throw VariantProblem("a percent condition needs \"percent\"", at: node.location, pointer: pointer.appending("percent"))
            }
            return .percent(threshold: try percentage(percentNode, at: pointer.appending("percent"), name: "percent"), seed: seed)
        }
        guard object.count == 1, let member = object.members.first else {
            let described = object.isEmpty ? "an empty object" : "\(object.keys.map { "\"\($0)\"" }.joined(separator: ", ")) together"
            throw VariantProblem(
                "a condition has one kind (all, any, not, percent, countries, locales, platforms, appVersion, or from/until/timeZone), found \(described); combine several with \"all\"",
                at: node.location, pointer: pointer)
        }
        return try single(member, at: pointer.appending(member.key))
    }

    private static func single(_ member: JSONObject.Member, at pointer: JSONPointer) throws(VariantProblem) -> VariantCondition {
        let node = member.value
        switch member.key {
        case "all", "any":
            guard let items = node.value.arrayValue else {
                throw VariantProblem("\"\(member.key)\" takes an array of conditions", at: node.location, pointer: pointer)
            }
            var conditions: [VariantCondition] = []
            for (index, item) in items.enumerated() { conditions.append(try condition(item, at: pointer.appending(index))) }
            return member.key == "all" ? .all(conditions) : .any(conditions)
        case "not":
            return .not(try condition(node, at: pointer))
        case "countries":
            return .countries(
                try strings(node, at: pointer, name: "countries", example: "\"CA\"") { text in
                    text.utf8.count == 2 && text.utf8.allSatisfy { (0x41...0x5A).contains($0) } ? text : nil
                })
        case "locales":
            return .locales(
                try strings(node, at: pointer, name: "locales", example: "\"fr-CA\"") { text in
                    isLocaleTag(text) ? text : nil
                })
        case "platforms":
            return .platforms(
                try strings(node, at: pointer, name: "platforms", example: platforms.map { "\"\($0)\"" }.joined(separator: ", ")) { text in
                    platforms.contains(text) ? text : nil
                })
        case "appVersion":
            guard let text = node.value.stringValue else {
                throw VariantProblem("\"appVersion\" takes a string such as \">=3.2.0 <4.0.0\"", at: node.location, pointer: pointer)
            }
            switch VersionRange.parse(text) {
            case .success(let range): return .appVersion(range)
            case .failure(let error): throw VariantProblem("\"appVersion\": \(error)", at: node.location, pointer: pointer)
            }
        default:
            let known = [
                "all", "any", "not", "percent", "seed", "countries", "locales", "platforms", "appVersion", "from", "until", "timeZone",
            ]
            let hint = NearestName.closest(to: member.key, in: known).map { "; did you mean \"\($0)\"?" } ?? ""
            throw VariantProblem("unknown condition \"\(member.key)\"\(hint)", at: member.keyLocation, pointer: pointer)
        }
    }

    /// A date window: `from` and/or `until` (local times) and an optional `timeZone`.
    private static func dates(_ object: JSONObject, node: JSONNode, at pointer: JSONPointer) throws(VariantProblem) -> VariantCondition {
        _ = try members(of: node, at: pointer, allowed: ["from", "timeZone", "until"], what: "a date window")
        func local(_ key: String) throws(VariantProblem) -> LocalDateTime? {
            guard let node = object[key] else { return nil }
            guard let text = node.value.stringValue, let time = LocalDateTime(text: text) else {
                throw VariantProblem(
                    "\"\(key)\" must be a local date and time such as \"2026-12-01T00:00\" (no zone: it is read in \"timeZone\")",
                    at: node.location, pointer: pointer.appending(key))
            }
            return time
        }
        let from = try local("from")
        let until = try local("until")
        guard from != nil || until != nil else {
            throw VariantProblem("a date window needs \"from\", \"until\" or both", at: node.location, pointer: pointer)
        }
        var zone = "UTC"
        if let zoneNode = object["timeZone"] {
            guard let text = zoneNode.value.stringValue, isZoneName(text) else {
                let shown = zoneNode.value.stringValue.map { "\"\($0)\"" } ?? zoneNode.value.typeName
                throw VariantProblem(
                    "\"timeZone\" must be an IANA time zone such as \"Europe/Paris\" or \"UTC\", not \(shown)", at: zoneNode.location,
                    pointer: pointer.appending("timeZone"))
            }
            // Only a zone both runtimes load: one the other lacks would open the window on one platform only.
            guard DateWindow.knownTimeZones.contains(text) else {
                throw VariantProblem(unknownZoneMessage(text), at: zoneNode.location, pointer: pointer.appending("timeZone"))
            }
            zone = text
        }
        return .dates(DateWindow(from: from, until: until, timeZone: zone))
    }

    /// Why `zone` is refused, with the known zones closest to it when there are any.
    static func unknownZoneMessage(_ zone: String) -> String {
        var message = "\"timeZone\" \"\(zone)\" is not a time zone both app runtimes know (Foundation's TimeZone and java.time's ZoneId"
        message +=
            " load the same \(DateWindow.knownTimeZones.count) IANA zones, listed in Sources/LiveryCore/Variants/KnownTimeZones.swift)"
        let close = closeZones(to: zone)
        if !close.isEmpty { message += "; did you mean " + close.map { "\"\($0)\"" }.joined(separator: " or ") + "?" }
        return message
    }

    /// Up to three known zones within a few edits of `zone` (case ignored), or with its city, closest first.
    static func closeZones(to zone: String) -> [String] {
        let wanted = Array(zone.lowercased().utf8)
        let city = zone.split(separator: "/").last.map { $0.lowercased() } ?? ""
        let limit = max(2, wanted.count / 4)
        var scored: [(distance: Int, zone: String)] = []
        for known in DateWindow.knownTimeZones {
            let lowered = known.lowercased()
            if lowered.split(separator: "/").last.map(String.init) == city, !city.isEmpty {
                scored.append((0, known))
                continue
            }
            let distance = editDistance(wanted, Array(lowered.utf8), limit: limit)
            if distance <= limit { scored.append((distance, known)) }
        }
        // Sorted fully (by distance, then by UTF-8 bytes), so the same input always suggests the same zones.
        let ordered = scored.sorted {
            $0.distance != $1.distance ? $0.distance < $1.distance : Array($0.zone.utf8).lexicographicallyPrecedes(Array($1.zone.utf8))
        }
        return ordered.prefix(3).map(\.zone)
    }

    /// Levenshtein distance, stopping early once every path is over `limit`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0...b.count)
        for (i, byteA) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, byteB) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (byteA == byteB ? 0 : 1))
            }
            if (current.min() ?? 0) > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }

    /// An IANA zone id's shape: `UTC`, or segments of letters, digits, `_`,
    /// `-` and `+` separated by `/`, the first starting with a letter. Checked
    /// before the zone database, so both runtimes accept the same names.
    static func isZoneName(_ text: String) -> Bool {
        let segments = text.split(separator: "/", omittingEmptySubsequences: false)
        guard text.utf8.count <= 64, let first = segments.first?.utf8.first, (0x41...0x5A).contains(first) || (0x61...0x7A).contains(first)
        else { return false }
        return segments.allSatisfy { segment in
            !segment.isEmpty
                && segment.utf8.allSatisfy { byte in
                    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || (0x30...0x39).contains(byte) || byte == 0x5F
                        || byte == 0x2D || byte == 0x2B
                }
        }
    }

    /// A BCP 47 tag's shape: subtags of 1–8 letters or digits separated by `-` or `_`, the first letters only.
    static func isLocaleTag(_ text: String) -> Bool {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let first = subtags.first, (2...8).contains(first.utf8.count),
            first.utf8.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) })
        else { return false }
        return subtags.allSatisfy {
            (1...8).contains($0.utf8.count)
                && $0.utf8.allSatisfy { (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
        }
    }

    private static func strings(
        _ node: JSONNode, at pointer: JSONPointer, name: String, example: String, check: (String) -> String?
    ) throws(VariantProblem) -> [String] {
        guard let items = node.value.arrayValue else {
            throw VariantProblem("\"\(name)\" takes an array of strings such as [\(example)]", at: node.location, pointer: pointer)
        }
        var values: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.value.stringValue, let value = check(text) else {
                throw VariantProblem(
                    "\"\(name)\" takes values such as \(example), not \(item.value.stringValue.map { "\"\($0)\"" } ?? item.value.typeName)",
                    at: item.location, pointer: pointer.appending(index))
            }
            values.append(value)
        }
        return values
    }

    private static func percentage(_ node: JSONNode, at pointer: JSONPointer, name: String) throws(VariantProblem) -> Int64 {
        guard case .number(let number) = node.value, let value = Percentage.millionths(number.literal) else {
            throw VariantProblem(
                "\"\(name)\" must be a percentage from 0 to 100 with at most six decimals, written without an exponent", at: node.location,
                pointer: pointer)
        }
        return value
    }

    /// The object in `node`, refusing members other than `allowed`.
    static func members(of node: JSONNode, at pointer: JSONPointer, allowed: [String], what: String) throws(VariantProblem) -> JSONObject {
        guard case .object(let object) = node.value else {
            throw VariantProblem("\(what) must be a JSON object, found \(node.value.typeName)", at: node.location, pointer: pointer)
        }
        if let unknown = object.members.first(where: { !allowed.contains($0.key) }) {
            let hint = NearestName.closest(to: unknown.key, in: allowed).map { "; did you mean \"\($0)\"?" } ?? ""
            throw VariantProblem(
                "unknown member \"\(unknown.key)\" in \(what) (it may have \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")))\(hint)",
                at: unknown.keyLocation, pointer: pointer.appending(unknown.key))
        }
        return object
    }

    /// `value` without positions, for canonical output.
    static func stripped(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object): .makeObject(object.members.map { ($0.key, stripped($0.value.value)) })
        case .array(let items): .makeArray(items.map { stripped($0.value) })
        default: value
        }
    }
}
