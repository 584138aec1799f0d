/// One file of an archive bundle: where it goes inside the archive, and its bytes.
public struct ArchiveEntry: Sendable, Hashable {
    /// A relative path with `/` separators, e.g. `ios/Theme.swift`.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// The archive formats `livery build --archive` writes.
public enum ArchiveFormat: String, Sendable, CaseIterable {
    case tar, zip

    /// The file name extension, without the dot.
    public var fileExtension: String { rawValue }

    /// The archive of `entries` in this format.
    public func archive(_ entries: [ArchiveEntry]) throws(ArchiveError) -> [UInt8] {
        switch self {
        case .tar: try TarArchive.bytes(entries)
        case .zip: try ZipArchive.bytes(entries)
        }
    }
}

/// Why entries cannot be archived.
public enum ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Absolute, empty, `.` or `..` components: it would land outside the bundle when unpacked.
    case unsafePath(String)
    /// Two entries with the same path.
    case duplicatePath(String)
    /// Beyond what the format records without extensions livery does not write (zip: 65,535 entries, 4 GiB).
    case tooLarge(String)

    public var description: String {
        switch self {
        case .unsafePath(let path): "'\(path)' is not a safe path inside an archive"
        case .duplicatePath(let path): "'\(path)' is in the archive twice"
        case .tooLarge(let what): "too large for the archive format: \(what)"
        }
    }
}

/// What every format shares: the checked, sorted list of files and the
/// directories that hold them, with fixed metadata so the bytes depend on the
/// contents alone (same input, same archive, on any machine).
struct ArchiveLayout {
    enum Item {
        case directory(String)
        case file(String, [UInt8])

        /// The name inside the archive; a directory's ends with `/`.
        var name: String {
            switch self {
            case .directory(let path): path + "/"
            case .file(let path, _): path
            }
        }
    }

    /// Every directory, then its contents, in byte order of the paths.
    let items: [Item]

    /// 1980-01-01T00:00:00Z: the earliest time a zip file can record, used by tar too.
    static let timestamp = 315_532_800
    static let fileMode = 0o644
    static let directoryMode = 0o755

    init(_ entries: [ArchiveEntry]) throws(ArchiveError) {
        var files: [String: [UInt8]] = [:]
        var directories: Set<String> = []
        for entry in entries {
            let components = entry.path.split(separator: "/", omittingEmptySubsequences: false)
            guard !entry.path.isEmpty, components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
                  !entry.path.utf8.contains(0)
            else { throw .unsafePath(entry.path) }
            guard files.updateValue(entry.bytes, forKey: entry.path) == nil else { throw .duplicatePath(entry.path) }
            for depth in 1..<components.count {
                directories.insert(components[..<depth].joined(separator: "/"))
            }
        }
        for directory in directories where files[directory] != nil { throw .duplicatePath(directory) }
        var items = directories.map { Item.directory($0) }
        items += files.map { Item.file($0.key, $0.value) }
        // Byte order of the UTF-8 names, not String's Unicode order: the same on every platform.
        self.items = items.sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }
}
