import Foundation
import LiveryCore
import LiveryEmit
import LiveryEngine
import LiveryGit
import LiveryJSON
import LiveryTargets

/// What `livery variant` asks: which variant installs of one client get, for
/// what the app would pass and a moment.
package struct VariantRequest: Sendable {
    var repository: RepositorySelection
    var target: String
    /// The install ids asked about, in order.
    var installIDs: [String]
    /// A file of install ids, one a line, asked about after `installIDs`.
    var installIDsFile: String?
    var country: String?
    var locale: String?
    var platform: String?
    var appVersion: String?
    var date: UpdateTime

    package init(
        repository: RepositorySelection, target: String, installIDs: [String], installIDsFile: String? = nil, country: String?,
        locale: String?,
        platform: String?, appVersion: String?, date: UpdateTime
    ) {
        self.repository = repository
        self.installIDsFile = installIDsFile
        self.target = target
        self.installIDs = installIDs
        self.country = country
        self.locale = locale
        self.platform = platform
        self.appVersion = appVersion
        self.date = date
    }

    func context(for installID: String) -> VariantContext {
        VariantContext(installID: installID, country: country, locale: locale, platform: platform, appVersion: appVersion, date: date)
    }
}

/// The answer for each install id, in the order asked; or, when the client
/// or its variants have errors, the report that says so. The ids of a file are
/// not held: ``forEachAnswer(_:)`` reads them again a line at a time, so a
/// million ids take the memory of one.
package struct VariantAnswers: Sendable {
    struct Answer: Sendable {
        let installID: String
        let choice: VariantChoice?
    }

    let query: VariantRequest
    /// The client's variants; nil when it has none or has errors.
    let set: VariantSet?
    /// The client's and its variants' problems (errors leave nothing to answer).
    package let report: ValidationReport

    package var failed: Bool { report.diagnostics.hasErrors }

    func answer(_ installID: String) -> Answer {
        Answer(installID: installID, choice: set?.choose(for: query.context(for: installID)))
    }

    /// Calls `body` with each id's answer in order: `--install-id`'s, then the file's, streamed.
    func forEachAnswer(_ body: (Answer) -> Void) throws {
        guard !failed else { return }
        for id in query.installIDs { body(answer(id)) }
        if let file = query.installIDsFile {
            try InstallIDFile(path: file).forEachID { body(answer($0)) }
        }
    }
}

extension VariantAnswers: CommandOutcome {
    /// 1 when the client or its variants have errors.
    package var exitStatus: ExitStatus { ExitStatus(failed: failed) }
}

/// Decides variants as the runtimes do, from the client's variants as the
/// repository holds them: the target runs through the `TargetPipeline`
/// (load, validate, resolve, its variants checked) and the resolved set chooses.
package struct VariantService: Sendable {
    let workspace: Workspace
    let schema: any StyleSchema

    init(workspace: Workspace, schema: any StyleSchema) {
        self.workspace = workspace
        self.schema = schema
    }

    /// `livery variant`: the file of ids checked first (every line, before any
    /// answer is written, so a bad line leaves no partial output), then the client decided.
    package static func run(_ request: VariantRequest) throws -> VariantAnswers {
        if let file = request.installIDsFile { try InstallIDFile(path: file).check() }
        let workspace = try Workspace.open(request.repository)
        return try VariantService(workspace: workspace, schema: try SchemaLoader.styleSchema(for: workspace)).answer(request)
    }

    func answer(_ query: VariantRequest) throws -> VariantAnswers {
        let configuration = workspace.configuration
        let listing = try TargetCatalog.list(in: workspace.source, targetsDirectory: configuration.targetsDirectory)
        let pipeline = try PipelineRun(
            workspace: workspace, schema: schema, platforms: configuration.platforms, timings: .off, selected: [query.target],
            listing: listing
        )
        let capture = VariantCapture()
        let report = try pipeline.reportInOrder(last: capture)
        guard !report.diagnostics.hasErrors else { return VariantAnswers(query: query, set: nil, report: report) }
        return VariantAnswers(query: query, set: capture.variants.withLock { $0[query.target] }, report: report)
    }
}

/// A last stage that keeps each resolved target's variant set.
struct VariantCapture: TargetStage {
    let variants = Locked<[String: VariantSet]>([:])

    func process(_ target: ResolvedTarget) -> [Diagnostic] {
        if let set = target.variants?.set { variants.withLock { $0[target.style.id] = set } }
        return []
    }
}
