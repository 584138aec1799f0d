import LiveryCore

/// Target ids name directories under `targets/` and end up in file names, bundle
/// folders and CI job names, so they are kept to a portable alphabet.
public enum TargetID {
    /// The rule as users read it in messages.
    public static let rule =
        "lowercase letters, digits and '-', starting with a letter or digit, at most 63 characters, and \(PortableName.rule)"

    /// True when `id` matches `^[a-z0-9][a-z0-9-]{0,62}$` and is not reserved on Windows.
    public static func isValid(_ id: String) -> Bool {
        let bytes = id.utf8
        guard let first = bytes.first, bytes.count <= 63, isLowerAlphanumeric(first) else { return false }
        return bytes.allSatisfy { isLowerAlphanumeric($0) || $0 == UInt8(ascii: "-") } && !PortableName.isWindowsDevice(id)
    }

    private static func isLowerAlphanumeric(_ c: UInt8) -> Bool {
        (c >= UInt8(ascii: "a") && c <= UInt8(ascii: "z")) || (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9"))
    }
}
