import LiveryCore
import LiveryJSON
import LiveryTargets

/// One of a client's variants (`targets/<id>/variants/<name>/`, docs/variants.md) as one
/// revision sees it.
public struct VariantSnapshot: Sendable {
    public enum State: Sendable {
        /// Its definition (condition, order, experiment) and its whole style.
        case resolved(VariantDefinition, ResolvedStyle)
        /// Its files could not be read, or its style has errors.
        case invalid([Diagnostic])
    }

    public var name: String
    public var state: State

    public init(name: String, state: State) {
        self.name = name
        self.state = state
    }
}

/// A variant of a client that differs between the revisions, listed under its client.
public struct VariantChange: Sendable {
    public enum Kind: String, Sendable, Hashable {
        /// `invalid`: it does not resolve in HEAD, so no install can get it there.
        case added, removed, changed, invalid
    }

    /// What about a variant changed. `when`, `order` and `experiment` decide who gets it;
    /// `values` what its installs see.
    public enum Aspect: String, Sendable, Hashable, CaseIterable {
        case condition = "when"
        case order, experiment, values

        public var affectsAudience: Bool { self != .values }
    }

    /// One value the variant sets over its client that differs: a dotted path and the
    /// JSON values before and after (nil where the variant does not set it).
    public struct Value: Sendable, Hashable {
        public var path: String
        public var old: JSONValue?
        public var new: JSONValue?
    }

    /// How the variant is defined on one side: its definition and its patch over the client.
    public struct Side: Sendable, Hashable {
        public var definition: VariantDefinition
        /// The RFC 7396 merge patch that turns the client's style into the variant's.
        public var patch: JSONValue
        /// Values it changes that only an app release may change (empty for a valid variant).
        public var appReleaseOnly: [String]

        public static func == (lhs: Side, rhs: Side) -> Bool {
            lhs.definition == rhs.definition && CanonicalJSON.bytes(lhs.patch) == CanonicalJSON.bytes(rhs.patch)
        }

        public func hash(into hasher: inout Hasher) { hasher.combine(definition) }
    }

    public var name: String
    public var kind: Kind
    /// What changed, in `Aspect` order: every aspect the variant has for one added or removed.
    public var aspects: [Aspect]
    public var old: Side?
    public var new: Side?
    /// For a variant whose values changed, each value that differs, in path order.
    public var values: [Value]
    /// Why it does not resolve in HEAD (kind `invalid`).
    public var errors: [Diagnostic]

    /// Whether the installs that get the variant (or which variant they get) change.
    public var affectsAudience: Bool { aspects.contains { $0.affectsAudience } }

    /// How the change reaches installs: built into the next bundle or carried by a signed
    /// update (`diff --format update`), without an app release, since a variant changes only
    /// what an update may; an app release when either side changes something an update may not.
    public var delivery: Delivery {
        (old?.appReleaseOnly.isEmpty ?? true) && (new?.appReleaseOnly.isEmpty ?? true) ? .styleUpdate : .appRelease
    }

    /// `who gets it changes`, `what it shows changes`, or both, for people.
    public var effect: String {
        switch kind {
        case .added: return "new: the installs its condition picks get it"
        case .removed: return "gone: its installs get the client's style or a later variant"
        case .invalid: return "does not resolve: no install gets it"
        case .changed:
            let audience = affectsAudience
            let look = aspects.contains(.values)
            if audience && look { return "who gets it and what they see change" }
            return audience ? "who gets it changes" : "what its installs see changes"
        }
    }
}

/// Compares a client's variants in two revisions: pure.
public enum VariantDiff {
    /// The variants that differ between `base` and `head` (each side's variants over that
    /// side's client style), by name.
    public static func changes(
        base: [VariantSnapshot], baseClient: ResolvedStyle, head: [VariantSnapshot], headClient: ResolvedStyle
    ) -> [VariantChange] {
        let old = sides(base, client: baseClient)
        let new = sides(head, client: headClient)
        let names = Set(old.keys).union(new.keys).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return names.compactMap { name in change(name, old[name], new[name]) }
    }

    /// Each variant's side, or its errors.
    static func sides(_ snapshots: [VariantSnapshot], client: ResolvedStyle) -> [String: Result<VariantChange.Side, InvalidVariant>] {
        let clientJSON = ResolvedStyleJSON.document(for: client)
        var result: [String: Result<VariantChange.Side, InvalidVariant>] = [:]
        for snapshot in snapshots {
            switch snapshot.state {
            case .invalid(let errors):
                result[snapshot.name] = .failure(InvalidVariant(errors: errors))
            case .resolved(let definition, let style):
                let json = ResolvedStyleJSON.document(for: style)
                // A style no merge patch reaches (a null value) is shown whole.
                let patch = VariantSet.make(client: clientJSON, variants: [(definition, json)])?.entries.first?.patch ?? json
                let forbidden = MergeRules.builtIn.forbiddenChanges(from: clientJSON, to: json)
                result[snapshot.name] = .success(VariantChange.Side(definition: definition, patch: patch, appReleaseOnly: forbidden))
            }
        }
        return result
    }

    struct InvalidVariant: Error {
        var errors: [Diagnostic]
    }

    static func change(
        _ name: String, _ old: Result<VariantChange.Side, InvalidVariant>?, _ new: Result<VariantChange.Side, InvalidVariant>?
    ) -> VariantChange? {
        let before = try? old?.get()
        let after = try? new?.get()
        if case .failure(let invalid)? = new {
            // Broken in both revisions with the same errors: nothing new to say.
            if case .failure(let was)? = old, was.errors == invalid.errors { return nil }
            return VariantChange(name: name, kind: .invalid, aspects: [], old: before, new: nil, values: [], errors: invalid.errors)
        }
        switch (before, after) {
        case (nil, let added?):
            return VariantChange(
                name: name, kind: .added, aspects: aspects(of: added), old: nil, new: added, values: values(nil, added.patch), errors: [])
        case (let removed?, nil):
            return VariantChange(
                name: name, kind: .removed, aspects: aspects(of: removed), old: removed, new: nil, values: values(removed.patch, nil),
                errors: [])
        case (let a?, let b?):
            var aspects: [VariantChange.Aspect] = []
            if a.definition.conditionJSON.map(CanonicalJSON.bytes) != b.definition.conditionJSON.map(CanonicalJSON.bytes) {
                aspects.append(.condition)
            }
            if a.definition.order != b.definition.order { aspects.append(.order) }
            if a.definition.experiment != b.definition.experiment { aspects.append(.experiment) }
            let changed = values(a.patch, b.patch)
            if !changed.isEmpty { aspects.append(.values) }
            guard !aspects.isEmpty else { return nil }
            return VariantChange(name: name, kind: .changed, aspects: aspects, old: a, new: b, values: changed, errors: [])
        case (nil, nil):
            // Invalid in BASE and gone or invalid in HEAD was handled above; gone from both: nothing.
            return nil
        }
    }

    /// What an added or removed variant has: always a condition (absent: every install) and values.
    static func aspects(of side: VariantChange.Side) -> [VariantChange.Aspect] {
        var aspects: [VariantChange.Aspect] = [.condition, .order]
        if side.definition.experiment != nil { aspects.append(.experiment) }
        aspects.append(.values)
        return aspects
    }

    /// The innermost values that differ between two patches (nil: no patch), by dotted path.
    static func values(_ old: JSONValue?, _ new: JSONValue?) -> [VariantChange.Value] {
        var found: [VariantChange.Value] = []
        func walk(_ a: JSONValue?, _ b: JSONValue?, _ path: [String]) {
            if let a, let b, CanonicalJSON.bytes(a) == CanonicalJSON.bytes(b) { return }
            // Objects (or an object and nothing) are walked into; anything else is one value.
            if let x = members(a), let y = members(b) {
                for key in Set(x.keys + y.keys).sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                    walk(x[key]?.value, y[key]?.value, path + [key])
                }
                return
            }
            found.append(VariantChange.Value(path: path.joined(separator: "."), old: a, new: b))
        }
        walk(old, new, [])
        return found
    }

    /// An object's members; none for nothing; nil for a value that is not an object.
    static func members(_ value: JSONValue?) -> JSONObject? {
        guard let value else { return JSONObject() }
        if case .object(let object) = value { return object }
        return nil
    }
}
