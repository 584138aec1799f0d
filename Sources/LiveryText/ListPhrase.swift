/// A list as a sentence says it: `text, json or matrix`.
public enum ListPhrase {
    /// The items separated by commas, the last two by `lastSeparator` (`" or "`,
    /// or `", "` for a list that reads as one); one item is itself.
    public static func join(_ items: [String], lastSeparator: String) -> String {
        guard let last = items.last, items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + lastSeparator + last
    }
}
