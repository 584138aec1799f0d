import Foundation
import LiveryConcurrency
import LiveryDiff
import LiveryEngine
import LiveryGit
import LiveryImage
import LiveryTargets
import LiveryText
import LiveryVisual

/// What `livery diff --visual OUT` was asked to do.
package struct VisualOptions: Sendable {
    var output: URL
    /// Chromium's executable (`ChromiumLocator.find`).
    var chromium: String
    /// pixelmatch's colour threshold: 0 exact … 1 anything goes. Lower than pixelmatch's
    /// 0.1, under which a brand colour moved by a few levels (#0A3D91 → #0B4FA0) would
    /// count as unchanged; the screens are drawn the same every run, so no noise needs hiding.
    var colorThreshold = VisualOptions.defaultColorThreshold
    static let defaultColorThreshold = 0.02
    /// Chromium tabs drawing at once.
    var tabs = Int(ProcessInfo.processInfo.environment["LIVERY_VISUAL_TABS"] ?? "") ?? 2
    /// Where the pages Chromium draws (and their assets) are written and kept;
    /// nil for a temporary directory removed at the end (`LIVERY_VISUAL_WORK` sets it, for benchmarks).
    package var pagesDirectory: URL?

    package init(output: URL, chromium: String) {
        self.output = output
        self.chromium = chromium
    }
}

/// `livery diff BASE HEAD --visual OUT`: the clients the diff engine finds changed
/// are drawn at both revisions (`VisualScreen`, one page per client and revision,
/// four appearances side by side) in one headless Chromium started for the whole
/// run, each appearance compared pixel by pixel (`PixelComparison`), and
/// `OUT/report.html`, `OUT/report.json` and `OUT/images/<client>/<appearance>-{before,after,difference}.png`
/// written. Unchanged clients are never drawn.
package struct VisualService: Sendable {
    let diff: DiffService

    init(diff: DiffService) {
        self.diff = diff
    }

    /// One client to draw: its resolved style on each side it exists on.
    struct Subject: Sendable {
        var id: String
        var status: TargetDiff.Status
        var renamedFrom: String?
        var before: ResolvedStyle?
        var after: ResolvedStyle?
        /// What the diff says changed, as its JSON and HTML formats write it.
        var changes = VisualReport.Changes()
    }

    /// The visual report, and the diff it drew, of the clients the diff request selects,
    /// with as many workers as it asks for.
    func compare(_ request: VisualRequest) async throws -> (visual: VisualReport, diff: DiffReport) {
        let options = request.options
        try OutputPlace.check(
            options.output.path, option: "--visual", kind: .directory, example: "visual", repository: diff.head.repository,
            configuration: diff.head.configuration
        )
        try VisualOutput.refuseForeign(options.output.standardizedFileURL)
        let report = try await diff.diff(selected: request.diff.targets, jobs: request.diff.jobs, keepingStyles: true)
        let (subjects, invalid) = Self.subjects(of: report)
        let work = try VisualOutput.TemporaryDirectory(keeping: options.pagesDirectory)
        defer { work.remove() }
        // What each revision's contract declares is drawn even where a client lacks it;
        // the comparison has read both already.
        let pages = try VisualPages.write(
            subjects, contracts: report.sideContracts, base: diff.base.source, head: diff.head.source, into: work.url)
        let shots = try Self.capture(pages, options: options, profile: work.url.appendingPathComponent("profile").path)
        let staging = try VisualOutput.Staging(at: options.output)
        do {
            let threshold = options.colorThreshold
            let drawn = zip(subjects, zip(shots, pages.map(\.height))).map { ($0, $1.0, $1.1) }
            let outcomes = await Parallel.map(drawn, width: request.diff.jobs) { subject, shot, height in
                Result { try Self.compare(subject, shot, height: height, threshold: threshold, writing: staging) }
            }
            let clients = try outcomes.map { try $0.get() }
            let visual = VisualReport(
                base: report.base.label, head: report.head.label, colorThreshold: options.colorThreshold, clients: clients, invalid: invalid
            )
            try staging.write("report.json", Array(visual.json().utf8))
            try staging.write("report.html", Array(VisualReportPage.render(visual).utf8))
            try staging.install()
            return (visual, report)
        } catch {
            staging.abandon()
            throw error
        }
    }

    /// Every page in one Chromium started for the run, spread over `tabs` tabs.
    static func capture(_ pages: [VisualPages.Page], options: VisualOptions, profile: String) throws -> [(
        before: [UInt8]?, after: [UInt8]?
    )] {
        var shots: [(before: [UInt8]?, after: [UInt8]?)] = Array(repeating: (nil, nil), count: pages.count)
        var wanted: [(index: Int, side: VisualPages.Side, shot: HeadlessChromium.Shot)] = []
        for (index, page) in pages.enumerated() {
            if let url = page.before { wanted.append((index, .before, .init(url: url.absoluteString, title: page.title(.before)))) }
            if let url = page.after { wanted.append((index, .after, .init(url: url.absoluteString, title: page.title(.after)))) }
        }
        guard !wanted.isEmpty else { return shots }
        let browser = try HeadlessChromium(executable: options.chromium, profile: profile)
        let tabs = try (0..<max(1, min(options.tabs, wanted.count))).map { _ in
            // As tall as the tallest page: each client's panels are cut at its own height.
            try browser.openTab(width: VisualScreen.pageWidth, height: pages.map(\.height).max() ?? 1)
        }
        for (picture, entry) in zip(try browser.screenshots(of: wanted.map(\.shot), tabs: tabs), wanted) {
            if entry.side == .before { shots[entry.index].before = picture } else { shots[entry.index].after = picture }
        }
        return shots
    }

    /// The clients to draw, with the styles the diff resolved (through the pipeline,
    /// once); the ids of those invalid on a side.
    static func subjects(of report: DiffReport) -> ([Subject], [String]) {
        var subjects: [Subject] = []
        var invalid: [String] = []
        for target in report.targets {
            let before = target.styles?.base
            let after = target.styles?.head
            // A side the client exists on but did not resolve on (an added client invalid in HEAD) cannot be drawn.
            if target.status == .invalid || (target.status != .added && before == nil) || (target.status != .removed && after == nil) {
                invalid.append(target.id)
                continue
            }
            var subject = Subject(id: target.id, status: target.status, renamedFrom: target.renamedFrom, before: before, after: after)
            subject.changes = changes(of: target)
            subjects.append(subject)
        }
        return (subjects, invalid)
    }

    /// The client's changes as `livery diff` lists them. The report's page loads only the
    /// files beside it, so an image change is named there, not inlined.
    static func changes(of target: TargetDiff) -> VisualReport.Changes {
        VisualReport.Changes(
            breakingReason: target.breakingReason,
            json: DiffJSONFormat.changes(target.changes),
            html: DiffHTMLFormat.changeTable(target.changes) + DiffHTMLFormat.variantTable(target.variants),
            count: target.changes.count,
            breaking: target.breakingCount
        )
    }

    /// Each appearance of one client: its panels cut from the two screenshots,
    /// compared, and written as before, after and difference images.
    static func compare(
        _ subject: Subject, _ shot: (before: [UInt8]?, after: [UInt8]?), height: Int, threshold: Double,
        writing staging: VisualOutput.Staging
    ) throws -> VisualReport.Client {
        let before = try shot.before.map(Self.decode)
        let after = try shot.after.map(Self.decode)
        var appearances: [VisualReport.Appearance] = []
        try staging.makeDirectory("images/" + subject.id)
        let width = VisualScreen.panelWidth
        for (index, name) in VisualScreen.appearances.enumerated() {
            let old = before?.cropped(x: index * width, y: 0, width: width, height: height)
            let new = after?.cropped(x: index * width, y: 0, width: width, height: height)
            let directory = "images/" + subject.id + "/"
            var entry = VisualReport.Appearance(
                name: name, differing: width * height, total: width * height, before: nil, after: nil, difference: nil)
            if let old {
                entry.before = directory + name + "-before.png"
                try staging.write(entry.before ?? "", try encode(old))
            }
            if let new {
                entry.after = directory + name + "-after.png"
                try staging.write(entry.after ?? "", try encode(new))
            }
            if let old, let new {
                let result = try PixelComparison.compare(old, new, threshold: threshold)
                entry.differing = result.differing
                entry.difference = directory + name + "-difference.png"
                try staging.write(entry.difference ?? "", try encode(result.mask))
            }
            appearances.append(entry)
        }
        return VisualReport.Client(
            id: subject.id, status: subject.status.rawValue, renamedFrom: subject.renamedFrom, appearances: appearances,
            changes: subject.changes
        )
    }

    static func decode(_ png: [UInt8]) throws -> RGBAImage {
        do {
            let (size, rgba) = try PNGResampler.pixels(ofPNG: png)
            return RGBAImage(width: size.width, height: size.height, pixels: rgba)
        } catch {
            throw ChromiumError(message: "Chromium's screenshot could not be read: \(error)")
        }
    }

    static func encode(_ image: RGBAImage) throws -> [UInt8] {
        do {
            return try PNGResampler.png(rgba: image.pixels, size: PixelSize(width: image.width, height: image.height))
        } catch {
            throw VisualOutputError(path: "images", reason: "could not encode an image: \(error)")
        }
    }
}
