import LiveryRegistry
import LiveryTargets

/// One platform livery writes bundles for: a name, a line of description,
/// whether it is built when `livery.json` names no platforms, and a pure
/// function from a resolved target to the files of its part of the bundle.
///
/// Adding a platform is one file with one type conforming to this protocol and
/// one line in ``Platform/all``. The command line, `livery.json`, help, shell
/// completion and the manifest all read that list.
public protocol PlatformEmitter: Sendable {
    /// How users name it: `--platform NAME`, `"platforms": ["NAME"]`, the manifest.
    static var name: String { get }
    /// One line for `livery build --help` and error messages.
    static var summary: String { get }
    /// Built when the configuration names no platforms. Platforms added after
    /// `ios`, `android` and `web` are opt-in, so existing bundles keep their shape.
    static var isDefault: Bool { get }
    /// Platforms whose files this one builds on (e.g. `compose` on `android`'s `LiveryTheme.kt`).
    static var requires: [String] { get }
    /// Every file of this platform's part of one bundle, in memory; assets stay references.
    static func files(for style: ResolvedStyle) -> [EmittedFile]
    /// Warnings about what this platform cannot carry as written (a renamed
    /// resource, an image it cannot use), and errors where its files would be
    /// broken (two tokens that become one Android resource): a target with a
    /// platform error is not built. Pure; shown by `validate` and `build`.
    /// Each has a rule named `<platform name>-<what>` (`android-name`) and a JSON
    /// pointer into the style; validation adds the file and line that wrote the value.
    static func diagnostics(for style: ResolvedStyle) -> [Diagnostic]
    /// Checks this platform shares with others (a client with no app icon, which iOS and
    /// Android both need): made once however many of the platforms built need it.
    static var sharedChecks: [SharedPlatformCheck] { get }
}

extension PlatformEmitter {
    public static var requires: [String] { [] }
    public static func diagnostics(for style: ResolvedStyle) -> [Diagnostic] { [] }
    public static var sharedChecks: [SharedPlatformCheck] { [] }
}

/// A check several platforms need, such as `app-icon-missing`: a platform lists it in its
/// `sharedChecks`, and a target built for several of them is warned once.
public struct SharedPlatformCheck: Sendable {
    /// Tells checks apart: a check is made once per target, whichever platforms list it.
    public let id: String
    public let diagnostic: @Sendable (ResolvedStyle) -> Diagnostic?

    public init(id: String, diagnostic: @escaping @Sendable (ResolvedStyle) -> Diagnostic?) {
        self.id = id
        self.diagnostic = diagnostic
    }
}

/// A registered platform, as a value: what configuration and options hold.
/// Two values are equal when they name the same platform (``Registered``).
public struct Platform: Registered {
    public static let kind = "platform"

    public let emitter: any PlatformEmitter.Type

    public init(_ emitter: any PlatformEmitter.Type) {
        self.emitter = emitter
    }

    /// Every platform livery knows, in the order bundles and help list them.
    /// A new platform is one line here.
    public static let all: [Platform] = [
        Platform(IOSPlatform.self),
        Platform(AndroidPlatform.self),
        Platform(WebPlatform.self),
        Platform(DTCGPlatform.self),
        Platform(ComposePlatform.self),
        Platform(FastlanePlatform.self),
    ]

    /// The platforms built when nothing names them.
    public static var defaults: [Platform] { all.filter(\.isDefault) }

    public var name: String { emitter.name }
    public var summary: String { emitter.summary }
    public var isDefault: Bool { emitter.isDefault }
    public var requires: [String] { emitter.requires }

    public var sharedChecks: [SharedPlatformCheck] { emitter.sharedChecks }

    public func files(for style: ResolvedStyle) -> [EmittedFile] { emitter.files(for: style) }
    public func diagnostics(for style: ResolvedStyle) -> [Diagnostic] { emitter.diagnostics(for: style) }

    /// What `platforms` say of a resolved style: each one's own diagnostics in order, then
    /// each shared check once, in the order the platforms list them.
    public static func diagnostics(of platforms: [Platform], for style: ResolvedStyle) -> [Diagnostic] {
        var found = platforms.flatMap { $0.diagnostics(for: style) }
        var made: Set<String> = []
        for platform in platforms {
            for check in platform.sharedChecks where made.insert(check.id).inserted {
                if let diagnostic = check.diagnostic(style) { found.append(diagnostic) }
            }
        }
        return found
    }

    /// Besides the names, a list may say `all`.
    public static let alsoAccepted = ["all"]

    /// The names in a list (`ios,web` or `all`), each checked; the order is the
    /// registry's, so bundles and manifests do not depend on how the list was typed.
    public static func parse(list: String) -> Result<[Platform], PlatformListError> {
        let names = list.split(separator: ",").map { String($0).trimmingSpaces() }.filter { !$0.isEmpty }
        if names == ["all"] { return .success(all) }
        if names.contains("all") { return .failure(.allWithOthers) }
        return parse(names: names)
    }

    /// As ``parse(list:)``, for names already split (livery.json's array).
    public static func parse(names: [String]) -> Result<[Platform], PlatformListError> {
        var chosen: Set<String> = []
        for name in names {
            if case .failure(let unknown) = registry.lookup(name, alsoAccepted: alsoAccepted) {
                return .failure(.unknown(name, suggestion: unknown.suggestion))
            }
            chosen.insert(name)
        }
        if chosen.isEmpty { return .failure(.empty) }
        let platforms = all.filter { chosen.contains($0.name) }
        for platform in platforms {
            for needed in platform.requires where !chosen.contains(needed) {
                return .failure(.missingRequirement(platform.name, needs: needed))
            }
        }
        return .success(platforms)
    }
}

/// Why a platform list was refused; the description is the message users see.
public enum PlatformListError: Error, Sendable, Equatable, CustomStringConvertible {
    case unknown(String, suggestion: String?)
    case empty
    case missingRequirement(String, needs: String)
    /// `all` among other names: it stands alone.
    case allWithOthers

    public var description: String {
        switch self {
        case .unknown(let name, let suggestion):
            return UnknownName(
                kind: Platform.kind, name: name, known: Platform.registry.names, alsoAccepted: Platform.alsoAccepted, suggestion: suggestion
            ).description
        case .empty:
            return "no platform named (known: \(Platform.registry.knownNames), or all)"
        case .missingRequirement(let name, let needed):
            return "platform '\(name)' builds on '\(needed)'; add '\(needed)' to the list"
        case .allWithOthers:
            return
                "'all' means every platform and stands alone: write 'all', or list the platforms you want (\(Platform.registry.knownNames))"
        }
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
