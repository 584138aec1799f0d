package dev.livery.runtime

import java.io.Closeable
import java.io.File
import java.io.IOException
import java.net.URL
import java.util.concurrent.Executor
import java.util.concurrent.TimeUnit
import java.util.logging.Level
import java.util.logging.Logger

/**
 * Holds an app's current style: the built-in one, or the result of the signed
 * updates applied to it since. The Android counterpart of LiveryRuntime's
 * `StyleStore`, with the same outcomes on the same updates.
 *
 * ```kotlin
 * val store = StyleStore(
 *     bundled = mapOf("acme" to assets.open("livery/style.json").readBytes()),
 *     selected = "acme",
 *     cache = File(filesDir, "livery"),
 *     trustedKeys = listOf("q6y…base64 of signing.pub…="),
 *     listenerExecutor = ContextCompat.getMainExecutor(context)
 * )
 * // On a background thread:
 * store.refresh(URL("https://cdn.example.com/livery"), timeoutMillis = 10_000)
 * ```
 *
 * Thread-safe: [apply], [select] and [refresh] may be called from any thread
 * ([refresh] blocks, so never on the main thread); each change replaces the
 * whole state at once, and listeners are told on [listenerExecutor] (the
 * app's main thread).
 *
 * @param bundled each theme's built-in style (a bundle's `style.json`) by theme id.
 * @param selected the theme to start with.
 * @param cache a directory for applied updates, created when needed; null keeps
 *   updates in memory only. On start a cached update is used only if it still
 *   verifies against the built-in style: a new built-in style (an app update)
 *   drops updates made for the old one.
 * @param trustedKeys base64 Ed25519 public keys (the `signing.pub` files) whose
 *   signatures are accepted. With keys, every update must be signed by one.
 * @param allowUnsigned accept unsigned updates when [trustedKeys] is empty (development only).
 * @param rules replace keys and forbidden keys; the built-in schema's by default.
 * @param clock milliseconds since 1970, which an update's `expires` and variants' date windows are compared with.
 * @param variants the bundle's `variants.json` of each theme that has variants.
 * @param audience what the app knows of the install, which variant conditions and
 *   update rollouts test; null shows no variant.
 * @param activation when a change reaches [style]: at once, or at the next launch.
 * @param trustRoot the root of trust the app is built with (`livery keys root create`): when given it
 *   decides which keys sign for each client in place of [trustedKeys], newer roots are walked to with
 *   [applyRoot] and [refresh], and a timestamp ([applyTimestamp]) keeps new updates fresh.
 * @throws StyleStoreException when a built-in style is not a valid resolved style, the trust root is not valid,
 *   or [selected] is not one of [bundled]'s themes.
 */
class StyleStore @Throws(StyleStoreException::class) @JvmOverloads constructor(
    bundled: Map<String, ByteArray>,
    selected: String,
    cache: File?,
    trustedKeys: List<String>,
    private val listenerExecutor: Executor,
    allowUnsigned: Boolean = false,
    rules: MergeRules = MergeRules.BUILT_IN,
    private val clock: () -> Long = { System.currentTimeMillis() },
    private val logger: Logger = Logger.getLogger("dev.livery.runtime"),
    variants: Map<String, ByteArray> = emptyMap(),
    audience: VariantAudience? = null,
    private val activation: VariantActivation = VariantActivation.IMMEDIATELY,
    trustRoot: ByteArray? = null
) {
    /** Every theme's state and which is selected: one value, swapped whole. */
    private class Themes(val selected: String, val states: Map<String, ThemeState>) {
        val current: ThemeState get() = states.getValue(selected)
        fun with(theme: String, state: ThemeState) = Themes(selected, states + (theme to state))
    }

    private val lock = Any()
    @Volatile private var themes: Themes
    private val bundledStates: Map<String, ThemeState>
    private val verifier: UpdateVerifier
    private val updateCache: UpdateCache? = cache?.let(::UpdateCache)
    /** The roots of trust walked to, the timestamp held, and their cache. */
    private val trustKeeper: TrustKeeper
    private val listeners = java.util.concurrent.CopyOnWriteArrayList<(LiveryStyle) -> Unit>()
    private val variantListeners = java.util.concurrent.CopyOnWriteArrayList<(VariantChoice?) -> Unit>()
    @Volatile private var audience: VariantAudience? = audience
    /** What the app shows: the selected theme's style, or its active variant's. */
    @Volatile private var presented: Presented

    init {
        if (bundled.isEmpty()) throw StyleStoreException("no themes: pass at least one built-in style")
        // Checked before the cache is read, so a wrong id changes nothing on disk.
        if (selected !in bundled) {
            throw StyleStoreException("unknown theme \"$selected\"; the themes are ${bundled.keys.sorted().joinToString(", ")}")
        }
        val states = LinkedHashMap<String, ThemeState>()
        // In order, so the same bad input always reports the same theme.
        for (theme in bundled.keys.sorted()) {
            try {
                states[theme] = ThemeState.bundled(bundled.getValue(theme), variants[theme])
            } catch (error: LiveryStyleException) {
                throw StyleStoreException("the built-in style of theme \"$theme\" is not a valid resolved style: ${error.message}")
            }
        }
        val keys = trustedKeys.mapNotNull(TrustedKey.Companion::fromText)
        if (keys.size < trustedKeys.size) {
            logger.severe("Ignoring ${trustedKeys.size - keys.size} trusted keys that are not base64 of a 32-byte Ed25519 public key")
        }
        verifier = UpdateVerifier(keys, trustedKeys.isNotEmpty(), allowUnsigned, rules)
        trustKeeper = TrustKeeper(verifier, updateCache, logger)
        bundledStates = states
        val now = now()
        // Before the cached updates are checked again: they were signed under the newest root walked to.
        if (trustRoot != null) verifier.trust = trustKeeper.restore(trustRoot, now)
        val restored = LinkedHashMap<String, ThemeState>()
        for ((theme, state) in states) restored[theme] = restore(theme, state, now)
        themes = Themes(selected, restored)
        presented = VariantPresenter.present(themes.current, audience, now, logger)
    }

    /**
     * The style the app shows, typed: the selected theme's current style, or its
     * active variant's ([activeVariant]). With [VariantActivation.NEXT_LAUNCH],
     * the one decided when the store was made.
     */
    val style: LiveryStyle get() = presented.style

    /** The variant the app shows and its experiment; null for the client's style. */
    val activeVariant: VariantChoice? get() = presented.choice

    /**
     * Calls [listener] on the listener executor with the new choice whenever
     * [activeVariant] changes: send it to analytics. Returns a handle that removes it.
     */
    fun addVariantListener(listener: (VariantChoice?) -> Unit): Closeable {
        variantListeners.add(listener)
        return Closeable { variantListeners.remove(listener) }
    }

    /**
     * Decides again which variant the selected theme shows, for the current
     * time and audience: call it when the app comes to the foreground so a date
     * window that opened or closed is seen. With NEXT_LAUNCH, nothing changes.
     */
    fun reconsiderVariant() = reconsider(force = false)

    /** Replaces what the app knows of the install and decides again. */
    fun setAudience(audience: VariantAudience?) {
        this.audience = audience
        reconsider(force = false)
    }

    private fun reconsider(force: Boolean) {
        if (!force && activation == VariantActivation.NEXT_LAUNCH) return
        val before: Presented
        val after: Presented
        synchronized(lock) {
            before = presented
            after = VariantPresenter.present(themes.current, audience, now(), logger)
            presented = after
        }
        if (!after.bytes.contentEquals(before.bytes)) notify(after.style)
        if (after.choice != before.choice) for (listener in variantListeners) listenerExecutor.execute { listener(after.choice) }
    }

    /**
     * The canonical bytes of [style], what the app shows: the active variant over the applied updates
     * over the built-in style. The app's generated `AppTheme` reads these over [bundledDocument]
     * (`AppTheme(store.resolvedDocument, store.bundledDocument)`, made again in a listener), so typed
     * code sees the variant [activeVariant] reports; listeners are told whenever they change.
     */
    val resolvedDocument: ByteArray get() = presented.bytes.copyOf()

    /**
     * The current style's canonical bytes, whichever variant is shown ([resolvedDocument] is what is
     * shown): the bytes the CLI writes for the same revision, and the base of the next update.
     */
    val document: ByteArray get() = themes.current.bytes.copyOf()

    /** The SHA-256 (lower-case hex) of [document]: the `base` the next update must name. */
    val digest: String get() = themes.current.digest

    /**
     * The selected theme's built-in style, canonical bytes: what [document] is before any update, and
     * what a value the shown style lacks falls back to (the app's generated `AppTheme` reads it behind [resolvedDocument]).
     */
    val bundledDocument: ByteArray get() = (bundledStates[themes.selected] ?: themes.current).bytes.copyOf()

    /** The selected theme's id. */
    val selectedTheme: String get() = themes.selected

    /** Every theme's id, sorted. */
    val themeIds: List<String> get() = themes.states.keys.sorted()

    /** The current style of any theme, or null for an unknown id. */
    fun style(theme: String): LiveryStyle? = themes.states[theme]?.style

    /**
     * Calls [listener] on the listener executor with the new style after every
     * change of the style shown (an update applied, a theme selected, an expired
     * update dropped, another variant shown). Returns a handle that removes it.
     */
    fun addListener(listener: (LiveryStyle) -> Unit): Closeable {
        listeners.add(listener)
        return Closeable { listeners.remove(listener) }
    }

    /** Switches to another theme in one change; an unknown id throws and leaves the theme in place. */
    @Throws(StyleStoreException::class)
    fun select(theme: String) {
        synchronized(lock) {
            val current = themes
            if (theme !in current.states) {
                logger.warning("Refused to select an unknown theme \"$theme\"")
                throw StyleStoreException("unknown theme \"$theme\"; the themes are ${current.states.keys.sorted().joinToString(", ")}")
            }
            if (theme == current.selected) return
            themes = Themes(theme, current.states)
        }
        // Choosing a theme is the app's own act: shown at once, whatever the activation.
        reconsider(force = true)
    }

    /**
     * Applies a `livery-update/2` envelope to the selected theme. Never throws
     * and never leaves a half-applied style: the update is verified
     * (signature, base, sequence, expiry, forbidden keys, result digest, a
     * valid style) before anything changes, then the new style replaces the
     * old one at once and the update is cached.
     */
    fun apply(update: ByteArray): UpdateOutcome = apply(update, themes.selected)

    private fun apply(bytes: ByteArray, theme: String): UpdateOutcome {
        dropExpiredUpdates(theme)
        val outcome: UpdateOutcome
        var changed = false
        synchronized(lock) {
            val state = themes.states[theme] ?: return UpdateOutcome.Rejected(UpdateRejection.WrongBase)
            val verdict = verifier.evaluate(bytes, state, now(), audience?.installId)
            outcome = when (verdict) {
                is UpdateVerifier.Verdict.AlreadyCurrent -> UpdateOutcome.AlreadyCurrent
                is UpdateVerifier.Verdict.NotInRollout -> {
                    logger.info("A style update for theme \"$theme\" is not rolled out to this install yet")
                    UpdateOutcome.NotInRollout
                }
                is UpdateVerifier.Verdict.Rejected -> {
                    logger.warning("Rejected a style update for theme \"$theme\": ${verdict.reason}")
                    UpdateOutcome.Rejected(verdict.reason)
                }
                is UpdateVerifier.Verdict.Applied -> {
                    themes = themes.with(theme, verdict.state)
                    persist(verdict.state, theme)
                    logger.info("Applied a style update to theme \"$theme\": ${verdict.state.digest}")
                    changed = theme == themes.selected
                    UpdateOutcome.Applied(verdict.state.digest)
                }
            }
        }
        if (changed) reconsider(force = false)
        return outcome
    }

    /**
     * Fetches and applies the selected theme's next updates from a server laid
     * out as `livery diff --format update` writes them:
     * `<root>/<style id>/<current digest>.json`, where a 404 means up to date
     * (a `file:` root is a directory with the same layout). After an update is
     * applied the next one is fetched, until a 404, at most [MAXIMUM_REFRESH_STEPS].
     *
     * Each body is read as it arrives and abandoned as soon as it passes
     * [StyleUpdate.MAXIMUM_SIZE]; [timeoutMillis] is one deadline for the whole
     * refresh, the chain included, whatever the server does. Blocks: call it
     * on a background thread. Never throws; any failure leaves the style as it
     * was and is reported in the outcome.
     */
    @JvmOverloads
    fun refresh(root: URL, timeoutMillis: Long = 10_000): RefreshOutcome {
        val theme = selectedTheme
        val deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis)
        val timeoutText = "${timeoutMillis} ms"
        dropExpiredUpdates(theme)
        // Under a root of trust, the newest root and a fresh timestamp first: they decide what the updates may be.
        try {
            trustKeeper.refresh(root.toString().trimEnd('/'), deadline, timeoutText, ::applyRoot, ::applyTimestamp)?.let { return it }
        } catch (error: java.net.MalformedURLException) {
            return RefreshOutcome.Unavailable("$root is not a URL updates can be fetched from")
        }
        var applied: String? = null
        for (step in 0 until MAXIMUM_REFRESH_STEPS) {
            val state = themes.states[theme] ?: break
            val base = root.toString().trimEnd('/')
            val url = try {
                URL("$base/${encodePathSegment(state.style.id)}/${state.digest}.json")
            } catch (error: java.net.MalformedURLException) {
                return RefreshOutcome.Unavailable("$root is not a URL updates can be fetched from")
            }
            val response = try {
                BoundedFetch.fetch(url, StyleUpdate.MAXIMUM_SIZE, deadline, timeoutText)
            } catch (error: FetchException) {
                logger.warning("Could not fetch a style update for theme \"$theme\" from $url: ${error.message}")
                return applied?.let { RefreshOutcome.Updated(it) } ?: RefreshOutcome.Unavailable(error.message ?: "fetch failed")
            }
            val body = response as? FetchResult.Body ?: return applied?.let { RefreshOutcome.Updated(it) } ?: RefreshOutcome.UpToDate
            when (val outcome = apply(body.bytes, theme)) {
                is UpdateOutcome.Applied -> applied = outcome.digest
                is UpdateOutcome.AlreadyCurrent, is UpdateOutcome.NotInRollout ->
                    return applied?.let { RefreshOutcome.Updated(it) } ?: RefreshOutcome.UpToDate
                is UpdateOutcome.Rejected -> return applied?.let { RefreshOutcome.Updated(it) } ?: RefreshOutcome.Rejected(outcome.reason)
            }
        }
        return applied?.let { RefreshOutcome.Updated(it) } ?: RefreshOutcome.UpToDate
    }

    private fun now(): UpdateTime = UpdateTime(Math.floorDiv(clock(), 1000L))

    /** The version of the root of trust the store follows, or null without one. */
    val trustRootVersion: Long? get() = verifier.trust?.root?.version

    /**
     * Walks to the next root of trust (version N+1, signed by a threshold of the current root keys and of its
     * own). Keys it drops are revoked, and each theme's applied updates are checked again: one a revoked key
     * signed is dropped, and the style goes back to the last update before it.
     */
    fun applyRoot(bytes: ByteArray): UpdateOutcome {
        val changedThemes = ArrayList<String>()
        synchronized(lock) {
            trustKeeper.advance(bytes)?.let { return it }
            val time = now()
            for ((theme, state) in themes.states) {
                var kept = bundledStates[theme] ?: continue
                for (update in state.chain) {
                    kept = (verifier.evaluate(update, kept, time, audience?.installId) as? UpdateVerifier.Verdict.Applied)?.state ?: break
                }
                if (kept.chain.size == state.chain.size) continue
                kept = kept.remembering(state.sequence)
                themes = themes.with(theme, kept)
                persist(kept, theme)
                changedThemes.add(theme)
            }
        }
        if (themes.selected in changedThemes) reconsider(force = false)
        return UpdateOutcome.Applied(CanonicalJson.digest(bytes))
    }

    /** Takes a timestamp signed by the root's timestamp keys, not older than the one held and not expired. */
    fun applyTimestamp(bytes: ByteArray): UpdateOutcome = synchronized(lock) { trustKeeper.accept(bytes, now()) }

    private fun notify(style: LiveryStyle) {
        for (listener in listeners) listenerExecutor.execute { listener(style) }
    }

    private fun persist(state: ThemeState, theme: String) {
        val cache = updateCache ?: return
        try {
            cache.save(theme, state)
        } catch (error: IOException) {
            // The style is applied; only the next start falls back to an older one.
            logger.log(Level.SEVERE,
                "Could not cache a style update for theme \"$theme\": ${UpdateCache.writeSentence(error, cache.file(theme))}")
        }
    }

    /**
     * Drops the theme's applied updates that have expired (and those applied
     * after them, made on top of them), keeping the highest sequence applied so
     * the dropped update cannot come back.
     */
    private fun dropExpiredUpdates(theme: String) {
        var changed = false
        synchronized(lock) {
            val state = themes.states[theme] ?: return
            val bundledState = bundledStates[theme] ?: return
            val time = now()
            val first = state.chain.indexOfFirst { update -> update.expires?.let { it <= time } ?: false }
            if (first < 0) return
            var kept = bundledState
            for (update in state.chain.subList(0, first)) {
                val verdict = verifier.evaluate(update, kept, time, audience?.installId) as? UpdateVerifier.Verdict.Applied ?: break
                kept = verdict.state
            }
            kept = kept.remembering(state.sequence)
            themes = themes.with(theme, kept)
            persist(kept, theme)
            logger.info("Dropped an expired style update of theme \"$theme\"; the style went back to ${kept.digest}")
            changed = theme == themes.selected
        }
        if (changed) reconsider(force = false)
    }

    /** The built-in style with its cached updates applied again, each verified; what no longer verifies is dropped. */
    private fun restore(theme: String, bundled: ThemeState, now: UpdateTime): ThemeState {
        val cache = updateCache ?: return bundled
        val entry = try {
            cache.load(theme)
        } catch (error: IOException) {
            logger.warning("Dropped an unreadable style cache of theme \"$theme\": ${UpdateCache.readSentence(error, cache.file(theme))}")
            cache.remove(theme)
            return bundled
        } ?: return bundled
        if (entry.bundledDigest != bundled.bundledDigest) {
            logger.info("The built-in style of theme \"$theme\" changed; dropped cached updates made for the old one")
            cache.remove(theme)
            return bundled
        }
        var state = bundled
        for (update in entry.updates) {
            when (val verdict = verifier.evaluate(update, state, now, audience?.installId)) {
                is UpdateVerifier.Verdict.Applied -> state = verdict.state
                is UpdateVerifier.Verdict.AlreadyCurrent, is UpdateVerifier.Verdict.NotInRollout -> {}
                is UpdateVerifier.Verdict.Rejected -> {
                    logger.warning("Dropped a cached style update of theme \"$theme\": ${verdict.reason}")
                    // An expired update was genuine: its sequence still counts, so it cannot be replayed.
                    if (verdict.reason is UpdateRejection.Expired) state = state.remembering(entry.sequence)
                    try { cache.save(theme, state) } catch (ignored: IOException) {}
                    return state
                }
            }
        }
        return state.remembering(entry.sequence)
    }

    companion object {
        /** The most updates one refresh applies in a row. */
        const val MAXIMUM_REFRESH_STEPS = 16

        /** A style id as one URL path segment. */
        internal fun encodePathSegment(text: String): String =
            java.net.URLEncoder.encode(text, "UTF-8").replace("+", "%20")
    }
}

/** Why a store could not be created or a theme selected. */
class StyleStoreException(message: String) : Exception(message)
