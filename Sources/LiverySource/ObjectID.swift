/// A git object id (SHA-1).
///
/// Kept as its 20 bytes in three big-endian words rather than as hex text:
/// ids are made, hashed and compared by the thousand (every tree entry of every
/// target, every cache line), and this way none of that allocates. Comparing the
/// words compares the bytes in order, which is also the order of the hex text.
public struct ObjectID: Sendable, Hashable, Comparable, CustomStringConvertible {
    // Inlinable reads of these keep converting ids to and from libgit2's
    // `git_oid` as cheap as when both lived in one module.
    @usableFromInline let high: UInt64
    @usableFromInline let middle: UInt64
    @usableFromInline let low: UInt32

    @usableFromInline init(high: UInt64, middle: UInt64, low: UInt32) {
        self.high = high
        self.middle = middle
        self.low = low
    }

    /// The all-zero id git uses for "no object".
    package static let zero = ObjectID(high: 0, middle: 0, low: 0)

    /// Accepts 40 hex digits (any case); nil otherwise.
    public init?(hex: String) {
        var hex = hex
        guard let id = hex.withUTF8({ ObjectID(hexDigits: $0) }) else { return nil }
        self = id
    }

    /// Accepts exactly 40 hex digits (any case) as bytes; nil otherwise.
    public init?(hexDigits digits: UnsafeBufferPointer<UInt8>) {
        guard digits.count == 40 else { return nil }
        func word(_ range: Range<Int>) -> UInt64? {
            var value: UInt64 = 0
            for index in range {
                guard let nibble = ObjectID.nibble(digits[index]) else { return nil }
                value = value << 4 | UInt64(nibble)
            }
            return value
        }
        guard let first = word(0..<16), let second = word(16..<32), let third = word(32..<40) else { return nil }
        high = first
        middle = second
        low = UInt32(truncatingIfNeeded: third)
    }

    /// The id made of 20 bytes as git stores them (a SHA-1 digest, a `git_oid`'s
    /// `id`); `raw` holds at least 20 bytes and only the first 20 are read.
    @inlinable
    public init(rawBytes raw: UnsafeRawBufferPointer) {
        self.init(
            high: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self)),
            middle: UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)),
            low: UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 16, as: UInt32.self))
        )
    }

    /// Calls `body` with the id's 20 bytes as git stores them.
    @inlinable
    public func withRawBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try withUnsafeTemporaryAllocation(byteCount: 20, alignment: 8) { buffer in
            buffer.storeBytes(of: high.bigEndian, toByteOffset: 0, as: UInt64.self)
            buffer.storeBytes(of: middle.bigEndian, toByteOffset: 8, as: UInt64.self)
            buffer.storeBytes(of: low.bigEndian, toByteOffset: 16, as: UInt32.self)
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }

    /// The 40 lowercase hex digits.
    public var hex: String {
        String(unsafeUninitializedCapacity: 40) { buffer in
            let digits: StaticString = "0123456789abcdef"
            func put(_ word: UInt64, digits count: Int, at offset: Int) {
                for index in 0..<count {
                    buffer[offset + index] = digits.utf8Start[Int((word >> UInt64(4 * (count - 1 - index))) & 0xF)]
                }
            }
            put(high, digits: 16, at: 0)
            put(middle, digits: 16, at: 16)
            put(UInt64(low), digits: 8, at: 32)
            return 40
        }
    }

    /// The first seven digits, as git abbreviates ids for people.
    public var short: String { String(hex.prefix(7)) }

    public var description: String { hex }

    public static func < (lhs: ObjectID, rhs: ObjectID) -> Bool {
        (lhs.high, lhs.middle, lhs.low) < (rhs.high, rhs.middle, rhs.low)
    }

    private static func nibble(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: c - 0x30
        case 0x61...0x66: c - 0x61 + 10
        case 0x41...0x46: c - 0x41 + 10
        default: nil
        }
    }
}
