/// Where a JSON value was written: the file it came from and its 1-based line and
/// column (columns count Unicode scalars, as editors do).
public struct JSONLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file as the user knows it, e.g. `targets/acme/style.json`.
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }
}

/// A JSON number, kept as the exact text it was written with so that big
/// integers and long decimals compare and print without rounding.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The literal as written (RFC 8259 grammar), e.g. `-12.50e3`.
    public let literal: String

    public init(literal: String) {
        self.literal = literal
    }

    public init(_ value: Int) {
        self.literal = String(value)
    }

    /// The nearest `Double`; lossy for very long literals.
    public var doubleValue: Double { Double(literal) ?? .nan }

    public var description: String { literal }
}

/// A JSON value in which every nested value remembers where it was written.
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONNode])
    case object(JSONObject)
}

/// A value and the place that wrote it.
public struct JSONNode: Sendable {
    public var value: JSONValue
    public var location: JSONLocation

    public init(_ value: JSONValue, at location: JSONLocation) {
        self.value = value
        self.location = location
    }
}

/// A JSON object's members in the order they were written, with their keys'
/// locations, and a lookup by key.
public struct JSONObject: Sendable {
    public struct Member: Sendable {
        public var key: String
        public var keyLocation: JSONLocation
        public var value: JSONNode

        public init(key: String, keyLocation: JSONLocation, value: JSONNode) {
            self.key = key
            self.keyLocation = keyLocation
            self.value = value
        }
    }

    public private(set) var members: [Member] = []
    /// Key → position, built only once an object outgrows `linearLimit`: most
    /// objects in a style (a colour's `light`/`dark`, a font) have a handful of
    /// keys, and a scan of those is cheaper than hashing into a dictionary.
    private var indexByKey: [String: Int] = [:]
    private static let linearLimit = 8

    public init() {}

    public init(_ members: [Member]) {
        self.members.reserveCapacity(members.count)
        for member in members { store(member, for: member.key) }
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [String] { members.map(\.key) }

    private func position(of key: String) -> Int? {
        if members.count <= Self.linearLimit {
            return members.firstIndex { $0.key == key }
        }
        return indexByKey[key]
    }

    /// The member named `key`, or nil.
    public func member(_ key: String) -> Member? {
        position(of: key).map { members[$0] }
    }

    /// The value named `key`, or nil.
    public subscript(key: String) -> JSONNode? {
        position(of: key).map { members[$0].value }
    }

    /// Sets, replaces (keeping its place) or removes (with nil) a member.
    private mutating func store(_ newValue: Member?, for key: String) {
        if let newValue {
            if let index = position(of: key) {
                members[index] = newValue
                return
            }
            members.append(newValue)
            if members.count > Self.linearLimit {
                if indexByKey.isEmpty {
                    for (i, member) in members.enumerated() { indexByKey[member.key] = i }
                } else {
                    indexByKey[key] = members.count - 1
                }
            }
        } else if let index = position(of: key) {
            members.remove(at: index)
            if members.count <= Self.linearLimit {
                indexByKey = [:]
            } else {
                indexByKey[key] = nil
                for i in index..<members.count { indexByKey[members[i].key] = i }
            }
        }
    }

    /// Adds or replaces the member `key`.
    public mutating func set(_ key: String, _ value: JSONNode, keyLocation: JSONLocation? = nil) {
        store(Member(key: key, keyLocation: keyLocation ?? value.location, value: value), for: key)
    }

    /// Removes the member `key` if present.
    public mutating func remove(_ key: String) {
        store(nil, for: key)
    }
}

extension JSONValue {
    /// The JSON type name as JSON Schema spells it (`integer` is reported as `number`).
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var arrayValue: [JSONNode]? {
        if case .array(let a) = self { return a }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var numberValue: JSONNumber? {
        if case .number(let n) = self { return n }
        return nil
    }
}

extension JSONLocation {
    /// The location of values livery makes itself (reports, resolved documents).
    public static let synthesized = JSONLocation(file: "", line: 0, column: 0)
}

extension JSONValue {
    /// An object from key–value pairs, in the given order.
    public static func makeObject(_ pairs: [(String, JSONValue)]) -> JSONValue {
        var object = JSONObject()
        for (key, value) in pairs {
            object.set(key, JSONNode(value, at: .synthesized))
        }
        return .object(object)
    }

    /// An array of values made by livery.
    public static func makeArray(_ values: [JSONValue]) -> JSONValue {
        .array(values.map { JSONNode($0, at: .synthesized) })
    }

    /// A string, or null when nil.
    public static func optionalString(_ value: String?) -> JSONValue {
        value.map { .string($0) } ?? .null
    }

    /// An integer number.
    public static func integer(_ value: Int) -> JSONValue {
        .number(JSONNumber(value))
    }
}

extension JSONValue: Equatable {
    /// Structural equality, ignoring locations and key order; numbers compare by value.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a.literal == b.literal || compareNumbers(a, b) == 0
        // Code point by code point: JSON Schema does not treat canonically
        // equivalent spellings (é and e + ◌́) as equal, unlike Swift's String ==.
        case (.string(let a), .string(let b)): a.unicodeScalars.elementsEqual(b.unicodeScalars)
        case (.array(let a), .array(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.value == $1.value }
        case (.object(let a), .object(let b)):
            a.count == b.count && a.members.allSatisfy { member in b[member.key].map { $0.value == member.value.value } ?? false }
        default: false
        }
    }
}

extension JSONValue: Hashable {
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n.canonicalLiteral)
        case .string(let s): for scalar in s.unicodeScalars { hasher.combine(scalar.value) }
        case .array(let items): hasher.combine(items.count)
        case .object(let object): hasher.combine(object.count)
        }
    }
}
