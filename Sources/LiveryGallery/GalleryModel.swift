import LiveryDiff
import LiveryTargets

/// Everything one gallery page shows, gathered by the caller (which reads git);
/// `GalleryHTML` turns it into the page without any I/O.
public struct GalleryPage: Sendable {
    /// The revision shown, as people name it (`v4 (1a2b3c4)`, `working tree`).
    public var revision: String
    /// The revision compared against in review mode; nil otherwise.
    public var base: String?
    /// Every client, in the order the caller chose; the page puts changed ones first in review mode.
    public var clients: [GalleryClient]
    /// Where each asset file is in the site, by git blob id (hex): `assets/<sha256>.<ext>`.
    /// An asset missing here (unreadable, too large) is shown as a name without a picture.
    public var assets: [String: String]

    public init(revision: String, base: String? = nil, clients: [GalleryClient], assets: [String: String]) {
        self.revision = revision
        self.base = base
        self.clients = clients
        self.assets = assets
    }
}

/// One concrete target as the gallery shows it.
public struct GalleryClient: Sendable {
    /// A target resolved with its warnings, or the errors that kept it from resolving.
    public enum State: Sendable {
        case resolved(ResolvedStyle, Provenance, warnings: [Diagnostic])
        case invalid([Diagnostic])
    }

    public var id: String
    /// The target and its ancestors, nearest first; just the id when the chain is broken.
    public var chain: [String]
    public var state: State
    /// In review mode, how the client differs from the base revision.
    public var review: GalleryReview?
    /// The contract the client is built against, shown in its detail; nil without one.
    public var contract: ContractVersion?

    public init(id: String, chain: [String], state: State, review: GalleryReview? = nil, contract: ContractVersion? = nil) {
        self.id = id
        self.chain = chain
        self.state = state
        self.review = review
        self.contract = contract
    }
}

/// How a client changed between the base revision and the one shown.
public struct GalleryReview: Sendable {
    public enum Status: String, Sendable {
        case changed, added, removed, renamed, invalid, unchanged
    }

    public var status: Status
    public var renamedFrom: String?
    /// Dotted paths of what changed (`colors.primary`, `components.button.primary.background`).
    public var changedPaths: [String]
    /// For a colour that changed in some appearances only: its path → the appearances
    /// (0 light, 1 dark, 2 high-contrast light, 3 high-contrast dark, as drawn) whose
    /// value changed. A path not here is marked changed in every appearance.
    public var changedAppearances: [String: [Int]]
    /// The client in the base revision, shown beside the new one.
    public var before: GalleryClient.State?
    /// Tokens renamed: HEAD's path → BASE's (`colors.textSecondary` → `colors.secondaryText`).
    public var renames: [String: String] = [:]
    /// Paths of the breaking changes (a rename under its new path).
    public var breaking: [String] = []

    public init(
        status: Status, renamedFrom: String? = nil, changedPaths: [String] = [], changedAppearances: [String: [Int]] = [:],
        before: GalleryClient.State? = nil
    ) {
        self.status = status
        self.renamedFrom = renamedFrom
        self.changedPaths = changedPaths
        self.changedAppearances = changedAppearances
        self.before = before
    }

    /// The review of one client from the diff engine's report of it.
    public init(_ diff: TargetDiff, before: GalleryClient.State?) {
        let status: Status =
            switch diff.status {
            case .added: .added
            case .removed: .removed
            case .renamed: .renamed
            case .changed: .changed
            case .invalid: .invalid
            }
        var appearances: [String: [Int]] = [:]
        for change in diff.changes where change.kind == .changed {
            guard case .color(let old)? = change.old, case .color(let new)? = change.new else { continue }
            let changed = Self.modes.indices.filter { index in
                let (dark, highContrast) = Self.modes[index]
                return old.resolved(dark: dark, highContrast: highContrast) != new.resolved(dark: dark, highContrast: highContrast)
            }
            if changed.count < Self.modes.count { appearances[change.path] = changed }
        }
        // A renamed token is marked under both names: the old one on the before side, the new one after.
        let paths = diff.changes.flatMap { change in [change.path] + (change.oldPath.map { [$0] } ?? []) }
        self.init(status: status, renamedFrom: diff.renamedFrom, changedPaths: paths, changedAppearances: appearances, before: before)
        for change in diff.changes {
            if let old = change.oldPath { renames[change.path] = old }
            if change.isBreaking { breaking.append(change.path) }
        }
    }

    /// The page's appearances in its order: light, dark, high-contrast light, high-contrast dark.
    static let modes: [(dark: Bool, highContrast: Bool)] = [(false, false), (true, false), (false, true), (true, true)]
}
