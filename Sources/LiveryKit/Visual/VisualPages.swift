import Foundation
import LiveryGit
import LiveryTargets
import LiveryText
import LiveryVisual

/// The pages Chromium draws: one per client and revision, in a directory of the
/// run's own, beside the asset files they show (icons, images, fonts), each read
/// once from its revision and named by its blob id.
enum VisualPages {
    enum Side: String { case before, after }

    struct Page {
        var index: Int
        var before: URL?
        var after: URL?
        /// The panels' height: both sides are drawn in one layout.
        var height = 0

        /// The page's title, which tells Chromium's answer for this page from one for the page before.
        func title(_ side: Side) -> String { "livery-visual-\(index)-\(side.rawValue)" }
    }

    /// `contracts`: the app's contract of each revision that has one; each page draws what they declare.
    static func write(
        _ subjects: [VisualService.Subject], contracts: [AppContract], base: any Source, head: any Source, into directory: URL
    ) throws -> [Page] {
        let assets = directory.appendingPathComponent("assets")
        let pages = directory.appendingPathComponent("pages")
        do {
            try FileManager.default.createDirectory(at: assets, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        } catch {
            throw VisualOutputError(path: directory.path, reason: error.localizedDescription)
        }
        var written: [ObjectID: String] = [:]
        var failed: Set<ObjectID> = []
        func url(_ reference: AssetReference, from source: any Source) -> String? {
            if let name = written[reference.blob] { return "../assets/" + name }
            guard !failed.contains(reference.blob), let suffix = fileExtension(reference.info.kind) else { return nil }
            let entry = SourceEntry(
                name: PathName.fileName(of: reference.repositoryPath), path: reference.repositoryPath, isDirectory: false,
                id: reference.blob)
            let name = reference.blob.hex + "." + suffix
            // A file that cannot be read is left out of the screen; validation reports it.
            guard let bytes = try? source.contents(of: entry), (try? Data(bytes).write(to: assets.appendingPathComponent(name))) != nil
            else {
                failed.insert(reference.blob)
                return nil
            }
            written[reference.blob] = name
            return "../assets/" + name
        }
        var result: [Page] = []
        for (index, subject) in subjects.enumerated() {
            let layout = VisualScreen.layout(for: [subject.before, subject.after].compactMap { $0 }, contracts: contracts)
            var page = Page(index: index, height: layout.height)
            for (side, style, source) in [(Side.before, subject.before, base), (Side.after, subject.after, head)] {
                guard let style else { continue }
                let html = VisualScreen.page(style, layout: layout, title: page.title(side)) { url($0, from: source) }
                let file = pages.appendingPathComponent("\(index)-\(side.rawValue).html")
                do {
                    try Data(html.utf8).write(to: file)
                } catch {
                    throw VisualOutputError(path: file.path, reason: error.localizedDescription)
                }
                if side == .before { page.before = file } else { page.after = file }
            }
            result.append(page)
        }
        return result
    }

    /// The extension a browser needs to load a file of this kind; nil for one the screen does not show.
    static func fileExtension(_ kind: AssetKind) -> String? {
        switch kind {
        case .png: "png"
        case .jpeg: "jpg"
        case .svg: "svg"
        case .truetype: "ttf"
        case .opentype: "otf"
        case .pdf, .lfsPointer, .unknown: nil
        }
    }
}
