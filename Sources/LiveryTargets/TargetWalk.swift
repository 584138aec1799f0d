import LiverySource

/// Walks every directory of a target, so entries refused anywhere inside it
/// (symlinks, submodules, unsafe or colliding names) are reported, not skipped.
public enum TargetWalk {
    public static func refusals(in directory: String, source: some Source, target: String) throws(RepositoryError) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var pending = [directory]
        while let path = pending.popLast() {
            guard let listing = try source.directory(at: path) else { continue }
            for refused in listing.refused {
                diagnostics.append(
                    Diagnostic(
                        .error, rule: .unsafePath, "'\(refused.path)' refused: \(refused.reason)", file: refused.path, target: target))
            }
            pending += listing.entries.filter(\.isDirectory).map(\.path)
        }
        return diagnostics
    }
}
