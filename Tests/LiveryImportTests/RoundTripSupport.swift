import Foundation
import LiveryCore
import LiveryEmit
import LiveryImport
import LiveryJSON
import LiveryTargets
import LiveryTestSupport
import Testing

/// The targets of a branding repository read from a directory on disk: each
/// target's style.json merged over its parents' as livery merges them, and every
/// other file under `targets/` served as an asset from memory.
struct TargetsOnDisk {
    let files: [String: [UInt8]]
    let documents: [String: JSONNode]
    let parents: [String: String]
    let abstract: Set<String>

    init(root: String) throws {
        let targets = root + "/targets"
        var files: [String: [UInt8]] = [:]
        let walker = FileManager.default.enumerator(atPath: targets)
        while let relative = walker?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = targets + "/" + relative
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            files["targets/" + relative] = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        }
        var documents: [String: JSONNode] = [:]
        var parents: [String: String] = [:]
        var abstract: Set<String> = []
        for (path, bytes) in files where path.hasSuffix("/style.json") && path.split(separator: "/").count == 3 {
            let id = String(path.split(separator: "/")[1])
            let document = try JSONReader.parse(bytes, file: path)
            documents[id] = document
            let object = document.value.objectValue
            if let parent = object?["extends"]?.value.stringValue { parents[id] = parent }
            if object?["abstract"]?.value.boolValue == true { abstract.insert(id) }
        }
        self.files = files
        self.documents = documents
        self.parents = parents
        self.abstract = abstract
    }

    var concrete: [String] { documents.keys.filter { !abstract.contains($0) }.sorted() }

    /// The target and its ancestors, nearest first.
    func chain(of id: String) -> [String] {
        var chain = [id]
        while let parent = parents[chain[chain.count - 1]], !chain.contains(parent) { chain.append(parent) }
        return chain
    }

    /// Values style.json replaces whole (`"x-livery-merge": "replace"` in the schema): colours, images, shapes.
    static func replacesWhole(_ path: [String]) -> Bool {
        (path.count == 2 && (path[0] == "colors" || path[0] == "images"))
            || (path.count == 4 && path[0] == "components" && path[3] == "shape")
    }

    /// The target's document merged over its ancestors', as `livery validate` merges it.
    func merged(_ id: String) -> JSONNode? {
        var result: JSONNode?
        for target in chain(of: id).reversed() {
            guard let own = documents[target] else { return nil }
            if var base = result, case .object(var object) = base.value {
                for key in ["abstract", "extends", "$schema"] { object.remove(key) }
                base.value = .object(object)
                result = MergePatch.apply(own, to: base, replacesWhole: Self.replacesWhole)
            } else {
                result = own
            }
        }
        return result
    }

    var assets: MemoryAssets {
        MemoryAssets(
            files: files, ancestors: Dictionary(uniqueKeysWithValues: documents.keys.map { ($0, Array(chain(of: $0).dropFirst())) }))
    }

    func resolve(_ id: String, document: JSONNode) -> (ResolvedStyle, [Diagnostic]) {
        StyleResolver().resolve(id: id, chain: chain(of: id), document: document, assets: assets)
    }
}

/// Files a platform emitted, served to the DTCG reader from memory (paths under `dtcg/`).
struct EmittedTokenFiles: DTCGFileProvider {
    let files: [String: [UInt8]]

    init(_ emitted: [EmittedFile], under directory: String = "dtcg/") {
        var files: [String: [UInt8]] = [:]
        for file in emitted where file.path.hasPrefix(directory) {
            files[String(file.path.dropFirst(directory.count))] = file.bytes
        }
        self.files = files
    }

    func read(_ relativePath: String) -> DTCGFileRead {
        files[relativePath].map { .bytes($0) } ?? .missing
    }
}

/// The round trip of one resolved style: emitted by the `dtcg` platform, read
/// back, mapped, given back the files DTCG has no place for, and resolved again.
enum DTCGRoundTrip {
    struct Result {
        var mapped: MappedStyle
        var document: JSONNode
        var style: ResolvedStyle
        var diagnostics: [Diagnostic]
    }

    static func run(_ original: ResolvedStyle, merged: JSONNode, assets: some AssetLocator) throws -> Result {
        let provider = EmittedTokenFiles(DTCGPlatform.files(for: original))
        let input = try DTCGInput.load(["tokens.resolver.json"], provider: provider)
        let plan = try ImportPlan.make(modifiers: input.modifiers, request: ImportPlanRequest(theme: "theme"))
        var sets: [Appearance: DTCGTokenSet] = [:]
        for appearance in plan.appearances.keys.sorted() {
            sets[appearance] = try input.resolve(plan.selection(brand: nil, appearance: appearance)).value
        }
        let mapped = try StyleMapping.map(BrandTokens(brand: nil, appearances: sets))
        let document = reimported(mapped.document, original: merged)
        let (style, diagnostics) = StyleResolver().resolve(id: original.id, chain: original.chain, document: document, assets: assets)
        return Result(mapped: mapped, document: document, style: style, diagnostics: diagnostics)
    }

    /// What a re-import keeps from the existing target: `app`, `images`, `appIcon`
    /// and the font files, as nodes of the original (so files are found where they were).
    static func reimported(_ mapped: JSONValue, original: JSONNode) -> JSONNode {
        var object = mapped.objectValue ?? JSONObject()
        let old = original.value.objectValue ?? JSONObject()
        for key in ["app", "images", "appIcon"] {
            if let node = old[key] { object.set(key, node) }
        }
        if var fonts = object["fonts"]?.value.objectValue, let oldFonts = old["fonts"]?.value.objectValue {
            for member in fonts.members {
                guard var font = member.value.value.objectValue, let file = oldFonts[member.key]?.value.objectValue?["file"] else {
                    continue
                }
                font.set("file", file)
                fonts.set(member.key, JSONNode(.object(font), at: member.value.location))
            }
            object.set("fonts", JSONNode(.object(fonts), at: .synthesized))
        }
        return JSONNode(.object(object), at: JSONLocation(file: original.location.file, line: 1, column: 1))
    }

    /// Every difference between two resolved styles, value by value, as readable lines.
    static func differences(_ a: ResolvedStyle, _ b: ResolvedStyle) -> [String] {
        var lines: [String] = []
        func compare<V: Equatable>(_ what: String, _ left: [String: V], _ right: [String: V]) {
            for key in Set(left.keys).union(right.keys).sorted() where left[key] != right[key] {
                lines.append("\(what).\(key): \(left[key].map { "\($0)" } ?? "missing") ≠ \(right[key].map { "\($0)" } ?? "missing")")
            }
        }
        if a.app != b.app { lines.append("app: \(a.app) ≠ \(b.app)") }
        compare("palettes", a.palettes, b.palettes)
        compare("colors", a.colors, b.colors)
        compare("fonts", a.fonts, b.fonts)
        compare("dimensions", a.dimensions, b.dimensions)
        compare("animations", a.animations, b.animations)
        compare("components", flattened(a.components), flattened(b.components))
        compare("images", a.images, b.images)
        compare("flags", a.flags, b.flags)
        if a.appIcon != b.appIcon { lines.append("appIcon differs") }
        if a.androidIcon != b.androidIcon { lines.append("androidIcon differs") }
        return lines
    }

    /// `kind.variant.property` → value; an empty variant or kind is a key of its own, so it is compared too.
    static func flattened(_ components: [String: [String: [String: ResolvedComponentValue]]]) -> [String: String] {
        var flat: [String: String] = [:]
        for (kind, variants) in components {
            if variants.isEmpty { flat[kind] = "empty kind" }
            for (variant, properties) in variants {
                if properties.isEmpty { flat["\(kind).\(variant)"] = "empty variant" }
                for (property, value) in properties { flat["\(kind).\(variant).\(property)"] = "\(value)" }
            }
        }
        return flat
    }

    /// Which values were written as references, where the two styles differ. A
    /// colour whose light and dark both name the same token (and that has no
    /// high-contrast value) counts as naming that token: `{"light": "{x}", "dark": "{x}"}`
    /// and `"{x}"` are one colour written two ways, and the import writes the shorter.
    static func aliasDifferences(_ a: ResolvedStyle, _ b: ResolvedStyle) -> [String] {
        let left = normalised(a)
        let right = normalised(b)
        return Set(left.keys).union(right.keys).sorted().compactMap { key in
            left[key] == right[key] ? nil : "\(key): \(left[key] ?? "value") ≠ \(right[key] ?? "value")"
        }
    }

    static func normalised(_ style: ResolvedStyle) -> [String: String] {
        var aliases = style.aliases
        for (name, token) in style.colors where token.highContrastLight == nil && token.highContrastDark == nil {
            let light = "colors.\(name).light"
            let dark = "colors.\(name).dark"
            if let target = aliases[light], aliases[dark] == target {
                aliases[light] = nil
                aliases[dark] = nil
                aliases["colors.\(name)"] = target
            }
        }
        return aliases
    }
}
