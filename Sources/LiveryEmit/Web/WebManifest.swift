import LiveryCore
import LiveryJSON
import LiveryTargets

/// `web/manifest.webmanifest`: the client as an installable web app. `name` and
/// `short_name` are the display name, `description` the tagline, `lang` and
/// `dir` the default locale's; `theme_color` is `colors.primary` and
/// `background_color` `colors.background` (light, without alpha), each left out
/// when the style has no such colour; `icons` are the app icon at 192 and 512
/// pixels, in `web/icons/`. Paths are relative to the manifest, which browsers
/// resolve against the manifest's own URL, so any page may link it.
enum WebManifest {
    static let path = "web/manifest.webmanifest"
    static let iconSides = [192, 512]

    static func files(for style: ResolvedStyle) -> [EmittedFile] {
        var members: [(String, JSONValue)] = []
        let name = style.app.displayName ?? style.id
        let locale = AppLocale(style.app.sourceLocale)
        members.append(("name", .string(name)))
        members.append(("short_name", .string(name)))
        if let tagline = style.app.tagline { members.append(("description", .string(tagline))) }
        members.append(("lang", .string(style.app.sourceLocale)))
        members.append(("dir", .string(locale?.isRightToLeft == true ? "rtl" : "ltr")))
        if let primary = style.colors["primary"] { members.append(("theme_color", .string(opaqueHex(primary.light)))) }
        if let background = style.colors["background"] { members.append(("background_color", .string(opaqueHex(background.light)))) }
        var files: [EmittedFile] = []
        if let icon = style.appIcon {
            members.append(
                (
                    "icons",
                    .makeArray(
                        iconSides.map { side in
                            .makeObject([
                                ("src", .string(iconPath(side))), ("sizes", .string("\(side)x\(side)")), ("type", .string("image/png")),
                            ])
                        })
                ))
            files = iconSides.map { EmittedFile(path: "web/" + iconPath($0), transforming: icon, .resizePNG(width: $0, height: $0)) }
        }
        return [EmittedFile(path: path, text: JSONWriter.write(.makeObject(members)))] + files
    }

    static func iconPath(_ side: Int) -> String { "icons/icon-\(side).png" }

    /// `#RRGGBB`: manifest colours are shown opaque.
    static func opaqueHex(_ color: RGBA) -> String {
        String(color.hex.prefix(7))
    }
}
