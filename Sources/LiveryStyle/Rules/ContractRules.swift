// What the app's contract (`targets/contract.json`) and the identity shared across
// clients ask of a repository's concrete targets (docs/contract.md).
extension Rule {
    public static let contractFile = Rule(
        "contract-file", [.error], section: .validate,
        summary: "targets/contract.json is not a valid contract.",
        explanation: "`targets/contract.json` is not a contract as docs/contract.md describes it: an unknown section or key, a name style.json would refuse, a flag without a `type`, a requirement its section has not; nothing is checked against a contract that cannot be read"
    )
}
