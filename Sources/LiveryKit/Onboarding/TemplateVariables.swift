import LiveryGit
import LiveryJSON
import LiveryTargets

/// Whether a value suits a variable: pure checks, no I/O.
enum VariableCheck {
    /// The same rule as `app.bundleId` in the built-in style schema.
    static let bundleIDPattern = ECMAPattern("^[A-Za-z][A-Za-z0-9-]*(\\.[A-Za-z0-9-]+)+$")
    static let bundleIDMaxLength = 155

    /// Why `value` is not valid for `variable`, or nil when it is.
    static func problem(with value: String, for variable: TemplateVariable) -> String? {
        switch variable.kind {
        case .text:
            if value.allSatisfy(\.isWhitespace) { return "it must not be empty" }
        case .color:
            if !isColor(value) { return "not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF" }
        case .bundleId:
            if value.count > bundleIDMaxLength || bundleIDPattern?.matches(value) != true {
                return
                    "not a bundle id: use two or more dot-separated parts of letters, digits and '-', starting with a letter, e.g. com.acme.app"
            }
        case .id:
            if !TargetID.isValid(value) { return "not a target id: use \(TargetID.rule)" }
        case .androidPackage:
            if let problem = AndroidApplicationID.problem(value) {
                return "not an Android application id: \(problem), e.g. \(AndroidApplicationID.suggestion(for: value))"
            }
        }
        if let pattern = variable.pattern {
            guard let compiled = ECMAPattern(pattern), compiled.matches(value) else { return "it must match `\(pattern)`" }
        }
        return nil
    }

    static func isColor(_ value: String) -> Bool {
        let bytes = Array(value.utf8)
        guard bytes.first == UInt8(ascii: "#"), [4, 7, 9].contains(bytes.count) else { return false }
        return bytes.dropFirst().allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x46) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}

/// A variable that has no usable value, or a `--set` that names no variable.
struct VariableProblem: Sendable, Hashable {
    enum Reason: Sendable, Hashable {
        /// Required, and no value was given.
        case missing
        /// The value given is not valid; the text says why.
        case invalid(value: String, reason: String)
        /// `--set` named a variable the template does not declare.
        case unknown(suggestion: String?)
        /// The value suits the variable's kind but not this repository; the message says why and what to do.
        case refused(value: String, message: String)
    }

    var name: String
    var reason: Reason
    /// The variable's description (empty for an unknown name).
    var description: String

    /// One line naming the variable, what is wrong, and what it is for.
    var line: String {
        switch reason {
        case .missing:
            "`\(name)` is missing: \(description)"
        case .invalid(let value, let why):
            "`\(name)` = `\(value)` is invalid, \(why). \(description)"
        case .refused(_, let message):
            message
        case .unknown(let suggestion):
            name == TemplateDefinition.reservedName
                ? "`id` cannot be set: it is the new target's id, the first argument of `livery new`"
                : "`\(name)` is not a variable of this template" + (suggestion.map { " (did you mean `\($0)`?)" } ?? "")
        }
    }
}

/// Every variable that has no usable value, reported together.
struct VariablesError: UserError, Sendable, Equatable, CustomStringConvertible {
    var template: String
    var problems: [VariableProblem]

    /// The template, then one line per variable to fix.
    var message: String {
        let count = problems.count
        return "template `\(template)`: \(count) variable\(count == 1 ? "" : "s") to fix:\n"
            + problems.map { "  " + $0.line }.joined(separator: "\n")
    }

    var hint: String? { "Give each with --set NAME=VALUE (`livery templates` lists the variables)." }

    var description: String { message + "\n" + (hint ?? "") }
}

/// Reads answers from a person: a terminal in the command, a script in tests.
package protocol VariableInput {
    /// Shows `prompt` and returns the line typed (without its newline), or nil at end of input.
    mutating func readLine(prompt: String) -> String?
}

/// Turns `--set` assignments (and, on a terminal, answers) into a value for every variable.
package enum TemplateVariables {
    /// Splits `KEY=VALUE` arguments; the value may itself hold `=`. A key given twice is a problem.
    package static func parseAssignments(_ arguments: [String]) -> Result<[String: String], AssignmentError> {
        var values: [String: String] = [:]
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
                return .failure(AssignmentError(message: "--set needs KEY=VALUE, e.g. --set displayName=\"Acme Bank\"; got `\(argument)`"))
            }
            let key = String(argument[..<equals])
            if values[key] != nil { return .failure(AssignmentError(message: "--set \(key) is given more than once")) }
            values[key] = String(argument[argument.index(after: equals)...])
        }
        return .success(values)
    }

    /// The value of every declared variable: given, else (with `input`) asked for, else
    /// its default. Every problem is collected; asking repeats until an answer is valid
    /// or input ends. `vet` checks what only the repository can tell (a parent that must
    /// be one of its targets) and says why a value cannot be used; a default it refuses
    /// is not offered.
    static func resolve(
        _ definition: TemplateDefinition, given: [String: String], input: (any VariableInput)? = nil,
        vet: (TemplateVariable, String) -> String? = { _, _ in nil }
    ) -> Result<[String: String], VariablesError> {
        var problems: [VariableProblem] = []
        for name in given.keys.sorted() where definition.variable(named: name) == nil {
            let suggestion = NameSuggestion.closest(to: name, in: definition.variables.map(\.name))
            problems.append(VariableProblem(name: name, reason: .unknown(suggestion: suggestion), description: ""))
        }
        var values: [String: String] = [:]
        var input = input
        for declared in definition.variables {
            let variable = withDerivedDefault(declared, values: values)
            var complaint: String?
            var givenProblem: VariableProblem?
            if let value = given[variable.name] {
                if let reason = VariableCheck.problem(with: value, for: variable) {
                    complaint = "`\(value)` is invalid, \(reason)."
                    givenProblem = VariableProblem(
                        name: variable.name, reason: .invalid(value: value, reason: reason), description: variable.description)
                } else if let refusal = vet(variable, value) {
                    complaint = refusal
                    givenProblem = VariableProblem(
                        name: variable.name, reason: .refused(value: value, message: refusal), description: variable.description)
                } else {
                    values[variable.name] = value
                    continue
                }
            }
            let defaultRefusal = variable.defaultValue.flatMap { vet(variable, $0) }
            if var reader = input {
                let answer = ask(variable, complaint: complaint ?? defaultRefusal, input: &reader, vet: vet)
                input = reader
                if let answer {
                    values[variable.name] = answer
                    continue
                }
                // Input ended: nothing more can be asked.
                input = nil
            }
            if let givenProblem {
                problems.append(givenProblem)
            } else if let value = variable.defaultValue, !variable.required {
                if let defaultRefusal {
                    problems.append(
                        VariableProblem(
                            name: variable.name, reason: .refused(value: value, message: defaultRefusal), description: variable.description)
                    )
                } else {
                    values[variable.name] = value
                }
            } else {
                problems.append(VariableProblem(name: variable.name, reason: .missing, description: variable.description))
            }
        }
        guard problems.isEmpty else { return .failure(VariablesError(template: definition.name, problems: problems)) }
        return .success(values)
    }

    /// `variable` with the variables its default names (`{{bundleId}}`) filled from the values
    /// chosen so far; an Android package made valid from them. A default naming a variable
    /// without a value is dropped.
    static func withDerivedDefault(_ variable: TemplateVariable, values: [String: String]) -> TemplateVariable {
        guard let text = variable.defaultValue, text.contains("{{") else { return variable }
        var derived = variable
        var filled = text
        for (name, value) in values { filled = filled.replacingOccurrences(of: "{{\(name)}}", with: value) }
        guard !filled.contains("{{") else {
            derived.defaultValue = nil
            return derived
        }
        derived.defaultValue =
            variable.kind == .androidPackage && AndroidApplicationID.problem(filled) != nil
            ? AndroidApplicationID.suggestion(for: filled) : filled
        return derived
    }

    /// Asks for one variable until the answer is valid; an empty answer takes the default
    /// (unless `vet` refuses it). Nil when input ends first.
    static func ask(
        _ variable: TemplateVariable, complaint: String?, input: inout any VariableInput,
        vet: (TemplateVariable, String) -> String? = { _, _ in nil }
    ) -> String? {
        var complaint = complaint
        let usableDefault = variable.defaultValue.flatMap { vet(variable, $0) == nil ? $0 : nil }
        while true {
            guard let line = input.readLine(prompt: prompt(for: variable, complaint: complaint, offering: usableDefault)) else {
                return nil
            }
            let answer = line.trimmingTrailingCarriageReturn
            if answer.isEmpty, let value = usableDefault { return value }
            if answer.isEmpty {
                complaint = "A value is required."
                continue
            }
            if let reason = VariableCheck.problem(with: answer, for: variable) {
                complaint = "`\(answer)` is invalid, \(reason)."
                continue
            }
            if let refusal = vet(variable, answer) {
                complaint = refusal
                continue
            }
            return answer
        }
    }

    /// The text shown before reading an answer:
    /// `primary — The brand colour… \n primary [#0B5FFF]: `.
    static func prompt(for variable: TemplateVariable, complaint: String?) -> String {
        prompt(for: variable, complaint: complaint, offering: variable.defaultValue)
    }

    /// The prompt offering `defaultValue` (nil when the template's default cannot be used here).
    static func prompt(for variable: TemplateVariable, complaint: String?, offering defaultValue: String?) -> String {
        var text = ""
        if let complaint { text += "  ✗ \(complaint)\n" }
        text += "\(variable.name) — \(variable.description)\n"
        text += variable.name
        if let value = defaultValue { text += " [\(value)]" }
        return text + ": "
    }
}

/// A `--set` argument that is not `KEY=VALUE`, or a key given twice.
package struct AssignmentError: UserError, Sendable, Equatable, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

extension String {
    /// The text without a trailing `\r` (a line typed on Windows or over some terminals).
    var trimmingTrailingCarriageReturn: String {
        hasSuffix("\r") ? String(dropLast()) : self
    }
}
