import Foundation
import LiveryTargets
import LiveryTestSupport
import Testing

/// The module graph Package.swift declares, held to the layers it promises (the
/// pure modules link no libgit2) and to the drawing of it in docs/architecture.md.
@Suite("Architecture: the module graph")
struct ArchitectureTests {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Each target and what it depends on: targets by name, packages' products by product name.
    struct Graph: Sendable {
        /// Library, executable and system-library targets.
        var modules: [String: Set<String>] = [:]
        /// Test targets.
        var tests: [String: Set<String>] = [:]

        /// Everything `name` builds on, directly or not.
        func closure(of name: String) -> Set<String> {
            var seen: Set<String> = []
            var next = Array(modules[name] ?? tests[name] ?? [])
            while let module = next.popLast() {
                guard seen.insert(module).inserted else { continue }
                next += modules[module] ?? []
            }
            return seen
        }
    }

    enum Loaded: Sendable {
        case graph(Graph)
        case failure(String)
    }

    /// Package.swift as SwiftPM reads it (`swift package dump-package`), once per run.
    /// A scratch directory of its own: the one of this checkout is locked by the
    /// `swift test` that runs this.
    static let loaded: Loaded = {
        guard let swift = which("swift") else { return .failure("swift is not on PATH") }
        do {
            let scratch = try TemporaryDirectory(prefix: "livery-dump-package")
            let result = try runProcess(
                swift, ["package", "--package-path", projectRoot.path, "--scratch-path", scratch.path, "dump-package"])
            guard result.status == 0 else { return .failure("swift package dump-package exited \(result.status): \(result.stderr)") }
            guard let package = try JSONSerialization.jsonObject(with: Data(result.stdoutBytes)) as? [String: Any],
                let targets = package["targets"] as? [[String: Any]]
            else { return .failure("dump-package printed no targets") }
            var graph = Graph()
            for target in targets {
                guard let name = target["name"] as? String, let type = target["type"] as? String else { continue }
                var dependencies: Set<String> = []
                for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                    for kind in ["byName", "target", "product"] {
                        if let first = (dependency[kind] as? [Any])?.first as? String { dependencies.insert(first) }
                    }
                }
                if type == "test" { graph.tests[name] = dependencies } else { graph.modules[name] = dependencies }
            }
            return .graph(graph)
        } catch {
            return .failure("\(error)")
        }
    }()

    static func graph() throws -> Graph {
        switch loaded {
        case .graph(let graph): return graph
        case .failure(let message): throw GraphUnavailable(message: message)
        }
    }

    struct GraphUnavailable: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// Modules of pure logic, and the test targets of modules that read no repository:
    /// none builds on libgit2, so each builds and tests where it is not installed.
    static let withoutLibgit2 = [
        "LiverySource", "LiveryTargets", "LiveryEmit", "LiveryDiff", "LiveryImport", "LiveryGallery", "LiveryVisual",
        "LiveryCore", "LiveryRuntime", "LiveryJSON", "LiveryText", "LiveryConcurrency", "LiveryRegistry", "LiveryTestSupport",
        "LiveryRegistryTests", "LiverySourceTests", "LiveryTargetsTests", "LiveryEmitTests", "LiveryDiffTests", "LiveryImportTests",
        "LiveryGalleryTests", "LiveryVisualTests", "LiveryCoreTests", "LiveryRuntimeTests", "LiveryJSONTests", "LiveryTextTests",
    ]

    @Test(arguments: withoutLibgit2)
    func linksNoLibgit2(target: String) throws {
        let graph = try Self.graph()
        #expect(graph.modules[target] != nil || graph.tests[target] != nil, "Package.swift has no target \(target)")
        let closure = graph.closure(of: target)
        #expect(
            !closure.contains("CGit2"),
            "\(target) builds on CGit2 through \(closure.intersection(["LiveryGit", "LiveryGitFuzz", "LiveryKit"]).sorted())")
        #expect(!closure.contains("LiveryGit"), "\(target) builds on LiveryGit")
    }

    /// The closure above can see libgit2 where it is, and only LiveryGit imports it.
    @Test func onlyLiveryGitBuildsDirectlyOnLibgit2() throws {
        let graph = try Self.graph()
        #expect(graph.closure(of: "LiveryKit").contains("CGit2"))
        #expect(graph.closure(of: "LiveryGitTests").contains("CGit2"))
        let direct = graph.modules.filter { $0.value.contains("CGit2") }.keys.sorted()
        #expect(direct == ["LiveryGit"])
    }

    /// The edges of the ```mermaid block in docs/architecture.md: `A --> B & C` gives
    /// A's dependencies B and C; a line holding only a name is a module with none.
    static func drawnEdges() throws -> [String: Set<String>] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var inDiagram = false
        var edges: [String: Set<String>] = [:]
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("```") {
                inDiagram = line == "```mermaid"
                continue
            }
            guard inDiagram, !line.isEmpty, !line.hasPrefix("%%"), !line.hasPrefix("flowchart") else { continue }
            let sides = line.components(separatedBy: "-->")
            let from = sides[0].trimmingCharacters(in: .whitespaces)
            var targets = edges[from, default: []]
            if sides.count == 2 {
                for name in sides[1].split(separator: "&") { targets.insert(name.trimmingCharacters(in: .whitespaces)) }
            }
            edges[from] = targets
        }
        return edges
    }

    @Test func theDiagramDrawsEveryModuleAndEveryEdge() throws {
        let graph = try Self.graph()
        let drawn = try Self.drawnEdges()
        #expect(!drawn.isEmpty, "docs/architecture.md has no ```mermaid block")
        let products = Set(graph.modules.values.joined()).subtracting(graph.modules.keys)
        let drawnNodes = Set(drawn.keys).union(drawn.values.joined())
        #expect(drawnNodes.subtracting(graph.modules.keys).subtracting(products).sorted() == [], "drawn but not in Package.swift")
        #expect(Set(graph.modules.keys).union(products).subtracting(drawnNodes).sorted() == [], "in Package.swift but not drawn")
        for product in products.sorted() {
            #expect(drawn[product, default: []].isEmpty, "\(product) is another package's product: it depends on nothing here")
        }
        for (module, dependencies) in graph.modules.sorted(by: { $0.key < $1.key }) {
            let shown = drawn[module] ?? []
            #expect(dependencies.subtracting(shown).sorted() == [], "\(module)'s edges missing from the diagram")
            #expect(shown.subtracting(dependencies).sorted() == [], "\(module)'s edges the diagram has but Package.swift does not")
        }
    }

    /// The rows of a Markdown table in the section `heading` of docs/architecture.md, cells trimmed.
    static func tableRows(under heading: String) throws -> [[String]] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "\n" + heading + "\n") else { return [] }
        var rows: [[String]] = []
        for line in text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("|"), !line.hasPrefix("|---") else { continue }
            rows.append(line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return Array(rows.dropFirst())
    }

    /// Every type under Sources/ that conforms to `Registered`, with its module.
    static func registeredKinds() throws -> [String: String] {
        let sources = projectRoot.appendingPathComponent("Sources")
        let declaration = try Regex(#"(?m)^(?:public|package) (?:struct|enum|final class) (\w+): Registered\b"#)
        var kinds: [String: String] = [:]
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let module = file.path.dropFirst(sources.path.count + 1).split(separator: "/")[0]
            for match in try String(contentsOf: file, encoding: .utf8).matches(of: declaration) {
                kinds[String(match.output[1].substring ?? "")] = String(module)
            }
        }
        return kinds
    }

    /// docs/architecture.md's "Registries" table names every registered kind, in the
    /// module that declares it, and nothing else.
    @Test func theRegistriesTableIsEveryRegisteredKind() throws {
        let rows = try Self.tableRows(under: "## Registries")
        var documented: [String: String] = [:]
        for row in rows where row.count >= 2 {
            let list = row[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            #expect(list.hasSuffix(".all"), "\(row[0]) is not a registry's list")
            documented[String(list.dropLast(".all".count))] = row[1]
        }
        let declared = try Self.registeredKinds()
        #expect(declared.count >= 5, "\(declared)")
        #expect(documented == declared, "docs/architecture.md's Registries table and the types conforming to Registered")
    }

    /// docs/architecture.md's "Tests" table names every test target of Package.swift once, and nothing else.
    @Test func theTestsTableIsEveryTestTarget() throws {
        let listed = try Self.tableRows(under: "## Tests").compactMap { $0.first?.trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        let declared = Set(try Self.graph().tests.keys)
        #expect(listed.count == Set(listed).count, "listed twice: \(listed)")
        #expect(Set(listed).subtracting(declared).sorted() == [], "in the Tests table but not a test target of Package.swift")
        #expect(declared.subtracting(listed).sorted() == [], "test targets of Package.swift missing from the Tests table")
    }

    /// The stages drawn in docs/architecture.md's "From git to a bundle":
    /// `list → load → … → [emit → write]`, brackets for the stages only some commands run.
    static func documentedStages() throws -> [String] {
        let text = try String(contentsOf: projectRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try #require(text.range(of: "## From git to a bundle\n")).upperBound
        let line = try #require(text[section...].split(separator: "\n").first { $0.contains(" → ") })
        return line.components(separatedBy: "→").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " []")) }
    }

    /// The stages the page draws are the pipeline's, as `--timings` names them (`Phase.stages`).
    @Test func theDrawnStagesAreThePipelinesStages() throws {
        #expect(try Self.documentedStages() == Phase.stages.map(\.name))
    }

    /// The pipeline is the only sequencer: in LiveryEngine and LiveryKit, only the engine's
    /// Pipeline/ makes the loader and the resolver; every service runs targets through `TargetPipeline`.
    @Test func onlyThePipelineLoadsAndResolves() throws {
        var outside: [String] = []
        for module in ["Sources/LiveryEngine", "Sources/LiveryKit"] {
            let base = Self.projectRoot.appendingPathComponent(module)
            let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)
            while let file = files?.nextObject() as? URL {
                guard file.pathExtension == "swift" else { continue }
                let path = module + "/" + String(file.path.dropFirst(base.path.count + 1))
                let text = try String(contentsOf: file, encoding: .utf8)
                for maker in ["StyleLoader(", "StyleResolver(", "TargetWalk.refusals("]
                where text.contains(maker)
                    && !path.hasPrefix("Sources/LiveryEngine/Pipeline/")
                {
                    outside.append("\(path): \(maker)")
                }
            }
        }
        #expect(outside == [], "stages run outside LiveryEngine/Pipeline")
    }
}
