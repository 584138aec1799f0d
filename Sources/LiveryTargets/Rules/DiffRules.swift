// What `livery diff` (and `livery gallery`) report besides the validation rules.
extension Rule {
    public static let merge = Rule(
        "merge", [.error], section: .diff,
        summary: "A target's style could not be merged with its ancestors.",
        explanation: "a target's style could not be merged with its ancestors on one side"
    )
    public static let target = Rule(
        "target", [.error], section: .diff,
        summary: "A target named on one side of a diff is not there.",
        explanation: "a target named on one side is not there"
    )
}
