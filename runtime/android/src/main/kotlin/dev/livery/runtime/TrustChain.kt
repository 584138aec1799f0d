package dev.livery.runtime

/**
 * What an app trusts under a root of trust, as LiveryCore's `TrustState`: the
 * newest root walked to, the keys earlier roots held and later ones dropped,
 * and the newest timestamp. Immutable; each step returns a new value. Pure.
 */
internal class TrustChain private constructor(val root: TrustRoot, val revoked: Set<String>, val timestamp: TrustTimestamp?) {
    /** The state after the next root: version N+1, signed by a threshold of the current root keys and of its own. */
    fun advancing(bytes: ByteArray): TrustChain {
        val next = TrustRoot.parse(bytes)
        if (next.version <= root.version) throw TrustException(TrustProblem.RootRollback(next.version, root.version))
        if (next.version != root.version + 1) throw TrustException(TrustProblem.RootVersionSkipped(next.version, root.version + 1))
        next.checkThreshold(root.rootRole, "root", root.keys)
        next.checkThreshold(next.rootRole, "root", next.keys)
        val dropped = (revoked + root.keys.keys) - next.keys.keys
        val chain = TrustChain(next, dropped, null)
        val kept = timestamp?.takeIf { runCatching { chain.checkTimestampSignatures(it) }.isSuccess }
        return TrustChain(next, dropped, kept)
    }

    /** The state after a timestamp signed by the timestamp role, not older than the one held, not expired. */
    fun accepting(bytes: ByteArray, now: UpdateTime): TrustChain {
        val next = TrustTimestamp.parse(bytes)
        checkTimestampSignatures(next)
        val held = timestamp
        if (held != null && next.version < held.version) throw TrustException(TrustProblem.TimestampRollback(next.version, held.version))
        if (next.expires <= now) throw TrustException(TrustProblem.TimestampExpired(next.expires.text))
        return TrustChain(root, revoked, next)
    }

    private fun checkTimestampSignatures(timestamp: TrustTimestamp) {
        val role = root.roles["timestamp"]
            ?: throw TrustException(TrustProblem.Malformed("timestamp", "the root names no timestamp role, so no timestamp is trusted"))
        val count = TrustSignatures.validSigners(timestamp.signingBytes, timestamp.signatures, root.keys).intersect(role.keys.toSet()).size
        if (count < role.threshold) throw TrustException(TrustProblem.BelowThreshold("timestamp", count, role.threshold))
    }

    /** Why [update] is not signed by a threshold of its client's delegated keys; null when it is. */
    fun authorize(update: StyleUpdate): UpdateRejection? {
        try {
            TrustSignatures.refuseRepeatedKeys(update.signatures)
        } catch (error: TrustException) {
            return UpdateRejection.Untrusted(error.problem)
        }
        val role = root.clients[update.target] ?: TrustRole(emptyList(), 1)
        val delegated = root.keys.filterKeys { it in role.keys }
        val signers = TrustSignatures.validSigners(update.signingBytes, update.signatures, delegated)
        if (role.keys.isNotEmpty() && signers.size >= role.threshold) return null
        val named = update.signatures.map { it.keyId }
        if (named.isEmpty()) return UpdateRejection.BadSignature(SignatureProblem.Unsigned)
        if (signers.isNotEmpty()) {
            return UpdateRejection.Untrusted(TrustProblem.BelowThreshold("clients/${update.target}", signers.size, role.threshold))
        }
        val byDelegated = named.filter { it in role.keys }
        if (byDelegated.isNotEmpty()) return UpdateRejection.BadSignature(SignatureProblem.Mismatch(byDelegated))
        val byRevoked = named.filter { it in revoked }
        if (byRevoked.isNotEmpty()) return UpdateRejection.Untrusted(TrustProblem.RevokedKey(byRevoked))
        val byRoot = named.filter { it in root.keys }
        if (byRoot.isNotEmpty()) return UpdateRejection.Untrusted(TrustProblem.NotDelegated(update.target, byRoot))
        return UpdateRejection.UnknownKey(named)
    }

    /** Whether a new update may be applied now: a current timestamp lists its sequence (when the root has a timestamp role). */
    fun checkFreshness(update: StyleUpdate, now: UpdateTime): TrustProblem? {
        if ("timestamp" !in root.roles) return null
        val held = timestamp ?: return TrustProblem.NoTimestamp
        if (held.expires <= now) return TrustProblem.TimestampExpired(held.expires.text)
        val listed = held.clients[update.target]
        if (listed == null || update.sequence > listed) return TrustProblem.NotInTimestamp(update.target, update.sequence, listed)
        return null
    }

    companion object {
        /** The most new roots one refresh walks. */
        const val MAXIMUM_ROOT_WALK = 32

        /** The root an app is built with: it must be signed by a threshold of its own root keys. */
        fun bundled(bytes: ByteArray): TrustChain {
            val root = TrustRoot.parse(bytes)
            root.checkThreshold(root.rootRole, "root", root.keys)
            return TrustChain(root, emptySet(), null)
        }
    }
}
