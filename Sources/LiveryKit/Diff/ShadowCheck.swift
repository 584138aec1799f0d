import LiveryConcurrency
import LiveryGit
import LiveryJSON
import LiveryTargets

/// The second fast path: a target whose own directory is unchanged, whose changed
/// ancestors changed nothing but their style.json, and which (or a group between)
/// overrides every value those ancestors changed, merges to the same document in
/// both revisions, so it is unchanged without being resolved. A base change that
/// every client shadows then costs a read of each client's style.json, not a resolution.
///
/// Safe to ask from several tasks at once: what it remembers is kept in memos.
final class ShadowCheck: Sendable {
    let old: DiffService.Side
    let new: DiffService.Side
    /// Each target's changed pointers and each target's own document, worked out once.
    private let changedPointers = Memo<String, [[String]]?>()
    private let documents = Memo<String, JSONValue?>()

    init(old: DiffService.Side, new: DiffService.Side) {
        self.old = old
        self.new = new
    }

    func shadowsEveryChange(for id: String) -> Bool {
        guard let oldChain = old.graph.chain(of: id), let newChain = new.graph.chain(of: id), oldChain == newChain,
            old.graph.targets[id]?.tree == new.graph.targets[id]?.tree
        else { return false }
        // Chain members nearest first; those unchanged can shadow the changes of those above them.
        var unchangedBelow: [String] = []
        for member in oldChain {
            if old.graph.targets[member]?.tree == new.graph.targets[member]?.tree {
                unchangedBelow.append(member)
                continue
            }
            guard let pointers = pointers(changedBy: member) else { return false }
            for pointer in pointers {
                guard unchangedBelow.contains(where: { shadows(document(of: $0), pointer) }) else { return false }
            }
        }
        return true
    }

    /// Whether `document` writes a non-object (or null) at `pointer` or above it, so
    /// that whatever a parent has there is replaced.
    func shadows(_ document: JSONValue?, _ pointer: [String]) -> Bool {
        var current = document
        for token in pointer {
            guard case .object(let object)? = current, let next = object[token] else { return false }
            if case .object = next.value {
                current = next.value
                continue
            }
            return true
        }
        return false
    }

    /// The target's own style.json in HEAD (the same in BASE: its tree is unchanged).
    func document(of id: String) -> JSONValue? {
        documents.value(for: id) { Self.read(id, in: new) }
    }

    static func read(_ id: String, in side: DiffService.Side) -> JSONValue? {
        guard let summary = side.graph.targets[id],
            let bytes = try? side.workspace.source.readFile(at: summary.styleFile),
            let node = try? JSONReader.parse(bytes, file: summary.styleFile)
        else { return nil }
        return node.value
    }

    /// The leaf pointers where the target's own style.json differs between the
    /// revisions; nil when anything else in its directory changed (assets are
    /// looked up in ancestors, so those could reach a client) or a file cannot be read.
    func pointers(changedBy id: String) -> [[String]]? {
        changedPointers.value(for: id) { computePointers(id) }
    }

    private func computePointers(_ id: String) -> [[String]]? {
        guard let a = old.graph.targets[id], let b = new.graph.targets[id], a.styleFile == b.styleFile,
            let oldDirectory = try? old.workspace.source.directory(at: old.targetsDirectory + "/" + id),
            let newDirectory = try? new.workspace.source.directory(at: new.targetsDirectory + "/" + id),
            oldDirectory.refused.isEmpty, newDirectory.refused.isEmpty
        else { return nil }
        let others = { (directory: SourceDirectory) in
            directory.entries.filter { $0.name != TargetCatalog.styleFileName }.map { "\($0.name) \($0.id.hex)" }
        }
        guard others(oldDirectory) == others(newDirectory),
            let before = Self.read(id, in: old), let after = Self.read(id, in: new)
        else { return nil }
        guard let patch = MergePatch.diff(from: before, to: after) else { return [] }
        var pointers: [[String]] = []
        func walk(_ value: JSONValue, _ path: [String]) {
            if case .object(let object) = value, !object.isEmpty {
                for member in object.members { walk(member.value.value, path + [member.key]) }
            } else {
                pointers.append(path)
            }
        }
        guard case .object(let top) = patch else { return nil }
        for member in top.members where !["abstract", "extends", "$schema"].contains(member.key) {
            walk(member.value.value, [member.key])
        }
        return pointers
    }
}
