// What `livery validate` checks in a repository: its targets, their styles and assets, and livery.json.
extension Rule {
    public static let noTargets = Rule(
        "no-targets", [.error], section: .validate,
        summary: "The repository has no targets.",
        explanation:
            "the repository (or revision) has no `targets/` directory, or `targets/` holds no target directory: start with `livery new <id> --template starter`, or write `targets/<id>/style.json`"
    )
    public static let jsonSyntax = Rule(
        "json-syntax", [.error], section: .validate,
        summary: "A file is not well-formed JSON.",
        explanation: "the file is not well-formed JSON (RFC 8259), or has a duplicated key"
    )
    public static let styleRoot = Rule(
        "style-root", [.error], section: .validate,
        summary: "A style.json does not hold one JSON object.",
        explanation: "a style.json must hold one JSON object"
    )
    public static let targetId = Rule(
        "target-id", [.error], section: .validate,
        summary: "A directory under targets/ is not a valid target id.",
        explanation:
            "a directory under `targets/` is not a valid id (`^[a-z0-9][a-z0-9-]{0,62}$`, and not a device name Windows reserves: `con`, `prn`, `aux`, `nul`, `com1`–`com9`, `lpt1`–`lpt9`)"
    )
    public static let strayFile = Rule(
        "stray-file", [.warning], section: .validate, configurable: true,
        summary: "A file directly under targets/ that livery does not read.",
        explanation: "a file directly under `targets/` other than `style.schema.json` and `contract.json`"
    )
    public static let missingStyle = Rule(
        "missing-style", [.error], section: .validate,
        summary: "A target directory has no style.json.",
        explanation: "a target directory without a style.json"
    )
    public static let read = Rule(
        "read", [.error], section: .validate,
        summary: "A style.json could not be read.",
        explanation: "a style.json could not be read from git or the working tree (the message says why)"
    )
    public static let extends = Rule(
        "extends", [.error], section: .validate,
        summary: "`extends` is not a string.",
        explanation: "`extends` is not a string"
    )
    public static let abstract = Rule(
        "abstract", [.error], section: .validate,
        summary: "`abstract` is not a boolean.",
        explanation: "`abstract` is not a boolean"
    )
    public static let extendsMissing = Rule(
        "extends-missing", [.error], section: .validate,
        summary: "`extends` names no target.",
        explanation: "`extends` names no target"
    )
    public static let extendsCycle = Rule(
        "extends-cycle", [.error], section: .validate,
        summary: "Targets extend each other in a cycle.",
        explanation: "targets extend each other in a cycle; every member is named"
    )
    public static let extendsDepth = Rule(
        "extends-depth", [.error], section: .validate,
        summary: "An `extends` chain is longer than livery follows.",
        explanation:
            "an `extends` chain holds more than 64 targets (the target and its ancestors), the most livery follows; reported once, at the `extends` of the target that passes the limit; the targets below it are not checked"
    )
    public static let abstractUnused = Rule(
        "abstract-unused", [.warning], section: .validate, configurable: true,
        summary: "An abstract target that no concrete target extends.",
        explanation:
            "an abstract target that no concrete target extends; not reported for a target in or under an `extends` cycle or a missing parent, whose `extends-cycle`/`extends-missing` error is the one thing to fix"
    )
    public static let schema = Rule(
        "schema", [.error], section: .validate,
        summary: "The merged style breaks the JSON Schema in force.",
        explanation:
            ##"the merged document breaks the JSON Schema in force. A value in the wrong form says what is expected (`` `colors.fg` = `"#12345"` is invalid, not a colour: use #RGB, #RRGGBB or #RRGGBBAA, e.g. #0B5FFF ``); an unknown key is reported at the key, with the nearest known one (`` unknown property `colour` (did you mean `colors`?) ``). A repository's own schema can word its messages with `x-livery-message` (see [style-format.md](style-format.md#messages))"##
    )
    public static let aliasSyntax = Rule(
        "alias-syntax", [.error], section: .validate,
        summary: "A `{…}` value is not a valid alias.",
        explanation: "a `{…}` value that is not `{group.name}` with a known group"
    )
    public static let aliasMissing = Rule(
        "alias-missing", [.error], section: .validate,
        summary: "An alias points at a token that does not exist.",
        explanation: "an alias points at a token that does not exist (with a suggestion)"
    )
    public static let aliasKind = Rule(
        "alias-kind", [.error], section: .validate,
        summary: "An alias points at a token of the wrong kind.",
        explanation: "an alias points at a token of the wrong kind (a dimension where a colour is needed)"
    )
    public static let aliasCycle = Rule(
        "alias-cycle", [.error], section: .validate,
        summary: "Aliases lead back to themselves.",
        explanation: "aliases that lead back to themselves; every token in the cycle is named"
    )
    public static let aliasDepth = Rule(
        "alias-depth", [.error], section: .validate,
        summary: "An alias chain is longer than livery follows.",
        explanation:
            "an alias chain (`{colors.a}` → `{colors.b}` → …) holds more than 64 tokens, the most livery follows, measured on the alias graph whatever order the keys are written in; reported once per target, at the token that starts the longest chain, and no token of a chain that long resolves"
    )
    public static let componentReference = Rule(
        "component-reference", [.error], section: .validate,
        summary: "A component property names a token that does not exist.",
        explanation: "a component property names a token that does not exist for its kind"
    )
    public static let component = Rule(
        "component", [.error], section: .validate,
        summary: "A component property is not a token name, an alias or a literal.",
        explanation: "a component property is not a token name, an alias or a literal (an object or array where a value belongs)"
    )
    public static let color = Rule(
        "color", [.error], section: .validate,
        summary: "A colour token that cannot be resolved.",
        explanation:
            #"a colour that cannot be read: not #RGB, #RRGGBB, #RRGGBBAA, `color(display-p3 R G B)`, `oklch(L C H)` or an alias, a component of a wide-gamut colour out of its range, or a `{"light", "dark"}` pair missing one of them"#
    )
    public static let font = Rule(
        "font", [.error], section: .validate,
        summary: "A font token that cannot be resolved.",
        explanation: "a font that is not an object with `family`, `size` (above 0) and `weight` (a known weight name), or an alias to one"
    )
    public static let dimension = Rule(
        "dimension", [.error], section: .validate,
        summary: "A dimension token that cannot be resolved.",
        explanation: "a `dimensions` token that is not a number or an alias to one"
    )
    public static let animation = Rule(
        "animation", [.error], section: .validate,
        summary: "An animation token that cannot be resolved.",
        explanation: "an `animations` token that is not a number or an alias to one"
    )
    public static let shape = Rule(
        "shape", [.error], section: .validate,
        summary: "A shape that cannot be resolved.",
        explanation: #"a shape that is not `"circle"`, `"capsule"`, `"rectangle"` or `{"roundedRectangle": {"cornerRadius": n}}`"#
    )
    public static let image = Rule(
        "image", [.error], section: .validate,
        summary: "An image token that cannot be resolved.",
        explanation: #"an image that is not a path or `{"light", "dark"}` paths"#
    )
    public static let palette = Rule(
        "palette", [.error], section: .validate,
        summary: "A palette entry that cannot be resolved.",
        explanation: "a palette entry that is not a colour such as `#11A4D6`"
    )
    public static let assetMissing = Rule(
        "asset-missing", [.error], section: .validate,
        summary: "A referenced file exists in neither the target nor its ancestors.",
        explanation: "a referenced file exists in neither the target nor its ancestors"
    )
    public static let assetType = Rule(
        "asset-type", [.error], section: .validate,
        summary: "A file's content is not what its extension says.",
        explanation: "a file's content is not what its extension says (sniffed from its bytes)"
    )
    public static let assetDamaged = Rule(
        "asset-damaged", [.error], section: .validate,
        summary: "A PNG or JPEG that is not whole.",
        explanation:
            "a PNG or JPEG that is not whole: cut short, a PNG chunk whose CRC does not match, no image data, no end marker. Every PNG's chunks and every JPEG's segments are read to the end, so a file the sniffer would take for an image by its header is caught here, not when a build or a platform's tools decode it. `livery validate` also decodes the app icon, which a build decodes to make Android's launcher icons; an icon that fails to decode is reported at the `appIcon` that names it, by validate and by build. validate decodes each icon once: the blob ids of icons that decoded are kept in `<cache>/<repository>-<hash>/decoded-app-icons`, next to `diff`'s cache ([diff.md](diff.md); `LIVERY_NO_CACHE=1` turns it off), as a build scales each icon once into its icon cache; an icon that fails is decoded and reported in every run"
    )
    public static let svgActiveContent = Rule(
        "svg-active-content", [.error], section: .validate,
        summary: "An SVG that carries script or reaches outside itself.",
        explanation:
            "an SVG image holding a `<script>` element, a `<foreignObject>`, an event attribute (`onload`, `onclick`, any `on…`) or a reference outside the file (`href`, `xlink:href` or `src` to anything but `#id` or an inline non-SVG `data:image/…`). livery copies SVGs as they are into the web bundle and the gallery, where a browser opening one from the same origin would run it, so such a file is refused; the message names the first such thing at its line and column in the SVG (`logo.svg:3:5`). Remove it (a picture needs none of these) or export the SVG again as a plain picture"
    )
    public static let assetLfs = Rule(
        "asset-lfs", [.error], section: .validate,
        summary: "A Git LFS pointer was committed in place of the file.",
        explanation: "a Git LFS pointer was committed in place of the file"
    )
    public static let assetSize = Rule(
        "asset-size", [.error], section: .validate,
        summary: "A referenced file is larger than maxAssetBytes.",
        explanation:
            "a referenced file (or its `@2x`/`@3x` variant) is larger than `maxAssetBytes` (32 MiB unless livery.json says otherwise); its size is read from the object header, so the file is never loaded"
    )
    public static let fileSize = Rule(
        "file-size", [.error], section: .validate,
        summary: "A style.json is larger than maxStyleBytes.",
        explanation:
            "a style.json is larger than `maxStyleBytes` (1 MiB unless livery.json says otherwise; livery.json may raise it to at most 16 MiB)"
    )
    public static let assetScale = Rule(
        "asset-scale", [.error], section: .validate,
        summary: "An @2x or @3x image is not exactly 2× or 3× the base size.",
        explanation: "`name@2x` / `name@3x` is not exactly 2× / 3× the pixel size of `name`"
    )
    public static let appIcon = Rule(
        "app-icon", [.error], section: .validate,
        summary: "The app icon is not a 1024×1024 PNG without alpha.",
        explanation: "the app icon is not a 1024×1024 PNG without alpha"
    )
    public static let fontFile = Rule(
        "font-file", [.error], section: .validate,
        summary: "A font file that no platform could load.",
        explanation:
            "a font file that no platform could load, found by reading its tables rather than its first bytes (see [Font files](#font-files)); reported at the style's `file`"
    )
    public static let fontFamily = Rule(
        "font-family", [.warning], section: .validate, configurable: true,
        summary: "A font's family is not a family its file names.",
        explanation:
            #"a font's `family` is not a family its file names (`name` IDs 16 or 1); the message gives the file's family as the fix (`did you mean "Liberation Serif"?`) and its PostScript name"#
    )
    public static let fontWeight = Rule(
        "font-weight", [.warning], section: .validate, configurable: true,
        summary: "A font's weight is not the weight its file draws.",
        explanation:
            "a font's `weight` is not the weight its file draws (`OS/2` weight class, or outside a variable font's `wght` axis); the message names the file's weight and the nearest weight name"
    )
    public static let contrast = Rule(
        "contrast", [.warning], section: .validate, configurable: true,
        summary:
            "A component's text colour on its background is below contrastMinimum, or a colour pair of the app's contract below its target.",
        explanation:
            "a component's text colour on its background is below `contrastMinimum` (WCAG 2), in light, dark or high contrast, or a pair the app's contract draws (`on`, or `onX` over `X`) is below its target in light or dark (`contrastMinimum` for text, 3:1 for large text and non-text); a colour in Display P3 or OKLCH is measured on its own components in linear light and named as written. The message names the nearest passing value of the same hue (`the nearest passing colors.primary of the same hue is #007FAF (4.51:1)`), which `--format json` gives as `fix` and SARIF as `fixes`. A component's is reported at the colour that causes it when that colour is written in a more derived file than the component (a client's own `primary` under `base`'s button: ``…; caused by `colors.primary` as set here``), with the component as related information (a `note:` line, SARIF `relatedLocations`); otherwise at the component's text colour; a pair's at its text colour"
    )
    public static let highContrast = Rule(
        "high-contrast", [.warning], section: .validate, configurable: true,
        summary: "A colour pair of the app's contract is below its high-contrast target.",
        explanation:
            "a pair the app's contract draws (`on`, or `onX` over `X`) is below WCAG 2 AAA in high contrast (7:1 for text, 4.5:1 for large text and non-text): with the values the client wrote for it, or, where livery derives them, because no lightness of the two colours' hues reaches it (the message gives the best ratio reachable); write `highContrastLight` / `highContrastDark` for them"
    )
    public static let distinctColors = Rule(
        "distinct-colors", [.warning], section: .validate, configurable: true,
        summary: "Two colours of a distinct set of the app's contract look alike to a colour-blind eye.",
        explanation:
            "two colours of a set the app's contract marks `distinct` are closer than the set's `minimumDistance` (CIEDE2000, 10 unless written) as protanopia or deuteranopia (Machado et al. 2009, full severity) or tritanopia (Brettel et al. 1997) sees them, in light, dark or high contrast (derived values included); the message names both colours, the deficiency, the appearances, the distance and the two simulated colours, and is reported at the first colour's value with the second as related information"
    )
    public static let touchTarget = Rule(
        "touch-target", [.warning], section: .validate, configurable: true,
        summary: "A component the app's contract marks interactive is smaller than a finger can hit.",
        explanation:
            "a component the app's contract marks `interactive` is under 44×44 pt (iOS) or 48×48 dp (Android): its height from its `height` or `size` (at least its `minHeight`), else its `padding` around a line of its `font`; its width from its `width`, `size` or `minWidth`; reported at the property that gives the size, with a fix raising a number written there (or in the dimension token it names) to 48"
    )
    public static let textSize = Rule(
        "text-size", [.warning], section: .validate, configurable: true,
        summary: "Body text is smaller than 11 pt on iOS or 12 sp on Android.",
        explanation:
            "a body font (`body`, and `body` followed by an upper-case letter or digit: `bodyLarge`, `body2`) of a repository with a contract is under 11 pt (iOS) or 12 sp (Android); reported at its `size`, with a fix raising it to 12"
    )
    public static let unsafePath = Rule(
        "unsafe-path", [.error], section: .validate,
        summary: "An unsafe path inside a target (symlink, submodule, .., .git, case collision).",
        explanation: "a symlink, submodule, `..`, `.git`, non-UTF-8 name or case collision inside a target"
    )
    public static let controlCharacter = Rule(
        "control-character", [.error], section: .validate,
        summary: "A string or key holds a character no output file can carry.",
        explanation:
            "a string or key holds a character no output file can carry: a control character (U+0000–U+001F, U+007F) or U+FFFE/U+FFFF anywhere (line feeds and tabs are allowed in flag and component strings), or a line or paragraph separator (U+2028, U+2029) in `app` values, or a bidirectional control (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) anywhere"
    )
    public static let textLength = Rule(
        "text-length", [.error], section: .validate,
        summary: "A string or key is longer than livery writes into generated sources.",
        explanation:
            "a string or key is longer than 4,096 characters (Unicode scalar values), or `app.bundleId` longer than 155, whatever the repository's schema says: see [Text](#text)"
    )
    public static let numberRange = Rule(
        "number-range", [.error], section: .validate,
        summary: "A number no output can hold.",
        explanation:
            "a number no output can hold: beyond ±3.4e38 (the largest 32-bit float, which Android's `dimens.xml` and Compose use), such as `1e999`, which would otherwise become `inf` in style.json and Theme.swift; reported wherever the number is, at the file that wrote it"
    )
    public static let config = Rule(
        "config", [.error, .warning], section: .validate,
        summary: "A wrong value or unknown key in livery.json.",
        explanation: "a wrong value (error) or unknown key (warning) in livery.json"
    )
}
