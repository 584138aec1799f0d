import LiveryCore
import LiveryJSON
import LiverySource
import LiveryTargets
import LiveryText

/// One revision's view of a concrete target, as the diff engine compares it.
public struct TargetSnapshot: Sendable {
    public enum State: Sendable {
        /// Valid: the resolved style, and which target's file wrote each item.
        case resolved(ResolvedStyle, Provenance)
        /// Invalid in this revision: the errors that stopped it resolving.
        case invalid([Diagnostic])
    }

    public var id: String
    public var state: State
    /// The client's variants, by name; empty when it has none.
    public var variants: [VariantSnapshot]

    public init(id: String, state: State, variants: [VariantSnapshot] = []) {
        self.id = id
        self.state = state
        self.variants = variants
    }
}

/// One target to compare between BASE and HEAD. A target only in BASE is removed,
/// only in HEAD added; `base.id != head.id` is a rename.
public struct TargetPair: Sendable {
    public var base: TargetSnapshot?
    public var head: TargetSnapshot?
    /// Targets of the chain (either revision's, nearest first) whose own directory
    /// changed: the candidates a change is attributed to.
    public var changedInChain: [String]

    public init(base: TargetSnapshot?, head: TargetSnapshot?, changedInChain: [String]) {
        self.base = base
        self.head = head
        self.changedInChain = changedInChain
    }

    public var id: String { head?.id ?? base?.id ?? "" }
}

/// What a revision was: shown at the top of every report.
public struct RevisionInfo: Sendable, Hashable {
    /// `v4 (1a2b3c4)` or `working tree`.
    public var label: String
    /// The revision expression given, nil for the working tree.
    public var revision: String?
    /// The full commit id, nil for the working tree.
    public var commit: String?

    public init(label: String, revision: String?, commit: String?) {
        self.label = label
        self.revision = revision
        self.commit = commit
    }

    /// The side as the user named it, for messages: the revision exactly as
    /// written (`HEAD~1`, `v2`, `main`), or `working tree`.
    public var name: String { revision ?? label }
}

/// The parts of a style a change can be in, in report order.
public enum DiffSection: String, Sendable, Hashable, CaseIterable, Comparable {
    case app, colors, palettes, fonts, dimensions, animations, components, images, appIcon, flags, store

    public static func < (lhs: DiffSection, rhs: DiffSection) -> Bool {
        allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
    }

    /// A heading for people.
    public var title: String {
        switch self {
        case .app: "App identity"
        case .colors: "Colours"
        case .palettes: "Palettes"
        case .fonts: "Fonts"
        case .dimensions: "Dimensions"
        case .animations: "Animations"
        case .components: "Components"
        case .images: "Images"
        case .appIcon: "App icon"
        case .flags: "Flags"
        case .store: "Store listing"
        }
    }
}

/// One file of an image or the app icon, as the report shows it.
public struct AssetFile: Sendable, Hashable {
    /// The path as the style writes it.
    public var path: String
    /// Where it was found, from the repository root.
    public var repositoryPath: String
    public var blob: String
    public var size: Int
    public var kind: String
    public var width: Int?
    public var height: Int?

    public init(_ reference: AssetReference) {
        path = reference.path
        repositoryPath = reference.repositoryPath
        blob = reference.blob.hex
        size = reference.size
        kind = reference.info.kind.rawValue
        width = reference.info.width
        height = reference.info.height
    }

    /// `1024×1024` when known.
    public var dimensions: String? {
        guard let width, let height else { return nil }
        return "\(width)×\(height)"
    }
}

/// A resolved value as the report shows it.
public enum DiffValue: Sendable, Hashable {
    case color(ColorToken)
    case font(ResolvedFont)
    case number(Double)
    case string(String)
    case bool(Bool)
    case shape(Shape)
    /// A flag's JSON value.
    case json(JSONValue)
    /// An image or icon: its files by appearance and scale (`light`, `light@2x`, `dark`…).
    case asset([String: AssetFile])

    /// The kind of value, to tell a changed value from a changed kind.
    public var kind: String {
        switch self {
        case .color: "colour"
        case .font: "font"
        case .number: "number"
        case .string: "string"
        case .bool: "boolean"
        case .shape: "shape"
        case .json(let value): value.typeName
        case .asset: "asset"
        }
    }

    /// A one-line form for text, Markdown and HTML.
    public var display: String {
        switch self {
        case .color(let token):
            if token.isUniform { return token.lightValue.text }
            return token.appearanceValues.map { "\($0.name) \($0.value.text)" }.joined(separator: ", ")
        case .font(let font):
            return "\(font.family) \(NumberText.text(font.size)) \(font.weight.rawValue)" + (font.file.map { " (\($0.path))" } ?? "")
        case .number(let value): return NumberText.text(value)
        case .string(let text): return "\"\(text)\""
        case .bool(let flag): return flag ? "true" : "false"
        case .shape(let shape):
            switch shape {
            case .circle: return "circle"
            case .capsule: return "capsule"
            case .rectangle: return "rectangle"
            case .roundedRectangle(let radius): return "roundedRectangle(\(NumberText.text(radius)))"
            }
        case .json(let value): return JSONWriter.compact(value, sortedKeys: true)
        case .asset(let files):
            return files.keys.sorted(by: AssetSlots.order).compactMap { slot in
                files[slot].map { file in
                    let prefix = files.count == 1 && slot == "light" ? "" : "\(slot): "
                    return prefix + DiffSummary.assetText(file)
                }
            }.joined(separator: "; ")
        }
    }
}

extension ColorToken {
    /// One colour in every appearance.
    var isUniform: Bool { highContrastLight == nil && highContrastDark == nil && light == dark && wide?.light == wide?.dark }
}

/// How an image's files are ordered: light before dark, 1x before 2x before 3x.
enum AssetSlots {
    static func order(_ a: String, _ b: String) -> Bool {
        rank(a) < rank(b)
    }

    static func rank(_ slot: String) -> (Int, String) {
        (slot.hasPrefix("dark") ? 1 : 0, slot)
    }
}

/// One appearance of a colour that differs: `dark #000000 → #111111`, or
/// `light #FF0000 → color(display-p3 1 0 0)`: the colours as written.
public struct AppearanceChange: Sendable, Hashable {
    public var appearance: String
    public var old: ColorValue?
    public var new: ColorValue?
}

/// What it takes for a change to reach users.
public enum Delivery: String, Sendable, Hashable {
    case appRelease = "needs an app release"
    case storeUpdate = "store update only"
    /// A variant's change: built into the next bundle, or sent in a signed update.
    case styleUpdate = "style update only"

    /// The key JSON reports use.
    public var key: String {
        switch self {
        case .appRelease: "appRelease"
        case .storeUpdate: "storeUpdate"
        case .styleUpdate: "styleUpdate"
        }
    }
}

/// One thing that differs in a target.
public struct Change: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// `renamed`: a token removed and one added with its value, the references moved to it.
        case added, removed, changed, renamed
    }

    public var section: DiffSection
    /// The item within the section: `primary`, `button.primary.background`, `easeIn.short`.
    public var name: String
    /// For a rename, the item's name in BASE (`name` is HEAD's).
    public var renamedFrom: String? = nil
    public var kind: Kind
    public var old: DiffValue?
    public var new: DiffValue?
    /// Why an app could break: nil for a compatible change.
    public var breakingReason: String?
    /// The targets whose files made the change, when not (only) the target itself: "via base".
    public var via: [String]
    /// Why the value changed when its own source text did not: each chain of aliases
    /// from the value (or one of its appearances) to the token whose source changed,
    /// dotted paths: `[["colors.link", "colors.accent", "colors.primary"]]`. Empty for
    /// a direct change.
    public var aliasChains: [[String]] = []

    /// Made in the value's own source text (or its file), not only through an alias.
    public var isDirect: Bool { aliasChains.isEmpty }

    public var isBreaking: Bool { breakingReason != nil }

    /// How an identity or store change reaches users: the app's name, texts and
    /// icon are compiled into it (an app release); a store listing is uploaded on
    /// its own (a store update). Nil for the other sections.
    public var delivery: Delivery? {
        switch section {
        case .app, .appIcon: .appRelease
        case .store: .storeUpdate
        default: nil
        }
    }

    /// `colors.primary`, `components.button.primary.background`, `appIcon`.
    public var path: String { section == .appIcon ? "appIcon" : "\(section.rawValue).\(name)" }

    /// For a rename, BASE's path: `colors.secondaryText`.
    public var oldPath: String? { renamedFrom.map { "\(section.rawValue).\($0)" } }

    /// For a colour, each appearance that differs, in livery's order.
    public var appearanceChanges: [AppearanceChange] {
        guard case .color(let before)? = old, case .color(let after)? = new else { return [] }
        let names = ["light", "dark", "highContrastLight", "highContrastDark"]
        func pick(_ token: ColorToken, _ name: String) -> ColorValue? {
            switch name {
            case "light": token.lightValue
            case "dark": token.darkValue
            case "highContrastLight": token.highContrastLightValue
            default: token.highContrastDarkValue
            }
        }
        return names.compactMap { name in
            let a = pick(before, name)
            let b = pick(after, name)
            return a == b ? nil : AppearanceChange(appearance: name, old: a, new: b)
        }
    }
}

/// How one target differs.
public struct TargetDiff: Sendable {
    public enum Status: String, Sendable, Hashable {
        case added, removed, renamed, changed, invalid
    }

    /// The id in HEAD (in BASE for a removed target).
    public var id: String
    /// The id in BASE when the target was renamed.
    public var renamedFrom: String?
    public var status: Status
    public var changes: [Change]
    /// Errors that kept the target from resolving in BASE or HEAD.
    public var baseErrors: [Diagnostic]
    public var headErrors: [Diagnostic]
    /// The merge patch from BASE's resolved style.json to HEAD's (added: HEAD's whole document).
    public var patch: JSONValue?
    /// Pointers of `null` values in HEAD that no merge patch can set.
    public var unrepresentable: [String]
    /// BASE's and HEAD's resolved style.json documents, kept only when the
    /// caller asks (`livery diff --format update` makes updates from them).
    public var documents: (base: JSONValue, head: JSONValue)? = nil
    /// The client's variants that differ, by name (docs/variants.md).
    public var variants: [VariantChange] = []
    /// The contract's colour pairs this change takes below their contrast target: an
    /// accessibility regression (docs/diff.md).
    package var accessibilityRegressions: [ContrastRegression] = []
    /// BASE's and HEAD's resolved styles (nil on a side the target is absent from or
    /// invalid on), kept only when the caller asks (`livery diff --visual` draws them).
    public var styles: (base: ResolvedStyle?, head: ResolvedStyle?)? = nil

    /// Removing or renaming a target breaks the apps built from it, as does any breaking change inside.
    public var breakingReason: String? {
        switch status {
        case .removed: "target removed"
        case .renamed: "target renamed"
        default: nil
        }
    }

    public var breakingCount: Int {
        changes.count { $0.isBreaking } + (breakingReason == nil ? 0 : 1)
    }
}

/// Counts the report leads with.
public struct DiffCounts: Sendable, Hashable {
    public var added = 0, removed = 0, renamed = 0, changed = 0, invalid = 0, unchanged = 0
    /// Changes inside targets, and the breaking ones among them (target removals and renames included).
    public var changes = 0, breaking = 0
    /// `changes` split: made in the value's own source, and caused through an alias.
    public var direct = 0, throughAliases = 0
    /// Variants added, removed, changed or broken, over every client.
    public var variantChanges = 0
}

/// The whole comparison of two revisions.
public struct DiffReport: Sendable {
    public var base: RevisionInfo
    public var head: RevisionInfo
    /// Targets that differ or are invalid, sorted by id.
    public var targets: [TargetDiff]
    /// Targets compared and found identical.
    public var unchanged: Int
    /// Their ids, sorted, when the caller knows them (for `--verbose`).
    public var unchangedTargets: [String]?
    /// How the app's contract differs, when it does: always breaking for the app.
    public var contract: ContractDiff?
    /// HEAD's contract's problems when it cannot be read: then no client of HEAD
    /// was held to it. Not part of any format; the command says it beside the report.
    public var headContractProblems: [Diagnostic] = []
    /// The app's contract of each side that has a readable one, base first, as the
    /// comparison read them. Not part of any format; the visual review draws what
    /// they declare.
    public var sideContracts: [AppContract] = []

    public init(
        base: RevisionInfo, head: RevisionInfo, targets: [TargetDiff], unchanged: Int, unchangedTargets: [String]? = nil,
        contract: ContractDiff? = nil
    ) {
        self.base = base
        self.head = head
        self.targets = targets.sorted { $0.id < $1.id }
        self.unchanged = unchanged
        self.unchangedTargets = unchangedTargets?.sorted()
        self.contract = contract
    }

    public var hasDifferences: Bool { !targets.isEmpty || contract != nil }

    /// Whether a change takes a colour pair of HEAD's contract below its contrast target.
    public var hasAccessibilityRegressions: Bool { targets.contains { !$0.accessibilityRegressions.isEmpty } }

    /// Whether anything breaks an app built from HEAD: a breaking change (a removal, a
    /// rename, a change of kind), a target removed or renamed, a target invalid in HEAD,
    /// or a change of the app's contract other than a deprecation.
    public var hasBreakingChanges: Bool {
        contract?.breaks == true || targets.contains { $0.breakingCount > 0 || !$0.headErrors.isEmpty }
    }

    public var counts: DiffCounts {
        var counts = DiffCounts()
        counts.unchanged = unchanged
        for target in targets {
            switch target.status {
            case .added: counts.added += 1
            case .removed: counts.removed += 1
            case .renamed: counts.renamed += 1
            case .changed: counts.changed += 1
            case .invalid: counts.invalid += 1
            }
            counts.changes += target.changes.count
            counts.variantChanges += target.variants.count
            counts.breaking += target.breakingCount
            for change in target.changes {
                if change.isDirect { counts.direct += 1 } else { counts.throughAliases += 1 }
            }
        }
        return counts
    }
}

/// What an HTML report shows of images: their bytes by blob id, as the caller
/// could read them, and the ones it could not read with the reason, so the
/// report says an image is missing and why instead of leaving it out silently.
public struct AssetPreviews: Sendable, Equatable {
    public var bytes: [String: [UInt8]]
    /// Blob id → why its bytes could not be read.
    public var unreadable: [String: String]

    public init(bytes: [String: [UInt8]] = [:], unreadable: [String: String] = [:]) {
        self.bytes = bytes
        self.unreadable = unreadable
    }
}
