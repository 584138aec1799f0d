/// Names in slash-separated repository and bundle paths (never file URLs).
public enum PathName {
    /// The last component: `targets/acme/assets/logo.png` → `logo.png`, and
    /// `logo.png` → `logo.png`. A trailing slash is ignored, as `a/b/` names `b`.
    /// A path of only slashes names itself. Scanned back from the end: a build
    /// asks for the name of every asset it copies, and splitting the whole path
    /// into an array of parts cost about 1 % of it.
    public static func fileName(of path: String) -> String {
        let bytes = path.utf8
        let slash = UInt8(ascii: "/")
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[bytes.index(before: end)] == slash { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return path }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != slash { start = bytes.index(before: start) }
        return String(path[start..<end])
    }
}
