import LiveryEngine
import LiveryJSON
import LiveryTargets
import LiveryText

/// Renders diagnostics for people, for scripts and for CI systems. Pure: the
/// diagnostics in, text out.
package enum DiagnosticFormats {
    /// `path:line:col: error: message (at /pointer) [rule]` — the shape compilers use,
    /// so editors and terminals make the position clickable.
    /// The severity label goes through `styler` (plain by default).
    package static func line(_ diagnostic: Diagnostic, styler: Styler = .plain) -> String {
        var text = ""
        if let position = diagnostic.position { text += position + ": " }
        text += styler(diagnostic.severity.rawValue + ":", diagnostic.severity == .error ? .errorLabel : .warningLabel) + " "
        text += diagnostic.message
        if let pointer = diagnostic.pointer, !pointer.tokens.isEmpty { text += " (at \(pointer))" }
        text += " [\(diagnostic.rule)]"
        return text
    }

    /// A problem as people read it: its line, then which targets it affects when
    /// its place does not say so, then the places that explain it, each indented
    /// under it and each as `path:line:col: note:` so it is clickable too.
    package static func block(_ diagnostic: Diagnostic, styler: Styler = .plain, targetsDirectory: String = "targets", indent: String = "")
        -> String
    {
        var text = indent + line(diagnostic, styler: styler) + "\n"
        if let note = DiagnosticGrouping.affectsNote(diagnostic, targetsDirectory: targetsDirectory) {
            text += indent + "  " + note + "\n"
        }
        for place in diagnostic.related {
            text += indent + "  " + relatedLine(place) + "\n"
        }
        return text
    }

    /// `path:line:col: note: message (at /pointer)`.
    static func relatedLine(_ place: RelatedLocation) -> String {
        var text = position(file: place.file, line: place.line, column: place.column).map { $0 + ": " } ?? ""
        text += "note: " + place.message
        if let pointer = place.pointer, !pointer.tokens.isEmpty { text += " (at \(pointer))" }
        return text
    }

    static func position(file: String?, line: Int?, column: Int?) -> String? {
        guard let file else { return nil }
        guard let line else { return file }
        return "\(file):\(line)" + (column.map { ":\($0)" } ?? "")
    }

    /// The message with what a reader of one place cannot see: the targets a
    /// shared problem affects and the places that explain it. For annotations
    /// and code scanning, where a message is all there is.
    static func fullMessage(_ diagnostic: Diagnostic, targetsDirectory: String) -> String {
        var message = diagnostic.message
        if let pointer = diagnostic.pointer, !pointer.tokens.isEmpty { message += " (at \(pointer))" }
        if let note = DiagnosticGrouping.affectsNote(diagnostic, targetsDirectory: targetsDirectory) { message += "; " + note }
        for place in diagnostic.related { message += "; " + relatedLine(place) }
        return message
    }

    /// GitHub Actions workflow commands (`::error file=…,line=…,col=…::message`),
    /// escaped as the runner requires so a message cannot inject another command.
    /// One per problem: a grouped diagnostic names the targets it affects.
    static func github(_ diagnostic: Diagnostic, targetsDirectory: String = "targets") -> String {
        var properties: [String] = []
        if let file = diagnostic.file { properties.append("file=" + TextEscaping.workflowCommandProperty(file)) }
        if let line = diagnostic.line { properties.append("line=\(line)") }
        if let column = diagnostic.column { properties.append("col=\(column)") }
        properties.append("title=" + TextEscaping.workflowCommandProperty("livery \(diagnostic.rule)"))
        let message = fullMessage(diagnostic, targetsDirectory: targetsDirectory)
        let command = diagnostic.severity == .error ? "error" : "warning"
        return "::\(command) \(properties.joined(separator: ","))::\(TextEscaping.workflowCommandData(message))"
    }

    /// A SARIF 2.1.0 log with one run, for code-scanning upload: one result per
    /// problem, a shared one with `properties.affectedTargets`, and the places
    /// that explain a problem as `relatedLocations`.
    static func sarif(_ diagnostics: [Diagnostic], toolVersion: String, targetsDirectory: String = "targets") -> String {
        var bytes: [UInt8] = []
        sarif(diagnostics, toolVersion: toolVersion, targetsDirectory: targetsDirectory) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The same log, handed to `write` in pieces of about `chunkBytes` as it is
    /// made: one result at a time, so 100,000 problems are never a tree of values
    /// (that tree was most of 775 MiB at 50,000 clients). The problems are walked
    /// twice: once for the rules, which come first.
    static func sarif(
        _ diagnostics: [Diagnostic], toolVersion: String, targetsDirectory: String = "targets",
        chunkBytes: Int = 64 << 10, write: ([UInt8]) -> Void
    ) {
        let problems = DiagnosticGrouping.Problems(diagnostics)
        var used = Set<Rule>()
        problems.forEach { used.insert($0.rule) }
        let rules = used.sorted()
        var stream = JSONWriter.Stream(sortedKeys: false)
        stream.beginObject()
        stream.key("$schema")
        stream.value(.string("https://json.schemastore.org/sarif-2.1.0.json"))
        stream.key("version")
        stream.value(.string("2.1.0"))
        stream.key("runs")
        stream.beginArray()
        stream.beginElementObject()
        stream.key("tool")
        stream.value(
            .makeObject([
                (
                    "driver",
                    .makeObject([
                        ("name", .string("livery")),
                        ("version", .string(toolVersion)),
                        ("rules", .makeArray(rules.map(sarifRule))),
                    ])
                )
            ]))
        stream.key("results")
        stream.beginArray()
        problems.forEach { problem in
            stream.element(sarifResult(problem, targetsDirectory: targetsDirectory))
            if stream.pending >= chunkBytes { write(stream.take()) }
        }
        stream.endArray()
        stream.endObject()
        stream.endArray()
        stream.endObject()
        write(stream.finish())
    }

    /// A rule's SARIF metadata, from the registry: what code scanning shows
    /// beside a result, in the same words as docs/validation.md.
    static func sarifRule(_ rule: Rule) -> JSONValue {
        .makeObject([
            ("id", .string(rule.id)),
            ("name", .string(rule.id)),
            ("shortDescription", .makeObject([("text", .string(rule.summary))])),
            (
                "fullDescription",
                .makeObject([
                    ("text", .string(String(rule.explanation.filter { $0 != "`" }))),
                    ("markdown", .string(rule.explanation)),
                ])
            ),
            ("defaultConfiguration", .makeObject([("level", .string(rule.defaultSeverity == .error ? "error" : "warning"))])),
        ])
    }

    /// One problem as a SARIF result.
    static func sarifResult(_ diagnostic: Diagnostic, targetsDirectory: String) -> JSONValue {
        var text = diagnostic.message
        if let note = DiagnosticGrouping.affectsNote(diagnostic, targetsDirectory: targetsDirectory) { text += " (\(note))" }
        var pairs: [(String, JSONValue)] = [
            ("ruleId", .string(diagnostic.rule.id)),
            ("level", .string(diagnostic.severity == .error ? "error" : "warning")),
            ("message", .makeObject([("text", .string(text))])),
        ]
        if let physical = physicalLocation(file: diagnostic.file, line: diagnostic.line, column: diagnostic.column) {
            pairs.append(("locations", .makeArray([.makeObject([("physicalLocation", physical)])])))
        }
        if !diagnostic.related.isEmpty {
            let related: [JSONValue] = diagnostic.related.enumerated().map { index, place in
                var location: [(String, JSONValue)] = [("id", .integer(index + 1))]
                if let physical = physicalLocation(file: place.file, line: place.line, column: place.column) {
                    location.append(("physicalLocation", physical))
                }
                location.append(("message", .makeObject([("text", .string(place.message))])))
                return .makeObject(location)
            }
            pairs.append(("relatedLocations", .makeArray(related)))
        }
        if let fix = diagnostic.fix { pairs.append(("fixes", .makeArray([sarifFix(fix)]))) }
        var properties: [(String, JSONValue)] = []
        if let pointer = diagnostic.pointer { properties.append(("pointer", .string(pointer.description))) }
        if let target = diagnostic.target { properties.append(("target", .string(target))) }
        if let variant = diagnostic.variant { properties.append(("variant", .string(variant))) }
        if !diagnostic.affectedTargets.isEmpty {
            properties.append(("affectedTargets", .makeArray(diagnostic.affectedTargets.map { .string($0) })))
        }
        if !properties.isEmpty { pairs.append(("properties", .makeObject(properties))) }
        return .makeObject(pairs)
    }

    /// A fix as SARIF's `fixes`: one replacement of the value it names.
    static func sarifFix(_ fix: DiagnosticFix) -> JSONValue {
        let region: JSONValue = .makeObject([
            ("startLine", .integer(fix.line)), ("startColumn", .integer(fix.column)),
            ("endLine", .integer(fix.line)), ("endColumn", .integer(fix.endColumn)),
        ])
        let replacement: JSONValue = .makeObject([
            ("deletedRegion", region), ("insertedContent", .makeObject([("text", .string(fix.replacement))])),
        ])
        let change: JSONValue = .makeObject([
            ("artifactLocation", .makeObject([("uri", .string(fix.file)), ("uriBaseId", .string("%SRCROOT%"))])),
            ("replacements", .makeArray([replacement])),
        ])
        return .makeObject([("description", .makeObject([("text", .string(fix.description))])), ("artifactChanges", .makeArray([change]))])
    }

    static func physicalLocation(file: String?, line: Int?, column: Int?) -> JSONValue? {
        guard let file else { return nil }
        var region: [(String, JSONValue)] = []
        if let line { region.append(("startLine", .integer(line))) }
        if let column { region.append(("startColumn", .integer(column))) }
        var physical: [(String, JSONValue)] = [
            ("artifactLocation", .makeObject([("uri", .string(file)), ("uriBaseId", .string("%SRCROOT%"))]))
        ]
        if !region.isEmpty { physical.append(("region", .makeObject(region))) }
        return .makeObject(physical)
    }
}
