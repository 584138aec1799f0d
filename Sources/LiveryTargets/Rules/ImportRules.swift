// What `livery import dtcg` reports in the design-token files it reads.
extension Rule {
    public static let dtcgInput = Rule(
        "dtcg-input", [.error], section: .importDTCG,
        summary: "The files given are not one resolver alone or one or more token files.",
        explanation: "the files given are not one `*.resolver.json` alone or one or more token files (a resolver names its own token files)"
    )
    public static let dtcgFile = Rule(
        "dtcg-file", [.error], section: .importDTCG,
        summary: "A DTCG file does not exist or cannot be read.",
        explanation: "a file named on the command line or by a `$ref` does not exist or cannot be read"
    )
    public static let dtcgRefOutside = Rule(
        "dtcg-ref-outside", [.error], section: .importDTCG,
        summary: "A $ref leads out of the resolver's directory.",
        explanation:
            "a `$ref` (or a link) leads out of the resolver's directory, or names an absolute path or URL; livery reads only files under that directory"
    )
    public static let dtcgJson = Rule(
        "dtcg-json", [.error], section: .importDTCG,
        summary: "A DTCG file is not well-formed JSON.",
        explanation: "a file is not well-formed JSON, or has a duplicated key"
    )
    public static let dtcgResolver = Rule(
        "dtcg-resolver", [.error], section: .importDTCG,
        summary: "The resolver document is malformed.",
        explanation:
            "the resolver document is malformed: no `resolutionOrder`, a modifier without contexts, a bad `default`, an inline entry without `name` or `type`"
    )
    public static let dtcgReference = Rule(
        "dtcg-reference", [.error], section: .importDTCG,
        summary: "A DTCG reference names nothing.",
        explanation:
            "a reference names nothing: `{a.b}` names no token, or a JSON pointer (`#/sets/x`, `#/a/b/$value`) points to nothing (with the nearest name)"
    )
    public static let dtcgCycle = Rule(
        "dtcg-cycle", [.error], section: .importDTCG,
        summary: "DTCG references, $extends or sets lead back to themselves.",
        explanation: "references, `$extends` or sets that lead back to themselves; every member is named"
    )
    public static let dtcgType = Rule(
        "dtcg-type", [.error], section: .importDTCG,
        summary: "A $type that is not a type name, or a reference across types.",
        explanation: "`$type` is not a type name, or a reference joins tokens of different types (a `dimension` naming a `color`)"
    )
    public static let dtcgStructure = Rule(
        "dtcg-structure", [.error, .warning], section: .importDTCG,
        summary: "A DTCG node that is both a token and a group, or neither.",
        explanation:
            "a node that is both a token and a group, or a root that is a token (error); a value that is neither a token nor a group (warning, ignored)"
    )
    public static let dtcgName = Rule(
        "dtcg-name", [.error], section: .importDTCG,
        summary: "A DTCG token or group name that cannot be used.",
        explanation: "a token or group name DTCG forbids (`{`, `}`, `.`), or a path that gives no livery name of at most 64 characters"
    )
    public static let dtcgNameCollision = Rule(
        "dtcg-name-collision", [.error], section: .importDTCG,
        summary: "Two DTCG token paths become the same livery name.",
        explanation: "two token paths become the same livery name (`color.text-hdr` and `color.textHdr`); both are named"
    )
    public static let dtcgValue = Rule(
        "dtcg-value", [.error], section: .importDTCG,
        summary: "A DTCG value that cannot be read as its type.",
        explanation:
            "a value that cannot be read as its type (a colour without components, a dimension without a unit); the message says what is expected"
    )
    public static let dtcgModifier = Rule(
        "dtcg-modifier", [.error], section: .importDTCG,
        summary: "An import option names a modifier, context or appearance that does not exist.",
        explanation:
            "`--brand`, `--theme`, `--map` or `--context` names a modifier, context or appearance that does not exist, or a modifier without a default needs `--context`"
    )
    public static let dtcgAssumed = Rule(
        "dtcg-assumed", [.warning], section: .importDTCG,
        summary: "Something read that DTCG 2025.10 writes otherwise, and what was assumed.",
        explanation:
            #"something was read that 2025.10 writes otherwise, and the warning says what was assumed: a hex string for a colour, `"16px"` for a dimension, a missing `$type` read from the value, rem at 16 px"#
    )
    public static let dtcgClipped = Rule(
        "dtcg-clipped", [.warning], section: .importDTCG,
        summary: "A colour outside the sRGB gamut, clipped.",
        explanation: "a colour outside the sRGB gamut (or a component outside 0…1), clipped to the nearest sRGB colour"
    )
    public static let dtcgThemeValue = Rule(
        "dtcg-theme-value", [.warning], section: .importDTCG,
        summary: "A value that differs by theme where livery has one value.",
        explanation:
            "a value that differs by theme where livery has one value (a dimension), or a colour missing from the light or dark theme; the light value is taken"
    )
    public static let dtcgOutOfRange = Rule(
        "dtcg-out-of-range", [.warning], section: .importDTCG,
        summary: "A value livery's schema refuses; the token is left out.",
        explanation: "a value livery's schema refuses (a negative length, a timing over 60 s, a font size of 0); the token is left out"
    )
    public static let dtcgComponentFont = Rule(
        "dtcg-component-font", [.warning], section: .importDTCG,
        summary: "A component property holds a whole typography value.",
        explanation: "a component property holds a whole typography value where livery names a font token; it is left out"
    )
    public static let dtcgFontFile = Rule(
        "dtcg-font-file", [.warning], section: .importDTCG,
        summary: "A font has no file.",
        explanation: "a font has no file (DTCG has none); `--fonts DIR` attaches files by family and weight"
    )
    public static let dtcgFontUnused = Rule(
        "dtcg-font-unused", [.warning], section: .importDTCG,
        summary: "A file in --fonts matches no imported font.",
        explanation: "a file in `--fonts DIR` matches no imported font"
    )
    public static let dtcgExact = Rule(
        "dtcg-exact", [.error], section: .importDTCG,
        summary: "A written target would not resolve to exactly the input's values.",
        explanation: "a target as it would be written would not resolve to exactly the input's values (a safeguard; please report it)"
    )
    public static let dtcgVersion = Rule(
        "dtcg-version", [.warning], section: .importDTCG,
        summary: "The resolver names a DTCG version other than 2025.10.",
        explanation: "the resolver names a `version` other than 2025.10; it is read as 2025.10"
    )
    public static let dtcgComponent = Rule(
        "dtcg-component", [.warning], section: .importDTCG,
        summary: "A component token livery cannot use as its property; it is left out.",
        explanation:
            "a component token of a type livery cannot use for its property (a colour where a length belongs, a negative length); it is left out"
    )
}

extension Rule {
    public static let dtcgContextSame = Rule(
        "dtcg-context-same", [.warning], section: .importDTCG,
        summary: "A context taken as a theme gives the same style as its client or another theme.",
        explanation:
            "a context named by `--context-as-theme` changes nothing over the client's style (or gives the same style as another context of that client), so no theme is written for it; skip it with `--skip-context`"
    )
}
