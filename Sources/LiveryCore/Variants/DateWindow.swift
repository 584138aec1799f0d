import Foundation

/// A window of time: from `from` (inclusive) until `until` (exclusive), both
/// wall-clock times in the IANA zone `timeZone` (UTC when absent), so a
/// holiday look starts at midnight where its users are. Either end may be left out.
public struct DateWindow: Sendable, Hashable {
    public let from: LocalDateTime?
    public let until: LocalDateTime?
    /// The IANA zone id (`Europe/Paris`); `UTC` when the file gave none.
    public let timeZone: String

    public init(from: LocalDateTime?, until: LocalDateTime?, timeZone: String) {
        self.from = from
        self.until = until
        self.timeZone = timeZone
    }

    /// Whether `date` falls in the window. False when this system does not
    /// know the zone (a time zone database older than the zone).
    public func contains(_ date: UpdateTime) -> Bool {
        guard let zone = ZoneOffsets(identifier: timeZone) else { return false }
        if let from, date < zone.instant(of: from) { return false }
        if let until, date >= zone.instant(of: until) { return false }
        return true
    }

    /// Whether no moment is in the window: `until` is not after `from`. (Compared
    /// as wall-clock times; a window shorter than a clock change is not worth the subtlety.)
    public var isEmpty: Bool {
        guard let from, let until else { return false }
        return until.localSeconds <= from.localSeconds
    }
}

/// A wall-clock time without a zone: `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS`.
public struct LocalDateTime: Sendable, Hashable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00 as if the time were UTC.
    public let localSeconds: Int64
    public let text: String

    public init?(text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 16 || bytes.count == 19 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                guard (0x30...0x39).contains(bytes[index]) else { return nil }
                value = value * 10 + Int64(bytes[index] - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == 0x2D, let month = number(5..<7), bytes[7] == 0x2D, let day = number(8..<10),
            bytes[10] == 0x54, let hour = number(11..<13), bytes[13] == 0x3A, let minute = number(14..<16)
        else { return nil }
        var second: Int64 = 0
        if bytes.count == 19 {
            guard bytes[16] == 0x3A, let value = number(17..<19) else { return nil }
            second = value
        }
        guard (1...12).contains(month), day >= 1, day <= UpdateTime.days(inMonth: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        localSeconds = UpdateTime.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        self.text = text
    }

    public var description: String { text }
}

/// The offsets of one IANA zone, and the moment a wall-clock time names in it.
///
/// A wall-clock time that happens twice (clocks going back) is the first of
/// the two; one that never happens (clocks going forward) is read with the
/// offset before the change, so it lands as far after the change as it was
/// into the gap. This is java.time's `ZonedDateTime.of`, and the Kotlin
/// runtime computes it with the same steps.
struct ZoneOffsets {
    let zone: TimeZone

    init?(identifier: String) {
        guard let zone = TimeZone(identifier: identifier) else { return nil }
        self.zone = zone
    }

    func offset(at seconds: Int64) -> Int64 {
        Int64(zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
    }

    func instant(of local: LocalDateTime) -> UpdateTime {
        let wall = local.localSeconds
        // Offsets a day either side bound any one change of offset near the time.
        let before = offset(at: wall - 86_400 * 2)
        let after = offset(at: wall + 86_400 * 2)
        let early = wall - before
        let late = wall - after
        if before == after || offset(at: early) == before { return UpdateTime(secondsSince1970: early) }
        if offset(at: late) == after { return UpdateTime(secondsSince1970: late) }
        return UpdateTime(secondsSince1970: early)
    }
}
