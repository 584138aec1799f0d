import Foundation
import LiveryJSON
import LiveryTargets
import LiveryText
import Mustache

/// Fills a template's files with values: pure, in memory.
///
/// A file is *text* when it is valid UTF-8 and holds no NUL byte; anything else (PNG,
/// fonts) is binary and copied byte for byte. A text file without `{{` is copied byte
/// for byte too. The others are rendered with Mustache, each value escaped for the
/// file it lands in: JSON string escapes in `.json` files, XML escapes in `.svg`,
/// `.xml`, `.html` and `.plist` files, as it is elsewhere.
enum TemplateFiller {
    /// Makes the Mustache template render values as they are: livery escapes each
    /// value for its file itself, so Mustache's HTML escaping must not run on top.
    static let pragma = "{{% CONTENT_TYPE: TEXT}}"

    /// True when `bytes` are treated as text: valid UTF-8 without NUL bytes.
    static func isText(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    /// How values are escaped in a file, by its extension.
    enum Escaping: Sendable, Equatable {
        case json, xml, none

        init(path: String) {
            let name = PathName.fileName(of: path)
            let ext = name.split(separator: ".").count > 1 ? name.split(separator: ".").last.map { $0.lowercased() } ?? "" : ""
            switch ext {
            case "json": self = .json
            case "svg", "xml", "html", "htm", "xhtml", "plist": self = .xml
            default: self = .none
            }
        }

        func escape(_ value: String) -> String {
            switch self {
            case .none: return value
            case .xml: return TextEscaping.xml(value)
            case .json:
                // The inside of a JSON string literal, escaped as every JSON file livery writes.
                return String(JSONWriter.quoted(value).dropFirst().dropLast())
            }
        }
    }

    /// Problems in the template's files themselves: Mustache syntax errors, and
    /// placeholders that name no declared variable (nor `id`). `files` are relative to
    /// the template directory, shown as `directory/path`.
    static func check(_ files: [String: [UInt8]], declared: [String], directory: String) -> [Diagnostic] {
        var values = Dictionary(uniqueKeysWithValues: declared.map { ($0, "x") })
        values[TemplateDefinition.reservedName] = "x"
        var problems: [Diagnostic] = []
        for path in files.keys.sorted() {
            guard let bytes = files[path] else { continue }
            switch render(bytes, values: values, escaping: .none, file: directory + "/" + path) {
            case .success(let (_, unknown)):
                for name in unknown.sorted() {
                    problems.append(
                        Diagnostic(
                            .error, rule: .templatePlaceholder,
                            "placeholder {{\(name)}} names no variable declared in template.json (declared: \(declared.isEmpty ? "none" : declared.joined(separator: ", ")), and id)",
                            file: directory + "/" + path
                        ))
                }
            case .failure(let diagnostic):
                problems.append(diagnostic)
            }
        }
        return problems
    }

    /// The template's files with every placeholder filled. Throws for the problems `check` reports.
    static func fill(_ files: [String: [UInt8]], values: [String: String], template: String, directory: String) throws(TemplateError)
        -> [String: [UInt8]]
    {
        var filled: [String: [UInt8]] = [:]
        var problems: [Diagnostic] = []
        for (path, bytes) in files {
            switch render(bytes, values: values, escaping: Escaping(path: path), file: directory + "/" + path) {
            case .success(let (output, unknown)):
                filled[path] = output
                for name in unknown.sorted() {
                    problems.append(
                        Diagnostic(.error, rule: .templatePlaceholder, "placeholder {{\(name)}} has no value", file: directory + "/" + path)
                    )
                }
            case .failure(let diagnostic):
                problems.append(diagnostic)
            }
        }
        guard problems.isEmpty else { throw .invalidTemplate(name: template, problems.sorted()) }
        return filled
    }

    /// `style.json` without the line `"extends": "",` that a parent variable left empty
    /// makes (the built-in starter's, by default): an empty parent means the target extends
    /// nothing. Any other file, and a style without such a line, is returned as it is.
    static func droppingEmptyParent(_ bytes: [UInt8]) -> [UInt8] {
        guard let text = String(validating: bytes, as: UTF8.self), text.contains("\"extends\": \"\"") else { return bytes }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let kept = lines.filter { $0.trimmingCharacters(in: .whitespaces) != "\"extends\": \"\"," }
        return Array(kept.joined(separator: "\n").utf8)
    }

    /// One file rendered, and the placeholder names it used that have no value.
    static func render(_ bytes: [UInt8], values: [String: String], escaping: Escaping, file: String) -> Result<
        ([UInt8], Set<String>), Diagnostic
    > {
        guard isText(bytes), bytes.contains(UInt8(ascii: "{")) else { return .success((bytes, [])) }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("{{") else { return .success((bytes, [])) }
        let template: MustacheTemplate
        do {
            template = try MustacheTemplate(string: pragma + text)
        } catch let error as MustacheTemplate.ParserError {
            // The pragma sits before the first line's text: columns there are shifted by its length.
            let column = error.context.lineNumber == 1 ? error.context.columnNumber - pragma.count : error.context.columnNumber
            return .failure(
                Diagnostic(
                    .error, rule: .templateSyntax, "not a valid Mustache template: \(describe(error.error))",
                    file: file, line: error.context.lineNumber, column: max(column, 1)
                ))
        } catch {
            return .failure(Diagnostic(.error, rule: .templateSyntax, "not a valid Mustache template: \(error)", file: file))
        }
        let context = PlaceholderValues(values.mapValues(escaping.escape))
        let output = template.render(context)
        return .success((Array(output.utf8), context.unknown))
    }

    static func describe(_ error: any Error) -> String {
        guard let error = error as? MustacheTemplate.Error else { return "\(error)" }
        switch error {
        case .sectionCloseNameIncorrect: return "a section is closed with another name than it was opened with"
        case .unfinishedName: return "a {{ tag is not closed with }}"
        case .expectedSectionEnd: return "a section is not closed"
        case .invalidSetDelimiter: return "a set-delimiter tag is malformed"
        case .unrecognisedConfigVariable, .invalidConfigVariableSyntax: return "a {{% pragma }} is not supported"
        case .transformAppliedToInheritanceSection, .illegalTokenInsideInheritSection, .textInsideInheritSection:
            return "template inheritance (partials and blocks) is not supported"
        }
    }
}

/// The values Mustache looks placeholders up in; remembers the names that have none.
private final class PlaceholderValues: MustacheParent {
    let values: [String: String]
    private(set) var unknown: Set<String> = []

    init(_ values: [String: String]) {
        self.values = values
    }

    func child(named name: String) -> Any? {
        if let value = values[name] { return value }
        unknown.insert(name)
        return nil
    }
}
