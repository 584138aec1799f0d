package dev.livery.runtime

import java.util.logging.Logger

/**
 * What the app knows of the install, which variant conditions and update
 * rollouts test (docs/variants.md). Leave out what it does not know: a
 * condition on an unknown input is false.
 */
data class VariantAudience(
    /** A stable id of this install, made once and kept (a UUID stored on first launch). */
    val installId: String,
    /** ISO 3166-1 alpha-2. */
    val country: String? = null,
    /** A BCP 47 tag, e.g. `Locale.getDefault().toLanguageTag()`. */
    val locale: String? = null,
    /** `android`, `ios`, `macos` or `web`. */
    val platform: String? = null,
    /** The app's version name. */
    val appVersion: String? = null
)

/** When a change reaches [StyleStore.style]. */
enum class VariantActivation {
    /** Every change shows at once (a window opening is seen when [StyleStore.reconsiderVariant] is called). */
    IMMEDIATELY,
    /** The style decided when the store was made stays until the next launch; updates are still applied and cached. */
    NEXT_LAUNCH
}

/** The style shown, its canonical bytes (what the app's generated `AppTheme` reads) and the variant it is, if any. */
internal class Presented(val style: LiveryStyle, val bytes: ByteArray, val choice: VariantChoice?)

internal object VariantPresenter {
    /** The style to show for [state]: its variant's when one holds and passes its checks, else the client's. */
    fun present(state: ThemeState, audience: VariantAudience?, now: UpdateTime, logger: Logger): Presented {
        val client = Presented(state.style, state.bytes, null)
        val set = state.variants ?: return client
        val who = audience ?: return client
        val context = VariantContext(who.installId, who.country, who.locale, who.platform, who.appVersion, now)
        val choice = set.choose(context) ?: return client
        return try {
            val document = set.style(choice.variant, state.document)
            Presented(LiveryStyle.decode(document), CanonicalJson.bytes(document), choice)
        } catch (problem: VariantProblem) {
            logger.warning("Refused variant \"${choice.variant}\"; showing the client's style: ${problem.problem}")
            client
        } catch (problem: LiveryStyleException) {
            logger.warning("Refused variant \"${choice.variant}\"; showing the client's style: ${problem.message}")
            client
        }
    }
}
