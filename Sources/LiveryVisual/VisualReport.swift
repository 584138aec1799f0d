import LiveryJSON
import LiveryText

/// What `livery diff --visual` found: per client that changed, per appearance,
/// the share of pixels that differ between the two screens, and where its
/// images are. Made by the caller; rendered here as `report.json` and
/// `report.html` without any I/O.
public struct VisualReport: Sendable, Equatable {
    public struct Appearance: Sendable, Equatable {
        /// `light`, `dark`, `high-contrast-light`, `high-contrast-dark`.
        public var name: String
        /// Pixels that differ, anti-aliasing not counted.
        public var differing: Int
        public var total: Int
        /// Relative paths of the images: before (nil for an added client), after (nil for a removed one), difference.
        public var before: String?
        public var after: String?
        public var difference: String?

        public init(name: String, differing: Int, total: Int, before: String?, after: String?, difference: String?) {
            self.name = name
            self.differing = differing
            self.total = total
            self.before = before
            self.after = after
            self.difference = difference
        }

        /// What the report says of it: `unchanged` when no pixel differs, else the share (`0.03 %`).
        public var shareText: String { differing == 0 ? "unchanged" : VisualReport.percent(share) }

        /// The share of pixels that differ, 0 … 1.
        public var share: Double { total == 0 ? 0 : Double(differing) / Double(total) }
    }

    /// What the diff says changed in a client, as `livery diff` writes it, so that the
    /// review names each change beside the pictures (made by the diff's own renderers).
    public struct Changes: Sendable, Equatable {
        /// Why the client as a whole is breaking (a removed client), if it is.
        public var breakingReason: String?
        /// The changes as `livery diff --format json` writes `targets[].changes`.
        public var json: JSONValue
        /// The changes (and variants) as `livery diff --format html` draws them.
        public var html: String
        /// How many changes, and how many of them are breaking.
        public var count: Int
        public var breaking: Int

        public init(breakingReason: String? = nil, json: JSONValue = .makeArray([]), html: String = "", count: Int = 0, breaking: Int = 0) {
            self.breakingReason = breakingReason
            self.json = json
            self.html = html
            self.count = count
            self.breaking = breaking
        }
    }

    public struct Client: Sendable, Equatable {
        public var id: String
        /// `changed`, `renamed`, `added`, `removed`.
        public var status: String
        public var renamedFrom: String?
        public var appearances: [Appearance]
        public var changes: Changes

        public init(id: String, status: String, renamedFrom: String? = nil, appearances: [Appearance], changes: Changes = Changes()) {
            self.id = id
            self.status = status
            self.renamedFrom = renamedFrom
            self.appearances = appearances
            self.changes = changes
        }

        /// The largest share among its appearances.
        public var share: Double { appearances.map(\.share).max() ?? 0 }
    }

    public var base: String
    public var head: String
    /// pixelmatch's colour threshold the comparison used.
    public var colorThreshold: Double
    public var clients: [Client]
    /// Clients the diff found invalid on a side: not drawn.
    public var invalid: [String]

    public init(base: String, head: String, colorThreshold: Double, clients: [Client], invalid: [String] = []) {
        self.base = base
        self.head = head
        self.colorThreshold = colorThreshold
        self.clients = clients
        self.invalid = invalid
    }

    /// The largest share of any client and appearance.
    public var largestShare: Double { clients.map(\.share).max() ?? 0 }

    public static let format = "livery-visual/1"

    /// `report.json`: the format name, the revisions, and per client and appearance
    /// the pixels that differ, the total, the share and the images.
    public func json() -> String {
        let clients: [JSONValue] = clients.map { client in
            var members: [(String, JSONValue)] = [("id", .string(client.id)), ("status", .string(client.status))]
            if let old = client.renamedFrom { members.append(("renamedFrom", .string(old))) }
            members.append(("share", Self.number(client.share)))
            members.append(("breakingReason", .optionalString(client.changes.breakingReason)))
            members.append(("changes", client.changes.json))
            members.append(
                (
                    "appearances",
                    .makeArray(
                        client.appearances.map { appearance in
                            .makeObject([
                                ("name", .string(appearance.name)),
                                ("share", Self.number(appearance.share)),
                                ("differingPixels", .integer(appearance.differing)),
                                ("pixels", .integer(appearance.total)),
                                ("before", .optionalString(appearance.before)),
                                ("after", .optionalString(appearance.after)),
                                ("difference", .optionalString(appearance.difference)),
                            ])
                        })
                ))
            return .makeObject(members)
        }
        let document = JSONValue.makeObject([
            ("format", .string(Self.format)),
            ("base", .string(base)),
            ("head", .string(head)),
            ("colorThreshold", Self.number(colorThreshold)),
            ("largestShare", Self.number(largestShare)),
            ("clients", .makeArray(clients)),
            ("invalid", .makeArray(invalid.map { .string($0) })),
        ])
        return JSONWriter.write(document, sortedKeys: false)
    }

    /// A share as a JSON number with at most 6 decimals: the same pixels give the same text.
    static func number(_ value: Double) -> JSONValue {
        .number(JSONNumber(literal: NumberText.text((value * 1_000_000).rounded() / 1_000_000)))
    }

    /// `0 %`, `0.03 %`, `12.5 %`.
    public static func percent(_ share: Double) -> String {
        if share == 0 { return "0 %" }
        let value = share * 100
        let text = value < 0.01 ? "<0.01" : NumberText.text((value * 100).rounded() / 100)
        return text + " %"
    }
}
