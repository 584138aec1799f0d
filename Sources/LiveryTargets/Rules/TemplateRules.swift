// What `livery templates` and `livery new` report of a template that cannot be used.
extension Rule {
    public static let template = Rule(
        "template", [.error, .warning], section: .template,
        summary: "A template.json that is not valid, or a template directory without one.",
        explanation:
            "`template.json` is not valid (unknown key, a variable without a description, a bad `requires` entry…), or a directory under `templates/` has no `template.json` (warning)"
    )
    public static let templateSyntax = Rule(
        "template-syntax", [.error], section: .template,
        summary: "A template file is not a valid Mustache template.",
        explanation: "a template file is not a valid Mustache template"
    )
    public static let templatePlaceholder = Rule(
        "template-placeholder", [.error], section: .template,
        summary: "A placeholder names no declared variable.",
        explanation: "a `{{placeholder}}` names no declared variable"
    )
}
