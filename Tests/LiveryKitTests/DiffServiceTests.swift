import Foundation
import LiveryConcurrency
import LiveryDiff
import LiveryGit
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

/// A source that records which files were read.
final class CountingSource: Source, Sendable {
    let inner: MemorySource
    /// The files read and the directories listed, in order.
    private let log = Locked<(reads: [String], listed: [String])>(([], []))

    init(_ texts: [String: String]) {
        inner = MemorySource(label: "memory", texts: texts)
    }

    var label: String { inner.label }
    var commit: Commit? { nil }

    func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        log.withLock { $0.listed.append(path) }
        return try inner.directory(at: path)
    }

    /// Sizes are not reads: a real source answers them from object headers.
    func size(of entry: SourceEntry) throws(RepositoryError) -> Int {
        try inner.size(of: entry)
    }

    func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        log.withLock { $0.reads.append(entry.path) }
        return try inner.contents(of: entry)
    }

    var paths: [String] { log.withLock { $0.reads } }

    /// The directories listed, in order, each time it was listed.
    var directories: [String] { log.withLock { $0.listed } }
}

@Suite("DiffService: which targets are read")
struct DiffServiceTests {
    static func files(groupColor: String, baseDark: String) -> [String: String] {
        var files: [String: String] = [
            "targets/base/style.json": ##"{"abstract": true, "colors": {"primary": {"light": "#111111", "dark": "\##(baseDark)"}}}"##,
            "targets/group/style.json": ##"{"abstract": true, "extends": "base", "colors": {"accent": "\##(groupColor)"}}"##,
        ]
        for index in 0..<20 {
            let parent = index < 5 ? "group" : "base"
            files["targets/c\(index)/style.json"] =
                ##"{"extends": "\##(parent)", "app": {"displayName": "C\##(index)", "bundleId": "com.example.c\##(index)"}}"##
        }
        return files
    }

    @Test func onlyTargetsWhoseChainChangedAreRead() async throws {
        let base = CountingSource(Self.files(groupColor: "#222222", baseDark: "#000000"))
        let head = CountingSource(Self.files(groupColor: "#333333", baseDark: "#000000"))
        let service = DiffService(base: Workspace(repository: nil, source: base), head: Workspace(repository: nil, source: head))
        let report = try await service.diff(jobs: 1)
        #expect(report.targets.map(\.id) == (0..<5).map { "c\($0)" })
        #expect(report.unchanged == 15)
        #expect(report.targets.allSatisfy { $0.changes.map(\.path) == ["colors.accent"] && $0.changes.first?.via == ["group"] })
        // BASE is listed (every style.json read for its parent); in HEAD the 15 clients
        // outside the group are decided from tree ids alone.
        #expect(Set(base.paths).count == 22)
        let read = Set(head.paths.filter { $0.hasPrefix("targets/") })
        #expect(read == Set(["targets/base/style.json", "targets/group/style.json"] + (0..<5).map { "targets/c\($0)/style.json" }))
    }

    /// The targets directory decides the fast path, lists the targets and holds the schema
    /// and the contract; the contract is compared, parsed and checked. Each is read once a side.
    @Test func eachSideListsItsTargetsDirectoryAndReadsItsContractOnce() async throws {
        var before = Self.files(groupColor: "#222222", baseDark: "#000000")
        before["targets/contract.json"] = #"{"colors": {"primary": {}}}"#
        var after = Self.files(groupColor: "#333333", baseDark: "#000000")
        after["targets/contract.json"] = #"{"colors": {"primary": {}, "accent": {}}}"#
        let base = CountingSource(before)
        let head = CountingSource(after)
        let report = try await DiffService(base: Workspace(repository: nil, source: base), head: Workspace(repository: nil, source: head))
            .diff(jobs: 2)
        #expect(report.contract != nil)
        #expect(!report.targets.isEmpty)
        for side in [base, head] {
            #expect(side.directories.filter { $0 == "targets" }.count == 1, "\(side.directories.filter { $0 == "targets" })")
            #expect(side.paths.filter { $0 == "targets/contract.json" }.count == 1, "\(side.paths)")
        }
    }

    @Test func unchangedTargetsAreNamedForVerboseReports() async throws {
        let base = CountingSource(Self.files(groupColor: "#222222", baseDark: "#000000"))
        let head = CountingSource(Self.files(groupColor: "#333333", baseDark: "#000000"))
        let report = try await DiffService(base: Workspace(repository: nil, source: base), head: Workspace(repository: nil, source: head))
            .diff(jobs: 2)
        #expect(report.unchangedTargets == (5..<20).map { "c\($0)" }.sorted())
        #expect(report.unchangedTargets?.count == report.unchanged)
    }

    @Test func sameTreesReadNothingInHead() async throws {
        let base = CountingSource(Self.files(groupColor: "#222222", baseDark: "#000000"))
        let head = CountingSource(Self.files(groupColor: "#222222", baseDark: "#000000"))
        let report = try await DiffService(base: Workspace(repository: nil, source: base), head: Workspace(repository: nil, source: head))
            .diff(jobs: 2)
        #expect(!report.hasDifferences)
        #expect(report.unchanged == 20)
        #expect(head.paths.isEmpty)
    }

    /// Base changes its brand palette; even clients override it, odd ones do not.
    static func shadowFiles(brand: String) -> [String: String] {
        var files: [String: String] = [
            "targets/base/style.json":
                ##"{"abstract": true, "palettes": {"brand": "\##(brand)"}, "colors": {"primary": "{palettes.brand}"}}"##
        ]
        for index in 0..<10 {
            let own = index % 2 == 0 ? ##", "palettes": {"brand": "#123456"}"## : ""
            files["targets/c\(index)/style.json"] =
                ##"{"extends": "base", "app": {"displayName": "C", "bundleId": "com.example.c\##(index)"}, "images": {"logo": "logo.svg"}\##(own)}"##
            // Each logo differs, so each is read (the locator reads a blob once).
            files["targets/c\(index)/logo.svg"] = ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(index + 1)" height="1"/>"##
        }
        return files
    }

    @Test func clientsThatOverrideWhatBaseChangedAreNotResolved() async throws {
        let base = CountingSource(Self.shadowFiles(brand: "#111111"))
        let head = CountingSource(Self.shadowFiles(brand: "#222222"))
        let report = try await DiffService(base: Workspace(repository: nil, source: base), head: Workspace(repository: nil, source: head))
            .diff(jobs: 1)
        #expect(report.targets.map(\.id) == ["c1", "c3", "c5", "c7", "c9"])
        #expect(report.unchanged == 5)
        #expect(report.targets.allSatisfy { $0.changes.map(\.path) == ["colors.primary", "palettes.brand"] })
        // Only the clients that did change were resolved (their logo read to be checked).
        let logos = Set(head.paths.filter { $0.hasSuffix("logo.svg") })
        #expect(
            logos
                == Set(["targets/c1/logo.svg", "targets/c3/logo.svg", "targets/c5/logo.svg", "targets/c7/logo.svg", "targets/c9/logo.svg"]))
    }

    @Test func anAncestorAssetChangeIsNeverSkipped() async throws {
        var before = Self.shadowFiles(brand: "#111111")
        var after = Self.shadowFiles(brand: "#222222")
        before["targets/base/extra.svg"] = ##"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>"##
        after["targets/base/extra.svg"] = ##"<svg xmlns="http://www.w3.org/2000/svg" width="2" height="2"/>"##
        let head = CountingSource(after)
        let report = try await DiffService(
            base: Workspace(repository: nil, source: CountingSource(before)), head: Workspace(repository: nil, source: head)
        ).diff(jobs: 1)
        // Every client is resolved (the even ones then compare equal).
        #expect(report.targets.map(\.id) == ["c1", "c3", "c5", "c7", "c9"])
        #expect(report.unchanged == 5)
        #expect(head.paths.filter { $0.hasSuffix("logo.svg") }.count == 10)
    }
}
