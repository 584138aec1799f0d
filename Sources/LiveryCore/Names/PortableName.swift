/// The one rule for a name livery turns into a folder or file name — a target id
/// (`targets/<id>/`, `dist/<id>/`), a variant (`variants/<name>/`) — beyond each
/// name's own alphabet: it is none of the device names Windows reserves, with or
/// without an extension and in any case (`con`, `NUL.json`, `lpt1`). Bundles and
/// checkouts reach Windows machines, where such a folder cannot be made or opened.
public enum PortableName {
    /// The device names, lower case.
    public static let windowsDevices: Set<String> = Set(["con", "prn", "aux", "nul"] + (0...9).flatMap { ["com\($0)", "lpt\($0)"] })

    /// The rule as messages say it.
    public static let rule = "not a device name Windows reserves (con, prn, aux, nul, com0–com9, lpt0–lpt9)"

    /// Whether `name` is a Windows device name: its part before the first `.`,
    /// without trailing spaces, in any case.
    /// Asked of every target id a command lists, so a stem longer than any device
    /// name is answered without copying or lowercasing it.
    public static func isWindowsDevice(_ name: String) -> Bool {
        var stem = name[..<(name.firstIndex(of: ".") ?? name.endIndex)]
        while stem.last == " " { stem.removeLast() }
        return stem.utf8.count <= 4 && windowsDevices.contains(stem.lowercased())
    }
}
