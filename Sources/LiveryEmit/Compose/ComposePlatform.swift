import LiveryCore
import LiveryTargets

/// `android/kotlin/dev/livery/theme/LiveryComposeTheme.kt`: a Jetpack Compose
/// Material 3 theme over `LiveryTheme.kt`. Kept small on purpose: it cannot be
/// compiled without the Android SDK, so it only maps tokens onto Material roles.
public enum ComposePlatform: PlatformEmitter {
    public static let name = "compose"
    public static let summary = "Jetpack Compose Material 3 theme over LiveryTheme.kt (LiveryComposeTheme.kt)"
    public static let isDefault = false
    public static let requires = ["android"]

    public static let path = KotlinTheme.directory + "/LiveryComposeTheme.kt"

    /// Material 3 colour roles (the parameters of `lightColorScheme` and
    /// `darkColorScheme`) and the colour tokens that fill them, first match
    /// wins: a token named after the role, then livery's usual names.
    public static let colorRoles: [(role: String, tokens: [String])] = [
        ("primary", ["primary"]), ("onPrimary", ["onPrimary"]),
        ("primaryContainer", ["primaryContainer"]), ("onPrimaryContainer", ["onPrimaryContainer"]),
        ("inversePrimary", ["inversePrimary"]),
        ("secondary", ["secondary", "accent"]), ("onSecondary", ["onSecondary", "onAccent"]),
        ("secondaryContainer", ["secondaryContainer"]), ("onSecondaryContainer", ["onSecondaryContainer"]),
        ("tertiary", ["tertiary"]), ("onTertiary", ["onTertiary"]),
        ("tertiaryContainer", ["tertiaryContainer"]), ("onTertiaryContainer", ["onTertiaryContainer"]),
        ("background", ["background"]), ("onBackground", ["onBackground", "foreground"]),
        ("surface", ["surface"]), ("onSurface", ["onSurface", "foreground"]),
        ("surfaceVariant", ["surfaceVariant"]), ("onSurfaceVariant", ["onSurfaceVariant", "secondaryText"]),
        ("surfaceTint", ["surfaceTint"]),
        ("inverseSurface", ["inverseSurface"]), ("inverseOnSurface", ["inverseOnSurface"]),
        ("error", ["error"]), ("onError", ["onError"]),
        ("errorContainer", ["errorContainer"]), ("onErrorContainer", ["onErrorContainer"]),
        ("outline", ["outline", "separator"]), ("outlineVariant", ["outlineVariant", "separator"]),
        ("scrim", ["scrim"]),
    ]

    /// Material 3 type scale slots (the parameters of `Typography`) and the font
    /// tokens that fill them, first match wins.
    public static let typeRoles: [(role: String, tokens: [String])] = [
        ("displayLarge", ["displayLarge", "display", "largeTitle"]),
        ("displayMedium", ["displayMedium"]), ("displaySmall", ["displaySmall"]),
        ("headlineLarge", ["headlineLarge"]), ("headlineMedium", ["headlineMedium"]), ("headlineSmall", ["headlineSmall"]),
        ("titleLarge", ["titleLarge", "title"]), ("titleMedium", ["titleMedium", "headline"]), ("titleSmall", ["titleSmall"]),
        ("bodyLarge", ["bodyLarge", "body"]), ("bodyMedium", ["bodyMedium", "callout", "subheadline"]),
        ("bodySmall", ["bodySmall", "caption", "footnote"]),
        ("labelLarge", ["labelLarge", "button", "label"]), ("labelMedium", ["labelMedium"]),
        ("labelSmall", ["labelSmall", "caption2"]),
    ]

    public static func files(for style: ResolvedStyle) -> [EmittedFile] {
        let colors = KotlinTheme.colorNames(style)
        let fonts = KotlinTheme.fontNames(style)
        let colorArguments = colorRoles.compactMap { role, tokens in
            tokens.first { style.colors[$0] != nil }.map { "\(role) = c(LiveryTheme.Colors.\(colors[$0]))" }
        }
        let typeArguments = typeRoles.compactMap { role, tokens in
            tokens.first { style.fonts[$0] != nil }.map { "\(role) = style(LiveryTheme.Fonts.\(fonts[$0]))" }
        }
        // A style with a colour beyond sRGB builds those colours in Display P3; an sRGB-only style's file is as it always was.
        let wide = WideColor.isUsed(in: style)
        let colorFunction =
            wide
            ? "fun c(color: LiveryColor): Color = color.displayP3(darkTheme, highContrast)?.let { Color(it.red, it.green, it.blue, it.alpha, ColorSpaces.DisplayP3) }\n        ?: Color(color.argb(darkTheme, highContrast))"
            : "fun c(color: LiveryColor): Color = Color(color.argb(darkTheme, highContrast))"
        var out = KotlinTheme.header(style.id)
        out += """
            import android.annotation.SuppressLint
            import android.content.Context
            import androidx.compose.foundation.isSystemInDarkTheme
            import androidx.compose.material3.ColorScheme
            import androidx.compose.material3.MaterialTheme
            import androidx.compose.material3.Typography
            import androidx.compose.material3.darkColorScheme
            import androidx.compose.material3.lightColorScheme
            import androidx.compose.runtime.Composable
            import androidx.compose.runtime.remember
            import androidx.compose.ui.graphics.Color\(wide ? "\nimport androidx.compose.ui.graphics.colorspace.ColorSpaces" : "")
            import androidx.compose.ui.platform.LocalContext
            import androidx.compose.ui.text.TextStyle
            import androidx.compose.ui.text.font.Font
            import androidx.compose.ui.text.font.FontFamily
            import androidx.compose.ui.text.font.FontStyle
            import androidx.compose.ui.text.font.FontWeight
            import androidx.compose.ui.unit.sp

            /** Material 3 with this client's colours and type scale. */
            @Composable
            fun LiveryComposeTheme(
                darkTheme: Boolean = isSystemInDarkTheme(),
                highContrast: Boolean = false,
                content: @Composable () -> Unit
            ) {
                val context = LocalContext.current
                val typography = remember(context) { liveryTypography(context) }
                MaterialTheme(colorScheme = liveryColorScheme(darkTheme, highContrast), typography = typography, content = content)
            }

            /** The colour scheme for an appearance; roles without a token keep Material's defaults. */
            fun liveryColorScheme(darkTheme: Boolean, highContrast: Boolean = false): ColorScheme {
                \(colorFunction)
                return if (darkTheme) {
                    darkColorScheme(\(arguments(colorArguments, indent: 8))
                } else {
                    lightColorScheme(\(arguments(colorArguments, indent: 8))
                }
            }

            /** The type scale, in the bundled fonts of res/font/ (looked up by name: the R class is the app's). */
            @SuppressLint("DiscouragedApi")
            fun liveryTypography(context: Context): Typography {
                fun style(font: LiveryFont): TextStyle {
                    val id = font.resource?.let { context.resources.getIdentifier(it, "font", context.packageName) } ?: 0
                    // The file is declared with the weight and slant it draws, so Compose does not synthesise them again.
                    val family = if (id != 0) FontFamily(Font(id, FontWeight(font.fileWeight), if (font.italic) FontStyle.Italic else FontStyle.Normal)) else FontFamily.Default
                    return TextStyle(fontFamily = family, fontSize = font.sizeSp.sp, fontWeight = FontWeight(font.weight))
                }
                return Typography(\(arguments(typeArguments, indent: 4))
            }

            """
        return [EmittedFile(path: path, text: out)]
    }

    /// Named arguments one per line, closed with `)`; Kotlin 1.3 allows no trailing comma.
    static func arguments(_ list: [String], indent: Int) -> String {
        if list.isEmpty { return ")" }
        let close = String(repeating: " ", count: indent)
        return "\n" + list.map { close + "    " + $0 }.joined(separator: ",\n") + "\n" + close + ")"
    }
}
