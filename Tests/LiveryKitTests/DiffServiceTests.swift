import Foundation
import LiveryDiff
import LiveryGit
import LiveryKit
import LiveryTestSupport
import Testing

/// A source that records which files were read.
final class CountingSource: Source, @unchecked Sendable {
    let inner: MemorySource
    private let lock = NSLock()
    private var reads: [String] = []

    init(_ texts: [String: String]) {
        inner = MemorySource(label: "memory", texts: texts)
    }

    var label: String { inner.label }
    var commit: Commit? { nil }

    func directory(at path: String) throws(RepositoryError) -> SourceDirectory? {
        try inner.directory(at: path)
    }

    func contents(of entry: SourceEntry) throws(RepositoryError) -> [UInt8] {
        lock.lock()
        reads.append(entry.path)
        lock.unlock()
        return try inner.contents(of: entry)
    }

    var paths: [String] {
        lock.lock()
        defer { lock.unlock() }
        return reads
    }
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
            files["targets/c\(index)/style.json"] = ##"{"extends": "\##(parent)", "app": {"displayName": "C\##(index)", "bundleId": "com.example.c\##(index)"}}"##
        }
        return files
    }

    @Test func onlyTargetsWhoseChainChangedAreRead() throws {
        let base = CountingSource(Self.files(groupColor: "#222222", baseDark: "#000000"))
        let head = CountingSource(Self.files(groupColor: "#333333", baseDark: "#000000"))
        let service = DiffService(base: Workspace(repository: nil, source: base), head: Workspace(repository: nil, source: head))
        let report = try service.diff(jobs: 1)
        #expect(report.targets.map(\.id) == (0..<5).map { "c\($0)" })
        #expect(report.unchanged == 15)
        #expect(report.targets.allSatisfy { $0.changes.map(\.path) == ["colors.accent"] && $0.changes.first?.via == ["group"] })
        // BASE is listed (every style.json read for its parent); in HEAD the 15 clients
        // outside the group are decided from tree ids alone.
        #expect(Set(base.paths).count == 22)
        let read = Set(head.paths.filter { $0.hasPrefix("targets/") })
        #expect(read == Set(["targets/base/style.json", "targets/group/style.json"] + (0..<5).map { "targets/c\($0)/style.json" }))
    }

    @Test func sameTreesReadNothingInHead() throws {
        let base = CountingSource(Self.files(groupColor: "#222222", baseDark: "#000000"))
        let head = CountingSource(Self.files(groupColor: "#222222", baseDark: "#000000"))
        let report = try DiffService(base: Workspace(repository: nil, source: base), head: Workspace(repository: nil, source: head)).diff()
        #expect(!report.hasDifferences)
        #expect(report.unchanged == 20)
        #expect(head.paths.isEmpty)
    }
}
