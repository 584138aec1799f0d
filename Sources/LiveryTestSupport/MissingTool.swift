import Foundation

/// What a test does when a real consumer of livery's files (aapt, xmllint,
/// kotlinc, Chromium, Python's jsonschema) is not installed.
///
/// Run by hand (`swift test`), the check is skipped with a line saying what was
/// not checked and how to install it. Run by `scripts/test` — the README's test
/// command and CI's — `LIVERY_REQUIRE_TOOLS=1` is set after `scripts/bootstrap
/// --test` installed everything, so a missing tool is a failure there: a check
/// that did not run is never counted as passed.
public enum MissingTool {
    public static let requiredVariable = "LIVERY_REQUIRE_TOOLS"

    /// Prints `message` and answers whether skipping is allowed. Call sites write
    /// `#expect(MissingTool.skipAllowed("…"), "…")` and return.
    public static func skipAllowed(_ message: String) -> Bool {
        let required = ProcessInfo.processInfo.environment[requiredVariable] == "1"
        print(required ? "✗ REQUIRED TOOL MISSING: \(message)" : "⚠️  SKIPPED: \(message)")
        return !required
    }
}
