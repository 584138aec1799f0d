import Foundation

/// Where `livery new` and `livery import` put files together before renaming
/// them into the working tree: a directory in the repository's git directory,
/// not beside the target. A process killed half-way (SIGKILL, a power cut)
/// then leaves nothing under targets/ for the next validate to trip over; what
/// it leaves in the git directory is removed by the next `new` or `import`.
///
/// The scratch directory is named with the process id (`livery-scratch-<pid>-XXXXXX`),
/// so an abandoned one is told from one in use by a running livery. When the git
/// directory is on another file system than the working tree (a rename could not
/// move the files), there is no scratch space and callers stage beside the target.
package enum ScratchSpace {
    static let prefix = "livery-scratch-"

    /// A new, empty scratch directory for writing under `workingDirectory`, or nil
    /// when the git directory cannot serve (missing, or on another file system).
    package static func make(gitDirectory: String?, workingDirectory: String) -> String? {
        guard let gitDirectory, !gitDirectory.isEmpty else { return nil }
        var git = stat()
        var tree = stat()
        guard stat(gitDirectory, &git) == 0, stat(workingDirectory, &tree) == 0, git.st_dev == tree.st_dev else { return nil }
        removeAbandoned(in: gitDirectory)
        let base = gitDirectory.hasSuffix("/") ? gitDirectory : gitDirectory + "/"
        var template = Array((base + prefix + "\(getpid())-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        return String(cString: made)
    }

    /// Removes scratch directories whose livery process is gone.
    static func removeAbandoned(in gitDirectory: String) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: gitDirectory)) ?? []
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = pid_t(rest[..<dash]) else { continue }
            // kill(pid, 0) fails with ESRCH only when no such process exists.
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH {
                try? FileManager.default.removeItem(atPath: (gitDirectory as NSString).appendingPathComponent(name))
            }
        }
    }
}
