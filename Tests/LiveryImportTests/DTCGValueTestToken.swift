import LiveryJSON
import LiveryTargets
import Testing

@testable import LiveryImport

/// A token whose `$value` is the given JSON text, parsed from `tokens.json` so that
/// values and the token have real lines and columns. The value sits on line 2, column 13.
func valueToken(_ json: String, type: String = "color", path: [String] = ["color", "brand"]) throws -> DTCGToken {
    let text = "{\n  \"token\": {\"$value\": \(json)}\n}"
    let root = try JSONReader.parse(Array(text.utf8), file: "tokens.json")
    let value = try #require(root.value.objectValue?["token"]?.value.objectValue?["$value"])
    return DTCGToken(path: path, type: type, value: value, location: value.location)
}

/// The error a reading throws, or nil when it does not throw.
func readingError<Value>(_ read: () throws(Diagnostic) -> Value) -> Diagnostic? {
    do {
        _ = try read()
        return nil
    } catch {
        return error
    }
}
