package dev.livery.runtime

import java.io.IOException
import java.net.URL
import java.util.logging.Logger

/**
 * A store's root of trust: the chain walked from the built-in root (held in the verifier, which
 * checks updates with it), the files received on the way, and their cache (`livery-trust.json`,
 * walked again on every start, as the Swift runtime does).
 */
internal class TrustKeeper(private val verifier: UpdateVerifier, private val cache: UpdateCache?, private val logger: Logger) {
    /** The roots walked past the built-in one and the timestamp held, as received. */
    private var files = UpdateCache.TrustFiles(emptyList(), null)

    /** The built-in root, then the cached roots and timestamp, each checked as when it arrived. */
    fun restore(bundled: ByteArray, now: UpdateTime): TrustChain {
        var chain = try {
            TrustChain.bundled(bundled)
        } catch (error: TrustException) {
            throw StyleStoreException("the built-in root of trust is not valid: ${error.problem.message}")
        }
        val cached = cache?.loadTrust() ?: return chain
        val roots = ArrayList<ByteArray>()
        for (root in cached.roots) {
            chain = try { chain.advancing(root) } catch (error: TrustException) { break }
            roots.add(root)
        }
        var timestamp: ByteArray? = null
        cached.timestamp?.let { bytes ->
            runCatching { chain.accepting(bytes, now) }.getOrNull()?.let {
                chain = it
                timestamp = bytes
            }
        }
        files = UpdateCache.TrustFiles(roots, timestamp)
        return chain
    }

    private fun noRoot(document: String) =
        UpdateOutcome.Rejected(UpdateRejection.Untrusted(TrustProblem.Malformed(document, "this store was made without a trust root")))

    /** Walks to the root [bytes]; null when it is trusted now, else the refusal. */
    fun advance(bytes: ByteArray): UpdateOutcome? {
        val chain = verifier.trust ?: return noRoot("root")
        val next = try {
            chain.advancing(bytes)
        } catch (error: TrustException) {
            logger.warning("Rejected a root of trust: ${error.problem.message}")
            return UpdateOutcome.Rejected(UpdateRejection.Untrusted(error.problem))
        }
        verifier.trust = next
        files = UpdateCache.TrustFiles(files.roots + listOf(bytes), if (next.timestamp == null) null else files.timestamp)
        persist()
        return null
    }

    /** Takes the timestamp [bytes]. */
    fun accept(bytes: ByteArray, now: UpdateTime): UpdateOutcome {
        val chain = verifier.trust ?: return noRoot("timestamp")
        if (files.timestamp?.contentEquals(bytes) == true) return UpdateOutcome.AlreadyCurrent
        verifier.trust = try {
            chain.accepting(bytes, now)
        } catch (error: TrustException) {
            logger.warning("Rejected a timestamp: ${error.problem.message}")
            return UpdateOutcome.Rejected(UpdateRejection.Untrusted(error.problem))
        }
        files = UpdateCache.TrustFiles(files.roots, bytes)
        persist()
        return UpdateOutcome.Applied(CanonicalJson.digest(bytes))
    }

    private fun persist() {
        val cache = cache ?: return
        try { cache.saveTrust(files) } catch (error: IOException) { logger.severe("Could not cache the root of trust: ${error.message}") }
    }

    /**
     * Before a refresh fetches updates: the next roots (`<base>/<version>.root.json`, one version at a time
     * until a missing one, at most [TrustChain.MAXIMUM_ROOT_WALK]), then `<base>/timestamp.json` when the root
     * has a timestamp role. Null when the updates may be fetched.
     */
    fun refresh(
        base: String,
        deadline: Long,
        timeoutText: String,
        applyRoot: (ByteArray) -> UpdateOutcome,
        applyTimestamp: (ByteArray) -> UpdateOutcome
    ): RefreshOutcome? {
        verifier.trust ?: return null
        var walked = 0
        while (true) {
            val version = (verifier.trust?.root?.version ?: 0) + 1
            val response = try {
                BoundedFetch.fetch(URL("$base/$version.root.json"), TrustRoot.MAXIMUM_SIZE, deadline, timeoutText)
            } catch (error: FetchException) {
                if (!error.tooLarge) return RefreshOutcome.Unavailable(error.message ?: "fetch failed")
                val problem = TrustProblem.TooLarge("root", TrustRoot.MAXIMUM_SIZE + 1, TrustRoot.MAXIMUM_SIZE)
                return RefreshOutcome.Rejected(UpdateRejection.Untrusted(problem))
            }
            val body = response as? FetchResult.Body ?: break
            if (walked >= TrustChain.MAXIMUM_ROOT_WALK) {
                return RefreshOutcome.Rejected(UpdateRejection.Untrusted(TrustProblem.RootWalkTooLong(TrustChain.MAXIMUM_ROOT_WALK)))
            }
            val outcome = applyRoot(body.bytes)
            if (outcome is UpdateOutcome.Rejected) return RefreshOutcome.Rejected(outcome.reason)
            walked += 1
        }
        if (verifier.trust?.root?.roles?.containsKey("timestamp") != true) return null
        val response = try {
            BoundedFetch.fetch(URL("$base/timestamp.json"), TrustTimestamp.MAXIMUM_SIZE, deadline, timeoutText)
        } catch (error: FetchException) {
            return RefreshOutcome.Unavailable(error.message ?: "fetch failed")
        }
        if (response is FetchResult.Body) {
            val outcome = applyTimestamp(response.bytes)
            if (outcome is UpdateOutcome.Rejected) return RefreshOutcome.Rejected(outcome.reason)
        }
        return null
    }
}
