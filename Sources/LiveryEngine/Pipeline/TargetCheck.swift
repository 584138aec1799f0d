import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryTargets

/// The check stage's parts: each sees a target that resolved without errors and says
/// what else is wrong with it. A command's run lists the checks it wants, in order
/// (``TargetChecks/standard(platforms:rules:appIcons:contract:)`` for `validate` and `build`);
/// a check that finds an error keeps the target from the last stage (its bundle is not
/// written) and, unless it says otherwise, from the later checks. A new check is one type
/// conforming to this protocol and one line in that list.
protocol TargetCheck: Sendable {
    /// What the check finds in `target`, placed in the files and lines that wrote it;
    /// a repository error when it cannot read what it checks. A check may add to the
    /// target what the last stage needs of it (its resolved variants).
    func check(_ target: inout ResolvedTarget, in pipeline: TargetPipeline) throws(RepositoryError) -> [Diagnostic]
    /// Whether an error found here stops the later checks (true unless a check says so).
    var stopsOnError: Bool { get }
}

extension TargetCheck {
    var stopsOnError: Bool { true }
}

/// The lists of checks commands run.
enum TargetChecks {
    /// The checks `validate` and `build` run, in order.
    /// With `appIcons`, each app icon not known to decode is decoded (`validate`).
    static func standard(platforms: [Platform], rules: RuleSettings, appIcons: DecodedAppIcons?, contract: ContractCheck? = nil)
        -> [any TargetCheck]
    {
        var checks: [any TargetCheck] = []
        if let appIcons { checks.append(AppIconDecodeCheck(decoded: appIcons)) }
        let platformCheck = PlatformCheck(platforms: platforms, rules: rules)
        checks.append(platformCheck)
        checks.append(VariantCheck(platforms: platformCheck, rules: rules, contract: contract))
        return checks
    }
}

/// What each platform built says it cannot carry (or refuses) in a resolved style, and the
/// checks several of them share (`Platform.diagnostics(of:for:)`), with livery.json's
/// severities, placed in the file and line that wrote the value. A platform error (two
/// tokens that would be one Android resource) leaves the bundle unbuilt.
/// A platform error does not stop the variants' check: both are reported.
struct PlatformCheck: TargetCheck {
    let platforms: [Platform]
    let rules: RuleSettings

    var stopsOnError: Bool { false }

    func check(_ target: inout ResolvedTarget, in pipeline: TargetPipeline) -> [Diagnostic] {
        diagnostics(of: target.style, document: target.document, target: target.style.id)
    }

    /// What the platforms say of `style`, placed in `document` (a target's, or a variant's).
    func diagnostics(of style: ResolvedStyle, document: JSONNode, target id: String) -> [Diagnostic] {
        PlatformWarnings.placed(rules.apply(Platform.diagnostics(of: platforms, for: style)), in: document, target: id)
    }
}

/// A client's variants (`targets/<id>/variants/<name>/`, docs/variants.md): each merged over
/// the client, validated, resolved and checked for each platform like a target, and held to
/// the remote allow-list (`VariantSteps`); the resolved set goes on with the target.
struct VariantCheck: TargetCheck {
    let platforms: PlatformCheck
    let rules: RuleSettings
    /// The app's contract, which every variant keeps as its client does.
    var contract: ContractCheck? = nil

    func check(_ target: inout ResolvedTarget, in pipeline: TargetPipeline) throws(RepositoryError) -> [Diagnostic] {
        let id = target.style.id
        guard let chain = pipeline.graph.chain(of: id) else { return [] }
        let found = try VariantSteps(pipeline: pipeline, contract: contract).check(
            id, chain: chain, client: target.style, document: target.document
        ) { variant, document in
            platforms.diagnostics(of: variant, document: document, target: id)
        }
        target.variants = found.variants
        return rules.apply(found.problems)
    }
}

/// `livery validate` decodes each app icon as a build does to scale launcher icons, so a
/// file libpng refuses is a problem of the style that names it (`AppIconDecoding`).
struct AppIconDecodeCheck: TargetCheck {
    let decoded: DecodedAppIcons

    func check(_ target: inout ResolvedTarget, in pipeline: TargetPipeline) throws(RepositoryError) -> [Diagnostic] {
        try AppIconDecoding.check(target.style, document: target.document, source: pipeline.source, decoded: decoded).map { [$0] } ?? []
    }
}
