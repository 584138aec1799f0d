import Foundation
import LiveryCore
import Logging

/// What the app knows of the install, which variant conditions and update
/// rollouts test (docs/variants.md). Leave out what the app does not know: a
/// condition on an unknown input is false.
public struct VariantAudience: Sendable, Hashable {
    /// A stable id of this install, made once and kept (a UUID stored on first launch).
    public var installID: String
    /// ISO 3166-1 alpha-2, e.g. the store front's country.
    public var country: String?
    /// A BCP 47 tag, e.g. `Locale.current.identifier`.
    public var locale: String?
    /// `ios`, `android`, `macos` or `web`.
    public var platform: String?
    /// The app's version (`CFBundleShortVersionString`).
    public var appVersion: String?

    public init(installID: String, country: String? = nil, locale: String? = nil, platform: String? = nil, appVersion: String? = nil) {
        self.installID = installID
        self.country = country
        self.locale = locale
        self.platform = platform
        self.appVersion = appVersion
    }

    func context(at date: UpdateTime) -> VariantContext {
        VariantContext(installID: installID, country: country, locale: locale, platform: platform, appVersion: appVersion, date: date)
    }
}

/// When a change reaches ``StyleStore/style``.
public enum VariantActivation: Sendable, Hashable {
    /// Every change shows at once: an update applied, a window opening when
    /// ``StyleStore/reconsiderVariant()`` is called.
    case immediately
    /// The style decided when the store was made stays until the next launch
    /// (the next store), so the screen never changes under the user; updates
    /// are still verified, applied and cached meanwhile.
    case nextLaunch
}

/// The style shown, its canonical bytes (what the app's generated `AppTheme` reads) and the variant it is, if any.
struct Presented: Sendable {
    let style: LiveryStyle
    let bytes: [UInt8]
    let choice: VariantChoice?
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension StyleStore {
    /// The variant the app shows, and the experiment it is an arm of; nil
    /// when it shows the client's style (no variant holds, or the one that
    /// held was refused).
    public var activeVariant: VariantChoice? { themes.presented.choice }

    /// Decides again which variant the selected theme shows, for the current
    /// time and audience: call it when the app comes to the foreground so a
    /// date window that opened or closed is seen. With `.nextLaunch`, nothing changes.
    public func reconsiderVariant() {
        reconsiderVariant(force: false)
    }

    /// Replaces what the app knows of the install (a new country, say) and decides again.
    public func setAudience(_ audience: VariantAudience?) {
        self.audience = audience
        reconsiderVariant(force: false)
    }

    func reconsiderVariant(force: Bool) {
        guard force || activation == .immediately else { return }
        let next = Self.present(themes.current, audience: audience, date: Self.time(now()), rules: rules, logger: logger)
        // Unchanged, observers are not told.
        guard next.choice != themes.presented.choice || next.bytes != themes.presented.bytes else { return }
        let before = themes.presented.choice
        themes.presented = next
        if next.choice != before { onVariantChange?(next.choice) }
    }

    /// Replaces every theme's state with `next` in one change for observers,
    /// deciding again what is shown unless changes wait for the next launch.
    func commit(_ next: Themes, force: Bool = false) {
        var next = next
        let before = themes.presented.choice
        if force || activation == .immediately {
            next.presented = Self.present(next.current, audience: audience, date: Self.time(now()), rules: rules, logger: logger)
        }
        themes = next
        if next.presented.choice != before { onVariantChange?(next.presented.choice) }
    }

    /// The style to show for `state`: its variant's when one holds and passes
    /// its checks, else the client's (a refused variant is logged).
    nonisolated static func present(_ state: ThemeState, audience: VariantAudience?, date: UpdateTime, rules: MergeRules, logger: Logger)
        -> Presented
    {
        let client = Presented(style: state.style, bytes: state.bytes, choice: nil)
        guard let set = state.variants, let audience, let choice = set.choose(for: audience.context(at: date)) else { return client }
        let refusal: String
        switch set.style(of: choice.variant, over: state.document, rules: rules) {
        case .success(let document):
            do {
                return Presented(style: try LiveryStyle(json: document), bytes: CanonicalJSON.bytes(document), choice: choice)
            } catch {
                refusal = error.description
            }
        case .failure(let problem):
            refusal = problem.description
        }
        logger.warning("Refused a variant; showing the client's style: \(refusal)", metadata: ["variant": "\(choice.variant)"])
        return client
    }
}
