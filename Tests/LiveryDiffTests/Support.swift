import LiveryDiff
import LiveryJSON
import LiveryTargets
import LiveryTestSupport

/// Resolves style text the way a revision would, for engine and format tests.
enum Styles {
    /// Resolves `own` over `parent` (a merge patch, as `extends` does) for target `id`
    /// extending `base`; each document keeps the file that wrote it.
    static func snapshot(_ id: String, own: String, base: String? = nil, files: [String: [UInt8]] = [:]) throws -> TargetSnapshot {
        let ownNode = try JSONReader.parse(Array(own.utf8), file: "targets/\(id)/style.json")
        var document = ownNode
        var chain = [id]
        if let base {
            let baseNode = try JSONReader.parse(Array(base.utf8), file: "targets/base/style.json")
            document = MergePatch.apply(ownNode, to: baseNode) ?? ownNode
            chain.append("base")
        }
        let assets = MemoryAssets(files: files, ancestors: [id: Array(chain.dropFirst())])
        let (style, problems) = StyleResolver().resolve(id: id, chain: chain, document: document, assets: assets)
        if problems.contains(where: { $0.severity == .error }) {
            return TargetSnapshot(id: id, state: .invalid(problems))
        }
        return TargetSnapshot(id: id, state: .resolved(style, Provenance.of(document, targetsDirectory: "targets")))
    }

    static let base = RevisionInfo(label: "v1 (1111111)", revision: "v1", commit: String(repeating: "1", count: 40))
    static let head = RevisionInfo(label: "v2 (2222222)", revision: "v2", commit: String(repeating: "2", count: 40))

    /// The report for `pairs` between `base` and `head`, plus `unchanged`
    /// targets skipped as identical, built as the diff command builds it.
    static func report(_ pairs: [TargetPair], unchanged: Int = 0, base: RevisionInfo = Styles.base, head: RevisionInfo = Styles.head)
        -> DiffReport
    {
        var targets: [TargetDiff] = []
        var identical = unchanged
        for pair in pairs {
            if let diff = DiffEngine.compare(pair) {
                targets.append(diff)
            } else {
                identical += 1
            }
        }
        return DiffReport(base: base, head: head, targets: targets, unchanged: identical)
    }
}

/// Random style documents resolved to the bundle's style.json, for the patch property.
enum RandomStyles {
    static func hex(_ rng: inout SeededRandom) -> String {
        "#" + (0..<6).map { _ in String("0123456789ABCDEF".randomElement(using: &rng) ?? "0") }.joined()
    }

    static func document(_ rng: inout SeededRandom) -> JSONValue {
        let names = ["primary", "secondary", "background", "accent", "error"]
        var colors: [(String, JSONValue)] = []
        for name in names where Bool.random(using: &rng) {
            colors.append(
                (
                    name,
                    Bool.random(using: &rng)
                        ? .string(hex(&rng))
                        : .makeObject(
                            [("light", .string(hex(&rng))), ("dark", .string(hex(&rng)))]
                                + (Bool.random(using: &rng) ? [("highContrastDark", .string(hex(&rng)))] : []))
                ))
        }
        var dimensions: [(String, JSONValue)] = []
        for name in ["spacingS", "spacingM", "radius"] where Bool.random(using: &rng) {
            dimensions.append((name, .integer(Int.random(in: 0...40, using: &rng))))
        }
        var components: [(String, JSONValue)] = []
        if let color = colors.first?.0, Bool.random(using: &rng) {
            var properties: [(String, JSONValue)] = [("background", .string(color))]
            if Bool.random(using: &rng) {
                properties.append(
                    (
                        "shape",
                        Bool.random(using: &rng)
                            ? .string("capsule")
                            : .makeObject([
                                ("roundedRectangle", .makeObject([("cornerRadius", .integer(Int.random(in: 1...9, using: &rng)))]))
                            ])
                    ))
            }
            if Bool.random(using: &rng) { properties.append(("label", .string(["OK", "Go"].randomElement(using: &rng) ?? "OK"))) }
            components.append(("button", .makeObject([("primary", .makeObject(properties))])))
        }
        var flags: [(String, JSONValue)] = []
        for name in ["beta", "welcome", "limit"] where Bool.random(using: &rng) {
            flags.append(
                (
                    name,
                    [.bool(true), .string("hi"), .integer(3), .makeArray([.integer(1), .null])].randomElement(using: &rng) ?? .bool(false)
                ))
        }
        var app: [(String, JSONValue)] = []
        if Bool.random(using: &rng) { app.append(("displayName", .string(["Acme", "Acme Bank"].randomElement(using: &rng) ?? "Acme"))) }
        if Bool.random(using: &rng) { app.append(("bundleId", .string("com.acme.app"))) }
        var palettes: [(String, JSONValue)] = []
        if Bool.random(using: &rng) { palettes.append(("brand", .string(hex(&rng)))) }
        return .makeObject([
            ("app", .makeObject(app)), ("palettes", .makeObject(palettes)), ("colors", .makeObject(colors)),
            ("dimensions", .makeObject(dimensions)), ("components", .makeObject(components)), ("flags", .makeObject(flags)),
        ])
    }

    /// A random style, resolved, as the bundle's style.json document.
    static func resolved(_ rng: inout SeededRandom, id: String) -> JSONValue {
        let node = JSONNode(document(&rng), at: JSONLocation(file: "targets/\(id)/style.json", line: 1, column: 1))
        let (style, _) = StyleResolver().resolve(id: id, chain: [id], document: node, assets: MemoryAssets(files: [:]))
        return ResolvedStyleJSON.document(for: style)
    }
}
