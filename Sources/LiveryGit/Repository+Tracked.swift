import CGit2

extension Repository {
    /// The first path git tracks (in the index) at `relativePath` or below it, or
    /// nil when git tracks nothing there. `relativePath` is relative to the working
    /// tree, without a leading or trailing `/`; "" asks about the whole tree.
    /// A bare repository tracks nothing on disk: always nil.
    ///
    /// Commands ask it before writing: a file or directory git tracks is the
    /// repository's content, never a place for output.
    public func firstTrackedPath(at relativePath: String) -> String? {
        guard workingDirectory != nil else { return nil }
        return withHandle { repo -> String? in
            var index: OpaquePointer?
            guard git.repository_index(&index, repo) == 0, let index else { return nil }
            defer { git.index_free(index) }
            if relativePath.isEmpty {
                return git.index_entrycount(index) > 0 ? git.index_get_byindex(index, 0).map { String(cString: $0.pointee.path) } : nil
            }
            // The file itself, at any stage (a conflicted file is tracked too).
            var position = 0
            if git.index_find(&position, index, relativePath) == 0 { return relativePath }
            // Anything below it: entries are sorted by path, so one search finds the first.
            if git.index_find_prefix(&position, index, relativePath + "/") == 0,
                let entry = git.index_get_byindex(index, position)
            {
                return String(cString: entry.pointee.path)
            }
            return nil
        }
    }
}
