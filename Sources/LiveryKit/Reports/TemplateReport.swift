import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

/// The templates of a source, for `livery templates`.
package struct TemplateListing: Sendable {
    /// The repository's templates, then the built-in ones it does not replace.
    var templates: [TemplateDefinition]
    /// Templates that cannot be used and directories without a template.json.
    var diagnostics: [Diagnostic]
    /// The names of the built-in templates among `templates`.
    var builtIn: Set<String> = []
    /// By template name: what stops it from being used here with its defaults (a missing
    /// parent, or one without the tokens it requires), with what to do instead.
    var notes: [String: [String]] = [:]

    init(templates: [TemplateDefinition], diagnostics: [Diagnostic], builtIn: Set<String> = [], notes: [String: [String]] = [:]) {
        self.templates = templates
        self.diagnostics = diagnostics
        self.builtIn = builtIn
        self.notes = notes
    }

    /// Reads every template under the templates directory; a broken one is reported, not skipped.
    static func read(from workspace: Workspace) throws -> TemplateListing {
        let directory = workspace.configuration.templatesDirectory
        let source = workspace.source
        let (names, strays) = try TemplateCatalog.names(in: source, templatesDirectory: directory)
        // A schema that cannot be used is reported by the commands that need it; without
        // it, inherited tokens are merged the default way.
        let needs = try TemplateNeeds(workspace: workspace, schema: try? SchemaLoader.styleSchema(for: workspace))
        var listing = TemplateListing(templates: [], diagnostics: [])
        var diagnostics = strays.map {
            Diagnostic(
                .warning, rule: .template, "'\(directory)/\($0)/' has no \(TemplateDefinition.fileName), so it is not a template",
                file: "\(directory)/\($0)")
        }
        for name in names {
            do {
                let loaded = try TemplateCatalog.load(name, in: source, templatesDirectory: directory)
                let defects = TemplateFiller.check(
                    loaded.files, declared: loaded.definition.variables.map(\.name), directory: directory + "/" + name)
                diagnostics += defects
                if defects.isEmpty { listing.add(loaded, notes: needs.notes(for: loaded, templatesDirectory: directory)) }
            } catch TemplateError.invalidTemplate(_, let problems) {
                diagnostics += problems
            }
        }
        for builtIn in BuiltInTemplates.all where !names.contains(builtIn.definition.name) {
            listing.add(builtIn, notes: needs.notes(for: builtIn, templatesDirectory: directory))
        }
        listing.diagnostics = diagnostics
        return listing
    }

    mutating func add(_ template: LoadedTemplate, notes: [String]) {
        templates.append(template.definition)
        if template.isBuiltIn { builtIn.insert(template.definition.name) }
        if !notes.isEmpty { self.notes[template.definition.name] = notes }
    }
}

/// How `livery templates` prints.
enum TemplateReport {
    /// `quiet` leaves out the closing hint; `verbose` adds each variable's pattern.
    static func text(_ listing: TemplateListing, templatesDirectory: String, quiet: Bool = false, verbose: Bool = false) -> String {
        if listing.templates.isEmpty {
            return "No templates in \(templatesDirectory)/: see docs/templates.md to make one.\n"
        }
        var out = ""
        for template in listing.templates {
            out += "\(template.name)\(listing.builtIn.contains(template.name) ? " (built in)" : "") — \(template.description)\n"
            for note in listing.notes[template.name] ?? [] { out += "  ! \(note)\n" }
            if !template.requires.isEmpty { out += "  requires from its parent: \(template.requires.joined(separator: ", "))\n" }
            let width = template.variables.map(\.name.count).max() ?? 0
            let kindWidth = template.variables.map(\.kind.rawValue.count).max() ?? 0
            for variable in template.variables {
                let value = variable.required ? "required" : "default \(variable.defaultValue ?? "")"
                out += "  " + pad(variable.name, width) + "  " + pad(variable.kind.rawValue, kindWidth) + "  " + value + "\n"
                out += "  " + String(repeating: " ", count: width + kindWidth + 4) + variable.description + "\n"
                if verbose, let pattern = variable.pattern {
                    out += "  " + String(repeating: " ", count: width + kindWidth + 4) + "pattern: " + pattern + "\n"
                }
            }
            out += "\n"
        }
        if !quiet { out += "Use: livery new ID --template NAME --set VARIABLE=VALUE …\n" }
        return out
    }

    /// `{"version": 1, "templates": [{"name", "description", "builtIn", "requires", "notes", "variables": [{"name", "description", "kind", "required", "default", "pattern"}]}], "diagnostics": [...]}`.
    static func json(_ listing: TemplateListing) -> String {
        let templates = listing.templates.map { template in
            JSONValue.makeObject([
                ("name", .string(template.name)),
                ("description", .string(template.description)),
                ("builtIn", .bool(listing.builtIn.contains(template.name))),
                ("requires", .makeArray(template.requires.map { .string($0) })),
                ("notes", .makeArray((listing.notes[template.name] ?? []).map { .string($0) })),
                (
                    "variables",
                    .makeArray(
                        template.variables.map { variable in
                            JSONValue.makeObject([
                                ("name", .string(variable.name)),
                                ("description", .string(variable.description)),
                                ("kind", .string(variable.kind.rawValue)),
                                ("required", .bool(variable.required)),
                                ("default", .optionalString(variable.defaultValue)),
                                ("pattern", .optionalString(variable.pattern)),
                            ])
                        })
                ),
            ])
        }
        let document = JSONValue.makeObject([
            ("version", .integer(1)),
            ("templates", .makeArray(templates)),
            ("diagnostics", .makeArray(listing.diagnostics.map(DiagnosticJSON.value))),
        ])
        return JSONWriter.write(document, sortedKeys: false)
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
