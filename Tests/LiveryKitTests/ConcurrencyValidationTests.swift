import Foundation
import LiveryConcurrency
import LiveryGit
import LiveryTestSupport
import Testing

@testable import LiveryEngine
@testable import LiveryKit

@Suite("Concurrency: validation and diff shared by tasks")
struct ConcurrencyValidationTests {
    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// An abstract base and `count` clients that extend it.
    static func clients(_ count: Int, base: String = ##"{"abstract": true, "colors": {"bg": "#FFFFFF", "fg": "#111111"}}"##) -> [String:
        [UInt8]]
    {
        var files = ["targets/base/style.json": text(base)]
        for index in 0..<count {
            // Every other client sets its own background, shadowing the base's.
            let own = index.isMultiple(of: 2) ? ##", "colors": {"bg": "#000000"}"## : ""
            files["targets/c\(index)/style.json"] = text(#"{"extends": "base""# + own + "}")
        }
        return files
    }

    @Test(arguments: [2, 3, 8])
    func progressCountsEachTargetOnceInIncreasingOrderUpToTheTotal(jobs: Int) async throws {
        let workspace = Workspace(repository: nil, source: MemorySource(files: Self.clients(80)))
        let reported = Locked<[(done: Int, total: Int)]>([])
        let report = try await ValidationService(workspace: workspace, schema: AcceptingSchema())
            .validate(jobs: jobs, progress: { done, total in reported.withLock { $0.append((done, total)) } })
        let seen = reported.withLock { $0 }
        #expect(report.targets.count == 81)
        #expect(seen.map(\.done) == Array(1...81))
        #expect(seen.allSatisfy { $0.total == 81 })
    }

    @Test func validatingWithManyJobsFindsWhatOneJobFinds() async throws {
        var files = Self.clients(40)
        files["targets/c7/style.json"] = Self.text(##"{"extends": "base", "colors": {"bg": "{colors.nope}"}}"##)
        files["targets/c9/style.json"] = Self.text(##"{"extends": "base",}"##)
        let workspace = Workspace(repository: nil, source: MemorySource(files: files))
        let service = ValidationService(workspace: workspace, schema: AcceptingSchema())
        let serial = try service.validate()
        let parallel = try await service.validate(jobs: 6)
        #expect(!serial.diagnostics.isEmpty)
        #expect(parallel.diagnostics == serial.diagnostics)
        #expect(parallel.targets == serial.targets)
    }

    @Test func shadowCheckAnswersTheSameWhenAskedFromManyTasksAtOnce() async throws {
        let before = Self.clients(120)
        var after = before
        after["targets/base/style.json"] = Self.text(##"{"abstract": true, "colors": {"bg": "#EEEEEE", "fg": "#111111"}}"##)
        let old = try await DiffService.Side(Workspace(repository: nil, source: MemorySource(files: before)), jobs: 2)
        let new = try await DiffService.Side(Workspace(repository: nil, source: MemorySource(files: after)), jobs: 2)
        let ids = (0..<120).map { "c\($0)" }
        // Asked one at a time, of a check of its own: the answers to compare with.
        let serial = ShadowCheck(old: old, new: new)
        let expected = ids.map { serial.shadowsEveryChange(for: $0) }
        #expect(expected == ids.indices.map { $0.isMultiple(of: 2) })

        // One check shared by every task: each reads and remembers the base's document.
        let shared = ShadowCheck(old: old, new: new)
        let answers = await withTaskGroup(of: (Int, Bool).self) { group in
            for (index, id) in ids.enumerated() { group.addTask { (index, shared.shadowsEveryChange(for: id)) } }
            var answers = Array(repeating: false, count: ids.count)
            for await (index, answer) in group { answers[index] = answer }
            return answers
        }
        #expect(answers == expected)
    }

    @Test func parallelMapKeepsTheItemsOrderAndReportsEachCompletionOnce() async {
        let done = Locked<[Int]>([])
        let squares = await Parallel.map(Array(0..<200), width: 4, completed: { count in done.withLock { $0.append(count) } }) { $0 * $0 }
        #expect(squares == (0..<200).map { $0 * $0 })
        #expect(done.withLock { $0 } == Array(1...200))
        #expect(await Parallel.map([Int](), width: 4) { $0 }.isEmpty)
    }

    @Test func memoComputesAKeyOnceAndForgetsEverythingWhenFull() {
        let memo = Memo<String, Int>(limit: 2)
        var computed = 0
        #expect(
            memo.value(for: "a") {
                computed += 1
                return 1
            } == 1)
        #expect(
            memo.value(for: "a") {
                computed += 1
                return 99
            } == 1)
        #expect(computed == 1)
        _ = memo.value(for: "b") { 2 }
        // Full: the next key empties the table first.
        _ = memo.value(for: "c") { 3 }
        #expect(memo["a"] == nil && memo["b"] == nil && memo["c"] == 3)
    }
}
