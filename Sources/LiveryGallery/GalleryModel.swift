import LiveryDiff
import LiveryStyle

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

    public init(id: String, chain: [String], state: State, review: GalleryReview? = nil) {
        self.id = id
        self.chain = chain
        self.state = state
        self.review = review
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
    /// The client in the base revision, shown beside the new one.
    public var before: GalleryClient.State?

    public init(status: Status, renamedFrom: String? = nil, changedPaths: [String] = [], before: GalleryClient.State? = nil) {
        self.status = status
        self.renamedFrom = renamedFrom
        self.changedPaths = changedPaths
        self.before = before
    }

    /// The review of one client from the diff engine's report of it.
    public init(_ diff: TargetDiff, before: GalleryClient.State?) {
        let status: Status = switch diff.status {
        case .added: .added
        case .removed: .removed
        case .renamed: .renamed
        case .changed: .changed
        case .invalid: .invalid
        }
        self.init(status: status, renamedFrom: diff.renamedFrom, changedPaths: diff.changes.map(\.path), before: before)
    }
}
