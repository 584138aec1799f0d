import LiveryGit
import LiveryImage
import LiveryTargets
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// A template states what it needs from the repository: a parent that exists, with the
/// tokens it lists in `requires`. Both are checked before anything is asked or written.
@Suite("Templates: the parent and the tokens a template needs")
struct TemplateNeedsTests {
    static let declaration = ##"""
        {
          "description": "A bank.",
          "requires": ["colors.onPrimary", "fonts.button"],
          "variables": {
            "displayName": { "description": "The app's name.", "required": true },
            "parent": { "description": "The target to extend.", "kind": "id", "default": "banks" }
          }
        }
        """##

    static let base =
        ##"{"abstract": true, "colors": {"onPrimary": "#FFFFFF"}, "fonts": {"button": {"family": "Inter", "size": 17, "weight": "bold"}}}"##

    static let style = ##"{"extends": "{{parent}}", "app": {"displayName": "{{displayName}}", "bundleId": "com.example.app"}}"##

    /// A repository with `base` (abstract) and one client, and template `bank` whose
    /// default parent `banks` is not there.
    func workspace(_ extra: [String: String] = [:]) -> Workspace {
        var texts = [
            "targets/base/style.json": Self.base,
            "targets/acme/style.json": #"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.acme.app"}}"#,
            "templates/bank/template.json": Self.declaration,
            "templates/bank/style.json": Self.style,
        ]
        for (path, text) in extra { texts[path] = text }
        return Workspace(repository: nil, source: MemorySource(texts: texts))
    }

    // MARK: template.json

    @Test func requiresIsReadAndEachNameIsChecked() throws {
        let definition = try TemplateDefinition.parse(Array(Self.declaration.utf8), name: "bank", file: "t.json").get()
        #expect(definition.requires == ["colors.onPrimary", "fonts.button"])

        let bad = #"{"description": "B.", "variables": {}, "requires": ["colors", "shapes.round", "colors.a", "colors.a", 3, "colors..x"]}"#
        guard case .failure(.invalidTemplate(_, let problems)) = TemplateDefinition.parse(Array(bad.utf8), name: "b", file: "t.json") else {
            Issue.record("expected problems")
            return
        }
        #expect(problems.map(\.pointer?.description) == ["/requires/0", "/requires/1", "/requires/3", "/requires/4", "/requires/5"])
        #expect(problems[0].message.contains("`colors` is not a token name: write group.name, e.g. colors.onPrimary"))
        #expect(problems[1].message.contains("`shapes.round` does not start with a token group"))
        #expect(problems[2].message.contains("listed twice"))

        let notArray = #"{"description": "B.", "variables": {}, "requires": "colors.a"}"#
        #expect(throws: TemplateError.self) { try TemplateDefinition.parse(Array(notArray.utf8), name: "b", file: "t.json").get() }
    }

    // MARK: the parent

    @Test func aMissingDefaultParentIsNamedWithTheParentToUse() throws {
        let service = OnboardingService(workspace: workspace())
        let request = OnboardingRequest(id: "bob", template: "bank", values: ["displayName": "Bob"])
        #expect(
            throws: VariablesError(
                template: "bank",
                problems: [
                    VariableProblem(
                        name: "parent",
                        reason: .refused(value: "banks", message: "parent 'banks' is not in this repository; use --set parent=base"),
                        description: "The target to extend."
                    )
                ])
        ) {
            try service.prepare(request)
        }
        var fixed = request
        fixed.values["parent"] = "base"
        let (result, _) = try service.prepare(fixed)
        #expect(!result.validation.fails(strict: false), "\(result.validation.diagnostics)")
    }

    @Test func atThePromptAMissingParentIsSaidAndNotOfferedAsTheDefault() throws {
        let log = PromptLog()
        let input = LoggingInput(answers: ["", "nowhere", "base"], log: log)
        let service = OnboardingService(workspace: workspace())
        let (result, files) = try service.prepare(
            OnboardingRequest(id: "bob", template: "bank", values: ["displayName": "Bob"]), input: input)
        #expect(result.values["parent"] == "base")
        #expect(String(decoding: try #require(files["style.json"]), as: UTF8.self).contains(#""extends": "base""#))
        #expect(
            log.prompts == [
                "  ✗ parent 'banks' is not in this repository; use --set parent=base\nparent — The target to extend.\nparent: ",
                "  ✗ A value is required.\nparent — The target to extend.\nparent: ",
                "  ✗ parent 'nowhere' is not in this repository; use --set parent=base\nparent — The target to extend.\nparent: ",
            ])
    }

    @Test func aParentFixedInTheTemplateThatIsMissingIsATemplateProblem() throws {
        let service = OnboardingService(
            workspace: workspace([
                "templates/fixed/template.json": #"{"description": "F.", "variables": {}}"#,
                "templates/fixed/style.json": #"{"extends": "bases", "app": {"displayName": "F", "bundleId": "com.example.f"}}"#,
            ]))
        #expect(
            throws: TemplateNeedsError.missingParent(
                template: "fixed",
                hint: "parent 'bases' is not in this repository; change \"extends\" in templates/fixed/style.json, e.g. to 'base'"
            )
        ) {
            try service.prepare(OnboardingRequest(id: "bob", template: "fixed"))
        }
    }

    @Test func templatesListsWhatStopsATemplateFromBeingUsedHere() throws {
        let listing = try TemplateListing.read(from: workspace())
        #expect(listing.notes["bank"] == ["parent 'banks' is not in this repository; use --set parent=base"])
        #expect(listing.notes["starter"] == nil)
        let text = TemplateReport.text(listing, templatesDirectory: "templates")
        #expect(
            text.contains(
                "bank — A bank.\n  ! parent 'banks' is not in this repository; use --set parent=base\n  requires from its parent: colors.onPrimary, fonts.button\n"
            ))
        #expect(text.contains("starter (built in) — "))

        let withParent = try TemplateListing.read(
            from: workspace(["targets/banks/style.json": #"{"abstract": true, "extends": "base", "fonts": {"button": null}}"#]))
        #expect(
            withParent.notes["bank"] == [
                "parent 'banks' does not define fonts.button, which template `bank` requires; add it to targets/banks/style.json (or to one of its parents), or use --set parent=ID of a target that defines it"
            ])
    }

    // MARK: requires

    @Test func aParentWithoutTheRequiredTokensStopsTheTargetBeforeAnythingIsWritten() throws {
        let request = OnboardingRequest(id: "bob", template: "bank", values: ["displayName": "Bob", "parent": "base"])
        #expect(throws: Never.self) { try OnboardingService(workspace: workspace()).prepare(request) }
        let service = OnboardingService(
            workspace: workspace([
                "targets/base/style.json": ##"{"abstract": true, "colors": {"onPrimary": "#FFFFFF"}}"##
            ]))

        #expect(
            throws: VariablesError(
                template: "bank",
                problems: [
                    VariableProblem(
                        name: "parent",
                        reason: .refused(
                            value: "base",
                            message:
                                "parent 'base' does not define fonts.button, which template `bank` requires; add it to targets/base/style.json (or to one of its parents), or use --set parent=ID of a target that defines it"
                        ),
                        description: "The target to extend."
                    )
                ])
        ) {
            try service.prepare(request)
        }
        // A token the child removes with null is not there either; an inherited one is.
        let removed = OnboardingService(
            workspace: workspace([
                "targets/middle/style.json": ##"{"abstract": true, "extends": "base", "colors": {"onPrimary": null}}"##
            ]))
        var viaMiddle = request
        viaMiddle.values["parent"] = "middle"
        #expect(throws: VariablesError.self) { try removed.prepare(viaMiddle) }
    }

    @Test func requiresWithoutAnyParentIsATemplateProblem() throws {
        let service = OnboardingService(
            workspace: workspace([
                "templates/lone/template.json": #"{"description": "L.", "variables": {}, "requires": ["colors.onPrimary"]}"#,
                "templates/lone/style.json": #"{"app": {"displayName": "L", "bundleId": "com.example.l"}}"#,
            ]))
        #expect(throws: TemplateNeedsError.missingTokens(template: "lone", parent: nil, tokens: ["colors.onPrimary"], styleFile: nil)) {
            try service.prepare(OnboardingRequest(id: "bob", template: "lone"))
        }
    }

    // MARK: the built-in template

    @Test func theStarterTemplateMakesAValidTargetInARepositoryWithNothingElse() throws {
        let service = OnboardingService(workspace: Workspace(repository: nil, source: MemorySource(texts: [:])))
        let (result, files) = try service.prepare(
            OnboardingRequest(id: "acme", template: "starter", values: ["displayName": "Acme", "bundleId": "com.acme-app.ios"]))
        #expect(result.files == ["assets/AppIcon.png", "style.json"])
        // A new client is clean: a placeholder icon (1024 px, no alpha) and a valid Android package.
        #expect(result.validation.diagnostics.isEmpty, "\(result.validation.diagnostics)")
        let style = String(decoding: try #require(files["style.json"]), as: UTF8.self)
        #expect(style.contains(#""analyticsTarget": "acme""#))
        // A bundle id with a hyphen gives the Android package Android accepts.
        #expect(style.contains(#""androidPackage": "com.acme_app.ios""#), "\(style)")
        #expect(PNGResampler.size(ofPNG: try #require(files["assets/AppIcon.png"])) == PixelSize(width: 1024, height: 1024))
        // A repository's own template of that name takes its place.
        let own = OnboardingService(
            workspace: workspace([
                "templates/starter/template.json": #"{"description": "Ours.", "variables": {}}"#,
                "templates/starter/style.json": #"{"extends": "base", "app": {"displayName": "Ours", "bundleId": "com.example.ours"}}"#,
            ]))
        let (ours, _) = try own.prepare(OnboardingRequest(id: "bob", template: "starter"))
        #expect(ours.values["id"] == "bob" && ours.values.count == 1)
    }
}
