package dev.livery.runtime.android

// Android-only conveniences: Compose and View helpers over the JVM library.
// Left out of the JVM build (scripts/testing/test-kotlin-runtime), as the SwiftUI file
// is on Linux; everything here calls tested library API (StyleStore.addListener,
// StyleStore.style, ColorToken.resolved, Rgba.argb, FontWeight.numeric,
// FontToken.resourceName).

import android.content.Context
import android.content.res.Configuration
import androidx.compose.foundation.isSystemInDarkTheme
import androidx.compose.runtime.Composable
import androidx.compose.runtime.CompositionLocalProvider
import androidx.compose.runtime.DisposableEffect
import androidx.compose.runtime.ReadOnlyComposable
import androidx.compose.runtime.getValue
import androidx.compose.runtime.mutableStateOf
import androidx.compose.runtime.remember
import androidx.compose.runtime.setValue
import androidx.compose.runtime.staticCompositionLocalOf
import androidx.compose.ui.graphics.Color
import androidx.compose.ui.text.font.Font
import androidx.compose.ui.text.font.FontFamily
import androidx.compose.ui.unit.Dp
import androidx.compose.ui.unit.dp
import dev.livery.runtime.ColorToken
import dev.livery.runtime.FontWeight
import dev.livery.runtime.LiveryStyle
import dev.livery.runtime.Rgba
import dev.livery.runtime.StyleStore

/** The current style in a composition; [LiveryTheme] provides it. */
val LocalLiveryStyle = staticCompositionLocalOf<LiveryStyle?> { null }

/**
 * Provides [store]'s style to [content] and recomposes it whenever the style
 * changes (an update applied, a theme selected). The store's listener
 * executor must be the main thread's (`ContextCompat.getMainExecutor(context)`).
 */
@Composable
fun LiveryTheme(store: StyleStore, content: @Composable () -> Unit) {
    var style by remember(store) { mutableStateOf(store.style) }
    DisposableEffect(store) {
        val listener = store.addListener { style = it }
        // A change between the first read and the listener's registration is not lost.
        style = store.style
        onDispose { listener.close() }
    }
    CompositionLocalProvider(LocalLiveryStyle provides style, content = content)
}

/** This colour for Compose. */
fun Rgba.toColor(): Color = Color(argb)

/** The token's colour in the system's current appearance, with increased contrast when asked. */
@Composable
@ReadOnlyComposable
fun ColorToken.color(highContrast: Boolean = false): Color = Color(resolved(isSystemInDarkTheme(), highContrast).argb)

/** A dimension of the style in dp (livery's points are dp on Android), or null when the style has none. */
fun LiveryStyle.dp(name: String): Dp? = dimensions[name]?.let { it.toFloat().dp }

/** The weight for Compose text. */
fun FontWeight.toCompose(): androidx.compose.ui.text.font.FontWeight = androidx.compose.ui.text.font.FontWeight(numeric)

/**
 * The token's font for Compose: the bundled file from the bundle's `res/font/`, found by its
 * PostScript name ([LiveryStyle.FontToken.resourceName]), never by family; the default family
 * for a font without a file, or when the app was not built with the file.
 */
fun LiveryStyle.FontToken.fontFamily(context: Context): FontFamily {
    val resource = resourceName ?: return FontFamily.Default
    val id = context.resources.getIdentifier(resource, "font", context.packageName)
    return if (id != 0) FontFamily(Font(id, weight.toCompose())) else FontFamily.Default
}

/** Whether [context] shows the dark appearance, for Views: `token.resolved(context.isDark()).argb`. */
fun Context.isDark(): Boolean =
    (resources.configuration.uiMode and Configuration.UI_MODE_NIGHT_MASK) == Configuration.UI_MODE_NIGHT_YES

/** The token's `0xAARRGGBB` colour for a View in [context]'s appearance (`view.setBackgroundColor(…)`). */
fun ColorToken.argb(context: Context, highContrast: Boolean = false): Int = resolved(context.isDark(), highContrast).argb
