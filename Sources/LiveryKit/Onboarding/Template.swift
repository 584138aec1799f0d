import Foundation
import LiveryGit
import LiveryJSON
import LiveryTargets

/// What a template variable's value must look like.
enum VariableKind: String, Sendable, CaseIterable {
    /// Any non-empty text.
    case text
    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    case color
    /// A reverse-DNS identifier, as `app.bundleId` in the style schema.
    case bundleId
    /// A target id.
    case id
    /// An Android application id (`app.androidPackage`): dot-separated Java identifiers.
    /// A default that names another variable (`{{bundleId}}`) is made a valid one
    /// (hyphens become underscores), so a bundle id with hyphens still gives a package.
    case androidPackage
}

/// One variable a template declares in its `template.json`.
struct TemplateVariable: Sendable, Hashable {
    var name: String
    var description: String
    var kind: VariableKind
    /// True when the value must be given; otherwise `defaultValue` is used.
    var required: Bool
    var defaultValue: String?
    /// An ECMA-262 regular expression the value must also match.
    var pattern: String?

    init(
        name: String, description: String, kind: VariableKind = .text, required: Bool = false, defaultValue: String? = nil,
        pattern: String? = nil
    ) {
        self.name = name
        self.description = description
        self.kind = kind
        self.required = required
        self.defaultValue = defaultValue
        self.pattern = pattern
    }
}

/// A template's declaration: what it is for and the variables it needs.
struct TemplateDefinition: Sendable, Hashable {
    /// The template's directory name.
    var name: String
    var description: String
    /// In the order `template.json` declares them.
    var variables: [TemplateVariable]
    /// Tokens the template uses but leaves to the parent to define, e.g. `colors.onPrimary`,
    /// checked against the parent before anything is written.
    var requires: [String]

    init(name: String, description: String, variables: [TemplateVariable], requires: [String] = []) {
        self.name = name
        self.description = description
        self.variables = variables
        self.requires = requires
    }

    func variable(named name: String) -> TemplateVariable? {
        variables.first { $0.name == name }
    }

    /// The name of the file that declares a template; it is not copied.
    static let fileName = "template.json"
    /// The placeholder that always holds the new target's id; no variable may take its name.
    static let reservedName = "id"

    /// Reads a `template.json`. Every problem is collected, each with file, line and pointer.
    static func parse(_ bytes: [UInt8], name: String, file: String) -> Result<TemplateDefinition, TemplateError> {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, file: file)
        } catch {
            return .failure(
                .invalidTemplate(
                    name: name, [Diagnostic(.error, rule: .template, error.message, at: error.location, pointer: error.pointer)]))
        }
        var problems: [Diagnostic] = []
        func problem(_ message: String, _ node: JSONNode, _ pointer: JSONPointer) {
            problems.append(Diagnostic(.error, rule: .template, message, at: node.location, pointer: pointer))
        }
        guard let object = root.value.objectValue else {
            problem("template.json must hold an object with \"description\" and \"variables\"", root, .root)
            return .failure(.invalidTemplate(name: name, problems))
        }
        var description = ""
        var variables: [TemplateVariable] = []
        var requires: [String] = []
        for member in object.members {
            let pointer = JSONPointer(tokens: [member.key])
            switch member.key {
            case "description":
                if let text = member.value.value.stringValue, !text.isEmpty {
                    description = text
                } else {
                    problem("\"description\" must be a non-empty string saying what the template is for", member.value, pointer)
                }
            case "variables":
                guard let declarations = member.value.value.objectValue else {
                    problem("\"variables\" must be an object: variable name → declaration", member.value, pointer)
                    continue
                }
                for declaration in declarations.members {
                    if let variable = parseVariable(
                        declaration, pointer: JSONPointer(tokens: ["variables", declaration.key]), problem: problem)
                    {
                        variables.append(variable)
                    }
                }
            case "requires":
                requires = parseRequires(member.value, pointer: pointer, problem: problem)
            case "$schema":
                break
            default:
                problem("unknown key \"\(member.key)\" (known: description, variables, requires)", member.value, pointer)
            }
        }
        if object["description"] == nil { problem("\"description\" is missing: say what the template is for", root, .root) }
        if object["variables"] == nil { problem("\"variables\" is missing: declare the variables (it may be {})", root, .root) }
        guard problems.isEmpty else { return .failure(.invalidTemplate(name: name, problems)) }
        return .success(TemplateDefinition(name: name, description: description, variables: variables, requires: requires))
    }

    /// `"requires": ["colors.onPrimary", "fonts.button"]`: dotted names of tokens (or
    /// components) in a token group, each at most once.
    private static func parseRequires(_ node: JSONNode, pointer: JSONPointer, problem: (String, JSONNode, JSONPointer) -> Void) -> [String]
    {
        guard let items = node.value.arrayValue else {
            problem("\"requires\" must be an array of token names, e.g. [\"colors.onPrimary\"]", node, pointer)
            return []
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            let at = pointer.appending(String(index))
            guard let name = item.value.stringValue else {
                problem("\"requires\" holds token names (strings), e.g. \"colors.onPrimary\"", item, at)
                continue
            }
            if let reason = RequiredToken.problem(with: name) {
                problem("\"requires\": `\(name)` \(reason)", item, at)
            } else if names.contains(name) {
                problem("\"requires\": `\(name)` is listed twice", item, at)
            } else {
                names.append(name)
            }
        }
        return names
    }

    private static func parseVariable(
        _ member: JSONObject.Member, pointer: JSONPointer, problem: (String, JSONNode, JSONPointer) -> Void
    ) -> TemplateVariable? {
        let name = member.key
        let before = ProblemCounter()
        func fail(_ message: String, _ node: JSONNode, _ at: JSONPointer) {
            before.count += 1
            problem("variable `\(name)`: " + message, node, at)
        }
        if name == reservedName {
            fail("`id` is reserved: {{id}} is always the new target's id", member.value, pointer)
        } else if !isValidName(name) {
            fail("a variable name must match ^[A-Za-z][A-Za-z0-9_]*$", member.value, pointer)
        }
        guard let declaration = member.value.value.objectValue else {
            fail("the declaration must be an object with a \"description\"", member.value, pointer)
            return nil
        }
        var variable = TemplateVariable(name: name, description: "")
        for field in declaration.members {
            let at = pointer.appending(field.key)
            let value = field.value.value
            switch field.key {
            case "description":
                if let text = value.stringValue, !text.isEmpty {
                    variable.description = text
                } else {
                    fail("\"description\" must be a non-empty string", field.value, at)
                }
            case "kind":
                if let text = value.stringValue, let kind = VariableKind(rawValue: text) {
                    variable.kind = kind
                } else {
                    fail("\"kind\" must be one of \(VariableKind.allCases.map(\.rawValue).joined(separator: ", "))", field.value, at)
                }
            case "required":
                if let flag = value.boolValue {
                    variable.required = flag
                } else {
                    fail("\"required\" must be true or false", field.value, at)
                }
            case "default":
                if let text = value.stringValue {
                    variable.defaultValue = text
                } else {
                    fail("\"default\" must be a string", field.value, at)
                }
            case "pattern":
                if let text = value.stringValue, ECMAPattern(text) != nil {
                    variable.pattern = text
                } else {
                    fail("\"pattern\" must be a valid regular expression (ECMA-262)", field.value, at)
                }
            default:
                fail("unknown key \"\(field.key)\" (known: description, kind, required, default, pattern)", field.value, at)
            }
        }
        if declaration["description"] == nil { fail("\"description\" is missing: say what the value is", member.value, pointer) }
        if variable.required && variable.defaultValue != nil {
            fail("a variable is either required or has a default, not both", member.value, pointer)
        } else if !variable.required && variable.defaultValue == nil {
            fail("give a \"default\", or mark it \"required\": true", member.value, pointer)
        }
        if let value = variable.defaultValue, let reason = VariableCheck.problem(with: value, for: variable) {
            fail("the default `\(value)` is invalid: \(reason)", member.value, pointer.appending("default"))
        }
        return before.count == 0 ? variable : nil
    }

    /// `^[A-Za-z][A-Za-z0-9_]*$`.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }
    }
}

private final class ProblemCounter {
    var count = 0
}

/// A template's definition and the files it copies into a new target.
struct LoadedTemplate: Sendable {
    var definition: TemplateDefinition
    /// Paths relative to the template directory → contents; `template.json` is not among them.
    var files: [String: [UInt8]]
    /// True for a template built into livery rather than read from the repository.
    var isBuiltIn: Bool

    init(definition: TemplateDefinition, files: [String: [UInt8]], isBuiltIn: Bool = false) {
        self.definition = definition
        self.files = files
        self.isBuiltIn = isBuiltIn
    }
}

/// A template that cannot be used, or cannot be found.
enum TemplateError: UserError, LocalizedError, Sendable, Equatable {
    case notFound(name: String, suggestion: String?)
    /// `template.json` or a placeholder is wrong; the diagnostics say where.
    case invalidTemplate(name: String, [Diagnostic])

    var errorDescription: String? {
        switch self {
        case .notFound(let name, let suggestion):
            "template `\(name)` not found" + (suggestion.map { " (did you mean `\($0)`?)" } ?? "")
                + ". Run `livery templates` to list them."
        case .invalidTemplate(let name, let diagnostics):
            "template `\(name)` cannot be used:\n" + diagnostics.map { "  " + DiagnosticFormats.line($0) }.joined(separator: "\n")
                + "\nFix the template (see docs/templates.md), then run the command again."
        }
    }
}

/// Finds and reads the templates of a source.
enum TemplateCatalog {
    /// The names of the directories under `templatesDirectory` that hold a `template.json`,
    /// sorted, and the directories that do not.
    static func names(in source: some Source, templatesDirectory: String) throws(RepositoryError) -> (templates: [String], strays: [String])
    {
        guard let directory = try source.directory(at: templatesDirectory) else { return ([], []) }
        var templates: [String] = []
        var strays: [String] = []
        for entry in directory.entries where entry.isDirectory {
            if try source.fileEntry(at: entry.path + "/" + TemplateDefinition.fileName) != nil {
                templates.append(entry.name)
            } else {
                strays.append(entry.name)
            }
        }
        return (templates, strays)
    }

    /// The definition of template `name`.
    static func definition(_ name: String, in source: some Source, templatesDirectory: String) throws -> TemplateDefinition {
        let directory = try templateDirectory(name, in: source, templatesDirectory: templatesDirectory)
        let file = directory + "/" + TemplateDefinition.fileName
        guard let bytes = try source.readFile(at: file) else {
            throw TemplateError.notFound(name: name, suggestion: nil)
        }
        return try TemplateDefinition.parse(bytes, name: name, file: file).get()
    }

    /// Template `name` with every file it copies: the repository's, else a built-in one.
    /// Refused entries (symlinks, submodules, unsafe names) make the template unusable: a
    /// new target must not silently lack a file.
    static func load(_ name: String, in source: some Source, templatesDirectory: String) throws -> LoadedTemplate {
        if let builtIn = BuiltInTemplates.named(name),
            try !names(in: source, templatesDirectory: templatesDirectory).templates.contains(name)
        {
            return builtIn
        }
        let definition = try definition(name, in: source, templatesDirectory: templatesDirectory)
        let root = try templateDirectory(name, in: source, templatesDirectory: templatesDirectory)
        var files: [String: [UInt8]] = [:]
        var refused: [Diagnostic] = []
        func walk(_ path: String, relative: String) throws {
            guard let directory = try source.directory(at: path) else { return }
            refused += directory.refused.map { Diagnostic(.error, rule: .unsafePath, "'\($0.path)': \($0.reason)", file: $0.path) }
            for entry in directory.entries {
                let inner = relative.isEmpty ? entry.name : relative + "/" + entry.name
                if entry.isDirectory {
                    try walk(entry.path, relative: inner)
                } else if inner != TemplateDefinition.fileName {
                    files[inner] = try source.contents(of: entry)
                }
            }
        }
        try walk(root, relative: "")
        guard refused.isEmpty else { throw TemplateError.invalidTemplate(name: name, refused) }
        return LoadedTemplate(definition: definition, files: files)
    }

    private static func templateDirectory(_ name: String, in source: some Source, templatesDirectory: String) throws -> String {
        let (known, _) = try names(in: source, templatesDirectory: templatesDirectory)
        guard known.contains(name) else {
            let all = known + BuiltInTemplates.all.map(\.definition.name)
            throw TemplateError.notFound(name: name, suggestion: NameSuggestion.closest(to: name, in: all))
        }
        return templatesDirectory + "/" + name
    }
}
