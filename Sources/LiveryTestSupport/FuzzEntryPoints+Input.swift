import LiveryCore
import LiveryImport
import LiveryJSON
import LiverySource
import LiveryTargets

/// The fuzz targets over what a repository's authors write by hand: a variant's
/// file, the app contract, a store text, and the numbers of a DTCG token. Their
/// common enemy is a number or a character at an edge (Int64.min, an exponent of
/// nineteen digits, a control character), so every refusal must be a message.
extension FuzzEntryPoints {
    // MARK: variant.json

    /// Reads the input as a `variant.json` (the CLI's reader), then, when it is
    /// accepted, decides it for a few installs as both runtimes do, and reads it
    /// back through a bundle's `variants.json`.
    public static func variant(_ bytes: [UInt8]) -> Outcome {
        guard let node = try? JSONReader.parse(bytes, file: "variant.json") else { return .refused("JSONSyntaxError") }
        let definition: VariantDefinition
        do {
            definition = try VariantParser.definition(node, name: "fuzz")
        } catch {
            if error.message.isEmpty || error.location.line < 1 { return .refused("bad problem \(error)") }
            return .refused("VariantProblem")
        }
        guard let set = VariantSet.make(client: .object(JSONObject()), variants: [(definition, .object(JSONObject()))]) else {
            return .refused("VariantProblem")
        }
        let moments = [
            UpdateTime(secondsSince1970: 0), UpdateTime(secondsSince1970: 1_796_000_000), UpdateTime(secondsSince1970: 253_402_300_799),
        ]
        for (index, moment) in moments.enumerated() {
            let context = VariantContext(
                installID: "install-\(index)", country: "CA", locale: "fr-CA", platform: "ios", appVersion: "3.2.\(index)", date: moment)
            _ = set.choose(for: context)
        }
        // What the CLI writes, the runtime reads back the same.
        guard let again = try? VariantSet(parsing: set.bytes), again == set else { return .refused("round trip") }
        return .accepted
    }

    // MARK: targets/contract.json

    /// Reads the input as the app contract; a refusal carries placed messages.
    public static func contract(_ bytes: [UInt8]) -> Outcome {
        do {
            let contract = try ContractParser.parse(bytes, file: "targets/contract.json")
            for section in ContractSection.allCases { _ = contract.tokens(in: section).count }
            return .accepted
        } catch {
            if error.diagnostics.isEmpty { return .refused("failure without diagnostics") }
            if error.diagnostics.contains(where: { $0.message.isEmpty || ($0.line ?? 1) < 1 || ($0.column ?? 1) < 1 }) {
                return .refused("bad diagnostic")
            }
            return .refused("ContractError")
        }
    }

    // MARK: store texts

    /// The input's first byte picks a field (name, subtitle, description, a URL…),
    /// the rest is that field's file in `en-US/`, checked as `validate` checks a
    /// listing. Every problem must be placed inside the text.
    public static func store(_ bytes: [UInt8]) -> Outcome {
        let fields = StoreField.fileNames
        guard let first = bytes.first, !fields.isEmpty else { return .refused("empty") }
        let path = "en-US/" + fields[Int(first) % fields.count]
        let text = Array(bytes.dropFirst())
        let file = StoreFile(
            path: path, repositoryPath: "targets/acme/store/" + path, foundIn: "acme", blob: .zero,
            bytes: text, image: nil, size: text.count)
        let (_, problems) = StoreListingCheck.check([file], id: "acme")
        let lines = text.split(separator: 0x0A, omittingEmptySubsequences: false).count
        for problem in problems {
            if problem.message.isEmpty { return .refused("empty message") }
            if let line = problem.line, line < 1 || line > lines { return .refused("line \(line) outside the text") }
            if let column = problem.column, column < 1 { return .refused("column \(column)") }
        }
        return problems.isEmpty ? .accepted : .refused("StoreProblem")
    }

    // MARK: DTCG numbers

    /// The input, as a string and (when it is a JSON number) as a number, becomes
    /// the value of a duration, a dimension and a font weight in one token file.
    public static func dtcgNumber(_ bytes: [UInt8]) -> Outcome {
        let text = String(decoding: bytes, as: UTF8.self)
        let quoted = JSONWriter.quoted(text)
        var bodies = [
            "{\"d\": {\"$type\": \"duration\", \"$value\": \(quoted)}, \"s\": {\"$type\": \"dimension\", \"$value\": \(quoted)}, \"w\": {\"$type\": \"fontWeight\", \"$value\": \(quoted)}}"
        ]
        if (try? JSONReader.parse(bytes, file: "n.json"))?.value.numberValue != nil {
            bodies.append(
                "{\"d\": {\"$type\": \"duration\", \"$value\": {\"value\": \(text), \"unit\": \"ms\"}}, \"s\": {\"$type\": \"dimension\", \"$value\": {\"value\": \(text), \"unit\": \"rem\"}}, \"n\": {\"$type\": \"number\", \"$value\": \(text)}, \"w\": {\"$type\": \"fontWeight\", \"$value\": \(text)}}"
            )
        }
        var accepted = false
        for body in bodies {
            switch dtcg(Array(body.utf8)) {
            case .accepted: accepted = true
            case .refused("DTCGImportFailure"): break
            case .refused(let reason): return .refused(reason)
            }
        }
        return accepted ? .accepted : .refused("DTCGImportFailure")
    }
}
