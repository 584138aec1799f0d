import LiveryJSON
import LiveryTargets

/// Collects what the token stages find, placing each diagnostic at a file, line,
/// column and the JSON pointer inside that file (looked up from where the value was
/// written, since merging moves values away from their files' paths).
struct DTCGReaderDiagnostics {
    let pointers: [JSONLocation: JSONPointer]
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []

    init(pointers: [JSONLocation: JSONPointer]) {
        self.pointers = pointers
    }

    mutating func error(_ rule: Rule, _ message: String, at location: JSONLocation?) {
        errors.append(make(.error, rule, message, at: location))
    }

    mutating func warn(_ rule: Rule, _ message: String, at location: JSONLocation?) {
        warnings.append(make(.warning, rule, message, at: location))
    }

    private func make(_ severity: Diagnostic.Severity, _ rule: Rule, _ message: String, at location: JSONLocation?) -> Diagnostic {
        guard let location, location != .synthesized else { return Diagnostic(severity, rule: rule, message) }
        return Diagnostic(severity, rule: rule, message, at: location, pointer: pointers[location])
    }
}
