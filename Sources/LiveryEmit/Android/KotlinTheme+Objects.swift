import LiveryCore
import LiveryJSON
import LiveryTargets

/// The objects of `LiveryTheme` (LiveryTheme.kt), one method each, in the order the file
/// declares them. Each writes `    object <Name> {` … `    }` and its lines in name order.
extension KotlinTheme {
    /// `LiveryTheme.App`: the client's identity.
    static func appendApp(_ style: ResolvedStyle, to out: inout TextBuffer) {
        out += "    object App {\n        const val targetId = "
        out.append(KotlinLiteral.string(style.id))
        out += "\n        const val displayName = "
        out.append(KotlinLiteral.string(style.app.displayName ?? ""))
        out += "\n        const val bundleId = "
        out.append(KotlinLiteral.string(style.app.bundleId ?? ""))
        out +=
            "\n        /** The Android application id: app.androidPackage, else bundleId when Android accepts it; empty when neither. */\n        const val applicationId = "
        out.append(KotlinLiteral.string(style.app.applicationId ?? ""))
        out += "\n    }\n"
    }

    /// `LiveryTheme.Colors`: every colour token with its resource name.
    static func appendColors(_ style: ResolvedStyle, names: KotlinNames, to out: inout TextBuffer) {
        out.appendBlock("object ", "Colors", depth: 1, lines: style.colors) { name, token, out in
            out += "@JvmField val "
            out.append(names[name])
            out += ": LiveryColor = "
            appendColor(token, resource: AndroidNaming.resourceName(name), to: &out)
        }
    }

    /// `LiveryTheme.Palettes`: an object per palette, a colour constant per shade.
    static func appendPalettes(_ style: ResolvedStyle, to out: inout TextBuffer) {
        let palettes = KotlinNames.objects(style.palettes.keys)
        out.appendBlock("object ", "Palettes", depth: 1, blocks: style.palettes) { name, shades, out in
            let shadeNames = KotlinNames.properties(shades.keys)
            out.appendBlock("object ", palettes[name], depth: 2, lines: shades) { shade, color, out in
                out += "const val "
                out.append(shadeNames[shade])
                out += " = "
                KotlinLiteral.appendARGB(color, to: &out)
            }
        }
    }

    /// `LiveryTheme.Fonts`: every font token with the file it loads.
    static func appendFonts(_ style: ResolvedStyle, names: KotlinNames, files: [AndroidTypography.FontFile], to out: inout TextBuffer) {
        out.appendBlock("object ", "Fonts", depth: 1, lines: style.fonts) { name, font, out in
            out += "@JvmField val "
            out.append(names[name])
            out += ": LiveryFont = "
            out.append(fontLiteral(font, files: files))
        }
    }

    /// `LiveryTheme.Dimensions`: lengths as Float constants.
    static func appendDimensions(_ style: ResolvedStyle, to out: inout TextBuffer) {
        let names = KotlinNames.properties(style.dimensions.keys)
        let doc: StaticString = "/** Lengths in dp; unitless values such as aspect ratios as they are. */"
        out.appendBlock("object ", "Dimensions", doc: doc, depth: 1, lines: style.dimensions) { name, value, out in
            appendConstant(names[name], KotlinLiteral.float(value), to: &out)
        }
    }

    /// `LiveryTheme.Animations`: an object per animation, its timings in whole milliseconds.
    static func appendAnimations(_ style: ResolvedStyle, to out: inout TextBuffer) {
        let animations = KotlinNames.objects(style.animations.keys)
        let doc: StaticString = "/** Durations in milliseconds. */"
        out.appendBlock("object ", "Animations", doc: doc, depth: 1, blocks: style.animations) { name, timings, out in
            let timingNames = KotlinNames.properties(timings.keys)
            out.appendBlock("object ", animations[name], depth: 2, lines: timings) { timing, seconds, out in
                appendConstant(timingNames[timing], KotlinLiteral.long(Int64(Milliseconds.whole(seconds))), to: &out)
            }
        }
    }

    /// `LiveryTheme.Images`: the drawable resource name of every image.
    static func appendImages(_ style: ResolvedStyle, to out: inout TextBuffer) {
        let names = KotlinNames.properties(style.images.keys)
        out.appendBlock("object ", "Images", doc: "/** Drawable resource names. */", depth: 1, lines: style.images) { name, _, out in
            appendConstant(names[name], KotlinLiteral.string(AndroidNaming.resourceName(name)), to: &out)
        }
    }

    /// `LiveryTheme.Flags`: booleans, numbers and strings; a flag of another kind is left out.
    static func appendFlags(_ style: ResolvedStyle, to out: inout TextBuffer) {
        let names = KotlinNames.properties(style.flags.keys)
        out.appendBlock("object ", "Flags", depth: 1, lines: style.flags.compactMapValues(flagLiteral)) { name, literal, out in
            appendConstant(names[name], literal, to: &out)
        }
    }

    /// A flag's Kotlin literal: an integer as a Long, any other number as a Double.
    static func flagLiteral(_ value: JSONValue) -> String? {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            if let integer = KotlinLiteral.integer(number.literal) {
                KotlinLiteral.long(integer)
            } else {
                KotlinLiteral.double(number.doubleValue)
            }
        case .string(let text): KotlinLiteral.string(text)
        default: nil
        }
    }
}
