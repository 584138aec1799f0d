/// A moment in whole seconds since 1970-01-01T00:00:00Z, written in RFC 3339
/// as UTC (`2027-01-31T00:00:00Z`): an update's `expires`.
///
/// Its own small type rather than Foundation's `Date` and formatters, so the
/// CLI and an app read the same text the same way on every platform.
public struct UpdateTime: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var secondsSince1970: Int64

    public init(secondsSince1970: Int64) {
        self.secondsSince1970 = secondsSince1970
    }

    /// Reads RFC 3339 `date-time`: `YYYY-MM-DDTHH:MM:SS`, optional fraction
    /// (dropped: an expiry is to the second), then `Z` or `±HH:MM`. `t`, `z`
    /// and a space for `T` are accepted as the RFC allows. Nil otherwise.
    public init?(text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.count <= 64 else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for index in range {
                let byte = bytes[index]
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), bytes[4] == 0x2D, let month = number(5..<7), bytes[7] == 0x2D, let day = number(8..<10),
            [0x54, 0x74, 0x20].contains(bytes[10]), let hour = number(11..<13), bytes[13] == 0x3A,
            let minute = number(14..<16), bytes[16] == 0x3A, let second = number(17..<19)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= Self.days(inMonth: month, year: year),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        var index = 19
        if bytes[index] == 0x2E {
            index += 1
            let start = index
            while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
            guard index > start else { return nil }
        }
        guard index < bytes.count else { return nil }
        var offset: Int64 = 0
        switch bytes[index] {
        case 0x5A, 0x7A:
            index += 1
        case 0x2B, 0x2D:
            guard index + 6 == bytes.count, let offsetHour = number(index + 1..<index + 3), bytes[index + 3] == 0x3A,
                let offsetMinute = number(index + 4..<index + 6), offsetHour <= 23, offsetMinute <= 59
            else { return nil }
            offset = (offsetHour * 60 + offsetMinute) * 60 * (bytes[index] == 0x2D ? -1 : 1)
            index += 6
        default:
            return nil
        }
        guard index == bytes.count else { return nil }
        // A leap second is read as the second after it.
        let local = Self.daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3_600 + minute * 60 + second
        secondsSince1970 = local - offset
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`.
    public var text: String {
        let days = secondsSince1970 >= 0 ? secondsSince1970 / 86_400 : (secondsSince1970 - 86_399) / 86_400
        let rest = secondsSince1970 - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        let paddedYear = String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
        return "\(paddedYear)-\(two(month))-\(two(day))T\(two(rest / 3_600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
    }

    public var description: String { text }

    public static func < (lhs: UpdateTime, rhs: UpdateTime) -> Bool { lhs.secondsSince1970 < rhs.secondsSince1970 }

    static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func days(inMonth month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count from 1970-01-01 (the inverse, `civil_from_days`).
    static func civil(fromDays count: Int64) -> (Int64, Int64, Int64) {
        let z = count + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
