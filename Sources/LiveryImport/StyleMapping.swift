import LiveryJSON
import LiveryTargets

/// One brand's tokens: a resolved token set per appearance (only `.light` without a theme).
public struct BrandTokens: Sendable {
    /// The brand context's name; nil when the input is one client.
    public var brand: String?
    public var appearances: [Appearance: DTCGTokenSet]

    public init(brand: String?, appearances: [Appearance: DTCGTokenSet]) {
        self.brand = brand
        self.appearances = appearances
    }
}

/// A brand's tokens as the sections of a style.json.
public struct MappedStyle: Sendable {
    /// An object with the sections DTCG fills: `palettes`, `colors`, `dimensions`,
    /// `animations`, `fonts`, `components`, `flags` (only those that have tokens).
    public var document: JSONValue
    /// `$extensions["dev.livery"].app` at the root of the brand's tokens, if written.
    public var app: JSONValue?
    /// Warnings: assumptions, clipped colours, fonts without files, values that differ by theme where livery has one.
    public var warnings: [Diagnostic]
    /// Tokens that have no place in style.json, counted by type (`gradient` → 12).
    public var notImported: [String: Int]
    /// The font tokens written as {family, size, weight} without a `file`, sorted:
    /// DTCG has no font files, so `--fonts DIR` (or a re-import) attaches them.
    public var fontsWithoutFiles: [String] = []

    public init(
        document: JSONValue, app: JSONValue? = nil, warnings: [Diagnostic] = [], notImported: [String: Int] = [:],
        fontsWithoutFiles: [String] = []
    ) {
        self.document = document
        self.app = app
        self.warnings = warnings
        self.notImported = notImported
        self.fontsWithoutFiles = fontsWithoutFiles
    }
}

/// Maps resolved tokens onto livery's style format, by the rules in docs/import.md.
public enum StyleMapping {
    /// The brand's style sections, or every error found (names that collide or
    /// cannot be made, values that cannot be read), each at the token that wrote it.
    public static func map(_ brand: BrandTokens) throws(DTCGImportFailure) -> MappedStyle {
        var mapping = MappingRun(brand)
        mapping.mapEveryToken()
        if !mapping.errors.isEmpty { throw DTCGImportFailure(mapping.errors) }
        return mapping.result()
    }
}
