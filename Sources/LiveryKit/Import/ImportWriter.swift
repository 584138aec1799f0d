import Foundation
import LiveryEngine

/// Writes an import's files all or not at all. New target directories are made whole
/// in scratch directories and renamed into place; files of existing targets are
/// written to scratch files and renamed over the old ones. Everything is staged
/// before anything is moved, and a failure while moving puts back what was moved.
/// The scratch space is in the git directory (`ScratchSpace`), so an import killed
/// while staging leaves nothing under targets/; beside the targets when the git
/// directory cannot serve.
enum ImportWriter {
    /// `files` maps paths from `root` to contents; `newDirectories` are the target
    /// directories (from `root`) that do not exist yet; `gitDirectory` is the
    /// repository's, where the files are staged.
    static func write(_ files: [String: [UInt8]], root: String, newDirectories: [String], gitDirectory: String? = nil) throws(ImportError) {
        var staged = Staged()
        staged.scratchRoot = ScratchSpace.make(gitDirectory: gitDirectory, workingDirectory: root)
        do {
            try stage(files, root: root, newDirectories: newDirectories, into: &staged)
        } catch {
            staged.discard()
            throw error
        }
        try staged.commit()
    }

    /// What is ready to be moved into place, and what was moved (to undo it).
    struct Staged {
        /// Scratch directory → target directory.
        var directories: [(scratch: String, path: String, shownAs: String)] = []
        /// Scratch file → file, with the old contents when the file existed.
        var files: [(scratch: String, path: String, shownAs: String, old: [UInt8]?)] = []
        var moved: [Int] = []
        var movedFiles: [Int] = []
        /// The scratch directory in the git directory, when there is one.
        var scratchRoot: String?

        func discard() {
            for entry in directories { try? FileManager.default.removeItem(atPath: entry.scratch) }
            for entry in files { unlink(entry.scratch) }
            removeScratchRoot()
        }

        func removeScratchRoot() {
            if let scratchRoot { try? FileManager.default.removeItem(atPath: scratchRoot) }
        }

        mutating func commit() throws(ImportError) {
            for (index, entry) in directories.enumerated() {
                // Claim the name first: mkdir fails if anything is there, and rename then
                // replaces only that empty directory.
                guard mkdir(entry.path, 0o755) == 0 else {
                    let reason = errno == EEXIST ? "it appeared while importing" : String(cString: strerror(errno))
                    undo()
                    throw .cannotWrite(path: entry.shownAs, reason: reason)
                }
                guard rename(entry.scratch, entry.path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    rmdir(entry.path)
                    undo()
                    throw .cannotWrite(path: entry.shownAs, reason: reason)
                }
                moved.append(index)
            }
            for (index, entry) in files.enumerated() {
                guard rename(entry.scratch, entry.path) == 0 else {
                    let reason = String(cString: strerror(errno))
                    undo()
                    throw .cannotWrite(path: entry.shownAs, reason: reason)
                }
                movedFiles.append(index)
            }
            removeScratchRoot()
        }

        /// Puts back what was moved, removes what was staged.
        func undo() {
            for index in movedFiles.reversed() {
                let entry = files[index]
                if let old = entry.old {
                    // Written beside and renamed, like the import itself.
                    let scratch = entry.path + ".livery-undo"
                    if FileManager.default.createFile(atPath: scratch, contents: Data(old)) { rename(scratch, entry.path) }
                } else {
                    unlink(entry.path)
                }
            }
            for index in moved.reversed() { try? FileManager.default.removeItem(atPath: directories[index].path) }
            let movedSet = Set(movedFiles)
            let movedDirectories = Set(moved)
            for (index, entry) in files.enumerated() where !movedSet.contains(index) { unlink(entry.scratch) }
            for (index, entry) in directories.enumerated() where !movedDirectories.contains(index) {
                try? FileManager.default.removeItem(atPath: entry.scratch)
            }
            removeScratchRoot()
        }
    }

    static func stage(_ files: [String: [UInt8]], root: String, newDirectories: [String], into staged: inout Staged) throws(ImportError) {
        let manager = FileManager.default
        let base = root.hasSuffix("/") ? root : root + "/"
        var inNew: Set<String> = []
        for directory in newDirectories.sorted() {
            let path = base + directory
            let parent = (path as NSString).deletingLastPathComponent
            do {
                try manager.createDirectory(atPath: parent, withIntermediateDirectories: true)
            } catch {
                throw .cannotWrite(path: directory, reason: error.localizedDescription)
            }
            if manager.fileExists(atPath: path) {
                throw .cannotWrite(path: directory + "/", reason: "it exists, but was not a target when the import started")
            }
            let scratch: String
            if let scratchRoot = staged.scratchRoot {
                scratch = scratchRoot + "/d\(staged.directories.count)"
                guard mkdir(scratch, 0o700) == 0 else { throw .cannotWrite(path: directory, reason: String(cString: strerror(errno))) }
            } else {
                var template = Array((parent + "/.\((path as NSString).lastPathComponent).livery-import-XXXXXX").utf8CString)
                guard let made = mkdtemp(&template) else { throw .cannotWrite(path: directory, reason: String(cString: strerror(errno))) }
                scratch = String(cString: made)
            }
            staged.directories.append((scratch, path, directory))
            let prefix = directory + "/"
            for (file, bytes) in files.sorted(by: { $0.key < $1.key }) where file.hasPrefix(prefix) {
                inNew.insert(file)
                let url = URL(fileURLWithPath: scratch + "/" + String(file.dropFirst(prefix.count)))
                do {
                    try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: url)
                } catch {
                    throw .cannotWrite(path: file, reason: error.localizedDescription)
                }
            }
            // mkdtemp makes 0700; a target directory is as readable as the rest of the checkout.
            chmod(scratch, 0o755)
        }
        for (file, bytes) in files.sorted(by: { $0.key < $1.key }) where !inNew.contains(file) {
            let path = base + file
            let url = URL(fileURLWithPath: path)
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw .cannotWrite(path: file, reason: "it is not a regular file")
            }
            let old = manager.contents(atPath: path).map { [UInt8]($0) }
            let scratch =
                staged.scratchRoot.map { $0 + "/f\(staged.files.count)" }
                ?? url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".livery-import"
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: scratch))
                if old != nil, let mode = (try? manager.attributesOfItem(atPath: path))?[.posixPermissions] {
                    try manager.setAttributes([.posixPermissions: mode], ofItemAtPath: scratch)
                }
            } catch {
                unlink(scratch)
                throw .cannotWrite(path: file, reason: error.localizedDescription)
            }
            staged.files.append((scratch, path, file, old))
        }
    }
}
