import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryTargets
import LiveryText

/// Settings from `livery.json` at the repository root; every key is optional.
package struct Configuration: Sendable, Equatable {
    package var targetsDirectory = "targets"
    package var templatesDirectory = "templates"
    package var outputDirectory = "dist"
    /// Whether livery.json names `outputDir` (else `dist` is the default), so a
    /// refusal of the output folder blames the right thing.
    var outputDirectoryIsConfigured = false
    package var platforms: [Platform] = Platform.defaults
    package var contrastMinimum = 4.5
    /// The largest JSON file livery reads (style.json, template.json, style.schema.json).
    var maxStyleBytes = SizeLimits.defaultMaxStyleBytes
    /// The largest asset (image, font, any other file) livery reads.
    var maxAssetBytes = SizeLimits.defaultMaxAssetBytes
    /// `"rules"`: the severity of each rule the repository changes (`off`, `warning`, `error`).
    var rules = RuleSettings()

    /// The file-size limits for sources read with this configuration.
    package var sizeLimits: SizeLimits { SizeLimits(maxStyleBytes: maxStyleBytes, maxAssetBytes: maxAssetBytes) }

    package static let fileName = "livery.json"

    init() {}

    /// Reads `livery.json` from `source`; defaults when there is none. Unknown keys
    /// are warnings (a typo should not pass silently); wrong types are errors.
    package static func load(from source: some Source) throws -> (Configuration, [Diagnostic]) {
        guard let entry = try source.fileEntry(at: fileName) else { return (Configuration(), []) }
        // livery.json itself is held to the default limit: it cannot raise its own.
        let size = try source.size(of: entry)
        if size > SizeLimits.defaultMaxStyleBytes {
            throw ConfigurationError(
                Diagnostic(
                    .error, rule: .fileSize,
                    "livery.json is \(ByteCount.describe(size)), over the limit of \(ByteCount.describe(SizeLimits.defaultMaxStyleBytes)) for settings",
                    file: fileName
                ))
        }
        return try parse(try source.contents(of: entry))
    }

    static func parse(_ bytes: [UInt8]) throws -> (Configuration, [Diagnostic]) {
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes, file: fileName)
        } catch {
            throw ConfigurationError(Diagnostic(.error, rule: .jsonSyntax, error.message, at: error.location, pointer: error.pointer))
        }
        guard let object = root.value.objectValue else {
            throw ConfigurationError(
                Diagnostic(.error, rule: .config, "livery.json must hold a JSON object", at: root.location, pointer: .root))
        }
        var configuration = Configuration()
        var warnings: [Diagnostic] = []
        for member in object.members {
            let pointer = JSONPointer(tokens: [member.key])
            let node = member.value
            func fail(_ message: String) -> ConfigurationError {
                ConfigurationError(Diagnostic(.error, rule: .config, "\"\(member.key)\" \(message)", at: node.location, pointer: pointer))
            }
            switch member.key {
            case "targetsDir", "templatesDir", "outputDir":
                guard let path = node.value.stringValue, !path.isEmpty else { throw fail("must be a non-empty relative path") }
                let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
                // outputDir too: a repository's settings may not send a build outside it.
                if PathSafety.refusal(forPath: trimmed) != nil {
                    throw fail(
                        "must be a relative path inside the repository without '..' or '.git'\(member.key == "outputDir" ? " (a --out given on the command line may be anywhere)" : "")"
                    )
                }
                switch member.key {
                case "targetsDir": configuration.targetsDirectory = trimmed
                case "templatesDir": configuration.templatesDirectory = trimmed
                default:
                    configuration.outputDirectory = path
                    configuration.outputDirectoryIsConfigured = true
                }
            case "platforms":
                configuration.platforms = try parsePlatforms(node, key: member.key)
            case "contrastMinimum":
                guard let number = node.value.numberValue?.doubleValue, number >= 1, number <= 21 else {
                    throw fail("must be a number from 1 to 21 (WCAG contrast ratio), e.g. 4.5")
                }
                configuration.contrastMinimum = number
            case "maxStyleBytes", "maxAssetBytes":
                let ceiling = member.key == "maxStyleBytes" ? Double(SizeLimits.ceilingMaxStyleBytes) : 1e12
                guard let number = node.value.numberValue?.doubleValue, number >= 1, number <= ceiling, number.rounded() == number else {
                    let most = member.key == "maxStyleBytes" ? "\(SizeLimits.ceilingMaxStyleBytes) (16 MiB)" : "1000000000000"
                    throw fail(
                        "must be a whole number of bytes from 1 to \(most), e.g. \(member.key == "maxStyleBytes" ? "1048576 (1 MiB)" : "33554432 (32 MiB)")"
                    )
                }
                if member.key == "maxStyleBytes" {
                    configuration.maxStyleBytes = Int(number)
                } else {
                    configuration.maxAssetBytes = Int(number)
                }
            case "rules":
                configuration.rules = try parseRules(node)
            case "$schema":
                break
            default:
                warnings.append(
                    Diagnostic(
                        .warning, rule: .config,
                        "unknown key \"\(member.key)\" in livery.json (known: targetsDir, templatesDir, outputDir, platforms, contrastMinimum, maxStyleBytes, maxAssetBytes, rules)",
                        file: fileName, line: member.keyLocation.line, column: member.keyLocation.column, pointer: pointer
                    ))
            }
        }
        return (configuration, warnings)
    }

    /// `"platforms": ["ios", "web"]` (or `["all"]`): each name known, else an error at the name with the nearest one.
    static func parsePlatforms(_ node: JSONNode, key: String) throws -> [Platform] {
        guard let items = node.value.arrayValue else {
            throw ConfigurationError(
                Diagnostic(
                    .error, rule: .config, "\"\(key)\" must be an array such as [\"ios\", \"android\", \"web\"]", at: node.location,
                    pointer: JSONPointer(tokens: [key])))
        }
        var names: [String] = []
        for (index, item) in items.enumerated() {
            guard let name = item.value.stringValue else {
                throw ConfigurationError(
                    Diagnostic(
                        .error, rule: .config,
                        "\"platforms\" holds \(JSONSummary.short(item.value)); known platforms are \(Platform.registry.knownNames)",
                        at: item.location, pointer: JSONPointer(tokens: [key, String(index)])
                    ))
            }
            if name == "all" { names += Platform.all.map(\.name) } else { names.append(name) }
        }
        switch Platform.parse(names: names) {
        case .success(let platforms): return platforms
        case .failure(.unknown(let name, let suggestion)):
            let index = items.firstIndex { $0.value.stringValue == name } ?? 0
            let hint = suggestion.map { " Did you mean \"\($0)\"?" } ?? ""
            throw ConfigurationError(
                Diagnostic(
                    .error, rule: .config,
                    "\"platforms\" holds unknown platform \"\(name)\"; known platforms are \(Platform.registry.knownNames) (or \"all\").\(hint)",
                    at: items[index].location, pointer: JSONPointer(tokens: [key, String(index)])
                ))
        case .failure(let error):
            throw ConfigurationError(
                Diagnostic(.error, rule: .config, "\"\(key)\" is refused: \(error)", at: node.location, pointer: JSONPointer(tokens: [key]))
            )
        }
    }

    /// `"rules": {"android-image": "off", "contrast": "error"}`. Every problem is an
    /// error at its place: a rule id livery does not have (with the nearest one), a
    /// rule that cannot be changed, a level other than off, warning or error.
    static func parseRules(_ node: JSONNode) throws -> RuleSettings {
        let example = #"e.g. {"android-image": "off", "contrast": "error"}"#
        guard let object = node.value.objectValue else {
            throw ConfigurationError(
                Diagnostic(
                    .error, rule: .config, "\"rules\" must be an object of rule ids and levels, \(example)", at: node.location,
                    pointer: JSONPointer(tokens: ["rules"])
                ))
        }
        var levels: [Rule: RuleSettings.Level] = [:]
        for member in object.members {
            let pointer = JSONPointer(tokens: ["rules", member.key])
            func refuse(_ message: String, atKey: Bool) -> ConfigurationError {
                let location = atKey ? member.keyLocation : member.value.location
                return ConfigurationError(
                    Diagnostic(
                        .error, rule: .config, message, file: fileName, line: location.line, column: location.column, pointer: pointer))
            }
            guard let rule = Rule.named(member.key) else {
                let hint = NearestName.closest(to: member.key, in: Rule.all.map(\.id)).map { " (did you mean \"\($0)\"?)" } ?? ""
                throw refuse("\"rules\" names unknown rule \"\(member.key)\"\(hint); docs/validation.md lists every rule", atKey: true)
            }
            guard rule.isConfigurable else {
                let configurable = RuleSettings.configurableRules.map(\.id).joined(separator: ", ")
                throw refuse(
                    "rule \"\(rule.id)\" cannot be changed: what it reports no bundle can carry; livery.json may set \(configurable)",
                    atKey: true
                )
            }
            guard let text = member.value.value.stringValue, let level = RuleSettings.Level(rawValue: text) else {
                throw refuse(
                    "\"rules\" sets \"\(rule.id)\" to \(JSONSummary.short(member.value.value)); use \"off\", \"warning\" or \"error\"",
                    atKey: false)
            }
            levels[rule] = level
        }
        return RuleSettings(levels)
    }
}

/// livery.json is unusable; the diagnostic says where and why.
struct ConfigurationError: UserError, Sendable {
    let diagnostic: Diagnostic
    init(_ diagnostic: Diagnostic) { self.diagnostic = diagnostic }

    /// The diagnostic's message with its pointer and rule, as validation shows it.
    var message: String {
        var text = diagnostic.message
        if let pointer = diagnostic.pointer, !pointer.tokens.isEmpty { text += " (at \(pointer))" }
        return text + " [\(diagnostic.rule)]"
    }

    var place: String? { diagnostic.position }
}

/// Short renderings of JSON values for messages.
enum JSONSummary {
    static func short(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number(let n): n.literal
        case .string(let s): "\"\(s.count > 40 ? String(s.prefix(40)) + "…" : s)\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
