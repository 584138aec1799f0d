import LiveryCore
import LiveryJSON
import LiveryTargets

/// Compares a target's resolved styles in two revisions: pure, no I/O. The
/// caller decides which targets need comparing (the fast path on tree ids),
/// compares them in parallel and counts the rest as unchanged in the report.
public enum DiffEngine {
    /// How one target differs, or nil when its resolved style is the same in both;
    /// with `keepingDocuments`, a target resolved on both sides keeps both documents;
    /// with `keepingStyles`, a changed target keeps its resolved style on each side.
    public static func compare(_ pair: TargetPair, keepingDocuments: Bool = false, keepingStyles: Bool = false) -> TargetDiff? {
        compare(pair, keepingDocuments: keepingDocuments, keepingStyles: keepingStyles, colorPairs: [], contrastMinimum: 4.5)
    }

    /// ``compare(_:keepingDocuments:keepingStyles:)``, marking the contract's `colorPairs`
    /// that the change takes below their contrast target.
    package static func compare(
        _ pair: TargetPair, keepingDocuments: Bool, keepingStyles: Bool, colorPairs: [ColorPair], contrastMinimum: Double
    ) -> TargetDiff? {
        guard var diff = difference(pair, keepingDocuments: keepingDocuments) else { return nil }
        if keepingStyles { diff.styles = (style(pair.base), style(pair.head)) }
        if let base = style(pair.base), let head = style(pair.head) {
            diff.accessibilityRegressions = ContrastRegression.find(
                base: base, head: head, pairs: colorPairs, contrastMinimum: contrastMinimum)
        }
        return diff
    }

    static func style(_ snapshot: TargetSnapshot?) -> ResolvedStyle? {
        if case .resolved(let style, _)? = snapshot?.state { return style }
        return nil
    }

    static func difference(_ pair: TargetPair, keepingDocuments: Bool) -> TargetDiff? {
        let id = pair.id
        let renamedFrom: String? = {
            guard let old = pair.base?.id, let new = pair.head?.id, old != new else { return nil }
            return old
        }()
        var diff = TargetDiff(
            id: id, renamedFrom: renamedFrom, status: .changed, changes: [], baseErrors: [], headErrors: [], patch: nil, unrepresentable: []
        )
        switch (pair.base?.state, pair.head?.state) {
        case (nil, nil):
            return nil
        case (nil, .resolved(let style, _)?):
            // A new or removed target is one change: listing each of its tokens would bury the rest.
            diff.status = .added
            diff.patch = ResolvedStyleJSON.document(for: style)
        case (.resolved?, nil):
            diff.status = .removed
        case (.resolved(let old, let oldWriters)?, .resolved(let new, let newWriters)?):
            diff.status = renamedFrom == nil ? .changed : .renamed
            diff.changes = changes(
                from: (old, oldWriters), to: (new, newWriters), attribution: pair.changedInChain, targetID: id, renamedFrom: renamedFrom
            )
            var unrepresentable: [String] = []
            let before = ResolvedStyleJSON.document(for: old)
            let after = ResolvedStyleJSON.document(for: new)
            diff.patch = MergePatch.diff(from: before, to: after, unrepresentable: &unrepresentable)
            if keepingDocuments { diff.documents = (before, after) }
            diff.unrepresentable = unrepresentable
            // Each side's variants over that side's client, listed under the client.
            diff.variants = VariantDiff.changes(
                base: pair.base?.variants ?? [], baseClient: old, head: pair.head?.variants ?? [], headClient: new)
            if diff.changes.isEmpty, diff.patch == nil, renamedFrom == nil, diff.variants.isEmpty { return nil }
        case (let before, let after):
            // Invalid on at least one side: report the errors; nothing to compare value by value.
            diff.status = pair.base == nil ? .added : pair.head == nil ? .removed : .invalid
            if case .invalid(let errors)? = before { diff.baseErrors = errors }
            if case .invalid(let errors)? = after { diff.headErrors = errors }
        }
        return diff
    }

    /// One item of a resolved style: where it is, its value, and its provenance key.
    struct Item {
        var section: DiffSection
        var name: String
        var value: DiffValue
        var provenanceKey: String
        /// For a component property, the resolved value with the token it named.
        var component: ResolvedComponentValue?
        /// The files an image, the app icon or a font reads: slot (`light@2x`, `file`) →
        /// the target whose directory holds it and its blob. A file swapped in place
        /// changes no style.json, so these say whose directory the change was made in.
        var files: [String: FileOrigin] = [:]
    }

    /// Where an item's file was found, and what it was.
    struct FileOrigin: Equatable {
        var target: String
        var blob: String

        init(_ reference: AssetReference) {
            target = reference.foundIn
            blob = reference.blob.hex
        }
    }

    /// The targets whose directories hold a file of the item that differs between the sides.
    static func fileWriters(_ a: Item?, _ b: Item?) -> Set<String> {
        let before = a?.files ?? [:]
        let after = b?.files ?? [:]
        var writers: Set<String> = []
        for slot in Set(before.keys).union(after.keys) where before[slot] != after[slot] {
            if let old = before[slot] { writers.insert(old.target) }
            if let new = after[slot] { writers.insert(new.target) }
        }
        return writers
    }

    /// Every comparable item of a resolved style, keyed by `section.name`.
    static func items(of style: ResolvedStyle) -> [String: Item] {
        var items: [String: Item] = [:]
        func add(
            _ section: DiffSection, _ path: [String], _ value: DiffValue, component: ResolvedComponentValue? = nil,
            files: [String: AssetReference] = [:]
        ) {
            let name = path.joined(separator: ".")
            let key = section == .appIcon ? "appIcon" : section.rawValue + "/" + path.joined(separator: "/")
            items[section.rawValue + "." + name] = Item(
                section: section, name: name, value: value, provenanceKey: key, component: component,
                files: files.mapValues(FileOrigin.init)
            )
        }
        if let name = style.app.displayName { add(.app, ["displayName"], .string(name)) }
        if let tagline = style.app.tagline { add(.app, ["tagline"], .string(tagline)) }
        if let email = style.app.supportEmail { add(.app, ["supportEmail"], .string(email)) }
        if let tag = style.app.defaultLocale { add(.app, ["defaultLocale"], .string(tag)) }
        for (tag, texts) in style.app.localized {
            for (key, text) in texts.members { add(.app, [key, tag], .string(text)) }
        }
        addStoreItems(of: style.store, into: &items)
        if let bundle = style.app.bundleId { add(.app, ["bundleId"], .string(bundle)) }
        if let package = style.app.androidPackage { add(.app, ["androidPackage"], .string(package)) }
        for (name, shades) in style.palettes {
            if let wide = style.widePalettes[name]?["base"] {
                add(.palettes, [name], .color(ColorToken(wide)))
            } else if let base = shades["base"] {
                add(.palettes, [name], .color(ColorToken(base)))
            }
        }
        for (name, token) in style.colors { add(.colors, [name], .color(token)) }
        for (name, font) in style.fonts { add(.fonts, [name], .font(font), files: font.file.map { ["file": $0] } ?? [:]) }
        for (name, value) in style.dimensions { add(.dimensions, [name], .number(value)) }
        for (animation, timings) in style.animations {
            for (timing, seconds) in timings { add(.animations, [animation, timing], .number(seconds)) }
        }
        for (kind, variants) in style.components {
            for (variant, properties) in variants {
                for (property, value) in properties {
                    var files: [String: AssetReference] = [:]
                    if case .font(let font, _) = value, let file = font.file { files["file"] = file }
                    add(.components, [kind, variant, property], componentValue(value), component: value, files: files)
                }
            }
        }
        for (name, image) in style.images {
            add(.images, [name], .asset(files(of: image).mapValues(AssetFile.init)), files: files(of: image))
        }
        if let icon = style.appIcon {
            let files = iconFiles(icon, android: style.androidIcon)
            add(.appIcon, [], .asset(files.mapValues(AssetFile.init)), files: files)
        }
        for (name, value) in style.flags { add(.flags, [name], .json(value)) }
        return items
    }

    static func componentValue(_ value: ResolvedComponentValue) -> DiffValue {
        switch value {
        case .color(let token, _): .color(token)
        case .font(let font, _): .font(font)
        case .dimension(let number, _): .number(number)
        case .shape(let shape): .shape(shape)
        case .string(let text): .string(text)
        case .number(let number): .number(number)
        case .bool(let flag): .bool(flag)
        }
    }

    /// The app icon's files: the 1024 px icon, and the adaptive icon's layer
    /// images when `appIcon.android` gives them, so a layer swapped for other
    /// bytes shows as a change (and as needing an app release) like the icon.
    static func iconFiles(_ icon: AssetReference, android: AndroidIcon?) -> [String: AssetReference] {
        var files: [String: AssetReference] = ["light": icon]
        guard let android else { return files }
        files["android-foreground"] = android.foreground
        if case .image(let background) = android.background { files["android-background"] = background }
        if let monochrome = android.monochrome { files["android-monochrome"] = monochrome }
        return files
    }

    static func files(of image: ResolvedImage) -> [String: AssetReference] {
        var files: [String: AssetReference] = ["light": image.light.file]
        for (scale, file) in image.light.scales { files["light@\(scale)x"] = file }
        if let dark = image.dark {
            files["dark"] = dark.file
            for (scale, file) in dark.scales { files["dark@\(scale)x"] = file }
        }
        return files
    }

    /// Item-by-item differences, sorted by section then name.
    static func changes(
        from old: (ResolvedStyle, Provenance)?, to new: (ResolvedStyle, Provenance)?,
        attribution changedInChain: [String], targetID: String, renamedFrom: String? = nil
    ) -> [Change] {
        let before = old.map { items(of: $0.0) } ?? [:]
        let after = new.map { items(of: $0.0) } ?? [:]
        var changes: [Change] = []
        // Targets of the chain whose files wrote a different value somewhere: a directory
        // that changed only in layout or in unrelated files attributes nothing.
        let oldContributions = old?.1.contributions ?? [:]
        let newContributions = new?.1.contributions ?? [:]
        var valueWriters: Set<String> = []
        for key in Set(oldContributions.keys).union(newContributions.keys) {
            let a = oldContributions[key] ?? [:]
            let b = newContributions[key] ?? [:]
            for writer in Set(a.keys).union(b.keys) where a[writer] != b[writer] { valueWriters.insert(writer) }
        }
        for key in Set(before.keys).union(after.keys) {
            for writer in fileWriters(before[key], after[key]) { valueWriters.insert(renamedFrom == writer ? targetID : writer) }
        }
        let attributable = changedInChain.filter { valueWriters.contains($0) }
        let candidates = attributable.isEmpty ? changedInChain : attributable
        // Whether an item's own source text differs; a renamed target's own file counts
        // as the same writer under its new id.
        func sourceChanged(_ key: String) -> Bool {
            var a = oldContributions[key] ?? [:]
            if let renamedFrom, let text = a.removeValue(forKey: renamedFrom) { a[targetID] = text }
            return a != (newContributions[key] ?? [:])
        }
        // Built on the first value that changed without its source changing.
        var headChains: AliasChains?
        var baseChains: AliasChains?
        func aliasChains(_ item: Item) -> [[String]] {
            guard item.section != .appIcon, let old, let new, !sourceChanged(item.provenanceKey) else { return [] }
            let path = item.section.rawValue + "." + item.name
            if headChains == nil { headChains = AliasChains(aliases: new.0.aliases, sourceChanged: sourceChanged) }
            if let found = headChains?.chains(from: path), !found.isEmpty { return found }
            // An alias only BASE had (HEAD's link was re-pointed further down the chain).
            if baseChains == nil { baseChains = AliasChains(aliases: old.0.aliases, sourceChanged: sourceChanged) }
            return baseChains?.chains(from: path) ?? []
        }
        for key in Set(before.keys).union(after.keys) {
            let a = before[key]
            let b = after[key]
            guard let item = b ?? a else { continue }
            if let a, let b, a.value == b.value { continue }
            let kind: Change.Kind = a == nil ? .added : b == nil ? .removed : .changed
            var reason: String?
            if kind == .removed {
                reason = removalReason(item)
            } else if kind == .changed, let a, let b, a.value.kind != b.value.kind {
                reason = "kind changed from \(a.value.kind) to \(b.value.kind)"
            }
            var reference: String?
            if case .color(_, let token?)? = (b?.component ?? a?.component) { reference = "colors/" + token }
            if case .font(_, let token)? = (b?.component ?? a?.component) { reference = "fonts/" + token }
            if case .dimension(_, let token?)? = (b?.component ?? a?.component) { reference = "dimensions/" + token }
            let chains = kind == .changed ? aliasChains(item) : []
            let causes = chains.compactMap { $0.last.map(AliasChains.itemKey) }
            changes.append(
                Change(
                    section: item.section, name: item.name, kind: kind, old: a?.value, new: b?.value,
                    breakingReason: reason,
                    via: via(
                        item.provenanceKey, causes: causes, reference: reference, old: old?.1, new: new?.1,
                        changedInChain: candidates, targetID: targetID, renamedFrom: renamedFrom, fileWriters: fileWriters(a, b)
                    ),
                    aliasChains: chains
                ))
        }
        pairRenames(&changes, old: old?.0, new: new?.0, oldProvenance: old?.1, newProvenance: new?.1)
        return changes.sorted { ($0.section, $0.name) < ($1.section, $1.name) }
    }

    /// The sections whose items other items refer to by name, so that a rename can be seen.
    static let renamable: Set<DiffSection> = [.colors, .palettes, .fonts, .dimensions]

    /// A removed and an added item become one rename when they are of one section,
    /// have the same value (or the same definition as written, whose value moved
    /// through what it refers to), are written by the same targets' files, and every item that
    /// referred to the old name (an alias, a component property) and is still there
    /// now refers to the new one. At least one reference must have moved: two tokens
    /// nothing refers to are a removal and an addition, as far as anyone can tell.
    static func pairRenames(
        _ changes: inout [Change], old: ResolvedStyle?, new: ResolvedStyle?, oldProvenance: Provenance?, newProvenance: Provenance?
    ) {
        guard let old, let new else { return }
        let removed = changes.indices.filter { changes[$0].kind == .removed && renamable.contains(changes[$0].section) }
        let added = changes.indices.filter { changes[$0].kind == .added && renamable.contains(changes[$0].section) }
        guard !removed.isEmpty, !added.isEmpty else { return }
        let before = referrers(old.aliases)
        let after = referrers(new.aliases)
        let stillThere = Set(new.aliases.keys.map { String(AliasChains.itemPath($0)) })
        var paired: [(removed: Int, added: Int)] = []
        var used: Set<Int> = []
        for r in removed.sorted(by: { changes[$0].name < changes[$1].name }) {
            let gone = changes[r]
            let moved = (before[gone.path] ?? []).filter { stillThere.contains($0) }
            guard !moved.isEmpty else { continue }
            let writers = oldProvenance?.writers(of: gone.section.rawValue + "/" + gone.name) ?? []
            let match = added.sorted(by: { changes[$0].name < changes[$1].name }).first { a in
                let candidate = changes[a]
                let newKey = candidate.section.rawValue + "/" + candidate.name
                // The same value, or the same definition as written under the new key: a
                // token whose value moved through a parent (a palette it points to) in the
                // same release is still the one token, renamed, with its new value.
                let sameDefinition =
                    oldProvenance.flatMap { $0.contributions[gone.section.rawValue + "/" + gone.name] }
                    .map { !$0.isEmpty && $0 == newProvenance?.contributions[newKey] } ?? false
                return !used.contains(a) && candidate.section == gone.section && (candidate.new == gone.old || sameDefinition)
                    && (newProvenance?.writers(of: newKey) ?? []) == writers
                    && moved.isSubset(of: after[candidate.path] ?? [])
            }
            guard let a = match else { continue }
            used.insert(a)
            paired.append((r, a))
        }
        guard !paired.isEmpty else { return }
        for (r, a) in paired {
            changes[a].kind = .renamed
            changes[a].renamedFrom = changes[r].name
            changes[a].old = changes[r].old
            changes[a].breakingReason = "renamed from \(changes[r].name): code that reads the old name breaks"
            changes[a].via += changes[r].via.filter { !changes[a].via.contains($0) }
        }
        let dropped = Set(paired.map(\.removed))
        changes = changes.indices.filter { !dropped.contains($0) }.map { changes[$0] }
    }

    /// Item path (`colors.text`) → the items whose aliases name it (`colors.border`, `components.button.primary.foreground`).
    static func referrers(_ aliases: [String: String]) -> [String: Set<String>] {
        var result: [String: Set<String>] = [:]
        for (pointer, target) in aliases {
            result[String(AliasChains.itemPath(target)), default: []].insert(String(AliasChains.itemPath(pointer)))
        }
        return result
    }

    /// Why removing the item could break an app; nil when the app does not
    /// notice: a store text, or one language's text (the app falls back to the default).
    static func removalReason(_ item: Item) -> String? {
        switch item.section {
        case .app where item.name.contains("."): nil
        case .store: nil
        case .app: "\(item.name) removed"
        case .colors: "colour removed"
        case .palettes: "palette removed"
        case .fonts: "font removed"
        case .dimensions: "dimension removed"
        case .animations: "animation timing removed"
        case .components: "component property removed"
        case .images: "image removed"
        case .appIcon: "app icon removed"
        case .flags: "flag removed"
        }
    }

    /// The targets a change is attributed to, other than the target itself: those
    /// whose files wrote something different for the item; for a value that changed
    /// through aliases, those that changed the tokens at the ends of its alias chains
    /// (`causes`, provenance keys) or the token a component names; else every target
    /// of the chain whose directory changed. The targets whose directories hold a file
    /// of the item that was swapped (`fileWriters`) made the change as surely as a
    /// style.json that changed.
    static func via(
        _ key: String, causes: [String] = [], reference: String?, old: Provenance?, new: Provenance?, changedInChain: [String],
        targetID: String,
        renamedFrom: String? = nil, fileWriters: Set<String> = []
    ) -> [String] {
        func differing(_ key: String) -> Set<String> {
            var before = old?.contributions[key] ?? [:]
            let after = new?.contributions[key] ?? [:]
            // A renamed target's file is the same writer under its new id.
            if let renamedFrom, let text = before.removeValue(forKey: renamedFrom) { before[targetID] = text }
            return Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        }
        var writers = differing(key)
        for writer in fileWriters { writers.insert(renamedFrom == writer ? targetID : writer) }
        if writers.isEmpty { for cause in causes { writers.formUnion(differing(cause)) } }
        if writers.isEmpty, let reference { writers = differing(reference) }
        var chosen = changedInChain.filter { writers.contains($0) }
        if chosen.isEmpty { chosen = changedInChain }
        if chosen == [targetID] { return [] }
        return chosen
    }
}
