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
///
/// Paths are compared as UTF-8 bytes throughout, never as `String`s: the order
/// (and what counts as the same path) is then the same on every platform, and
/// a bundle's few hundred names sort without decoding a character.
struct ArchiveLayout {
    struct Item {
        /// The name inside the archive as UTF-8; a directory's ends with `/`.
        let name: [UInt8]
        /// A file's bytes; nil for a directory.
        let contents: [UInt8]?

        var isDirectory: Bool { contents == nil }
    }

    /// Every directory, then its contents, in byte order of the names.
    let items: [Item]

    /// 1980-01-01T00:00:00Z: the earliest time a zip file can record, used by tar too.
    static let timestamp = 315_532_800
    static let fileMode = 0o644
    static let directoryMode = 0o755

    init(_ entries: [ArchiveEntry]) throws(ArchiveError) {
        let names = entries.map { Array($0.path.utf8) }
        for (entry, name) in zip(entries, names) where !Self.isSafe(name) { throw .unsafePath(entry.path) }
        let order = entries.indices.sorted { Self.precedes(names[$0], names[$1]) }
        for (previous, next) in zip(order, order.dropFirst()) where names[previous] == names[next] {
            throw .duplicatePath(entries[next].path)
        }
        // The files under a directory are neighbours in byte order, so walking the
        // sorted files, the directories a file needs that its predecessor did not
        // are new, and come out in byte order too, each just before its first file.
        var items: [Item] = []
        items.reserveCapacity(2 * entries.count)
        var previous: [UInt8] = []
        for index in order {
            let name = names[index]
            let shared = Self.commonPrefixCount(previous, name)
            for slash in name.indices where slash >= shared && name[slash] == UInt8(ascii: "/") {
                let directory = Array(name[..<slash])
                if Self.contains(directory, among: order, names: names) {
                    throw .duplicatePath(String(decoding: directory, as: UTF8.self))
                }
                items.append(Item(name: directory + [UInt8(ascii: "/")], contents: nil))
            }
            items.append(Item(name: name, contents: entries[index].bytes))
            previous = name
        }
        self.items = items
    }

    /// Not empty, no empty, `.` or `..` component (nothing absolute, nothing
    /// that lands outside the bundle when unpacked) and no NUL byte.
    static func isSafe(_ path: [UInt8]) -> Bool {
        var componentStart = 0
        for index in 0...path.count {
            guard index == path.count || path[index] == UInt8(ascii: "/") else {
                if path[index] == 0 { return false }
                continue
            }
            let component = path[componentStart..<index]
            if component.isEmpty || component.allSatisfy({ $0 == UInt8(ascii: ".") }) && component.count <= 2 { return false }
            componentStart = index + 1
        }
        return true
    }

    /// Whether `left` sorts before `right` by their bytes.
    static func precedes(_ left: [UInt8], _ right: [UInt8]) -> Bool {
        let shared = commonPrefixCount(left, right)
        if shared < left.count && shared < right.count { return left[shared] < right[shared] }
        return left.count < right.count
    }

    /// How many leading bytes `left` and `right` have in common.
    static func commonPrefixCount(_ left: [UInt8], _ right: [UInt8]) -> Int {
        left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                let limit = min(left.count, right.count)
                var index = 0
                while index < limit && left[index] == right[index] { index += 1 }
                return index
            }
        }
    }

    /// Whether a file is named `name`: a binary search of the sorted files.
    private static func contains(_ name: [UInt8], among order: [Int], names: [[UInt8]]) -> Bool {
        var low = 0
        var high = order.count
        while low < high {
            let middle = (low + high) / 2
            if precedes(names[order[middle]], name) { low = middle + 1 } else { high = middle }
        }
        return low < order.count && names[order[low]] == name
    }
}
