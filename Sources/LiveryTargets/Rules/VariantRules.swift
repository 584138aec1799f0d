// What `livery validate` checks of a client's variants (`targets/<id>/variants/<name>/`, docs/variants.md).
extension Rule {
    public static let variantFile = Rule(
        "variant-file", [.error], section: .validate,
        summary: "A variant's variant.json or style.json cannot be read.",
        explanation:
            "a variant directory without `variant.json` or `style.json`, a file that is not JSON, a `variant.json` that is not the condition language of docs/variants.md, or a directory name that is not a variant name (lower-case letters, digits, `-` and `_`)"
    )
    public static let variantForbidden = Rule(
        "variant-forbidden", [.error], section: .validate,
        summary: "A variant changes what only an app release may change.",
        explanation:
            "a variant's style differs from its client's where a remote update may not change it (the app's identity, the app icon, images, font files, free text): the app swaps a variant's style in without a release"
    )
    public static let variantUnreachable = Rule(
        "variant-unreachable", [.warning], section: .validate, configurable: true,
        summary: "No install can get a variant.",
        explanation:
            "a variant whose condition never holds (an empty `any`, `percent` 0, a date window whose `until` is not after `from`, crossed version bounds), or one tried after a variant whose condition always holds"
    )
    public static let variantExperiment = Rule(
        "variant-experiment", [.error], section: .validate,
        summary: "An experiment's arms do not add up.",
        explanation:
            "the weights of an experiment's arms (variants with the same `experiment.id`) do not sum to 100, or its arms give different coverages"
    )
}
