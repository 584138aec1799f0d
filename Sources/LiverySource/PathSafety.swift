/// Why livery refuses to read an entry of a branding repository. A branding
/// repository is untrusted input (clients and agencies send it, CI runs it on
/// pull requests from forks), so anything that could escape the target, alias
/// another file, or behave differently across file systems is refused by name.
public enum Refusal: Sendable, Hashable, CustomStringConvertible {
    /// A symbolic link (mode 120000): it could point outside the repository.
    case symlink
    /// A submodule (mode 160000) or a nested repository: its content is not in this repository.
    case submodule
    /// `.` or `..`, or an empty name.
    case dotSegment
    /// `.git` in any case, or a name that some file system treats as `.git`.
    case dotGit
    /// A `/`, `\` or NUL inside one name.
    case separatorInName
    /// A name that is not valid UTF-8.
    case notUTF8
    /// Two names in one directory that differ only by case or Unicode normalisation.
    case caseCollision(with: String)
    /// A file type git knows but livery has no use for.
    case unsupportedType(mode: UInt32)

    public var description: String {
        switch self {
        case .symlink:
            "symbolic links are not allowed in a branding repository (they can point outside it); commit the file itself"
        case .submodule:
            "submodules and nested repositories are not allowed in a branding repository; commit the files themselves"
        case .dotSegment:
            "'.' and '..' are not allowed as names"
        case .dotGit:
            "names that a file system may treat as '.git' are not allowed"
        case .separatorInName:
            "a name must not contain '/', '\\' or NUL"
        case .notUTF8:
            "names must be valid UTF-8"
        case .caseCollision(let other):
            "differs from '\(other)' only by case or Unicode normalisation, which breaks on macOS and Windows"
        case .unsupportedType(let mode):
            "unsupported entry type (mode \(String(mode, radix: 8)))"
        }
    }
}

/// An entry that livery will not read, with the path a user can find it by.
public struct RefusedEntry: Sendable, Hashable, Error, CustomStringConvertible {
    /// The path from the repository root; bytes that are not UTF-8 are shown as `\xNN`.
    public let path: String
    public let reason: Refusal

    public init(path: String, reason: Refusal) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "'\(path)': \(reason)" }
}

/// Pure checks on names read from git trees or the disk.
public enum PathSafety {
    /// Decodes a raw name, or describes it with `\xNN` escapes when it is not UTF-8.
    public static func decode(_ bytes: some Collection<UInt8>) -> (name: String, valid: Bool) {
        if let name = String(validating: bytes, as: UTF8.self) {
            return (name, true)
        }
        var shown = ""
        for byte in bytes {
            if byte >= 0x20 && byte < 0x7F {
                shown.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                shown += "\\x" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return (shown, false)
    }

    /// Why a single name (one path component) is refused, or nil when it is safe.
    public static func refusal(forName name: String) -> Refusal? {
        if name.isEmpty || name == "." || name == ".." { return .dotSegment }
        // The three are ASCII, so the UTF-8 bytes can be searched directly.
        if name.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) {
            return .separatorInName
        }
        if looksLikeDotGit(name) { return .dotGit }
        return nil
    }

    /// Why a whole relative path is refused, or nil. Absolute paths and any
    /// refused component are refused.
    public static func refusal(forPath path: String) -> Refusal? {
        if path.hasPrefix("/") || path.hasPrefix("\\") { return .separatorInName }
        if isPlainRelativePath(path) { return nil }
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if let refusal = refusal(forName: String(component)) { return refusal }
        }
        return nil
    }

    /// A relative path that no check above can refuse: ASCII names, none empty,
    /// `.` or `..`, without a backslash or NUL, and no `git` in any case anywhere (so no
    /// `.git` look-alike). One pass over the bytes and no copies: it is asked for
    /// every asset every style names, and splitting cost about 0.6 % of a build.
    static func isPlainRelativePath(_ path: String) -> Bool {
        var length = 0
        var dots = 0
        var previous: (UInt8, UInt8) = (0, 0)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if length == 0 || dots == length && length <= 2 { return false }
                length = 0
                dots = 0
                continue
            case 0, UInt8(ascii: "\\"), 0x80...: return false
            case UInt8(ascii: "."): dots += 1
            default: break
            }
            let lower = byte | 0x20
            if previous == (UInt8(ascii: "g"), UInt8(ascii: "i")) && lower == UInt8(ascii: "t") { return false }
            previous = (previous.1, lower)
            length += 1
        }
        return length > 0 && !(dots == length && length <= 2)
    }

    /// True for `.git` and the spellings that HFS+ (which ignores some invisible
    /// code points) and NTFS (which drops trailing dots and spaces, and knows the
    /// 8.3 short name `GIT~1`) resolve to `.git`.
    static func looksLikeDotGit(_ name: String) -> Bool {
        // Fast path: a plain ASCII name without "git" in any case cannot be a look-alike.
        let utf8 = name.utf8
        // Checked for every entry of every tree read, so without allocating.
        if utf8.allSatisfy({ $0 < 0x80 }) {
            var previous: (UInt8, UInt8) = (0, 0)
            var hasGit = false
            for byte in utf8 {
                let lower = byte | 0x20
                if previous == (UInt8(ascii: "g"), UInt8(ascii: "i")) && lower == UInt8(ascii: "t") {
                    hasGit = true
                    break
                }
                previous = (previous.1, lower)
            }
            if !hasGit { return false }
        }
        var scalars = name.unicodeScalars.filter { !hfsIgnorable($0) }
        while let last = scalars.last, last == " " || last == "." {
            scalars.removeLast()
        }
        var folded = String(String.UnicodeScalarView(scalars)).lowercased()
        // NTFS alternate data streams: `.git::$INDEX_ALLOCATION` is `.git`.
        if let colon = folded.firstIndex(of: ":") {
            folded = String(folded[..<colon])
        }
        return folded == ".git" || folded == "git~1"
    }

    /// Code points HFS+ drops when comparing names (zero-width joiners, direction marks…).
    private static func hfsIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C...0x200F, 0x202A...0x202E, 0x206A...0x206F, 0xFEFF: true
        default: false
        }
    }

    /// Pairs of names in one directory that only differ by case or Unicode
    /// normalisation; each name after its first look-alike is reported.
    public static func caseCollisions(_ names: [String]) -> [(name: String, collidesWith: String)] {
        // Swift's String equality and hashing already use canonical equivalence,
        // so NFC and NFD spellings of one name meet in the same key.
        var seen: [String: String] = [:]
        var collisions: [(String, String)] = []
        seen.reserveCapacity(names.count)
        for name in names {
            // An ASCII name without capitals is its own key: no lowercased copy.
            let plain = name.utf8.allSatisfy { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }
            let key = plain ? name : name.lowercased()
            if let first = seen[key] {
                collisions.append((name, first))
            } else {
                seen[key] = name
            }
        }
        return collisions
    }
}
