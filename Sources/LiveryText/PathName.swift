/// Names in slash-separated repository and bundle paths (never file URLs).
public enum PathName {
    /// The last component: `targets/acme/assets/logo.png` → `logo.png`, and
    /// `logo.png` → `logo.png`. A trailing slash is ignored, as `a/b/` names `b`.
    public static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
