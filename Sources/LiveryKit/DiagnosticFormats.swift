import LiveryJSON
import LiveryStyle

/// Renders diagnostics for people, for scripts and for CI systems. Pure: the
/// diagnostics in, text out.
public enum DiagnosticFormats {
    /// `path:line:col: error: message (at /pointer) [rule]` — the shape compilers use,
    /// so editors and terminals make the position clickable.
    public static func line(_ diagnostic: Diagnostic, color: Bool = false) -> String {
        var text = ""
        if let position = diagnostic.position { text += position + ": " }
        let label = diagnostic.severity.rawValue
        if color {
            text += (diagnostic.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m") + label + ":\u{1B}[0m "
        } else {
            text += label + ": "
        }
        text += diagnostic.message
        if let pointer = diagnostic.pointer, !pointer.tokens.isEmpty { text += " (at \(pointer))" }
        text += " [\(diagnostic.rule)]"
        return text
    }

    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`),
    /// escaped as the runner requires so a message cannot inject another command.
    public static func github(_ diagnostic: Diagnostic) -> String {
        var properties: [String] = []
        if let file = diagnostic.file { properties.append("file=" + escapeProperty(file)) }
        if let line = diagnostic.line { properties.append("line=\(line)") }
        if let column = diagnostic.column { properties.append("col=\(column)") }
        properties.append("title=" + escapeProperty("livery \(diagnostic.rule)"))
        var message = diagnostic.message
        if let pointer = diagnostic.pointer, !pointer.tokens.isEmpty { message += " (at \(pointer))" }
        let command = diagnostic.severity == .error ? "error" : "warning"
        return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"
    }

    static func escapeData(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func escapeProperty(_ text: String) -> String {
        var out = ""
        for scalar in escapeData(text).unicodeScalars {
            switch scalar {
            case ":": out += "%3A"
            case ",": out += "%2C"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A SARIF 2.1.0 log with one run, for code-scanning upload.
    public static func sarif(_ diagnostics: [Diagnostic], toolVersion: String) -> String {
        let rules = Array(Set(diagnostics.map(\.rule))).sorted()
        let results: [JSONValue] = diagnostics.map { diagnostic in
            var pairs: [(String, JSONValue)] = [
                ("ruleId", .string(diagnostic.rule)),
                ("level", .string(diagnostic.severity == .error ? "error" : "warning")),
                ("message", .makeObject([("text", .string(diagnostic.message))])),
            ]
            if let file = diagnostic.file {
                var region: [(String, JSONValue)] = []
                if let line = diagnostic.line { region.append(("startLine", .integer(line))) }
                if let column = diagnostic.column { region.append(("startColumn", .integer(column))) }
                var physical: [(String, JSONValue)] = [
                    ("artifactLocation", .makeObject([("uri", .string(file)), ("uriBaseId", .string("%SRCROOT%"))])),
                ]
                if !region.isEmpty { physical.append(("region", .makeObject(region))) }
                pairs.append(("locations", .makeArray([.makeObject([("physicalLocation", .makeObject(physical))])])))
            }
            var properties: [(String, JSONValue)] = []
            if let pointer = diagnostic.pointer { properties.append(("pointer", .string(pointer.description))) }
            if let target = diagnostic.target { properties.append(("target", .string(target))) }
            if !properties.isEmpty { pairs.append(("properties", .makeObject(properties))) }
            return .makeObject(pairs)
        }
        let log = JSONValue.makeObject([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .makeArray([.makeObject([
                ("tool", .makeObject([("driver", .makeObject([
                    ("name", .string("livery")),
                    ("version", .string(toolVersion)),
                    ("rules", .makeArray(rules.map { .makeObject([("id", .string($0)), ("name", .string($0))]) })),
                ]))])),
                ("results", .makeArray(results)),
            ])])),
        ])
        return JSONWriter.write(log, sortedKeys: false)
    }
}
