import Foundation
import LiveryCore
import LiveryImport
import LiveryJSON
import LiveryTargets

/// The code each fuzz target runs on one input. The libFuzzer harnesses under
/// `Fuzz/<name>/` call these, and `FuzzCorpusTests` feeds every regression input
/// under `Tests/FuzzCorpus/<name>/` through the same functions without sanitizers,
/// so a fixed finding stays fixed. Each returns what happened instead of trapping:
/// any crash or sanitizer report is a finding, an `Outcome` never is. The
/// `revision` target reads a repository, so it lives in LiveryGitFuzz: these
/// need no libgit2.
public enum FuzzEntryPoints {
    /// What one input did.
    public enum Outcome: Equatable, Sendable {
        /// The input was accepted.
        case accepted
        /// The input was refused with livery's documented error for it.
        case refused(String)
    }

    /// These fuzz targets, by the folder names under `Fuzz/` and `Tests/FuzzCorpus/`.
    public static let names = ["json", "schema", "resolve", "sniff", "dtcg", "envelope", "variant", "contract", "store", "numbers"]

    /// Feeds `bytes` to the named target; nil for an unknown name.
    public static func feed(_ name: String, _ bytes: [UInt8]) -> Outcome? {
        switch name {
        case "json": json(bytes)
        case "schema": schema(bytes)
        case "resolve": resolve(bytes)
        case "sniff": sniff(bytes)
        case "dtcg": dtcg(bytes)
        case "envelope": envelope(bytes)
        case "variant": variant(bytes)
        case "contract": contract(bytes)
        case "store": store(bytes)
        case "numbers": dtcgNumber(bytes)
        default: nil
        }
    }

    // MARK: JSON reader

    /// Parses `bytes` as a style file; a syntax error must carry a position
    /// inside the input.
    public static func json(_ bytes: [UInt8]) -> Outcome {
        do {
            let node = try JSONReader.parse(bytes, file: "fuzz.json")
            _ = node.value.typeName
            return .accepted
        } catch {
            guard error.location.line >= 1, error.location.column >= 1 else {
                return .refused("bad position \(error.location.line):\(error.location.column)")
            }
            return .refused("JSONSyntaxError")
        }
    }

    // MARK: Schema validator

    /// Input before the first NUL byte is compiled as a schema and the rest is
    /// validated against it; without a NUL byte the input is validated as a
    /// style document against the built-in schema.
    public static func schema(_ bytes: [UInt8]) -> Outcome {
        if let split = bytes.firstIndex(of: 0) {
            guard let schemaNode = try? JSONReader.parse(Array(bytes[..<split]), file: "schema.json") else {
                return .refused("JSONSyntaxError")
            }
            let compiled: JSONSchema
            do {
                compiled = try JSONSchema(compiling: schemaNode)
            } catch {
                return .refused("SchemaError")
            }
            // The schema validates itself too: schemas are the trickiest instances.
            _ = compiled.validate(schemaNode, maxErrors: 50)
            guard let instance = try? JSONReader.parse(Array(bytes[(split + 1)...]), file: "instance.json") else {
                return .refused("JSONSyntaxError")
            }
            _ = compiled.validate(instance, maxErrors: 50)
            _ = compiled.isValid(instance)
            return .accepted
        }
        guard let instance = try? JSONReader.parse(bytes, file: "style.json"), let styleSchema = builtInSchema else {
            return .refused("JSONSyntaxError")
        }
        _ = styleSchema.validate(instance, maxErrors: 50)
        return .accepted
    }

    // MARK: Merge and resolve

    /// Merges the input (a child's style.json) over a small base target with the
    /// built-in schema's replace rules, then resolves it with a PNG, an SVG and a
    /// font available as assets.
    public static func resolve(_ bytes: [UInt8]) -> Outcome {
        guard let child = try? JSONReader.parse(bytes, file: "targets/client/style.json") else {
            return .refused("JSONSyntaxError")
        }
        guard case .object = child.value else { return .refused("style-root") }
        guard let base = try? JSONReader.parse(Array(fuzzBaseStyle.utf8), file: "targets/base/style.json") else {
            return .refused("base")
        }
        let schema = builtInSchema
        let replacesWhole: ([String]) -> Bool = { path in
            schema?.keywordValues("x-livery-merge", atInstancePath: path).contains { $0.stringValue == "replace" } ?? false
        }
        guard let merged = MergePatch.apply(child, to: base, replacesWhole: replacesWhole) else {
            return .refused("deleted")
        }
        let (_, diagnostics) = StyleResolver().resolve(id: "client", chain: ["base", "client"], document: merged, assets: fuzzAssets)
        for diagnostic in diagnostics where diagnostic.message.isEmpty {
            return .refused("empty diagnostic")
        }
        return .accepted
    }

    // MARK: Asset sniffers

    /// Sniffs the input as every asset kind livery reads (PNG, JPEG, SVG, fonts, LFS pointers).
    public static func sniff(_ bytes: [UInt8]) -> Outcome {
        let info = AssetSniffer.sniff(bytes)
        if let width = info.width, width < 0 { return .refused("negative width") }
        if let height = info.height, height < 0 { return .refused("negative height") }
        return .accepted
    }

    // MARK: DTCG reader

    /// The input is a bundle of up to eight files separated by NUL bytes: `main.json`,
    /// then `p1.json`, `p2.json`, …. A resolver in `main.json` is loaded alone (its
    /// `$ref`s reach the others); otherwise every file is a token file, merged in order.
    /// The defaults are resolved, then the first contexts of the first modifiers. A
    /// refusal must be a `DTCGImportFailure` whose every diagnostic has a message and,
    /// where it has a position, one inside a file of the bundle.
    public static func dtcg(_ bytes: [UInt8]) -> Outcome {
        var files: [String: [UInt8]] = [:]
        var order: [String] = []
        for (i, part) in bytes.split(separator: 0, omittingEmptySubsequences: false).prefix(8).enumerated() {
            let name = i == 0 ? "main.json" : "p\(i).json"
            files[name] = Array(part)
            order.append(name)
        }
        let isResolver = (try? JSONReader.parse(files["main.json"] ?? [], file: "main.json"))?.value.objectValue?["resolutionOrder"] != nil
        let provider = FuzzDTCGFiles(files: files)
        do {
            let input = try DTCGInput.load(isResolver ? ["main.json"] : order, provider: provider)
            if let bad = badDiagnostic(input.warnings, files: files) { return .refused(bad) }
            var selections: [[String: String]] = [[:]]
            for modifier in input.modifiers.prefix(3) {
                for context in modifier.contexts.prefix(3) { selections.append([modifier.name: context]) }
            }
            var resolved = 0
            for selection in selections {
                do {
                    let read = try input.resolve(selection)
                    if let bad = badDiagnostic(read.warnings, files: files) { return .refused(bad) }
                    // Every value is walked, as the mapping does: none may be huge.
                    for token in read.value.tokens where valueCount(token.value, limit: 20_000) > 20_000 {
                        return .refused("value of \(token.dotted) too large")
                    }
                    resolved += 1
                } catch {
                    if let bad = badFailure(error, files: files) { return .refused(bad) }
                }
            }
            return resolved > 0 ? .accepted : .refused("DTCGImportFailure")
        } catch {
            return .refused(badFailure(error, files: files) ?? "DTCGImportFailure")
        }
    }

    /// How many JSON values `node` holds, counting no further than just past `limit`.
    private static func valueCount(_ node: JSONNode, limit: Int) -> Int {
        var count = 1
        switch node.value {
        case .object(let object):
            for member in object.members where count <= limit { count += valueCount(member.value, limit: limit - count) }
        case .array(let items):
            for item in items where count <= limit { count += valueCount(item, limit: limit - count) }
        default:
            break
        }
        return count
    }

    /// What is wrong with a failure's diagnostics, or nil when they are well formed.
    private static func badFailure(_ failure: DTCGImportFailure, files: [String: [UInt8]]) -> String? {
        if failure.diagnostics.isEmpty { return "failure without diagnostics" }
        if failure.diagnostics.contains(where: { $0.severity != .error }) { return "failure with a warning" }
        return badDiagnostic(failure.diagnostics, files: files)
    }

    private static func badDiagnostic(_ diagnostics: [Diagnostic], files: [String: [UInt8]]) -> String? {
        for diagnostic in diagnostics {
            if diagnostic.message.isEmpty { return "empty diagnostic" }
            if let line = diagnostic.line, line < 1 { return "bad line \(line)" }
            if let column = diagnostic.column, column < 1 { return "bad column \(column)" }
            // A position names a file of the bundle (a missing file's name is quoted, never placed).
            if diagnostic.line != nil, let file = diagnostic.file, files[file] == nil { return "position in unknown file \(file)" }
        }
        return nil
    }

    /// The bundle's files, served as the import's provider would serve a directory.
    private struct FuzzDTCGFiles: DTCGFileProvider {
        let files: [String: [UInt8]]

        func read(_ relativePath: String) -> DTCGFileRead {
            files[relativePath].map { .bytes($0) } ?? .missing
        }
    }

    // MARK: Fixtures

    private static let builtInSchema: JSONSchema? = {
        guard let node = try? JSONReader.parse(BuiltInStyleSchema.bytes, file: "style.schema.json") else { return nil }
        return try? JSONSchema(compiling: node)
    }()

    private static let fuzzBaseStyle = """
        {
          "abstract": true,
          "app": { "displayName": "Base", "bundleId": "com.example.base" },
          "palettes": { "brand": "#1F5FD1" },
          "colors": {
            "primary": { "light": "{palettes.brand.base}", "dark": "{palettes.brand.light04}" },
            "onPrimary": { "light": "#FFFFFF", "dark": "#000000" },
            "background": { "light": "#FFFFFF", "dark": "#121417" },
            "foreground": "#16181D",
            "link": "{colors.primary}"
          },
          "fonts": { "body": { "family": "Karla", "size": 16, "weight": "regular", "file": "assets/font.otf" } },
          "dimensions": { "spacingM": 16, "radiusM": 10 },
          "images": { "logo": "assets/logo.svg", "appIcon": "assets/icon.png" },
          "components": { "button": { "primary": { "background": "{colors.primary}", "foreground": "{colors.onPrimary}", "cornerRadius": "{dimensions.radiusM}" } } }
        }
        """

    private static let fuzzAssets: MemoryAssets = {
        // A 1×1 PNG header is enough for the sniffer; the resolver checks sizes, not pixels.
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 4, 0, 0, 0, 4, 0, 8, 2, 0, 0, 0, 0, 0, 0, 0]
        let otf: [UInt8] = [0x4F, 0x54, 0x54, 0x4F, 0, 1, 0, 0] + Array(repeating: 0, count: 8)
        return MemoryAssets(
            files: [
                "targets/base/assets/icon.png": png,
                "targets/base/assets/logo.svg": Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8),
                "targets/base/assets/font.otf": otf,
            ],
            ancestors: ["client": ["base"]]
        )
    }()
}
