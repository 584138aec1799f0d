import LiveryCore
import LiveryJSON
import LiveryRegistry

/// One way `livery variant` writes its answers. Adding a format is one type
/// conforming to this protocol and one line in ``VariantFormat/all``.
protocol VariantRenderer: Sendable {
    /// How users name it: `--format NAME`.
    static var name: String { get }
    /// What it is, shown after the name in `livery variant --help`.
    static var summary: String { get }
    /// The answers, handed to `write` a piece at a time (a file's ids are never all
    /// in memory); `list` when they answer `--install-ids` (one per id) rather than one `--install-id`.
    static func write(_ answers: VariantAnswers, list: Bool, to write: (String) -> Void) throws
}

/// A registered `livery variant` format, as a value: what `--format` holds.
package struct VariantFormat: Registered {
    package static let kind = "format"

    let renderer: any VariantRenderer.Type

    init(_ renderer: any VariantRenderer.Type) {
        self.renderer = renderer
    }

    /// Every format, in the order help lists them. A new format is one line here.
    package static let all: [VariantFormat] = [
        VariantFormat(TextVariantFormat.self),
        VariantFormat(JSONVariantFormat.self),
    ]

    package static let text = VariantFormat(TextVariantFormat.self)

    package var name: String { renderer.name }
    package var summary: String { renderer.summary }

    /// Writes the answers through `write`, a piece at a time.
    package func write(_ answers: VariantAnswers, list: Bool, to write: (String) -> Void) throws {
        try renderer.write(answers, list: list, to: write)
    }

    /// `--format`'s help, from the registry.
    package static func optionHelp(_ formats: [VariantFormat] = all) -> String {
        "Output format: " + Registry(formats).phrase(lastSeparator: " or ", Registry.nameAndSummary) + "."
    }
}

/// The variant's name (with its experiment), or `none (the client's style)`;
/// with several ids, `ID<tab>ANSWER` a line.
enum TextVariantFormat: VariantRenderer {
    static let name = "text"
    static let summary = "the variant's name, or none; a line per id with --install-ids"

    static func write(_ answers: VariantAnswers, list: Bool, to write: (String) -> Void) throws {
        try answers.forEachAnswer { answer in
            write(list ? "\(answer.installID)\t\(label(answer.choice))\n" : label(answer.choice) + "\n")
        }
    }

    static func label(_ choice: VariantChoice?) -> String {
        guard let choice else { return "none (the client's style)" }
        return choice.experiment.map { "\(choice.variant) (arm of experiment \($0))" } ?? choice.variant
    }
}

/// `{"variant": NAME-or-null, "experiment", "target", "installId", "date"}`;
/// with `--install-ids`, an array of `{"installId", "variant"}`.
enum JSONVariantFormat: VariantRenderer {
    static let name = "json"
    static let summary = "{\"variant\": name or null, …}; an array of {\"installId\", \"variant\"} with --install-ids"

    static func write(_ answers: VariantAnswers, list: Bool, to write: (String) -> Void) throws {
        guard list else {
            try answers.forEachAnswer { answer in
                let query = answers.query
                write(
                    JSONWriter.write(
                        .makeObject([
                            ("variant", answer.choice.map { .string($0.variant) } ?? .null),
                            ("experiment", answer.choice?.experiment.map { .string($0) } ?? .null),
                            ("target", .string(query.target)),
                            ("installId", .string(answer.installID)),
                            ("date", .string(query.date.text)),
                        ]), sortedKeys: false, indent: 2))
            }
            return
        }
        // The array an element at a time, laid out as JSONWriter lays out the whole array.
        var count = 0
        try answers.forEachAnswer { answer in
            let element = JSONWriter.write(
                .makeObject([
                    ("installId", .string(answer.installID)), ("variant", answer.choice.map { .string($0.variant) } ?? .null),
                ]), sortedKeys: false, indent: 2)
            let lines = element.split(separator: "\n", omittingEmptySubsequences: true).map { "  " + $0 }.joined(separator: "\n")
            write((count == 0 ? "[\n" : ",\n") + lines)
            count += 1
        }
        write(count == 0 ? "[]\n" : "\n]\n")
    }
}
