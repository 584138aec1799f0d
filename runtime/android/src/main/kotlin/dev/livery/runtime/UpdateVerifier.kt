package dev.livery.runtime

/**
 * One theme's current style: the built-in one with the updates applied
 * since. Immutable; the store swaps a whole new state in.
 */
internal class ThemeState(
    /** The digest of the built-in style: a cache made for another one is dropped. */
    val bundledDigest: String,
    val document: Any,
    val bytes: ByteArray,
    val style: LiveryStyle,
    /** The updates applied on top of the built-in style, in order. */
    val chain: List<StyleUpdate>,
    /** The highest sequence applied (0 for none), kept when expired updates are dropped. */
    val sequence: Long
) {
    val digest: String = CanonicalJson.digest(bytes)

    /** The same style with [other] as the highest sequence applied, when higher. */
    fun remembering(other: Long) = ThemeState(bundledDigest, document, bytes, style, chain, maxOf(sequence, other))

    companion object {
        /** The built-in style, canonicalised. */
        @Throws(LiveryStyleException::class)
        fun bundled(bytes: ByteArray): ThemeState {
            val document = try {
                StrictJson.parse(bytes)
            } catch (error: JsonSyntaxException) {
                throw LiveryStyleException("", "not JSON: ${error.message}")
            }
            val canonical = CanonicalJson.bytes(document)
            return ThemeState(CanonicalJson.digest(canonical), document, canonical, LiveryStyle.decode(document), emptyList(), 0)
        }
    }
}

/**
 * The checks an update passes before it is applied, in the order the Swift
 * runtime makes them: it parses, a signature by a trusted key verifies, it is
 * for this style, its sequence is above the highest applied, it has not
 * expired, its base is the current style, its merge adds no unknown section
 * and changes only what the allow-list lets it, and its result has the
 * promised digest, follows the schema's bundleStyle ([BundleRules]) and decodes. Pure: the store swaps in the new state only on success.
 */
internal class UpdateVerifier(
    private val trustedKeys: List<TrustedKey>,
    private val keysConfigured: Boolean,
    private val allowUnsigned: Boolean,
    private val rules: MergeRules
) {
    sealed class Verdict {
        class Applied(val state: ThemeState) : Verdict()
        object AlreadyCurrent : Verdict()
        class Rejected(val reason: UpdateRejection) : Verdict()
    }

    fun evaluate(bytes: ByteArray, state: ThemeState, now: UpdateTime): Verdict {
        val update = try {
            StyleUpdate.parse(bytes)
        } catch (error: StyleUpdateException) {
            return Verdict.Rejected(UpdateRejection.CorruptData(error.message ?: "not an update"))
        }
        return evaluate(update, state, now)
    }

    fun evaluate(update: StyleUpdate, state: ThemeState, now: UpdateTime): Verdict {
        if (keysConfigured) {
            if (trustedKeys.none { it.hasSigned(update) }) {
                val trusted = trustedKeys.map { it.keyId }.toSet()
                val named = update.signatures.map { it.keyId }
                if (named.isEmpty()) return Verdict.Rejected(UpdateRejection.BadSignature(SignatureProblem.Unsigned))
                val byTrusted = named.filter { it in trusted }
                if (byTrusted.isEmpty()) return Verdict.Rejected(UpdateRejection.UnknownKey(named))
                return Verdict.Rejected(UpdateRejection.BadSignature(SignatureProblem.Mismatch(byTrusted)))
            }
        } else if (!allowUnsigned) {
            return Verdict.Rejected(UpdateRejection.BadSignature(SignatureProblem.NoTrustedKeys))
        }
        if (update.target != state.style.id) return Verdict.Rejected(UpdateRejection.WrongBase)
        if (update.result == state.digest) return Verdict.AlreadyCurrent
        if (update.sequence <= state.sequence) return Verdict.Rejected(UpdateRejection.NotNewer(update.sequence, state.sequence))
        val expires = update.expires
        if (expires != null && expires <= now) return Verdict.Rejected(UpdateRejection.Expired(expires.text))
        if (update.base != state.digest) return Verdict.Rejected(UpdateRejection.WrongBase)
        val merged = rules.apply(update.patch, state.document)
            ?: return Verdict.Rejected(UpdateRejection.InvalidResult("the patch deletes the style"))
        val unknown = rules.unknownSections(state.document, merged)
        if (unknown.isNotEmpty()) {
            return Verdict.Rejected(UpdateRejection.InvalidResult("unknown member \"${unknown[0]}\" at the top level: a remote update may not add sections"))
        }
        val forbidden = rules.forbiddenChanges(state.document, merged)
        if (forbidden.isNotEmpty()) return Verdict.Rejected(UpdateRejection.ForbiddenKey(forbidden))
        val bytes = CanonicalJson.bytes(merged)
        if (CanonicalJson.digest(bytes) != update.result) {
            return Verdict.Rejected(UpdateRejection.InvalidResult("the merged style's digest is not the update's result"))
        }
        // The rules of the schema's bundleStyle, as the Swift runtime evaluates them:
        // unknown keys, malformed values and paths that leave the bundle are refused.
        BundleRules.violation(merged)?.let { return Verdict.Rejected(UpdateRejection.InvalidResult(it)) }
        val style = try {
            LiveryStyle.decode(merged)
        } catch (error: LiveryStyleException) {
            return Verdict.Rejected(UpdateRejection.InvalidResult(error.message ?: "not a style"))
        }
        return Verdict.Applied(ThemeState(state.bundledDigest, merged, bytes, style, state.chain + update, update.sequence))
    }
}
