import ArgumentParser
import LiveryKit

/// Shell completion for values only the repository knows: target ids and template names.
/// The shell runs livery to get them (`livery ---completion …`) in the current directory,
/// or the `--repo` and `--rev` already typed; anything that goes wrong completes nothing,
/// quietly, as a shell expects.
enum Completions {
    static let targets = CompletionKind.custom { words, _, prefix in targetIDs(words: words, prefix: prefix) }
    static let templates = CompletionKind.custom { words, _, prefix in templateNames(words: words, prefix: prefix) }

    /// The ids of the repository's targets that start with the word typed so far. After a
    /// comma (`--target a,b`), the last id is completed and the rest kept.
    static func targetIDs(words: [String], prefix: String) -> [String] {
        guard let ids = try? ListingService.targetIDs(selection(words)) else { return [] }
        let kept = prefix.lastIndex(of: ",").map { String(prefix[...$0]) } ?? ""
        let typed = String(prefix.dropFirst(kept.count))
        return ids.filter { $0.hasPrefix(typed) }.sorted().map { kept + $0 }
    }

    /// The templates `livery new --template` can use: the repository's and the built-in ones.
    static func templateNames(words: [String], prefix: String) -> [String] {
        guard let names = try? ListingService.templateNames(selection(words)) else { return [] }
        return names.filter { $0.hasPrefix(prefix) }
    }

    /// The repository and revision the words typed so far name.
    static func selection(_ words: [String]) -> RepositorySelection {
        RepositorySelection(path: value(of: "--repo", in: words), revision: value(of: "--rev", in: words))
    }

    /// The value given to `option` among the words typed, as `--repo X` or `--repo=X`.
    static func value(of option: String, in words: [String]) -> String? {
        for (index, word) in words.enumerated() {
            if word == option, index + 1 < words.count { return words[index + 1] }
            if word.hasPrefix(option + "=") { return String(word.dropFirst(option.count + 1)) }
        }
        return nil
    }
}
