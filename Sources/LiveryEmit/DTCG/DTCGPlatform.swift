import LiveryJSON
import LiveryTargets

/// `dtcg/`: the resolved style as Design Tokens Community Group 2025.10 files,
/// for Style Dictionary, Terrazzo and other tools to build platforms livery
/// does not write. A resolver document with a `base` set and a `theme` modifier,
/// and a token file per set and context; references written in the style are
/// kept as `{group.token}` references. What DTCG has no type for (the app
/// identity, text and true/false flags and component properties, shapes other
/// than a rounded rectangle) is in `base.tokens.json`'s `$extensions["dev.livery"]`,
/// so `livery import dtcg` gives back the same resolved style.
public enum DTCGPlatform: PlatformEmitter {
    public static let name = "dtcg"
    public static let summary =
        "DTCG 2025.10 design tokens: a resolver with light, dark and high-contrast themes, for Style Dictionary or Terrazzo"
    public static let isDefault = false

    static let formatSchema = "https://www.designtokens.org/schemas/2025.10/format.json"
    static let resolverSchema = "https://www.designtokens.org/schemas/2025.10/resolver.json"
    static let baseFile = "base.tokens.json"
    static let resolverFile = "tokens.resolver.json"

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        let tokens = DTCGTokens(style: style)
        var files = [
            file(resolverFile, resolver(for: style)),
            EmittedFile(path: "dtcg/" + baseFile, bytes: tokens.base().bytes(schema: formatSchema)),
        ]
        for context in DTCGContext.allCases {
            files.append(EmittedFile(path: "dtcg/" + context.fileName, bytes: tokens.context(context).bytes(schema: formatSchema)))
        }
        return files
    }

    static func file(_ name: String, _ document: JSONValue) -> EmittedFile {
        var stream = JSONWriter.Stream()
        stream.value(document)
        return EmittedFile(path: "dtcg/\(name)", bytes: stream.finish())
    }

    /// The resolver: the base set first, then the theme, whose colours may refer
    /// to the base set's palettes and fonts (references resolve after merging).
    static func resolver(for style: ResolvedStyle) -> JSONValue {
        let title = style.app.displayName.map { "\($0) (\(style.id))" } ?? style.id
        let contexts = DTCGContext.allCases.map { context in
            (context.rawValue, JSONValue.makeArray([source(context.fileName)]))
        }
        return .makeObject([
            ("$schema", .string(resolverSchema)),
            ("name", .string(style.id)),
            ("version", .string("2025.10")),
            (
                "description",
                .string("\(title), written by livery. Choose a theme: \(DTCGContext.allCases.map(\.rawValue).joined(separator: ", ")).")
            ),
            (
                "sets",
                .makeObject([
                    (
                        "base",
                        .makeObject([
                            (
                                "description",
                                .string(
                                    "Palettes, dimensions, animations, fonts, component sizes and numeric flags: the same in every theme")
                            ),
                            ("sources", .makeArray([source(baseFile)])),
                        ])
                    )
                ])
            ),
            (
                "modifiers",
                .makeObject([
                    (
                        "theme",
                        .makeObject([
                            (
                                "description",
                                .string(
                                    "Colour appearance; a high-contrast theme without its own value for a colour uses the light or dark value"
                                )
                            ),
                            ("contexts", .makeObject(contexts)),
                            ("default", .string(DTCGContext.light.rawValue)),
                        ])
                    )
                ])
            ),
            (
                "resolutionOrder",
                .makeArray([
                    .makeObject([("$ref", .string("#/sets/base"))]),
                    .makeObject([("$ref", .string("#/modifiers/theme"))]),
                ])
            ),
        ])
    }

    static func source(_ fileName: String) -> JSONValue {
        .makeObject([("$ref", .string("./\(fileName)"))])
    }
}
