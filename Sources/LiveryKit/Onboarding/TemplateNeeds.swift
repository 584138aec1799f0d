import Foundation
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

/// The name of a token a template requires from its parent: `group.name(.sub)*`.
enum RequiredToken {
    /// The groups a required name may start with: the token groups, and components.
    static let groups = TokenGroup.allCases.map(\.rawValue) + ["components"]

    /// Why `name` cannot be required, or nil when it can.
    static func problem(with name: String) -> String? {
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            return "is not a token name: write group.name, e.g. colors.onPrimary"
        }
        guard groups.contains(String(parts[0])) else {
            return "does not start with a token group (\(groups.joined(separator: ", ")))"
        }
        return nil
    }

    /// Whether `document` (a merged style) defines `name`.
    static func isDefined(_ name: String, in document: JSONNode) -> Bool {
        var node = document
        for part in name.split(separator: ".") {
            guard let child = node.value.objectValue?[String(part)], !child.value.isNull else { return false }
            node = child
        }
        return true
    }
}

/// Which target a template's `style.json` extends: a fixed id, or a variable's value
/// (`"extends": "{{parent}}"`).
struct TemplateParent: Sendable, Equatable {
    /// The variable that holds the parent's id, when the template lets the user choose.
    var variable: String?
    /// The fixed id, or the variable's default; nil for a required variable.
    var defaultID: String?

    /// The template's parent, or nil when its `style.json` extends nothing or cannot be read
    /// as JSON (validation of the filled target reports that).
    static func of(_ template: LoadedTemplate) -> TemplateParent? {
        guard let bytes = template.files[TargetCatalog.styleFileName],
            let root = try? JSONReader.parse(bytes, file: TargetCatalog.styleFileName),
            let extends = root.value.objectValue?["extends"]?.value.stringValue
        else { return nil }
        guard extends.contains("{{") else { return TemplateParent(variable: nil, defaultID: extends) }
        let inner =
            extends.hasPrefix("{{") && extends.hasSuffix("}}") ? extends.dropFirst(2).dropLast(2).trimmingCharacters(in: .whitespaces) : ""
        guard let variable = template.definition.variable(named: inner) else { return nil }
        return TemplateParent(variable: variable.name, defaultID: variable.defaultValue)
    }
}

/// A template that does not fit this repository: its parent is missing, or lacks the
/// tokens the template requires. Nothing is written.
enum TemplateNeedsError: UserError, Sendable, Equatable, CustomStringConvertible {
    /// The fixed parent of the template is not a target here.
    case missingParent(template: String, hint: String)
    /// The parent lacks tokens the template's `requires` lists.
    case missingTokens(template: String, parent: String?, tokens: [String], styleFile: String?)

    var message: String { description }

    var description: String {
        "template `\(templateName)`: \(problem)"
    }

    var templateName: String {
        switch self {
        case .missingParent(let template, _), .missingTokens(let template, _, _, _): template
        }
    }

    /// What is wrong and what to do, without the template's name.
    var problem: String {
        switch self {
        case .missingParent(_, let hint):
            return hint
        case .missingTokens(_, let parent, let tokens, let styleFile):
            let list = tokens.joined(separator: ", ")
            guard let parent else {
                return "requires \(list) from a parent, but its style.json extends none; add \"extends\" to it, or drop \"requires\""
            }
            return
                "requires \(list), which parent '\(parent)' does not define; add \(tokens.count == 1 ? "it" : "them") to \(styleFile ?? "its style.json") (or to one of its parents)"
        }
    }
}

/// What a repository offers templates: its targets, and their merged styles for
/// `requires`. Pure over a `Source`; nothing is written.
struct TemplateNeeds {
    /// The repository's targets, listed and loaded by the pipeline's first stages.
    let pipeline: TargetPipeline
    var graph: TargetGraph { pipeline.graph }

    init(workspace: Workspace, schema: CompiledStyleSchema?) throws {
        pipeline = try TargetPipeline(workspace: workspace, schema: schema)
    }

    /// Why `id` cannot be the parent, with what to do instead; nil when it is a target here.
    /// `"parent 'banks' is not in this repository; use --set parent=base"`.
    func parentProblem(_ id: String, parent: TemplateParent, template: String, templatesDirectory: String) -> String? {
        guard graph.targets[id] == nil else { return nil }
        let suggestion = suggestedParent(for: id)
        let fix: String
        switch (parent.variable, suggestion) {
        case (let variable?, let suggestion?): fix = "use --set \(variable)=\(suggestion)"
        case (let variable?, nil): fix = "it has no targets yet: make targets/\(id)/ first, or use --set \(variable)=ID of a target you add"
        case (nil, let suggestion?): fix = "change \"extends\" in \(templatesDirectory)/\(template)/style.json, e.g. to '\(suggestion)'"
        case (nil, nil): fix = "it has no targets yet: make targets/\(id)/ first"
        }
        return "parent '\(id)' is not in this repository; \(fix)"
    }

    /// The target to suggest instead of a missing parent: the nearest name, preferring
    /// abstract targets (they exist to be extended), else the first abstract, else the first.
    func suggestedParent(for id: String) -> String? {
        let ids = graph.targets.keys.sorted()
        let abstract = ids.filter { graph.targets[$0]?.abstract == true }
        return NameSuggestion.closest(to: id, in: abstract) ?? NameSuggestion.closest(to: id, in: ids) ?? abstract.first ?? ids.first
    }

    /// The names of `requires` that `parent` (merged over its ancestors) does not define, in
    /// the template's order. Empty when the parent cannot be read: validation reports that.
    func missingTokens(_ requires: [String], parent: String) -> [String] {
        guard case .merged(let document) = pipeline.load(parent) else { return [] }
        return requires.filter { !RequiredToken.isDefined($0, in: document) }
    }

    /// Why `id` cannot be the template's parent: it is missing, or lacks required tokens.
    func problem(parent id: String, _ parent: TemplateParent, template: TemplateDefinition, templatesDirectory: String) -> String? {
        if let missing = parentProblem(id, parent: parent, template: template.name, templatesDirectory: templatesDirectory) {
            return missing
        }
        let tokens = missingTokens(template.requires, parent: id)
        guard !tokens.isEmpty else { return nil }
        let file = graph.targets[id]?.styleFile ?? "its style.json"
        let other = parent.variable.map { ", or use --set \($0)=ID of a target that defines \(tokens.count == 1 ? "it" : "them")" } ?? ""
        return
            "parent '\(id)' does not define \(tokens.joined(separator: ", ")), which template `\(template.name)` requires; add \(tokens.count == 1 ? "it" : "them") to \(file) (or to one of its parents)\(other)"
    }

    /// Checks what the template fixes itself (a parent written into its style.json, or
    /// `requires` without any parent) and returns the check for the parent variable's
    /// values, for `TemplateVariables.resolve`.
    func check(_ template: LoadedTemplate, templatesDirectory: String) throws(TemplateNeedsError) -> (TemplateVariable, String) -> String? {
        let definition = template.definition
        guard let parent = TemplateParent.of(template) else {
            if !definition.requires.isEmpty {
                throw .missingTokens(template: definition.name, parent: nil, tokens: definition.requires, styleFile: nil)
            }
            return { _, _ in nil }
        }
        if parent.variable == nil, let id = parent.defaultID {
            if let hint = parentProblem(id, parent: parent, template: definition.name, templatesDirectory: templatesDirectory) {
                throw .missingParent(template: definition.name, hint: hint)
            }
            let tokens = missingTokens(definition.requires, parent: id)
            if !tokens.isEmpty {
                throw .missingTokens(template: definition.name, parent: id, tokens: tokens, styleFile: graph.targets[id]?.styleFile)
            }
        }
        return { variable, value in
            // An empty parent (a default only: --set checks the id) means none.
            guard variable.name == parent.variable, !value.isEmpty else { return nil }
            return self.problem(parent: value, parent, template: definition, templatesDirectory: templatesDirectory)
        }
    }

    /// What stops a template from being used here with its defaults, one line each, for
    /// `livery templates`: a default parent that is missing, or lacks required tokens.
    func notes(for template: LoadedTemplate, templatesDirectory: String) -> [String] {
        do {
            let vet = try check(template, templatesDirectory: templatesDirectory)
            guard let parent = TemplateParent.of(template), let name = parent.variable, let id = parent.defaultID,
                let variable = template.definition.variable(named: name)
            else { return [] }
            return vet(variable, id).map { [$0] } ?? []
        } catch {
            return [error.problem]
        }
    }
}
