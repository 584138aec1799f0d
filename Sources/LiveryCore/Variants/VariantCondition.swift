/// When a variant applies: a tree of tests on what the app tells the store
/// about the install (``VariantContext``). The language is documented in
/// docs/variants.md; `VariantParser` reads it from `variant.json`.
///
/// A test whose input the app did not give (no country, say) is false, as in
/// Firebase Remote Config, so `{"not": {"countries": ["FR"]}}` holds for an
/// install whose country is unknown.
public indirect enum VariantCondition: Sendable, Hashable {
    /// Every condition holds (true for none).
    case all([VariantCondition])
    /// At least one condition holds (false for none).
    case any([VariantCondition])
    case not(VariantCondition)
    /// The install's bucket for `seed` is below `threshold` millionths of a percent.
    case percent(threshold: Int64, seed: String)
    /// The install's country (ISO 3166-1 alpha-2, upper case) is one of these.
    case countries([String])
    /// The install's locale is one of these tags, or starts with one of them at a subtag boundary.
    case locales([String])
    /// The install's platform (lower case) is one of these.
    case platforms([String])
    case appVersion(VersionRange)
    case dates(DateWindow)

    /// Whether the condition holds for `context`.
    public func holds(for context: VariantContext) -> Bool {
        switch self {
        case .all(let conditions): conditions.allSatisfy { $0.holds(for: context) }
        case .any(let conditions): conditions.contains { $0.holds(for: context) }
        case .not(let condition): !condition.holds(for: context)
        case .percent(let threshold, let seed): InstallBucket.bucket(seed: seed, installID: context.installID) < threshold
        case .countries(let codes): context.country.map { codes.contains($0.uppercased()) } ?? false
        case .locales(let tags): context.locale.map { Self.locale($0, matchesAnyOf: tags) } ?? false
        case .platforms(let names): context.platform.map { names.contains($0.lowercased()) } ?? false
        case .appVersion(let range): context.appVersion.flatMap(AppVersion.init(text:)).map(range.contains) ?? false
        case .dates(let window): window.contains(context.date)
        }
    }

    /// `tag` (`fr-CA`, `fr_CA`) matches `fr-CA` exactly and `fr` as a prefix
    /// ending at a subtag boundary, without regard to case.
    static func locale(_ tag: String, matchesAnyOf tags: [String]) -> Bool {
        let normal = normalizedLocale(tag)
        return tags.contains { wanted in
            let want = normalizedLocale(wanted)
            return normal == want || normal.hasPrefix(want + "-")
        }
    }

    /// Lower case, `_` as `-`: how locale tags are compared.
    static func normalizedLocale(_ tag: String) -> String {
        String(tag.lowercased().map { $0 == "_" ? "-" : $0 })
    }

    /// Whether no context can make the condition hold, as far as can be told
    /// without trying every input: an empty `any`, a 0 % bucket, an empty date
    /// window, an empty version range, or an `all` holding one of these.
    public var neverHolds: Bool {
        switch self {
        case .all(let conditions): conditions.contains(where: \.neverHolds)
        case .any(let conditions): conditions.allSatisfy(\.neverHolds)
        case .not(let condition): condition.alwaysHolds
        case .percent(let threshold, _): threshold <= 0
        case .countries(let list), .locales(let list), .platforms(let list): list.isEmpty
        case .appVersion(let range): range.isEmpty
        case .dates(let window): window.isEmpty
        }
    }

    /// Whether every context makes the condition hold, as far as can be told:
    /// an empty `all`, a 100 % bucket, or the `not` of a condition that never holds.
    public var alwaysHolds: Bool {
        switch self {
        case .all(let conditions): conditions.allSatisfy(\.alwaysHolds)
        case .any(let conditions): conditions.contains(where: \.alwaysHolds)
        case .not(let condition): condition.neverHolds
        case .percent(let threshold, _): threshold >= InstallBucket.range
        default: false
        }
    }
}

/// What the app says about the install when a variant is chosen. Every
/// member but the install id and the date may be unknown (nil).
public struct VariantContext: Sendable, Hashable {
    /// A stable id of this install, which the app makes once and keeps
    /// (Firebase's installation id, or a random UUID stored on first launch).
    public var installID: String
    /// ISO 3166-1 alpha-2 (`CA`), as the app knows it (store front, SIM, settings).
    public var country: String?
    /// A BCP 47 tag (`fr-CA`; `fr_CA` is read the same).
    public var locale: String?
    /// `ios`, `android`, `macos` or `web`.
    public var platform: String?
    /// The app's version, dot-separated numbers (`3.2.0`).
    public var appVersion: String?
    /// The moment of the decision.
    public var date: UpdateTime

    public init(
        installID: String, country: String? = nil, locale: String? = nil, platform: String? = nil, appVersion: String? = nil,
        date: UpdateTime
    ) {
        self.installID = installID
        self.country = country
        self.locale = locale
        self.platform = platform
        self.appVersion = appVersion
        self.date = date
    }
}
