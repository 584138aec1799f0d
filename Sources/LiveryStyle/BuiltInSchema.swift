/// The style schema livery ships, used when a repository has no
/// `targets/style.schema.json` of its own.
public enum BuiltInSchema {
    /// The schema's bytes exactly as in `Sources/LiveryStyle/Resources/style.schema.json`.
    public static var bytes: [UInt8] { PackageResources.style_schema_json }
}
