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
    val sequence: Long,
    /** The client's variants: the bundle's `variants.json`, or the last update's set. */
    val variants: VariantSet? = null
) {
    val digest: String = CanonicalJson.digest(bytes)

    /** The same style with [other] as the highest sequence applied, when higher. */
    fun remembering(other: Long) = ThemeState(bundledDigest, document, bytes, style, chain, maxOf(sequence, other), variants)

    companion object {
        /** The built-in style, canonicalised, with the bundle's variants if any. */
        @Throws(LiveryStyleException::class)
        fun bundled(bytes: ByteArray, variantBytes: ByteArray? = null): ThemeState {
            val document = try {
                StrictJson.parse(bytes)
            } catch (error: JsonSyntaxException) {
                throw LiveryStyleException("", "not JSON: ${error.message}")
            }
            val canonical = CanonicalJson.bytes(document)
            var variants: VariantSet? = null
            var bundledDigest = CanonicalJson.digest(canonical)
            if (variantBytes != null) {
                val set = try {
                    VariantSet.parse(variantBytes)
                } catch (problem: VariantProblem) {
                    throw LiveryStyleException("", "variants.json: ${problem.message}")
                }
                variants = set
                // A new variants.json is a new built-in state: cached updates made before it are dropped.
                bundledDigest = CanonicalJson.digest(canonical + CanonicalJson.bytes(StrictJson.parse(variantBytes)))
            }
            return ThemeState(bundledDigest, document, canonical, LiveryStyle.decode(document), emptyList(), 0, variants)
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
    /** The root of trust, when the app was built with one: it decides who signs for each client in place of the keys. */
    @Volatile var trust: TrustChain? = null

    sealed class Verdict {
        class Applied(val state: ThemeState) : Verdict()
        object AlreadyCurrent : Verdict()
        object NotInRollout : Verdict()
        class Rejected(val reason: UpdateRejection) : Verdict()
    }

    fun evaluate(bytes: ByteArray, state: ThemeState, now: UpdateTime, installId: String? = null): Verdict {
        val update = try {
            StyleUpdate.parse(bytes)
        } catch (error: StyleUpdateException) {
            return Verdict.Rejected(UpdateRejection.CorruptData(error.message ?: "not an update"))
        }
        val verdict = evaluate(update, state, now, installId)
        // Freshness gates new updates only: one applied before stays when a timestamp expires.
        if (verdict is Verdict.Applied) trust?.checkFreshness(update, now)?.let { return Verdict.Rejected(UpdateRejection.Untrusted(it)) }
        return verdict
    }

    fun evaluate(update: StyleUpdate, state: ThemeState, now: UpdateTime, installId: String? = null): Verdict {
        val chain = trust
        if (chain != null) {
            chain.authorize(update)?.let { return Verdict.Rejected(it) }
        } else if (keysConfigured) {
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
        // An update that only changes the variants has its base as its result.
        if (update.result == state.digest && (update.variantsJson == null || sameVariants(update, state))) return Verdict.AlreadyCurrent
        // Outside its rollout (an app that passes no install id gets only a full rollout).
        val rollout = update.rollout
        if (rollout != null && rollout.percent < InstallBucket.RANGE && !(installId?.let { rollout.includes(it) } ?: false)) {
            return Verdict.NotInRollout
        }
        if (update.sequence <= state.sequence) return Verdict.Rejected(UpdateRejection.NotNewer(update.sequence, state.sequence))
        val expires = update.expires
        if (expires != null && expires <= now) return Verdict.Rejected(UpdateRejection.Expired(expires.text))
        if (update.base != state.digest) return Verdict.Rejected(UpdateRejection.WrongBase)
        val merged = rules.apply(update.patch, state.document)
            ?: return Verdict.Rejected(UpdateRejection.InvalidResult("the patch deletes the style"))
        val unknown = rules.unknownSections(state.document, merged)
        if (unknown.isNotEmpty()) {
            return Verdict.Rejected(UpdateRejection.InvalidResult("unknown member \"${unknown[0]}\" at the top level: a remote update " +
                "may not add sections"))
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
        val variants = update.variants
        if (variants != null && variants.client != update.result) {
            return Verdict.Rejected(UpdateRejection.InvalidResult("the update's variants were made for another style than its result"))
        }
        return Verdict.Applied(ThemeState(
            state.bundledDigest,
            merged,
            bytes,
            style,
            state.chain + update,
            update.sequence,
            variants ?: state.variants
        ))
    }

    private fun sameVariants(update: StyleUpdate, state: ThemeState): Boolean {
        val current = state.variants ?: return false
        val json = update.variantsJson ?: return false
        return CanonicalJson.bytes(json).contentEquals(CanonicalJson.bytes(current.json))
    }
}
