import LiveryGit
import LiveryJSON
import LiveryStyle

/// The templates of a source, for `livery templates`.
public struct TemplateListing: Sendable {
    public var templates: [TemplateDefinition]
    /// Templates that cannot be used and directories without a template.json.
    public var diagnostics: [Diagnostic]

    /// Reads every template under the templates directory; a broken one is reported, not skipped.
    public static func read(from workspace: Workspace) throws -> TemplateListing {
        let directory = workspace.configuration.templatesDirectory
        let source = workspace.source
        let (names, strays) = try TemplateCatalog.names(in: source, templatesDirectory: directory)
        var templates: [TemplateDefinition] = []
        var diagnostics = strays.map {
            Diagnostic(.warning, rule: "template", "'\(directory)/\($0)/' has no \(TemplateDefinition.fileName), so it is not a template", file: "\(directory)/\($0)")
        }
        for name in names {
            do {
                let loaded = try TemplateCatalog.load(name, in: source, templatesDirectory: directory)
                let defects = TemplateFiller.check(loaded.files, declared: loaded.definition.variables.map(\.name), directory: directory + "/" + name)
                diagnostics += defects
                if defects.isEmpty { templates.append(loaded.definition) }
            } catch TemplateError.invalidTemplate(_, let problems) {
                diagnostics += problems
            }
        }
        return TemplateListing(templates: templates, diagnostics: diagnostics)
    }
}

/// How `livery templates` prints.
public enum TemplateReport {
    public static func text(_ listing: TemplateListing, templatesDirectory: String) -> String {
        if listing.templates.isEmpty {
            return "No templates in \(templatesDirectory)/: see docs/templates.md to make one.\n"
        }
        var out = ""
        for template in listing.templates {
            out += "\(template.name) — \(template.description)\n"
            let width = template.variables.map(\.name.count).max() ?? 0
            let kindWidth = template.variables.map(\.kind.rawValue.count).max() ?? 0
            for variable in template.variables {
                let value = variable.required ? "required" : "default \(variable.defaultValue ?? "")"
                out += "  " + pad(variable.name, width) + "  " + pad(variable.kind.rawValue, kindWidth) + "  " + value + "\n"
                out += "  " + String(repeating: " ", count: width + kindWidth + 4) + variable.description + "\n"
            }
            out += "\n"
        }
        out += "Use: livery new ID --template NAME --set VARIABLE=VALUE …\n"
        return out
    }

    /// `{"version": 1, "templates": [{"name", "description", "variables": [{"name", "description", "kind", "required", "default", "pattern"}]}], "diagnostics": [...]}`.
    public static func json(_ listing: TemplateListing) -> String {
        let templates = listing.templates.map { template in
            JSONValue.makeObject([
                ("name", .string(template.name)),
                ("description", .string(template.description)),
                ("variables", .makeArray(template.variables.map { variable in
                    JSONValue.makeObject([
                        ("name", .string(variable.name)),
                        ("description", .string(variable.description)),
                        ("kind", .string(variable.kind.rawValue)),
                        ("required", .bool(variable.required)),
                        ("default", .optionalString(variable.defaultValue)),
                        ("pattern", .optionalString(variable.pattern)),
                    ])
                })),
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
