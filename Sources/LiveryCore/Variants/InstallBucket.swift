import Crypto

/// Where an install falls for a seed: a number from 0 to 99,999,999
/// (millionths of a percent), the same on every launch and in every runtime.
///
/// The hash is fixed and never changes, since changing it would move every
/// install: the SHA-256 of the UTF-8 bytes of `seed + "." + installID`, read as
/// a 256-bit big-endian unsigned number, modulo 100,000,000 — the percent
/// condition of Firebase Remote Config's evaluator. A condition of `P` percent
/// holds below `P × 1,000,000`, so raising `P` keeps every install it held.
public enum InstallBucket {
    /// The number of buckets: percentages to six decimals.
    public static let range: Int64 = 100_000_000

    public static func bucket(seed: String, installID: String) -> Int64 {
        let digest = SHA256.hash(data: Array((seed + "." + installID).utf8))
        var remainder: Int64 = 0
        // (r × 256 + byte) stays below 2^35: no overflow.
        for byte in digest { remainder = (remainder * 256 + Int64(byte)) % range }
        return remainder
    }
}
