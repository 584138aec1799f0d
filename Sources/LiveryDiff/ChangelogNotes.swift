/// What `--format changelog` and `changelog-html` say, before either is written: per client,
/// each change as a sentence of pieces under the release level it asks for (as
/// `ReleaseFindings` levels the range). Pure and format-free, so the Markdown and the HTML
/// notes say the same words; only how a name, a value and a colour look differs.
struct ChangelogNotes {
    /// A part of a sentence: plain words, a token's name, a value as written, or a colour,
    /// which the HTML notes draw as a swatch beside its value.
    enum Piece: Hashable {
        case words(String)
        case name(String)
        case value(String)
        case color(String)
    }

    typealias Sentence = [Piece]

    struct Client {
        var id: String
        /// Sentences by level, major first; a level with none is left out.
        var levels: [(level: ReleaseLevel, sentences: [Sentence])]
    }

    static let titles: [ReleaseLevel: String] = [
        .major: "Major: the app must be updated", .minor: "Minor: something new", .patch: "Patch: new values",
    ]

    var clients: [Client] = []

    init(_ report: DiffReport) {
        clients = report.targets.map { Self.client($0, head: report.head.label) }
    }

    static func client(_ target: TargetDiff, head: String) -> Client {
        var found: [ReleaseLevel: [Sentence]] = [:]
        var following: [ReleaseLevel: Int] = [:]
        switch target.status {
        case .added: found[.minor, default: []].append([.words("New client.")])
        case .removed: found[.major, default: []].append([.words("The client is removed.")])
        case .renamed: found[.major, default: []].append([.words("Renamed from "), .name(target.renamedFrom ?? ""), .words(".")])
        case .changed, .invalid: break
        }
        if !target.headErrors.isEmpty {
            found[.major, default: []].append([
                .words("Its style has errors in \(head): no app can be built from it until they are fixed.")
            ])
        }
        for change in target.changes {
            let level: ReleaseLevel = change.isBreaking ? .major : change.kind == .added ? .minor : .patch
            if change.section == .components, !change.isDirect, !change.isBreaking {
                following[level, default: 0] += 1
            } else {
                found[level, default: []].append(sentence(change))
            }
        }
        for variant in target.variants {
            let level: ReleaseLevel = variant.kind == .added ? .minor : .patch
            found[level, default: []].append([.words("Variant "), .name(variant.name), .words(": \(variant.effect).")])
        }
        for (level, count) in following {
            found[level, default: []].append([.words("\(count) component propert\(count == 1 ? "y follows" : "ies follow") these changes.")]
            )
        }
        let levels = [ReleaseLevel.major, .minor, .patch].compactMap { level in found[level].map { (level, $0) } }
        return Client(id: target.id, levels: levels)
    }

    /// One change in words: `Colour primary changes: light mode #0A3D91 → #0B4FA0, dark mode …`.
    static func sentence(_ change: Change) -> Sentence {
        let what = noun(change.section)
        let name = Piece.name(change.section == .appIcon ? "app icon" : change.name)
        let reason: Sentence = change.breakingReason.map { [.words(" (\($0))")] } ?? []
        switch change.kind {
        case .added:
            return [.words("New \(what.lowercased()) "), name, .words(": ")] + value(change.new) + [.words(".")]
        case .removed:
            return [.words("\(what) "), name, .words(" is removed")] + reason + [.words(".")]
        case .renamed:
            return [.words("\(what) "), .name(change.renamedFrom ?? ""), .words(" is now called "), name] + reason + [.words(".")]
        case .changed:
            if case .color(let a)? = change.old, case .color(let b)? = change.new, a.isUniform, b.isUniform {
                return [
                    .words("\(what) "), name, .words(" changes from "), .color(a.lightValue.text), .words(" to "),
                    .color(b.lightValue.text),
                ]
                    + reason + [.words(".")]
            }
            let appearances = change.appearanceChanges
            if !appearances.isEmpty {
                var steps: Sentence = []
                for (index, step) in appearances.enumerated() {
                    steps += [.words((index == 0 ? "" : ", ") + appearanceWords(step.appearance) + " ")]
                    steps += [
                        step.old.map { .color($0.text) } ?? .words("none"), .words(" → "),
                        step.new.map { .color($0.text) } ?? .words("none"),
                    ]
                }
                return [.words("\(what) "), name, .words(" changes: ")] + steps + reason + [.words(".")]
            }
            return [.words("\(what) "), name, .words(" changes from ")] + value(change.old, against: change.new) + [.words(" to ")]
                + value(change.new, against: change.old) + reason + [.words(".")]
        }
    }

    /// A value as written; of an image, the files that differ from `other`'s, slot by slot.
    static func value(_ value: DiffValue?, against other: DiffValue? = nil) -> Sentence {
        guard let value else { return [.words("nothing")] }
        if case .asset(let files) = value {
            let others: [String: AssetFile] = if case .asset(let them)? = other { them } else { [:] }
            let slots = Set(files.keys).union(others.keys).filter { files[$0] != others[$0] }.sorted(by: AssetSlots.order)
            return [.value(slots.map { "\($0): " + (files[$0].map(DiffSummary.assetText) ?? "—") }.joined(separator: ", "))]
        }
        if case .color(let token) = value, token.isUniform { return [.color(token.lightValue.text)] }
        return [.value(value.display)]
    }

    static func appearanceWords(_ appearance: String) -> String {
        switch appearance {
        case "light": "light mode"
        case "dark": "dark mode"
        case "highContrastLight": "high-contrast light mode"
        case "highContrastDark": "high-contrast dark mode"
        default: appearance
        }
    }

    /// What a brand manager calls a token of `section`.
    static func noun(_ section: DiffSection) -> String {
        switch section {
        case .app: "App name or identity"
        case .colors: "Colour"
        case .palettes: "Palette"
        case .fonts: "Font"
        case .dimensions: "Size"
        case .animations: "Animation"
        case .components: "Component property"
        case .images: "Image"
        case .appIcon: "App icon"
        case .flags: "Setting"
        case .store: "Store text"
        }
    }
}
