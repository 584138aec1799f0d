import CGit2

/// A git object id (SHA-1), kept as its 40-character lowercase hex text.
public struct ObjectID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let hex: String

    /// Accepts 40 hex digits (any case); nil otherwise.
    public init?(hex: String) {
        guard hex.utf8.count == 40, hex.utf8.allSatisfy({ ObjectID.isHexDigit($0) }) else { return nil }
        self.hex = hex.lowercased()
    }

    init(_ oid: git_oid) {
        var copy = oid
        // 40 hex digits and a terminating NUL.
        var buffer = [CChar](repeating: 0, count: 41)
        buffer.withUnsafeMutableBufferPointer { out in
            _ = git_oid_fmt(out.baseAddress, &copy)
        }
        buffer[40] = 0
        hex = String(decoding: buffer.prefix(40).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The libgit2 form of this id.
    var oid: git_oid {
        var oid = git_oid()
        _ = git_oid_fromstrn(&oid, hex, 40)
        return oid
    }

    /// The first seven digits, as git abbreviates ids for people.
    public var short: String { String(hex.prefix(7)) }

    public var description: String { hex }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool { lhs.hex < rhs.hex }

    private static func isHexDigit(_ c: UInt8) -> Bool {
        (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66) || (c >= 0x41 && c <= 0x46)
    }
}
