import Foundation
import LiveryGit
import LiveryTestSupport

/// The `revision` fuzz target: the one that needs libgit2, kept apart from
/// ``FuzzEntryPoints`` so the test support of the pure modules links none.
/// `Fuzz/revision/` calls it, and LiveryGitTests feeds it `Tests/FuzzCorpus/revision/`.
public enum RevisionFuzz {
    public typealias Outcome = FuzzEntryPoints.Outcome

    /// Resolves the input as a revision expression in a small repository with two
    /// commits, a tag and a branch (made once per process).
    public static func feed(_ bytes: [UInt8]) -> Outcome {
        guard let repository = repository else { return .refused("no repository") }
        let spec = String(decoding: bytes, as: UTF8.self)
        do {
            _ = try repository.commit(spec)
            return .accepted
        } catch {
            return .refused("RepositoryError")
        }
    }

    /// A repository under the temporary directory with commits `HEAD~1` and
    /// `HEAD`, tag `v1` and branch `feature`; nil when git is unavailable.
    private static let repository: Repository? = {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("livery-fuzz-revision-\(getpid())").path
        let script = """
            set -e
            rm -rf '\(directory)'
            git init -q -b main '\(directory)'
            cd '\(directory)'
            git -c user.name=f -c user.email=f@x.invalid commit -q --allow-empty -m one
            git tag v1
            git -c user.name=f -c user.email=f@x.invalid commit -q --allow-empty -m two
            git branch feature
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        // Removed when the process ends (the path is made again: a C callback captures nothing).
        atexit {
            let path = FileManager.default.temporaryDirectory.appendingPathComponent("livery-fuzz-revision-\(getpid())").path
            try? FileManager.default.removeItem(atPath: path)
        }
        return try? Repository.open(at: directory)
    }()
}
