import LiveryCore
import LiveryJSON
import LiveryStyle

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
        out += "\n        /** The Android application id: app.androidPackage, else bundleId when Android accepts it; empty when neither. */\n        const val applicationId = "
        out.append(KotlinLiteral.string(style.app.applicationId ?? ""))
        out += "\n    }\n"
    }

    /// `LiveryTheme.Colors`: every colour token with its resource name.
    static func appendColors(_ style: ResolvedStyle, names: KotlinNames, to out: inout TextBuffer) {
        out += "    object Colors {\n"
        for name in style.colors.keys.sorted() {
            guard let token = style.colors[name] else { continue }
            out += "        @JvmField val "
            out.append(names[name])
            out += ": LiveryColor = "
            appendColor(token, resource: AndroidNaming.resourceName(name), to: &out)
            out += "\n"
        }
        out += "    }\n"
    }

    /// `LiveryTheme.Palettes`: an object per palette, a colour constant per shade.
    static func appendPalettes(_ style: ResolvedStyle, to out: inout TextBuffer) {
        out += "    object Palettes {\n"
        let palettes = KotlinNames.objects(style.palettes.keys)
        for name in style.palettes.keys.sorted() {
            guard let shades = style.palettes[name] else { continue }
            out += "        object "
            out.append(palettes[name])
            out += " {\n"
            let shadeNames = KotlinNames.properties(shades.keys)
            for shade in shades.keys.sorted() {
                guard let color = shades[shade] else { continue }
                out += "            const val "
                out.append(shadeNames[shade])
                out += " = "
                KotlinLiteral.appendARGB(color, to: &out)
                out += "\n"
            }
            out += "        }\n"
        }
        out += "    }\n"
    }

    /// `LiveryTheme.Fonts`: every font token with the file it loads.
    static func appendFonts(_ style: ResolvedStyle, names: KotlinNames, files: [AndroidTypography.FontFile], to out: inout TextBuffer) {
        out += "    object Fonts {\n"
        for name in style.fonts.keys.sorted() {
            guard let font = style.fonts[name] else { continue }
            out += "        @JvmField val "
            out.append(names[name])
            out += ": LiveryFont = "
            out.append(fontLiteral(font, files: files))
            out += "\n"
        }
        out += "    }\n"
    }

    /// `LiveryTheme.Dimensions`: lengths as Float constants.
    static func appendDimensions(_ style: ResolvedStyle, to out: inout TextBuffer) {
        out += "    /** Lengths in dp; unitless values such as aspect ratios as they are. */\n    object Dimensions {\n"
        let names = KotlinNames.properties(style.dimensions.keys)
        for name in style.dimensions.keys.sorted() {
            guard let value = style.dimensions[name] else { continue }
            out += "        "
            appendConstant(names[name], KotlinLiteral.float(value), to: &out)
            out += "\n"
        }
        out += "    }\n"
    }

    /// `LiveryTheme.Animations`: an object per animation, its timings in whole milliseconds.
    static func appendAnimations(_ style: ResolvedStyle, to out: inout TextBuffer) {
        out += "    /** Durations in milliseconds. */\n    object Animations {\n"
        let animations = KotlinNames.objects(style.animations.keys)
        for name in style.animations.keys.sorted() {
            guard let timings = style.animations[name] else { continue }
            out += "        object "
            out.append(animations[name])
            out += " {\n"
            let timingNames = KotlinNames.properties(timings.keys)
            for timing in timings.keys.sorted() {
                guard let seconds = timings[timing] else { continue }
                out += "            "
                appendConstant(timingNames[timing], KotlinLiteral.long(Int64(Milliseconds.whole(seconds))), to: &out)
                out += "\n"
            }
            out += "        }\n"
        }
        out += "    }\n"
    }

    /// `LiveryTheme.Images`: the drawable resource name of every image.
    static func appendImages(_ style: ResolvedStyle, to out: inout TextBuffer) {
        out += "    /** Drawable resource names. */\n    object Images {\n"
        let names = KotlinNames.properties(style.images.keys)
        for name in style.images.keys.sorted() {
            out += "        "
            appendConstant(names[name], KotlinLiteral.string(AndroidNaming.resourceName(name)), to: &out)
            out += "\n"
        }
        out += "    }\n"
    }

    /// `LiveryTheme.Flags`: booleans, numbers and strings; a flag of another kind is left out.
    static func appendFlags(_ style: ResolvedStyle, to out: inout TextBuffer) {
        out += "    object Flags {\n"
        let names = KotlinNames.properties(style.flags.keys)
        for name in style.flags.keys.sorted() {
            guard let value = style.flags[name], let literal = flagLiteral(value) else { continue }
            out += "        "
            appendConstant(names[name], literal, to: &out)
            out += "\n"
        }
        out += "    }\n"
    }

    /// A flag's Kotlin literal: an integer as a Long, any other number as a Double.
    static func flagLiteral(_ value: JSONValue) -> String? {
        switch value {
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number):
            if let integer = KotlinLiteral.integer(number.literal) { KotlinLiteral.long(integer) } else { KotlinLiteral.double(number.doubleValue) }
        case .string(let text): KotlinLiteral.string(text)
        default: nil
        }
    }
}
