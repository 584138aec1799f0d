import LiveryJSON

/// Reads `extends` and `abstract` from a style.json's top-level object: enough
/// to place a target in the graph when nothing else about it is needed
/// (`livery diff` on a target whose directory did not change).
public enum StyleHeader {
    /// The parent and abstract flag, or nil when the bytes are not a well-formed
    /// top-level object or either key holds a value of the wrong type; the caller
    /// then reads the file fully, which reports any problem with its position.
    ///
    /// Read with the ordinary `JSONReader`: a scanner of its own made no
    /// measurable difference to `livery diff` (2026-11-25).
    public static func scan(_ bytes: [UInt8]) -> (extends: String?, abstract: Bool)? {
        guard let node = try? JSONReader.parse(bytes, file: "style.json"), let object = node.value.objectValue else { return nil }
        let extends: String?
        switch object["extends"]?.value {
        case nil, .null?: extends = nil
        case .string(let parent)?: extends = parent
        default: return nil
        }
        let abstract: Bool
        switch object["abstract"]?.value {
        case nil: abstract = false
        case .bool(let flag)?: abstract = flag
        default: return nil
        }
        return (extends, abstract)
    }
}
