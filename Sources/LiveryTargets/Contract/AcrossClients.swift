import LiveryJSON

/// What the checks across clients need of one concrete target, made by the worker
/// that resolved it: small, so that thousands of them are cheap to hold.
public struct ClientFacts: Sendable {
    public var id: String
    public var styleFile: String
    /// The token paths it defines (`colors.primary`), with where the first of each was
    /// written; only gathered when the repository has no contract.
    public var tokens: [(path: String, location: JSONLocation, pointer: JSONPointer)]
    /// Where its own style file opens each token group (`colors`, `components`), for a
    /// token it lacks to be reported where it would be written; only gathered with the tokens.
    public var groups: [(name: String, location: JSONLocation)] = []
    /// `bundleId`, `androidPackage` (the Android application id) and `displayName`, each with where it was written.
    public var identity: [IdentityKey: (value: String, location: JSONLocation)]
    /// Whether the Android application id was written as `androidPackage` rather than taken from `bundleId`.
    public var explicitAndroidPackage: Bool
    /// A theme (`"theme": true`) is another look of the app it extends: it has that app's identity.
    public var isTheme: Bool

    public enum IdentityKey: String, Sendable, CaseIterable {
        case bundleId, androidPackage, displayName
    }

    /// The identity of a client the run does not check (`validate --target` compares the
    /// selected clients with every other): each value with where it was written, nearest
    /// file of the chain first, as merging would give it.
    public init(id: String, styleFile: String, identity: [IdentityKey: (value: String, location: JSONLocation)], isTheme: Bool) {
        self.id = id
        self.styleFile = styleFile
        tokens = []
        self.isTheme = isTheme
        self.identity = isTheme ? [:] : identity
        explicitAndroidPackage = self.identity[.androidPackage] != nil
        if !explicitAndroidPackage, let bundle = self.identity[.bundleId],
            let applicationId = AppIdentity(bundleId: bundle.value).applicationId
        {
            self.identity[.androidPackage] = (applicationId, bundle.location)
        }
    }

    /// The facts of `document` (a merged style) with `applicationId` the Android id the bundle uses.
    public init(id: String, styleFile: String, document: JSONNode, applicationId: String?, gathersTokens: Bool) {
        self.id = id
        self.styleFile = styleFile
        tokens = gathersTokens ? StyleTokens.defined(in: document).map { ($0.path, $0.member.keyLocation, $0.pointer) } : []
        if gathersTokens, let members = document.value.objectValue?.members {
            groups = members.filter { $0.keyLocation.file == styleFile && $0.value.value.objectValue != nil }.map {
                ($0.key, $0.keyLocation)
            }
        }
        identity = [:]
        isTheme = document.value.objectValue?["theme"]?.value.boolValue == true
        explicitAndroidPackage = false
        guard !isTheme else { return }
        let app = document.value.objectValue?["app"]?.value.objectValue
        for key in IdentityKey.allCases {
            if let node = app?[key.rawValue], let text = node.value.stringValue { identity[key] = (text, node.location) }
        }
        explicitAndroidPackage = identity[.androidPackage] != nil
        if !explicitAndroidPackage, let applicationId, let bundle = identity[.bundleId] {
            identity[.androidPackage] = (applicationId, bundle.location)
        }
    }
}

/// The checks that need every concrete target at once: two clients with one bundle id
/// or Android application id (`identity-duplicate`), or one display name
/// (`display-name-duplicate`), and, without a contract, a token some clients define
/// and others do not (`contract-uneven`). Clients are added in any order; the problems
/// come out the same.
public struct AcrossClients: Sendable {
    /// One entry per client added, without its tokens (folded into `tallies`).
    private var clients: [ClientFacts] = []
    /// Token path → the clients (by position in `clients`) that define it, and where the
    /// first in id order wrote it. Positions, not ids: at 50,000 clients of 100 tokens
    /// each, this is 20 MB where a list of ids would be ten times that.
    private var tallies: [String: Tally] = [:]
    private let checksTokens: Bool
    private let contractFile: String
    /// The clients the run checks, when not all: a clash is reported only when one of
    /// them is in it, the others being there to be compared with.
    private let checked: Set<String>?

    private struct Tally: Sendable {
        var definers: [Int32] = []
        var firstID: String
        var location: JSONLocation
        var pointer: JSONPointer
    }

    /// `checksTokens`: whether to report uneven tokens (a repository without a contract,
    /// with every target selected); `contractFile` is where a contract would be.
    public init(checksTokens: Bool, contractFile: String, checked: Set<String>? = nil) {
        self.checksTokens = checksTokens
        self.contractFile = contractFile
        self.checked = checked
    }

    public mutating func add(_ facts: ClientFacts) {
        let position = Int32(clients.count)
        var kept = facts
        kept.tokens = []
        clients.append(kept)
        guard checksTokens else { return }
        for token in facts.tokens {
            if var tally = tallies[token.path] {
                tally.definers.append(position)
                if facts.id < tally.firstID { (tally.firstID, tally.location, tally.pointer) = (facts.id, token.location, token.pointer) }
                tallies[token.path] = tally
            } else {
                tallies[token.path] = Tally(definers: [position], firstID: facts.id, location: token.location, pointer: token.pointer)
            }
        }
    }

    public func diagnostics() -> [Diagnostic] {
        identityClashes(clients.sorted { $0.id < $1.id }) + (checksTokens ? unevenTokens() : [])
    }

    private func identityClashes(_ clients: [ClientFacts]) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for key in ClientFacts.IdentityKey.allCases {
            var first: [String: ClientFacts] = [:]
            for client in clients {
                guard let (value, location) = client.identity[key] else { continue }
                guard var earlier = first[value] else {
                    first[value] = client
                    continue
                }
                // An application id taken from two equal bundle ids is the bundle id's clash, reported once.
                if key == .androidPackage, !client.explicitAndroidPackage, !earlier.explicitAndroidPackage { continue }
                var client = client
                if let checked {
                    // Only the clients checked are reported on: the one checked is the one placed.
                    guard checked.contains(client.id) || checked.contains(earlier.id) else { continue }
                    if !checked.contains(client.id) { swap(&client, &earlier) }
                }
                let isName = key == .displayName
                var diagnostic = Diagnostic(
                    isName ? .warning : .error, rule: isName ? .displayNameDuplicate : .identityDuplicate,
                    "'\(client.id)' (\(client.styleFile)) has the same \(key.rawValue) '\(value)' as '\(earlier.id)' (\(earlier.styleFile))"
                        + (isName
                            ? ": their users cannot tell the apps apart" : ": the stores take them for one app; give each client its own"),
                    at: client.identity[key]?.location ?? location, pointer: JSONPointer(tokens: ["app", key.rawValue]), target: client.id
                )
                if let place = earlier.identity[key]?.location {
                    diagnostic.related = [RelatedLocation("'\(earlier.id)' has it here", at: place)]
                }
                found.append(diagnostic)
            }
        }
        return found
    }

    private func unevenTokens() -> [Diagnostic] {
        guard clients.count > 1 else { return [] }
        return tallies.keys.sorted().compactMap { path in
            guard let tally = tallies[path], tally.definers.count < clients.count else { return nil }
            let having = Set(tally.definers)
            let lacking = clients.indices.filter { !having.contains(Int32($0)) }.sorted { clients[$0].id < clients[$1].id }
            guard let first = lacking.first else { return nil }
            let lackingIDs = lacking.map { clients[$0].id }
            // Reported at the client that lacks it (the first, by id), where its file opens
            // the token's group, or at its file; where a client defines it is the related place.
            var diagnostic = Diagnostic(
                .warning, rule: .contractUneven,
                "\(path) is not defined by \(Self.names(lackingIDs)), though \(tally.definers.count) of \(clients.count) clients define it (\(tally.firstID)): write the app's contract (`livery contract init` writes \(contractFile)) or define it for every client",
                file: clients[first].styleFile, pointer: tally.pointer
            )
            let group = path.split(separator: ".").first.map(String.init)
            if let place = clients[first].groups.first(where: { $0.name == group })?.location {
                (diagnostic.line, diagnostic.column) = (place.line, place.column)
            }
            if lackingIDs.count == 1 {
                diagnostic.target = lackingIDs[0]
            } else {
                diagnostic.affectedTargets = lackingIDs
            }
            diagnostic.related = [RelatedLocation("'\(tally.firstID)' defines it here", at: tally.location, pointer: tally.pointer)]
            return diagnostic
        }
    }

    /// Up to five names, then how many more.
    static func names(_ ids: [String]) -> String {
        let shown = ids.prefix(5).joined(separator: ", ")
        return ids.count > 5 ? "\(shown) and \(ids.count - 5) more" : shown
    }
}
