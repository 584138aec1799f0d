package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject

/**
 * Why a root, a timestamp or an update is not trusted under a root of trust: the
 * same [code] and [message] as LiveryCore's `TrustProblem` (the shared update cases
 * hold the two runtimes to it). Each attack a root of trust stops has its own code.
 */
sealed class TrustProblem(val code: String, val message: String) {
    class TooLarge(document: String, size: Int, limit: Int) :
        TrustProblem("tooLarge", "the $document is $size bytes or more, more than $limit")
    class Malformed(document: String, why: String) : TrustProblem("malformed", "not a livery $document: $why")
    class BelowThreshold(role: String, signed: Int, threshold: Int) : TrustProblem(
        "belowThreshold", "$signed of the $role keys signed, fewer than its threshold of $threshold (each key counts once)")
    class DuplicateSignature(keyId: String) :
        TrustProblem("duplicateSignature", "key id $keyId signs twice; a key counts once toward a threshold")
    class RootVersionSkipped(version: Long, expected: Long) : TrustProblem(
        "rootVersionSkipped", "root version $version skips version $expected: an app walks roots one version at a time")
    class RootRollback(version: Long, current: Long) : TrustProblem(
        "rootRollback", "root version $version is not above version $current, the root this app trusts")
    class RootWalkTooLong(limit: Int) : TrustProblem("rootWalkTooLong", "more than $limit new roots in one refresh")
    class NotDelegated(client: String, keys: List<String>) : TrustProblem(
        "notDelegated", "signed by key id ${keys.joinToString(", ")}, which the root does not delegate $client's updates to")
    class RevokedKey(keys: List<String>) :
        TrustProblem("revokedKey", "signed by key id ${keys.joinToString(", ")}, which a newer root revoked")
    class TimestampExpired(time: String) : TrustProblem(
        "timestampExpired",
        "the timestamp expired at $time: updates are not applied until a fresh one is published (the network may be replaying an old one)")
    class TimestampRollback(version: Long, current: Long) : TrustProblem(
        "timestampRollback", "timestamp version $version is older than version $current, which this app holds")
    object NoTimestamp : TrustProblem("noTimestamp", "the root asks for a timestamp and this app holds none")
    class NotInTimestamp(client: String, sequence: Long, listed: Long?) : TrustProblem(
        "notInTimestamp",
        "the timestamp lists " + (listed?.let { "sequence $it as $client's current release" } ?: "no release of $client") +
            ", not sequence $sequence")

    override fun toString(): String = message
}

internal class TrustException(val problem: TrustProblem) : Exception(problem.message)

/** Which keys may sign for a role, and how many of them must. */
internal class TrustRole(val keys: List<String>, val threshold: Int) {
    val json: JSONObject get() = JSONObject().put("keys", JSONArray(keys)).put("threshold", JsonNumber.of(threshold.toLong()))
}

/** The signatures of a root or a timestamp, read and counted as LiveryCore's `TrustSignatures`. */
internal object TrustSignatures {
    fun parse(value: Any?, document: String): List<UpdateSignature> {
        val items = value as? JSONArray ?: throw TrustException(TrustProblem.Malformed(document, "\"signatures\" must be an array"))
        val signatures = ArrayList<UpdateSignature>()
        for (i in 0 until items.length()) {
            val item = items.get(i) as? JSONObject
            val keyId = item?.opt("keyId") as? String
            val signature = item?.opt("signature") as? String
            if (item == null || item.length() != 2 || keyId == null || signature == null) {
                val why = "each of \"signatures\" must be an object with exactly \"keyId\" and \"signature\""
                throw TrustException(TrustProblem.Malformed(document, why))
            }
            signatures.add(UpdateSignature(keyId, signature))
        }
        refuseRepeatedKeys(signatures)
        return signatures
    }

    fun refuseRepeatedKeys(signatures: List<UpdateSignature>) {
        val seen = HashSet<String>()
        for (signature in signatures) if (!seen.add(signature.keyId)) throw TrustException(TrustProblem.DuplicateSignature(signature.keyId))
    }

    /** The ids of the keys in [keys] whose signature verifies over [bytes]: a set, each key once. */
    fun validSigners(bytes: ByteArray, signatures: List<UpdateSignature>, keys: Map<String, TrustedKey>): Set<String> =
        signatures.filter { keys[it.keyId]?.verifies(it.signature, bytes) == true }.map { it.keyId }.toSet()

    fun wholeNumber(value: Any?, range: LongRange): Long? {
        val literal = (value as? JsonNumber)?.literal ?: return null
        if (!literal.matches(Regex("[+-]?[0-9]+"))) return null
        return literal.toLongOrNull()?.takeIf { it in range }
    }
}

/** A root of trust (`livery-root/1`), read with LiveryCore's `TrustRoot(parsing:)` checks. */
internal class TrustRoot(
    val version: Long,
    val keys: Map<String, TrustedKey>,
    val roles: Map<String, TrustRole>,
    val clients: Map<String, TrustRole>,
    val signatures: List<UpdateSignature>
) {
    val rootRole: TrustRole get() = roles["root"] ?: TrustRole(emptyList(), 1)

    /** The canonical JSON of every member but `signatures`, built from what was read, as the Swift runtime does. */
    val signingBytes: ByteArray by lazy {
        fun rolesJson(map: Map<String, TrustRole>) = JSONObject().also { obj -> map.forEach { (name, role) -> obj.put(name, role.json) } }
        val keysJson = JSONObject().also { obj -> keys.forEach { (id, key) -> obj.put(id, key.text) } }
        CanonicalJson.bytes(JSONObject().put("format", FORMAT).put("version", JsonNumber.of(version)).put("keys", keysJson)
            .put("roles", rolesJson(roles)).put("clients", rolesJson(clients)))
    }

    fun checkThreshold(role: TrustRole, name: String, available: Map<String, TrustedKey>) {
        val count = TrustSignatures.validSigners(signingBytes, signatures, available).intersect(role.keys.toSet()).size
        if (count < role.threshold) throw TrustException(TrustProblem.BelowThreshold(name, count, role.threshold))
    }

    companion object {
        const val FORMAT = "livery-root/1"
        const val MAXIMUM_SIZE = 64 shl 10

        private fun malformed(why: String) = TrustException(TrustProblem.Malformed("root", why))

        fun parse(bytes: ByteArray): TrustRoot {
            if (bytes.size > MAXIMUM_SIZE) throw TrustException(TrustProblem.TooLarge("root", bytes.size, MAXIMUM_SIZE))
            val value = try { StrictJson.parse(bytes) } catch (error: JsonSyntaxException) { throw malformed("not JSON: ${error.message}") }
            val obj = value as? JSONObject ?: throw malformed("a root is a JSON object")
            if (obj.opt("format") != FORMAT) throw malformed("\"format\" must be \"$FORMAT\"")
            val known = setOf("format", "version", "keys", "roles", "clients", "signatures")
            CanonicalJson.sortedKeys(obj).firstOrNull { it !in known }?.let { throw malformed("unknown member \"$it\"") }
            val version = TrustSignatures.wholeNumber(obj.opt("version"), 1L..StyleUpdate.MAXIMUM_SEQUENCE)
                ?: throw malformed("\"version\" must be a whole number from 1")
            val keysJson = obj.opt("keys") as? JSONObject ?: throw malformed("\"keys\" must be an object of key ids")
            val keys = LinkedHashMap<String, TrustedKey>()
            for (id in CanonicalJson.sortedKeys(keysJson)) {
                val key = (keysJson.opt(id) as? String)?.let { TrustedKey.fromText(it) }
                    ?: throw malformed("key \"$id\" must be the base64 of a 32-byte Ed25519 public key")
                if (key.keyId != id) throw malformed("key \"$id\" has the id ${key.keyId}; a key is listed under its own id")
                keys[id] = key
            }
            val roles = roles(obj.opt("roles"), "roles", keys)
            if ("root" !in roles) throw malformed("\"roles\" must name the \"root\" role")
            roles.keys.sorted().firstOrNull { it != "root" && it != "timestamp" }?.let {
                throw malformed("unknown role \"$it\" (a root has \"root\" and \"timestamp\")")
            }
            val clients = roles(obj.opt("clients"), "clients", keys)
            return TrustRoot(version, keys, roles, clients, TrustSignatures.parse(obj.opt("signatures"), "root"))
        }

        private fun roles(value: Any?, member: String, keys: Map<String, TrustedKey>): Map<String, TrustRole> {
            val obj = value as? JSONObject ?: throw malformed("\"$member\" must be an object")
            val roles = LinkedHashMap<String, TrustRole>()
            for (entry in CanonicalJson.sortedKeys(obj)) {
                val name = "$member/$entry"
                val role = obj.opt(entry) as? JSONObject
                val items = role?.opt("keys") as? JSONArray
                val threshold = TrustSignatures.wholeNumber(role?.opt("threshold"), 1L..1_000L)
                if (role == null || CanonicalJson.sortedKeys(role) != listOf("keys", "threshold") || items == null || threshold == null) {
                    throw malformed("\"$name\" must be {\"keys\": [key ids], \"threshold\": a whole number from 1}")
                }
                val ids = ArrayList<String>()
                for (i in 0 until items.length()) {
                    val id = items.get(i) as? String
                    if (id == null || id !in keys) throw malformed("\"$name\" names a key that \"keys\" does not hold")
                    if (id in ids) throw malformed("\"$name\" lists key $id twice; a key counts once")
                    ids.add(id)
                }
                if (threshold > ids.size) throw malformed("\"$name\" has a threshold of $threshold but only ${ids.size} keys")
                roles[entry] = TrustRole(ids, threshold.toInt())
            }
            return roles
        }
    }
}

/** A timestamp (`livery-timestamp/1`): each client's latest published sequence, short-lived. */
internal class TrustTimestamp(
    val version: Long,
    val expires: UpdateTime,
    val clients: Map<String, Long>,
    val signatures: List<UpdateSignature>
) {
    val signingBytes: ByteArray by lazy {
        val listed = JSONObject().also { obj -> clients.forEach { (id, sequence) -> obj.put(id, JsonNumber.of(sequence)) } }
        CanonicalJson.bytes(JSONObject().put("format", FORMAT).put("version", JsonNumber.of(version)).put("expires", expires.text)
            .put("clients", listed))
    }

    companion object {
        const val FORMAT = "livery-timestamp/1"
        const val MAXIMUM_SIZE = 1 shl 20

        private fun malformed(why: String) = TrustException(TrustProblem.Malformed("timestamp", why))

        fun parse(bytes: ByteArray): TrustTimestamp {
            if (bytes.size > MAXIMUM_SIZE) throw TrustException(TrustProblem.TooLarge("timestamp", bytes.size, MAXIMUM_SIZE))
            val value = try { StrictJson.parse(bytes) } catch (error: JsonSyntaxException) { throw malformed("not JSON: ${error.message}") }
            val obj = value as? JSONObject
            if (obj == null || obj.opt("format") != FORMAT) throw malformed("\"format\" must be \"$FORMAT\"")
            val known = setOf("format", "version", "expires", "clients", "signatures")
            CanonicalJson.sortedKeys(obj).firstOrNull { it !in known }?.let { throw malformed("unknown member \"$it\"") }
            val version = TrustSignatures.wholeNumber(obj.opt("version"), 1L..StyleUpdate.MAXIMUM_SEQUENCE)
                ?: throw malformed("\"version\" must be a whole number from 1")
            val expires = (obj.opt("expires") as? String)?.let { UpdateTime.parse(it) }
                ?: throw malformed("\"expires\" must be an RFC 3339 time")
            val listed = obj.opt("clients") as? JSONObject ?: throw malformed("\"clients\" must be an object")
            val clients = LinkedHashMap<String, Long>()
            for (id in CanonicalJson.sortedKeys(listed)) {
                clients[id] = TrustSignatures.wholeNumber(listed.opt(id), 1L..StyleUpdate.MAXIMUM_SEQUENCE)
                    ?: throw malformed("\"clients/$id\" must be a sequence")
            }
            return TrustTimestamp(version, expires, clients, TrustSignatures.parse(obj.opt("signatures"), "timestamp"))
        }
    }
}
