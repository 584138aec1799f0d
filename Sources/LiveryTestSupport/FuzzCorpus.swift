import Foundation

/// The seeds and the interesting inputs fuzzing found for one fuzz target, kept
/// under `Tests/FuzzCorpus/<target>/`, so the normal suite runs them through the
/// same entry points as the libFuzzer harnesses (`scripts/testing/fuzz`).
public enum FuzzCorpus {
    /// `Tests/FuzzCorpus/` of this checkout.
    public static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Tests/FuzzCorpus")

    /// What a target's inputs did: every input's outcome, by file name.
    public struct Report {
        public var inputs = 0
        /// Refused inputs whose reason is not among the documented ones, as `target/file: reason`.
        public var undocumented: [String] = []
        public var refusals = 0
    }

    /// Runs every input of `target` through `run` and checks each refusal against `documented`.
    public static func check(
        _ target: String,
        documented: Set<String>,
        run: ([UInt8]) -> FuzzEntryPoints.Outcome?
    ) throws -> Report {
        let folder = directory.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        var report = Report()
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
            report.inputs += 1
            switch run(bytes) {
            case .accepted?:
                continue
            case .refused(let reason)?:
                report.refusals += 1
                if !documented.contains(reason) { report.undocumented.append("\(target)/\(file): \(reason)") }
            case nil:
                report.undocumented.append("\(target)/\(file): no such target")
            }
        }
        return report
    }
}
