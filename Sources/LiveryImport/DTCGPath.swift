import LiveryJSON

/// A file a resolver's `$ref` names: its path under the import's root, normalised,
/// and the JSON pointer after `#`, if any.
struct DTCGFileReference: Sendable, Hashable {
    var path: String
    var fragment: JSONPointer?
}

/// How `$ref` file paths and token names are read. Paths are resolved against the
/// referring file's directory and must stay under the import's root: the provider
/// only serves that directory, and a resolver from a design tool must not reach
/// anything else on the machine.
enum DTCGPath {
    /// `reference` (the text of a `$ref`, without a leading `#`) read relative to the
    /// directory of `referrer` (a path under the root). The error text says why it is refused.
    static func resolve(_ reference: String, from referrer: String) -> Result<DTCGFileReference, DTCGPathRefusal> {
        var filePart = Substring(reference)
        var fragment: JSONPointer?
        if let hash = reference.firstIndex(of: "#") {
            filePart = reference[..<hash]
            var text = reference[reference.index(after: hash)...]
            // `file.json#sets/x` (no leading slash) appears in the resolver spec's own examples.
            if !text.isEmpty && text.first != "/" { text = "/" + text }
            guard let pointer = JSONPointer(text) else {
                return .failure(.init("`\(reference)` has a fragment that is not a JSON pointer"))
            }
            fragment = pointer
        }
        if filePart.isEmpty { return .failure(.init("`\(reference)` names no file")) }
        if isURL(filePart) {
            return .failure(.init("`\(reference)` is a URL; livery reads only files under the resolver's directory"))
        }
        if filePart.first == "/" || filePart.first == "~" || hasDriveLetter(filePart) {
            return .failure(.init("`\(reference)` is an absolute path; write it relative to the resolver's directory"))
        }
        if filePart.contains("\\") {
            return .failure(.init("`\(reference)` uses `\\`; write paths with `/`"))
        }
        var segments = directorySegments(of: referrer)
        for segment in filePart.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                guard !segments.isEmpty else {
                    return .failure(.init("`\(reference)` leaves the resolver's directory; livery reads only files under it"))
                }
                segments.removeLast()
            default:
                segments.append(String(segment))
            }
        }
        guard !segments.isEmpty, filePart.last != "/" else {
            return .failure(.init("`\(reference)` names a directory, not a file"))
        }
        return .success(DTCGFileReference(path: segments.joined(separator: "/"), fragment: fragment))
    }

    /// The directories of a path under the root (`a/b/c.json` → `["a", "b"]`).
    static func directorySegments(of path: String) -> [String] {
        var segments = normalisedSegments(path)
        if !segments.isEmpty { segments.removeLast() }
        return segments
    }

    /// `./a//b/../c.json` → `["a", "c.json"]`; `..` above the root is dropped (the
    /// files given on the command line were already checked by the caller).
    static func normalisedSegments(_ path: String) -> [String] {
        var segments: [String] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": if !segments.isEmpty { segments.removeLast() }
            default: segments.append(String(segment))
            }
        }
        return segments
    }

    /// The file's name without its folders and without `.resolver.json`, `.tokens.json` or `.json`.
    static func displayName(of path: String) -> String {
        let base = normalisedSegments(path).last ?? path
        for suffix in [".resolver.json", ".tokens.json", ".tokens", ".json"] where base.count > suffix.count && base.hasSuffix(suffix) {
            return String(base.dropLast(suffix.count))
        }
        return base
    }

    /// `scheme:` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`) or `//host`.
    private static func isURL(_ text: Substring) -> Bool {
        if text.hasPrefix("//") { return true }
        guard let colon = text.firstIndex(of: ":") else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter, scheme.count > 1 else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }

    /// `C:` or `C:\` at the start: a Windows absolute path.
    private static func hasDriveLetter(_ text: Substring) -> Bool {
        let chars = Array(text.prefix(2))
        return chars.count == 2 && chars[0].isASCII && chars[0].isLetter && chars[1] == ":"
    }
}

/// Why a `$ref` path was refused.
struct DTCGPathRefusal: Error, Sendable, Equatable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Token names and the references that use them.
enum DTCGName {
    /// Why `name` cannot name a token or group, or nil when it can. `$`-names are
    /// properties and are checked by the caller.
    static func problem(_ name: String) -> String? {
        if name.isEmpty { return "an empty name cannot name a token or group" }
        if let bad = name.first(where: { $0 == "{" || $0 == "}" || $0 == "." }) {
            return "`\(name)` contains `\(bad)`, which token and group names may not (`{`, `}` and `.` are reference syntax)"
        }
        return nil
    }

    /// The path a curly-brace reference names when `text` is one (`{a.b}` → `["a", "b"]`).
    /// `.some(nil)` when it looks like one (`{…}`) but is malformed.
    static func curlyReference(_ text: String) -> [String]?? {
        guard text.first == "{", text.last == "}", text.count >= 2 else { return .none }
        let inner = text.dropFirst().dropLast()
        if inner.contains("{") || inner.contains("}") { return .some(nil) }
        let segments = inner.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if segments.contains(where: \.isEmpty) { return .some(nil) }
        return .some(segments)
    }

    /// A same-document JSON pointer reference (`#/a/b/$value`) as its tokens; nil when it is not one.
    static func localPointer(_ text: String) -> JSONPointer? {
        guard text.first == "#" else { return nil }
        return JSONPointer(text.dropFirst())
    }
}
