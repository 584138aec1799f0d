import LiveryEngine
import LiveryImport
import LiveryJSON
import LiveryTargets

/// Composes an import's targets over the repository as it is: the parent (what every brand
/// shares), then each client and its context themes, each document holding only what its
/// parent does not give it and checked to merge to exactly the imported values; then what
/// the import as a whole has to say (fonts without files, clients without an identity).
struct ImportComposer {
    let request: ImportRequest
    /// The input's name, which a parent made for several brands is named after.
    let name: String
    let fonts: FontFiles?
    let pipeline: TargetPipeline
    let targetsDirectory: String
    var composed: ImportService.Composed

    var usedFonts: Set<String> = []
    var withoutApp: [String] = []
    var placeholders: [String] = []
    var withoutFile: [String: [String]] = [:]

    var graph: TargetGraph { pipeline.graph }
    var schema: CompiledStyleSchema { composed.schema }

    mutating func compose(
        brands: [String?], clientIDs: [String], styles: [MappedStyle], themes: [ContextTheme], themeStyles: [[MappedStyle]]
    ) throws -> ImportService.Composed {
        let parentID = try Self.parentID(request: request, name: name, clientIDs: clientIDs)
        let wantedByID = Dictionary(uniqueKeysWithValues: zip(clientIDs, styles.map { $0.document.objectValue ?? JSONObject() }))
        // What the clients merge over: the parent's sections after this import.
        var parentSections: JSONObject?
        if let parentID { parentSections = try composeParent(parentID, clients: wantedByID) }
        for (index, id) in clientIDs.enumerated() {
            let wanted = try composeClient(
                id, brand: brands[index], style: styles[index], wanted: wantedByID[id] ?? JSONObject(),
                parentID: parentID, parentSections: parentSections
            )
            let ofClient = index < themeStyles.count ? themeStyles[index] : []
            try composeThemes(
                of: id, brand: brands[index], wanted: wanted, themes: Array(zip(themes, ofClient)),
                taken: Set(clientIDs).union(parentID.map { [$0] } ?? [])
            )
        }
        try finish(clients: clientIDs.count)
        return composed
    }

    // MARK: The targets

    /// The parent: the one named, or one named after the input when there are several brands.
    static func parentID(request: ImportRequest, name: String, clientIDs: [String]) throws -> String? {
        var parentID: String?
        if let given = request.parent {
            guard TargetID.isValid(given) else { throw ImportError.invalidGivenID(option: "--parent", value: given) }
            parentID = given
        } else if clientIDs.count > 1 {
            let made = ImportNaming.targetID(from: name)
            guard TargetID.isValid(made) else { throw ImportError.invalidParentName(name: name, tried: made) }
            parentID = made
        }
        if let parentID, clientIDs.contains(parentID) { throw ImportError.parentIsClient(parentID) }
        if request.displayName != nil, clientIDs.count > 1 { throw ImportError.displayNameForMany(clientIDs) }
        return parentID
    }

    /// Writes the parent, unless it is an existing one given with --parent (which is not
    /// changed); one this import made before is updated like any re-import. Returns what
    /// the clients inherit: the parent as it was, with the sections this import replaced.
    mutating func composeParent(_ parentID: String, clients: [String: JSONObject]) throws -> JSONObject? {
        if graph.targets[parentID] != nil, request.parent != nil { return try merged(parentID) }
        if let found = graph.targets[parentID], !found.abstract { throw ImportError.parentIsConcrete(parentID) }
        let shared = BrandSharing.split(clients.mapValues { JSONValue.object($0) }).parent.objectValue ?? JSONObject()
        let existing = try own(parentID)
        let inherited = try existing?["extends"]?.value.stringValue.flatMap(merged)
        let (wanted, used) = ImportComposition.attachFontFiles(shared, fonts: fonts, known: [try merged(parentID), inherited])
        usedFonts.formUnion(used)
        let sections = ImportComposition.replacedSections(wanted)
        let ownSections = ImportComposition.ownSections(
            wanted: wanted, inherited: inherited, existing: existing, sections: sections, replacesWhole: { schema.replacesWhole($0) }
        )
        let document = ImportComposition.document(
            existing: existing, extends: nil, abstract: existing == nil, app: nil, sections: ownSections)
        verify(parentID, wanted: wanted, own: document, inherited: inherited, sections: sections)
        write(parentID, document, existing: existing, role: .parent, brand: nil)
        var after = try merged(parentID) ?? JSONObject()
        for section in sections {
            if let value = wanted[section] { after.set(section, value) } else { after.remove(section) }
        }
        return after
    }

    /// Writes one client over its parent (the import's, else the one a re-imported target
    /// already has); returns the values it must have, which its themes are written over.
    mutating func composeClient(
        _ id: String, brand: String?, style: MappedStyle, wanted clientTokens: JSONObject, parentID: String?, parentSections: JSONObject?
    ) throws -> JSONObject {
        let existing = try own(id)
        let before = try merged(id)
        let parent = parentID ?? existing?["extends"]?.value.stringValue
        let inherited = parentID != nil ? parentSections : try parent.flatMap(merged)
        let (wanted, used) = ImportComposition.attachFontFiles(clientTokens, fonts: fonts, known: [before, inherited])
        usedFonts.formUnion(used)
        let sections = ImportComposition.replacedSections(wanted)
        let ownSections = ImportComposition.ownSections(
            wanted: wanted, inherited: parent == nil ? nil : inherited ?? JSONObject(), existing: existing, sections: sections,
            replacesWhole: { schema.replacesWhole($0) }
        )
        let app = before?["app"] == nil ? try appIdentity(id, brand: brand, style: style, inherits: inherited?["app"] != nil) : nil
        let document = ImportComposition.document(existing: existing, extends: parentID, abstract: false, app: app, sections: ownSections)
        verify(id, wanted: wanted, own: document, inherited: inherited, sections: sections)
        write(id, document, existing: existing, role: .client, brand: brand)
        for font in ImportComposition.fontsWithoutFile(wanted) { withoutFile[font, default: []].append(id) }
        return wanted
    }

    /// App identity for a client that has none yet: the token file's, or made from
    /// --bundle-id-prefix; a dry run's placeholder; nil when it inherits one or has none
    /// (which `finish` reports).
    mutating func appIdentity(_ id: String, brand: String?, style: MappedStyle, inherits: Bool) throws -> JSONValue? {
        if let given = style.app {
            return ImportNaming.app(given, displayName: request.displayName)
        } else if let prefix = request.bundleIDPrefix {
            let bundleID = ImportNaming.bundleID(prefix: prefix, brand: brand ?? id)
            guard ImportNaming.isValidBundleID(bundleID) else { throw ImportError.invalidBundleID(target: id, bundleID: bundleID) }
            return ImportNaming.app(displayName: request.displayName ?? ImportNaming.titleCase(brand ?? name), bundleID: bundleID)
        } else if !inherits, request.dryRun {
            // A preview needs no identity: a placeholder lets the rest be checked and shown.
            let bundleID = ImportNaming.bundleID(prefix: ImportService.placeholderBundleIDPrefix, brand: brand ?? id)
            placeholders.append(id)
            return .makeObject([("displayName", .string(ImportNaming.titleCase(brand ?? name))), ("bundleId", .string(bundleID))])
        } else if !inherits {
            withoutApp.append(id)
        }
        return nil
    }

    /// Each context theme extends the client, is marked a theme of its app (it shares the
    /// client's identity), and writes only what its context changes; a context that
    /// changes nothing, or the same as another, is reported and not written.
    mutating func composeThemes(
        of id: String, brand: String?, wanted: JSONObject, themes: [(ContextTheme, MappedStyle)], taken: Set<String>
    ) throws {
        var themesWritten: [String: String] = [:]
        for (theme, themeStyle) in themes {
            let themeID = ImportNaming.themeID(client: id, context: theme.context)
            guard TargetID.isValid(themeID) else { throw ImportError.invalidGivenID(option: "--context-as-theme", value: themeID) }
            if taken.contains(themeID) { throw ImportError.duplicateTargetID(themeID) }
            let existingTheme = try own(themeID)
            let (themeWanted, themeUsed) = ImportComposition.attachFontFiles(
                themeStyle.document.objectValue ?? JSONObject(), fonts: fonts, known: [try merged(themeID), wanted]
            )
            usedFonts.formUnion(themeUsed)
            let themeSections = ImportComposition.replacedSections(themeWanted)
            let themeOwn = ImportComposition.ownSections(
                wanted: themeWanted, inherited: wanted, existing: existingTheme, sections: themeSections,
                replacesWhole: { schema.replacesWhole($0) }
            )
            let changes = JSONWriter.compact(
                .makeObject(themeOwn.compactMap { section, value in value.map { (section, $0) } }), sortedKeys: true)
            if existingTheme == nil, let same = themeOwn.allSatisfy({ $0.1 == nil }) ? id : themesWritten[changes] {
                composed.warnings.append(
                    Diagnostic(
                        .warning, rule: .dtcgContextSame,
                        "context \(theme.context) of \(brand.map { "brand \($0)" } ?? id) gives the same style as \(same == id ? "the client itself" : "'\(same)'"), so no theme '\(themeID)' is written; leave it out with --skip-context"
                    ))
                continue
            }
            themesWritten[changes] = themeID
            let themeDocument = ImportComposition.document(
                existing: existingTheme, extends: id, abstract: false, theme: true, app: nil, sections: themeOwn)
            verify(themeID, wanted: themeWanted, own: themeDocument, inherited: wanted, sections: themeSections)
            write(themeID, themeDocument, existing: existingTheme, role: .theme, brand: brand)
        }
    }

    /// What the import as a whole says: fonts without a file, the clients left without an
    /// identity (an error), the placeholders of a dry run, the font files nothing used.
    mutating func finish(clients: Int) throws {
        for (font, ids) in withoutFile.sorted(by: { $0.key < $1.key }) {
            let targets = ids.count == clients && ids.count > 1 ? "every client" : ids.joined(separator: ", ")
            composed.warnings.append(
                Diagnostic(
                    .warning, rule: .dtcgFontFile,
                    "font \(font) has no file (\(targets)): DTCG does not carry font files, so the app uses a system font. Attach one with --fonts DIR holding a file named like Family-Weight.ttf"
                ))
        }
        if !withoutApp.isEmpty { throw ImportError.noAppIdentity(withoutApp) }
        if !placeholders.isEmpty {
            composed.notes.append(
                "--dry-run: \(placeholders.joined(separator: ", ")) \(placeholders.count == 1 ? "has" : "have") no app identity, so the preview uses a placeholder "
                    + "(bundle id \(ImportService.placeholderBundleIDPrefix).<brand>); a real import needs --bundle-id-prefix or $extensions[\"dev.livery\"].app"
            )
        }
        if let fonts {
            for name in fonts.files.keys.sorted() where !usedFonts.contains(name) {
                composed.warnings.append(
                    Diagnostic(
                        .warning, rule: .dtcgFontUnused,
                        "\(request.fontsDirectory ?? "")/\(name) matches no imported font (family and weight by file name, e.g. Inter-Bold.ttf)"
                    ))
            }
        }
    }

    // MARK: Reading and writing

    /// A target's own style.json as it is in the repository; nil for a target not there.
    func own(_ id: String) throws -> JSONObject? {
        guard graph.targets[id] != nil else { return nil }
        switch pipeline.ownDocument(id) {
        case .success(let node): return node.value.objectValue
        case .failure(let diagnostic): throw ImportError.unreadableTarget(id: id, reason: diagnostic.message)
        }
    }

    /// A target merged over its parents as it is in the repository; nil for a target not there.
    func merged(_ id: String) throws -> JSONObject? {
        guard graph.targets[id] != nil else { return nil }
        guard case .merged(let node) = pipeline.load(id) else {
            throw ImportError.unreadableTarget(id: id, reason: "its style.json or a parent's cannot be read, or its parent chain is broken")
        }
        return node.value.objectValue
    }

    /// The target's files: its style.json unless the import leaves it as it was (so its file
    /// keeps its layout), and the font files it names.
    mutating func write(_ id: String, _ document: JSONValue, existing: JSONObject?, role: ImportedTarget.Role, brand: String?) {
        let directory = targetsDirectory + "/" + id
        var files: [String: [UInt8]] = [:]
        if existing.map({ JSONValue.object($0) != document }) ?? true {
            files["style.json"] = Array(JSONWriter.write(document, sortedKeys: false).utf8)
        }
        for font in ImportComposition.fontFilesWritten(in: document, from: fonts) {
            files["assets/fonts/" + font] = fonts?.files[font]
        }
        for (path, bytes) in files { composed.files[directory + "/" + path] = bytes }
        composed.targets.append(
            ImportedTarget(
                id: id, role: role, isNew: graph.targets[id] == nil, brand: brand, directory: directory, files: files.keys.sorted()
            ))
    }

    /// An error when the document merged over `inherited` would not hold exactly `wanted`.
    mutating func verify(_ id: String, wanted: JSONObject, own document: JSONValue, inherited: JSONObject?, sections: [String]) {
        if let place = ImportComposition.firstDifference(
            wanted: wanted, own: document, inherited: inherited, sections: sections, replacesWhole: { schema.replacesWhole($0) }
        ) {
            composed.errors.append(
                Diagnostic(
                    .error, rule: .dtcgExact,
                    "target '\(id)' merged over its parent would not have exactly the imported value of `\(place)`; nothing was written",
                    target: id
                ))
        }
    }
}
