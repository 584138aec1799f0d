// What the app's contract (`targets/contract.json`) and the identity shared across
// clients ask of a repository's concrete targets (docs/contract.md).
extension Rule {
    public static let contractFile = Rule(
        "contract-file", [.error], section: .validate,
        summary: "targets/contract.json is not a valid contract.",
        explanation:
            "`targets/contract.json` is not a contract as docs/contract.md describes it: an unknown section or key, a name style.json would refuse, a flag without a `type`, a requirement its section has not; nothing is checked against a contract that cannot be read"
    )
    public static let contractMissing = Rule(
        "contract-missing", [.error], section: .validate,
        summary: "A client lacks a token the app's contract declares.",
        explanation:
            "a concrete target does not define a token (or a component property) that `targets/contract.json` declares, so the app's shared code cannot build for it: add it to the client's style.json, or to a parent's to give it to every client that extends it"
    )
    public static let contractKind = Rule(
        "contract-kind", [.error], section: .validate,
        summary: "A client's token is not of the kind the contract declares.",
        explanation:
            "a concrete target defines a token the contract declares, but of another kind: a flag of another type, a component property that resolves to another kind of value, or the name in another section"
    )
    public static let contractRequirement = Rule(
        "contract-requirement", [.error], section: .validate,
        summary: "A client's token lacks what the contract requires of it.",
        explanation:
            "the contract requires a colour's own `dark` value or both high-contrast values, an image's `dark` file, or a font's `file`, and a concrete target's token does not carry it"
    )
    public static let contractExtra = Rule(
        "contract-extra", [.warning], section: .validate, configurable: true,
        summary: "A client defines a token the app's contract does not declare.",
        explanation:
            "a concrete target defines a token that `targets/contract.json` does not declare: no shared code reads it; declare it in the contract, or remove it. Reported once, in the file that defines it"
    )
    public static let contractDeprecated = Rule(
        "contract-deprecated", [.warning], section: .validate, configurable: true,
        summary: "A client writes only a token the contract deprecates.",
        explanation:
            "the contract marks a token `deprecated` in favour of another, and a concrete target writes the old name only: livery gives the app both names meanwhile, but the old one goes when the contract removes it. Write the replacement (a client that writes neither is held to the replacement)"
    )
    public static let contractUneven = Rule(
        "contract-uneven", [.warning], section: .validate, configurable: true,
        summary: "Without a contract, some clients define a token others do not.",
        explanation:
            "the repository has no `targets/contract.json`, and a token is defined by some concrete targets and not by others, so an app that reads it fails for some clients: write a contract (`livery contract init`) or define the token for every client"
    )
    public static let identityDuplicate = Rule(
        "identity-duplicate", [.error], section: .validate,
        summary: "Two clients share a bundle id or an Android application id.",
        explanation:
            "two concrete targets have the same `app.bundleId` or the same Android application id (`app.androidPackage`, else the bundle id): the stores would take them for one app. Both files are named"
    )
    public static let displayNameDuplicate = Rule(
        "display-name-duplicate", [.warning], section: .validate, configurable: true,
        summary: "Two clients show the same name.",
        explanation: "two concrete targets have the same `app.displayName`, so their users cannot tell the apps apart on a home screen"
    )
    public static let theme = Rule(
        "theme", [.error], section: .validate,
        summary: "A theme does not extend a client.",
        explanation:
            "a target with `\"theme\": true` is another look of the client it extends, with that client's identity: it must extend a concrete target (a client), not nothing or an abstract one"
    )
}
