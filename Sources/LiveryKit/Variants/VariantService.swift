import Foundation
import LiveryCore
import LiveryEmit
import LiveryGit
import LiveryJSON
import LiveryStyle

/// What `livery variant` asks: which variant installs of one client get, for
/// what the app would pass and a moment.
public struct VariantRequest: Sendable {
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

    public init(
        repository: RepositorySelection, target: String, installIDs: [String], installIDsFile: String? = nil, country: String?, locale: String?,
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
/// or its variants have errors, the report that says so.
public struct VariantAnswers: Sendable {
    struct Answer: Sendable {
        let installID: String
        let choice: VariantChoice?
    }

    let query: VariantRequest
    let answers: [Answer]
    /// The client's and its variants' problems (errors leave `answers` empty).
    public let report: ValidationReport

    public var failed: Bool { report.diagnostics.hasErrors }
}

extension VariantAnswers: CommandOutcome {
    /// 1 when the client or its variants have errors.
    public var exitStatus: ExitStatus { ExitStatus(failed: failed) }
}

/// Decides variants as the runtimes do, from the client's variants as the
/// repository holds them: the target runs through the `TargetPipeline`
/// (load, validate, resolve, its variants checked) and the resolved set chooses.
public struct VariantService: Sendable {
    let workspace: Workspace
    let schema: any StyleSchema

    init(workspace: Workspace, schema: any StyleSchema) {
        self.workspace = workspace
        self.schema = schema
    }

    /// `livery variant`: the ids of the file read first, then the client decided.
    public static func run(_ request: VariantRequest) throws -> VariantAnswers {
        var request = request
        if let file = request.installIDsFile {
            request.installIDs += try InstallIDList.read(file)
            request.installIDsFile = nil
        }
        let workspace = try Workspace.open(request.repository)
        return try VariantService(workspace: workspace, schema: try SchemaLoader.styleSchema(for: workspace)).answer(request)
    }

    func answer(_ query: VariantRequest) throws -> VariantAnswers {
        let configuration = workspace.configuration
        let listing = try TargetCatalog.list(in: workspace.source, targetsDirectory: configuration.targetsDirectory)
        let pipeline = try PipelineRun(
            workspace: workspace, schema: schema, platforms: configuration.platforms, timings: .off, selected: [query.target], listing: listing
        )
        let capture = VariantCapture()
        let report = try pipeline.runInOrder(last: capture)
        guard !report.diagnostics.hasErrors else { return VariantAnswers(query: query, answers: [], report: report) }
        let set = capture.variants.withLock { $0[query.target] }
        let answers = query.installIDs.map { id in
            VariantAnswers.Answer(installID: id, choice: set?.choose(for: query.context(for: id)))
        }
        return VariantAnswers(query: query, answers: answers, report: report)
    }
}

/// A last stage that keeps each resolved target's variant set.
struct VariantCapture: TargetStage {
    let variants = Locked<[String: VariantSet]>([:])

    func run(_ target: ResolvedTarget) -> [Diagnostic] {
        if let set = target.variants?.set { variants.withLock { $0[target.style.id] = set } }
        return []
    }
}

/// `--install-ids FILE`: one install id a line; blank lines and surrounding
/// white space are ignored.
enum InstallIDList {
    /// Larger files are refused unread: 10 million ids of a UUID's length.
    static let maximumSize = 400 << 20

    struct ReadError: UserError {
        let message: String
        var hint: String? { nil }
        var place: String? { nil }
        var exitCode: Int32 { UserErrorExit.usage }
    }

    static func read(_ path: String) throws(ReadError) -> [String] {
        let url = URL(fileURLWithPath: path)
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
        guard let size else { throw ReadError(message: "cannot read the install ids in \(path): no such file") }
        guard size <= maximumSize else { throw ReadError(message: "\(path) is \(size) bytes, more than livery reads as a list of install ids (\(maximumSize))") }
        guard let data = try? Data(contentsOf: url) else { throw ReadError(message: "cannot read the install ids in \(path)") }
        guard let text = String(data: data, encoding: .utf8) else { throw ReadError(message: "\(path) is not UTF-8 text") }
        return text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
