import Foundation
import LiveryConcurrency
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// Answers from a script, as a person at a terminal would type them.
struct ScriptedInput: VariableInput {
    var answers: [String]

    init(_ answers: [String]) {
        self.answers = answers
    }

    mutating func readLine(prompt: String) -> String? {
        answers.isEmpty ? nil : answers.removeFirst()
    }
}

/// Where `LoggingInput` records the prompts shown, readable after `resolve` has copied the input.
final class PromptLog: Sendable {
    private let shown = Locked<[String]>([])

    var prompts: [String] { shown.withLock { $0 } }

    func record(_ prompt: String) {
        shown.withLock { $0.append(prompt) }
    }
}

/// Answers from a script, recording every prompt shown.
struct LoggingInput: VariableInput {
    var answers: [String]
    let log: PromptLog

    mutating func readLine(prompt: String) -> String? {
        log.record(prompt)
        return answers.isEmpty ? nil : answers.removeFirst()
    }
}

@Suite("Templates: declarations, variables, filling")
struct TemplateTests {
    static let definitionJSON = ##"""
        {
          "description": "A test bank.",
          "variables": {
            "displayName": { "description": "The app's name.", "kind": "text", "required": true },
            "bundleId": { "description": "Reverse DNS.", "kind": "bundleId", "required": true },
            "primary": { "description": "The brand colour.", "kind": "color", "default": "#0B5FFF" },
            "email": { "description": "Support address.", "pattern": "^[^@]+@[^@]+$", "default": "help@example.com" },
            "parent": { "description": "The parent.", "kind": "id", "default": "base" }
          }
        }
        """##

    func definition() throws -> TemplateDefinition {
        try TemplateDefinition.parse(Array(Self.definitionJSON.utf8), name: "test", file: "templates/test/template.json").get()
    }

    // MARK: template.json

    @Test func aDeclarationIsReadInOrderWithKindsAndDefaults() throws {
        let definition = try definition()
        #expect(definition.description == "A test bank.")
        #expect(definition.variables.map(\.name) == ["displayName", "bundleId", "primary", "email", "parent"])
        #expect(definition.variables.map(\.kind) == [.text, .bundleId, .color, .text, .id])
        #expect(definition.variable(named: "displayName")?.required == true)
        #expect(definition.variable(named: "primary")?.defaultValue == "#0B5FFF")
        #expect(definition.variable(named: "email")?.pattern == "^[^@]+@[^@]+$")
    }

    @Test func everyProblemOfADeclarationIsReportedWithItsPosition() {
        let json = ##"""
            {
              "description": "Broken.",
              "variables": {
                "id": { "description": "Reserved.", "default": "x" },
                "both": { "description": "Required and default.", "required": true, "default": "x" },
                "neither": { "description": "No default." },
                "kind": { "description": "Unknown kind.", "kind": "colour", "default": "x" },
                "badDefault": { "description": "Invalid default.", "kind": "color", "default": "blue" },
                "badPattern": { "description": "Pattern.", "pattern": "([", "default": "x" },
                "9lives": { "description": "Bad name.", "default": "x" },
                "typo": { "description": "Typo.", "requird": true, "default": "x" },
                "bare": { "default": "x" }
              }
            }
            """##
        guard
            case .failure(.invalidTemplate(let name, let problems)) = TemplateDefinition.parse(
                Array(json.utf8), name: "broken", file: "templates/broken/template.json")
        else {
            Issue.record("expected the declaration to be refused")
            return
        }
        #expect(name == "broken")
        let messages = problems.map(\.message)
        for expected in [
            "variable `id`: `id` is reserved",
            "variable `both`: a variable is either required or has a default",
            "variable `neither`: give a \"default\"",
            "variable `kind`: \"kind\" must be one of text, color, bundleId, id",
            "variable `badDefault`: the default `blue` is invalid: not a colour",
            "variable `badPattern`: \"pattern\" must be a valid regular expression",
            "variable `9lives`: a variable name must match",
            "variable `typo`: unknown key \"requird\"",
            "variable `bare`: \"description\" is missing",
        ] {
            #expect(messages.contains { $0.hasPrefix(expected) }, "no problem starting with \(expected) in \(messages)")
        }
        #expect(problems.allSatisfy { $0.file == "templates/broken/template.json" && $0.line != nil })
        #expect(problems.first { $0.message.contains("`both`") }?.line == 5)
    }

    @Test func malformedJSONIsAPositionedProblem() {
        guard
            case .failure(.invalidTemplate(_, let problems)) = TemplateDefinition.parse(
                Array("{\"description\": \"x\",\n  \"variables\": {".utf8), name: "t", file: "t.json")
        else {
            Issue.record("expected a syntax error")
            return
        }
        #expect(problems.count == 1)
        #expect(problems.first?.line == 2)
    }

    @Test func theShippedTemplatesAreValidDeclarations() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        for name in ["bank", "retail"] {
            let bytes = try [UInt8](Data(contentsOf: root.appendingPathComponent("templates/\(name)/template.json")))
            let definition = try TemplateDefinition.parse(bytes, name: name, file: "templates/\(name)/template.json").get()
            #expect(definition.variables.filter(\.required).map(\.name) == ["displayName", "bundleId"])
        }
    }

    // MARK: values

    @Test(arguments: [
        (VariableKind.color, "#0B5FFF", true), (.color, "#abc", true), (.color, "#11223344", true),
        (.color, "#12345", false), (.color, "0B5FFF", false), (.color, "#GGGGGG", false),
        (.bundleId, "com.acme.bank", true), (.bundleId, "com.acme-bank.app2", true),
        (.bundleId, "acme", false), (.bundleId, "1com.acme", false), (.bundleId, "com..acme", false), (.bundleId, "com.acme bank", false),
        (.id, "acme-bank", true), (.id, "Acme", false), (.id, "-acme", false),
        (.text, "Acme", true), (.text, "", false), (.text, "   ", false),
    ])
    func valuesAreCheckedByKind(kind: VariableKind, value: String, valid: Bool) {
        let variable = TemplateVariable(name: "v", description: "d", kind: kind, defaultValue: "x")
        #expect((VariableCheck.problem(with: value, for: variable) == nil) == valid)
    }

    @Test func aPatternIsCheckedOnTopOfTheKind() {
        let variable = TemplateVariable(name: "email", description: "d", kind: .text, defaultValue: "a@b", pattern: "^[^@]+@[^@]+$")
        #expect(VariableCheck.problem(with: "help@example.com", for: variable) == nil)
        #expect(VariableCheck.problem(with: "help", for: variable) == "it must match `^[^@]+@[^@]+$`")
    }

    @Test func defaultsFillWhatIsNotGiven() throws {
        let values = try TemplateVariables.resolve(
            try definition(), given: ["displayName": "Acme", "bundleId": "com.acme.app", "primary": "#123456"]
        ).get()
        #expect(
            values == [
                "displayName": "Acme", "bundleId": "com.acme.app", "primary": "#123456", "email": "help@example.com", "parent": "base",
            ])
    }

    @Test func everyMissingInvalidOrUnknownVariableIsNamedInOneError() throws {
        let result = TemplateVariables.resolve(try definition(), given: ["bundleId": "acme", "primry": "#123456", "id": "x"])
        guard case .failure(let error) = result else {
            Issue.record("expected problems")
            return
        }
        #expect(error.problems.map(\.name) == ["id", "primry", "displayName", "bundleId"])
        #expect(
            error.description == """
                template `test`: 4 variables to fix:
                  `id` cannot be set: it is the new target's id, the first argument of `livery new`
                  `primry` is not a variable of this template (did you mean `primary`?)
                  `displayName` is missing: The app's name.
                  `bundleId` = `acme` is invalid, not a bundle id: use two or more dot-separated parts of letters, digits and '-', starting with a letter, e.g. com.acme.app. Reverse DNS.
                Give each with --set NAME=VALUE (`livery templates` lists the variables).
                """)
    }

    @Test func assignmentsAreSplitAtTheFirstEquals() throws {
        #expect(try TemplateVariables.parseAssignments(["a=b=c", "empty="]).get() == ["a": "b=c", "empty": ""])
        #expect(throws: AssignmentError.self) { try TemplateVariables.parseAssignments(["novalue"]).get() }
        #expect(throws: AssignmentError.self) { try TemplateVariables.parseAssignments(["=x"]).get() }
        #expect(throws: AssignmentError.self) { try TemplateVariables.parseAssignments(["a=1", "a=2"]).get() }
    }

    // MARK: asking

    @Test func onATerminalEachVariableNotGivenIsAskedWithItsDescriptionAndDefault() throws {
        let log = PromptLog()
        // displayName: empty (required, asked again), then a value; bundleId: invalid, then valid;
        // primary: Enter takes the default; email and parent: given values.
        let input = LoggingInput(answers: ["", "Acme Bank", "acme", "com.acme.bank", "", "hi@acme.com", "base"], log: log)
        let values = try TemplateVariables.resolve(try definition(), given: [:], input: input).get()
        #expect(
            values == [
                "displayName": "Acme Bank", "bundleId": "com.acme.bank", "primary": "#0B5FFF", "email": "hi@acme.com", "parent": "base",
            ])
        #expect(log.prompts.count == 7)
        #expect(log.prompts[0] == "displayName — The app's name.\ndisplayName: ")
        #expect(log.prompts[1] == "  ✗ A value is required.\ndisplayName — The app's name.\ndisplayName: ")
        #expect(log.prompts[3].hasPrefix("  ✗ `acme` is invalid, not a bundle id"))
        #expect(log.prompts[4] == "primary — The brand colour.\nprimary [#0B5FFF]: ")
    }

    @Test func givenValuesAreNotAskedAndInvalidOnesAreAskedAgain() throws {
        let log = PromptLog()
        let input = LoggingInput(answers: ["#00AA00"], log: log)
        let given = ["displayName": "Acme", "bundleId": "com.acme.app", "primary": "green", "email": "a@b", "parent": "base"]
        let values = try TemplateVariables.resolve(try definition(), given: given, input: input).get()
        #expect(values["primary"] == "#00AA00")
        #expect(
            log.prompts == [
                "  ✗ `green` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF.\nprimary — The brand colour.\nprimary [#0B5FFF]: "
            ])
    }

    @Test func whenInputEndsWhatIsStillMissingIsAnError() throws {
        let result = TemplateVariables.resolve(try definition(), given: [:], input: ScriptedInput(["Acme"]))
        guard case .failure(let error) = result else {
            Issue.record("expected bundleId to be missing")
            return
        }
        #expect(error.problems == [VariableProblem(name: "bundleId", reason: .missing, description: "Reverse DNS.")])
    }

    // MARK: filling

    @Test func jsonValuesAreEscapedSoTheFileStaysValid() throws {
        let style =
            #"{"app": {"displayName": "{{displayName}}", "note": "{{{displayName}}}"}, "alias": "{colors.primary}", "id": "{{id}}"}"#
        let hostile = "Bob's \"Best\" \\ Bank\n\t\u{01} <&> ü"
        let filled = try TemplateFiller.fill(
            ["style.json": Array(style.utf8)], values: ["displayName": hostile, "id": "bob"], template: "t", directory: "templates/t")
        let bytes = try #require(filled["style.json"])
        let node = try JSONReader.parse(bytes, file: "style.json")
        #expect(node.value.objectValue?["app"]?.value.objectValue?["displayName"]?.value.stringValue == hostile)
        #expect(node.value.objectValue?["app"]?.value.objectValue?["note"]?.value.stringValue == hostile)
        #expect(node.value.objectValue?["alias"]?.value.stringValue == "{colors.primary}")
        #expect(node.value.objectValue?["id"]?.value.stringValue == "bob")
    }

    @Test func xmlFilesGetXMLEscapesAndOtherTextFilesTheValueAsItIs() throws {
        let files: [String: [UInt8]] = [
            "assets/logo.svg": Array("<svg><text>{{name}}</text></svg>".utf8),
            "README.txt": Array("Hello {{name}}\r\n".utf8),
        ]
        let filled = try TemplateFiller.fill(files, values: ["name": "A&B <\"q\">"], template: "t", directory: "templates/t")
        #expect(filled["assets/logo.svg"] == Array("<svg><text>A&amp;B &lt;&quot;q&quot;&gt;</text></svg>".utf8))
        #expect(filled["README.txt"] == Array("Hello A&B <\"q\">\r\n".utf8))
    }

    @Test func binaryFilesAndTextWithoutPlaceholdersAreCopiedByteForByte() throws {
        var random = SeededRandom(seed: 7)
        var binary: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x00] + Array("{{name}}".utf8)
        for _ in 0..<4096 { binary.append(UInt8.random(in: 0...255, using: &random)) }
        let invalidUTF8: [UInt8] = Array("{{name}}".utf8) + [0xC3, 0x28, 0xFF]
        let text: [UInt8] = Array("\u{FEFF}plain {single} text\r\n\r\n".utf8)
        let files = ["assets/blob.bin": binary, "assets/latin1.txt": invalidUTF8, "notes.md": text]
        let filled = try TemplateFiller.fill(files, values: ["name": "X"], template: "t", directory: "templates/t")
        #expect(filled == files)
        #expect(!TemplateFiller.isText(binary))
        #expect(!TemplateFiller.isText(invalidUTF8))
        #expect(TemplateFiller.isText(text))
    }

    @Test func undeclaredPlaceholdersAndSyntaxErrorsAreTemplateDefects() {
        let files: [String: [UInt8]] = [
            "style.json": Array("{\n  \"a\": \"{{displayName}}\",\n  \"b\": \"{{colour}}\"\n}".utf8),
            "broken.txt": Array("line one\n{{#open}} never closed".utf8),
        ]
        let problems = TemplateFiller.check(files, declared: ["displayName"], directory: "templates/t")
        #expect(problems.count == 2)
        #expect(
            problems.contains {
                $0.file == "templates/t/style.json"
                    && $0.message.hasPrefix("placeholder {{colour}} names no variable declared in template.json")
            })
        #expect(problems.contains { $0.file == "templates/t/broken.txt" && $0.rule.id == "template-syntax" })
        #expect(
            TemplateFiller.check(
                ["style.json": Array("{\"a\": \"{{displayName}} {{id}}\"}".utf8)], declared: ["displayName"], directory: "t"
            ).isEmpty)
    }

    @Test func escapingFollowsTheExtension() {
        #expect(TemplateFiller.Escaping(path: "style.json") == .json)
        #expect(TemplateFiller.Escaping(path: "a/B.JSON") == .json)
        #expect(TemplateFiller.Escaping(path: "assets/logo.svg") == .xml)
        #expect(TemplateFiller.Escaping(path: "notes.md") == .none)
        #expect(TemplateFiller.Escaping(path: "json") == .none)
    }

    // MARK: the service, in memory

    func workspace(extra: [String: String] = [:]) -> Workspace {
        var texts = [
            "targets/base/style.json":
                ##"{"abstract": true, "colors": {"bg": "#FFFFFF", "fg": "#111111"}, "components": {"text": {"body": {"background": "bg", "foreground": "fg"}}}}"##,
            "targets/acme/style.json": #"{"extends": "base", "app": {"displayName": "Acme", "bundleId": "com.acme.app"}}"#,
            "templates/test/template.json": Self.definitionJSON,
            "templates/test/style.json":
                #"{"extends": "{{parent}}", "app": {"displayName": "{{displayName}}", "bundleId": "{{bundleId}}"}, "colors": {"brand": "{{primary}}"}, "flags": {"email": "{{email}}", "id": "{{id}}"}}"#,
        ]
        for (path, text) in extra { texts[path] = text }
        return Workspace(repository: nil, source: MemorySource(texts: texts))
    }

    @Test func theFilledTargetIsValidatedAsPartOfTheRepository() throws {
        let service = OnboardingService(workspace: workspace())
        let good = OnboardingRequest(id: "bob", template: "test", values: ["displayName": "Bob's \"Bank\"", "bundleId": "com.bob.app"])
        let (result, files) = try service.prepare(good)
        // A new client has no app icon yet, which validation points out; nothing else.
        #expect(result.validation.diagnostics.map(\.rule.id) == ["app-icon-missing"], "\(result.validation.diagnostics)")
        #expect(result.directory == "targets/bob")
        #expect(result.files == ["style.json"])
        let style = try JSONReader.parse(try #require(files["style.json"]), file: "style.json")
        #expect(style.value.objectValue?["app"]?.value.objectValue?["displayName"]?.value.stringValue == "Bob's \"Bank\"")
        #expect(style.value.objectValue?["flags"]?.value.objectValue?["id"]?.value.stringValue == "bob")

        // A key the schema does not know, in the template's own file.
        let misspelt = OnboardingService(
            workspace: workspace(extra: [
                "templates/test/style.json":
                    #"{"extends": "{{parent}}", "app": {"displayName": "{{displayName}}", "bundleId": "{{bundleId}}"}, "colour": "{{primary}}", "flags": {"email": "{{email}}"}}"#
            ]))
        let (failed, _) = try misspelt.prepare(good)
        #expect(failed.validation.fails(strict: false))
        #expect(failed.validation.diagnostics.contains { $0.file == "targets/bob/style.json" && $0.severity == .error })
    }

    @Test func usedAndInvalidIdsAndUnknownTemplatesAreRefused() throws {
        let service = OnboardingService(workspace: workspace())
        #expect(throws: OnboardingError.targetExists(id: "acme", path: "targets/acme/")) {
            try service.prepare(OnboardingRequest(id: "acme", template: "test"))
        }
        #expect(throws: OnboardingError.invalidID("Acme")) {
            try service.prepare(OnboardingRequest(id: "Acme", template: "test"))
        }
        #expect(throws: TemplateError.notFound(name: "tset", suggestion: "test")) {
            try service.prepare(OnboardingRequest(id: "bob", template: "tset"))
        }
        // Without a repository there is nowhere to write.
        #expect(throws: OnboardingError.bareRepository) {
            try service.onboard(OnboardingRequest(id: "bob", template: "test"))
        }
    }

    @Test func theOverlaySeesTheNewFilesBesideTheOldOnes() throws {
        let base = MemorySource(texts: ["targets/a/style.json": "{}", "targets/b/style.json": "{}"])
        let overlay = OverlaySource(base: base, files: ["targets/c/style.json": Array("{\"x\": 1}".utf8)])
        let listing = try #require(try overlay.directory(at: "targets"))
        #expect(listing.entries.map(\.name) == ["a", "b", "c"])
        #expect(try overlay.readFile(at: "targets/c/style.json") == Array("{\"x\": 1}".utf8))
        #expect(try overlay.readFile(at: "targets/a/style.json") == Array("{}".utf8))
        #expect(listing.id != (try base.directory(at: "targets"))?.id)
    }
}
