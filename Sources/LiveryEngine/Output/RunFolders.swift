import Foundation
import LiveryBrowser
import LiveryConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folders a run writes only while it runs: the staging folder of a gallery or a visual
/// report beside its output, and the visual review's pages with Chromium's profile in the
/// system's temporary directory.
///
/// A run holds an exclusive `flock` on each of them for as long as it lives; the kernel lets
/// the lock go when the process ends, however it ends (SIGKILL included). So a later run
/// recognises what an earlier one left: a folder with livery's prefix whose lock it can take
/// has no owner any more, and is removed. A folder another run is still writing is locked, and
/// left alone. On SIGINT, SIGTERM or SIGHUP the run itself removes what it holds
/// (`removeAllHeld`), after Chromium has ended, and exits as `build` does.
package enum RunFolders {
    /// One folder this run holds: the lock's descriptor and how to remove the folder.
    package final class Hold: Sendable {
        fileprivate let descriptor: Int32
        fileprivate let id = UUID()
        fileprivate let remove: @Sendable () -> Void

        fileprivate init(descriptor: Int32, remove: @escaping @Sendable () -> Void) {
            self.descriptor = descriptor
            self.remove = remove
        }
    }

    private static let held = Locked<[UUID: Hold]>([:])

    /// A retired output (`<prefix>old-…`) holds no lock of its own: it is someone's only
    /// after this long without a change, so one a run is moving aside right now is kept.
    static let retiredAge: TimeInterval = 60

    /// Locks the directory `relative` of `folder` for this run; `nil` when it cannot be opened
    /// (the run goes on: only the later clean-up is lost).
    package static func hold(_ relative: String, in folder: OutputFolder) -> Hold? {
        guard let descriptor = try? folder.openDirectory(relative, create: false) else { return nil }
        return hold(descriptor: descriptor) {
            for _ in 0..<10 where folder.kind(of: relative) != .absent {
                try? folder.remove(relative)
            }
        }
    }

    /// Locks the directory at `path` (one this run just made) for this run.
    package static func hold(path: String, remove: @escaping @Sendable () -> Void) -> Hold? {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        return hold(descriptor: descriptor, remove: remove)
    }

    private static func hold(descriptor: Int32, remove: @escaping @Sendable () -> Void) -> Hold? {
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        let hold = Hold(descriptor: descriptor, remove: remove)
        held.withLock { $0[hold.id] = hold }
        return hold
    }

    /// Removes `path` and all it holds, again while something is left: on an interruption
    /// the command's own unwinding removes the same folder at the same time, and each
    /// removal can fail on an entry the other took first.
    package static func removeTree(_ path: String) {
        for _ in 0..<10 {
            try? FileManager.default.removeItem(atPath: path)
            var info = stat()
            if lstat(path, &info) != 0 { return }
            usleep(20_000)
        }
    }

    /// The folder was installed or removed by the run: its lock goes, and an interruption no longer removes it.
    package static func release(_ hold: Hold?) {
        guard let hold else { return }
        guard held.withLock({ $0.removeValue(forKey: hold.id) }) != nil else { return }
        close(hold.descriptor)
    }

    /// An interruption: every Chromium ended first (so none writes into a folder being
    /// removed), then every held folder removed.
    static func removeAllHeld() {
        ChromiumPipe.endAll()
        let holds = held.withLock { held in
            defer { held.removeAll() }
            return Array(held.values)
        }
        for hold in holds {
            hold.remove()
            close(hold.descriptor)
        }
    }

    /// Removes the entries of `folder` that a run of livery left: named `prefix…-<UUID>` as
    /// livery names them, directories of this user, whose lock no process holds (retired
    /// outputs, `prefix` + `old-<UUID>`, once unchanged for `retiredAge`). Nothing else is touched.
    /// `alsoRemoving` is told each folder's path first, for what the run put elsewhere.
    package static func removeAbandoned(
        in folder: OutputFolder, prefix: String, now: Date = Date(), alsoRemoving: (String) -> Void = { _ in }
    ) {
        for name in folder.names()
        where isLiveryName(name, prefix: prefix)
            && isAbandoned(name, in: folder.descriptor, retired: name.hasPrefix(prefix + "old-"), now: now)
        {
            alsoRemoving(folder.shown(name))
            try? folder.remove(name)
        }
    }

    /// `prefix`, then anything, then a UUID as livery writes it: a name no user picks by chance
    /// (`livery-visual-x` is not one of livery's).
    static func isLiveryName(_ name: String, prefix: String) -> Bool {
        let uuidLength = 36
        guard name.hasPrefix(prefix), name.count >= prefix.count + uuidLength else { return false }
        let tail = String(name.suffix(uuidLength))
        return UUID(uuidString: tail)?.uuidString == tail
    }

    /// The same for the system's temporary directory (or `directory`).
    package static func removeAbandoned(
        inTemporary prefix: String, directory: URL = FileManager.default.temporaryDirectory, alsoRemoving: (String) -> Void = { _ in }
    ) {
        guard let folder = try? OutputFolder(directory.path, create: false) else { return }
        removeAbandoned(in: folder, prefix: prefix, alsoRemoving: alsoRemoving)
    }

    /// Whether `name` in `parent` is a directory of this user that no live process holds.
    static func isAbandoned(_ name: String, in parent: Int32, retired: Bool, now: Date) -> Bool {
        var info = stat()
        guard fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0, (info.st_mode & S_IFMT) == S_IFDIR, info.st_uid == geteuid() else {
            return false
        }
        if retired {
            #if canImport(Darwin)
                let changed = TimeInterval(info.st_ctimespec.tv_sec)
            #else
                let changed = TimeInterval(info.st_ctim.tv_sec)
            #endif
            if now.timeIntervalSince1970 - changed < retiredAge { return false }
        }
        let descriptor = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return flock(descriptor, LOCK_EX | LOCK_NB) == 0
    }
}

/// What `livery diff --visual` and `livery gallery` do on SIGINT, SIGTERM or SIGHUP before
/// they exit: Chromium ended, and the folders the run was writing removed (``RunFolders``).
public enum RunInterruption {
    private static let started = Locked<Bool>(false)

    public static func clear() {
        started.withLock { $0 = true }
        RunFolders.removeAllHeld()
    }

    /// Called with the command's own failure: when an interruption caused it (Chromium ended
    /// under the run), it is not reported; the handler exits with 128 + the signal.
    public static func waitIfInterrupted() {
        guard started.withLock({ $0 }) else { return }
        while true { sleep(60) }
    }
}
