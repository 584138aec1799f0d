import LiveryGit
import LiveryJSON
import LiveryTargets

/// Each target's app identity (`displayName`, `bundleId`, `androidPackage`) as
/// its `extends` chain gives it, for `livery list --format json`. Reads only the
/// style files: the nearest file that sets a key wins, as merging does (`app` is
/// merged key by key; a `null` removes an inherited value).
package struct TargetIdentity: Sendable, Equatable {
    package var displayName: String?
    package var bundleId: String?
    /// The Android application id: `app.androidPackage`, else `bundleId` when Android accepts it.
    package var androidPackage: String?

    static let keys = ["displayName", "bundleId", "androidPackage"]
}

package enum TargetIdentities {
    /// Each of `ids`' identity, from the style files the pipeline's load stage reads.
    package static func read(_ ids: [String], through pipeline: TargetPipeline) -> [String: TargetIdentity] {
        let graph = pipeline.graph
        // Each file's own `app` values, read once: a base is asked for by every client.
        var own: [String: [String: JSONValue]] = [:]
        func ownApp(_ id: String) -> [String: JSONValue] {
            if let known = own[id] { return known }
            var values: [String: JSONValue] = [:]
            if case .success(let document) = pipeline.ownDocument(id), let app = document.value.objectValue?["app"]?.value.objectValue {
                for key in TargetIdentity.keys { if let node = app[key] { values[key] = node.value } }
            }
            own[id] = values
            return values
        }
        var identities: [String: TargetIdentity] = [:]
        for id in ids {
            var found: [String: String] = [:]
            var settled: Set<String> = []
            for member in graph.chain(of: id) ?? [id] {
                for (key, value) in ownApp(member) where !settled.contains(key) {
                    // A text per language merges with its parent's: its "default" is the name.
                    if case .object(let texts) = value {
                        guard let text = texts["default"]?.value.stringValue else { continue }
                        found[key] = text
                    }
                    settled.insert(key)
                    if case .string(let text) = value { found[key] = text }
                }
            }
            var identity = AppIdentity()
            identity.displayName = found["displayName"]
            identity.bundleId = found["bundleId"]
            identity.androidPackage = found["androidPackage"]
            // What the Android bundle uses: androidPackage, else a bundleId Android accepts.
            identities[id] = TargetIdentity(
                displayName: identity.displayName, bundleId: identity.bundleId, androidPackage: identity.applicationId)
        }
        return identities
    }
}

extension TargetIdentities {
    /// The facts the identity checks need of clients a run does not check (`validate
    /// --target`), from their style files alone (no merge, no resolve): each value where
    /// the nearest file of the chain writes it. A file that cannot be read gives none.
    static func facts(of ids: [String], through pipeline: TargetPipeline) -> [ClientFacts] {
        var own: [String: (app: [String: JSONNode], theme: Bool?)] = [:]
        func read(_ id: String) -> (app: [String: JSONNode], theme: Bool?) {
            if let known = own[id] { return known }
            var found: (app: [String: JSONNode], theme: Bool?) = ([:], nil)
            if case .success(let document) = pipeline.ownDocument(id), let object = document.value.objectValue {
                for member in object["app"]?.value.objectValue?.members ?? [] { found.app[member.key] = member.value }
                found.theme = object["theme"]?.value.boolValue
            }
            own[id] = found
            return found
        }
        return ids.compactMap { id in
            guard let summary = pipeline.graph.targets[id] else { return nil }
            var identity: [ClientFacts.IdentityKey: (value: String, location: JSONLocation)] = [:]
            var settled: Set<ClientFacts.IdentityKey> = []
            var isTheme: Bool?
            for member in pipeline.graph.chain(of: id) ?? [id] {
                let file = read(member)
                if isTheme == nil { isTheme = file.theme }
                for key in ClientFacts.IdentityKey.allCases where !settled.contains(key) {
                    guard let node = file.app[key.rawValue] else { continue }
                    settled.insert(key)
                    if let text = node.value.stringValue { identity[key] = (text, node.location) }
                }
            }
            return ClientFacts(id: id, styleFile: summary.styleFile, identity: identity, isTheme: isTheme == true)
        }
    }
}
