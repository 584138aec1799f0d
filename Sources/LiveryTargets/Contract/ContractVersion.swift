import LiveryCore
import LiveryJSON

/// Which contract a client is built against, as `livery list --format json` and the
/// gallery show it: the contract's declared `version`, or, when it declares none,
/// `sha256:` and the first 12 hex digits of the file's digest, so two clients (or two
/// revisions) on the same contract show the same text either way (docs/contract.md, "Version").
public struct ContractVersion: Sendable, Hashable {
    /// `2.1.0`, or `sha256:1a2b3c4d5e6f` for a contract without a `version`.
    public var version: String
    /// The contract file, from the repository root.
    public var file: String

    public init(version: String, file: String) {
        self.version = version
        self.file = file
    }

    /// The version of the contract file `file` holding `bytes`; `contract` is what they
    /// parse to, nil when they could not be read (then the digest still names the file).
    public static func of(_ bytes: [UInt8], file: String, contract: AppContract?) -> ContractVersion {
        if let declared = contract?.version { return ContractVersion(version: declared, file: file) }
        return ContractVersion(version: "sha256:" + CanonicalJSON.digest(bytes).prefix(12), file: file)
    }

    /// Whether `text` is a semantic version (semver.org 2.0.0): `MAJOR.MINOR.PATCH`, each a
    /// number without leading zeros, then an optional `-pre.release` and `+build`.
    static func isSemantic(_ text: String) -> Bool {
        let (head, build) = split(text, at: "+")
        let (core, prerelease) = split(head, at: "-")
        let numbers = core.split(separator: ".", omittingEmptySubsequences: false)
        guard numbers.count == 3, numbers.allSatisfy(isNumber) else { return false }
        if let prerelease {
            let parts = prerelease.split(separator: ".", omittingEmptySubsequences: false)
            guard parts.allSatisfy({ isIdentifier($0) && (!$0.allSatisfy(\.isASCIIDigit) || isNumber($0)) }) else { return false }
        }
        if let build {
            guard build.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isIdentifier) else { return false }
        }
        return true
    }

    private static func split(_ text: Substring, at separator: Character) -> (Substring, Substring?) {
        guard let index = text.firstIndex(of: separator) else { return (text, nil) }
        return (text[..<index], text[text.index(after: index)...])
    }

    private static func split(_ text: String, at separator: Character) -> (Substring, Substring?) {
        split(text[...], at: separator)
    }

    private static func isNumber(_ part: Substring) -> Bool {
        !part.isEmpty && part.allSatisfy(\.isASCIIDigit) && (part == "0" || part.first != "0")
    }

    private static func isIdentifier(_ part: Substring) -> Bool {
        !part.isEmpty && part.allSatisfy { $0.isASCIIDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" }
    }
}
