package dev.livery.runtime

import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters
import org.bouncycastle.crypto.signers.Ed25519Signer
import java.security.MessageDigest
import java.util.Base64

/**
 * An Ed25519 public key an app trusts to sign its style updates. Its text
 * form is the base64 of the raw 32-byte key, exactly the `signing.pub` file
 * `livery keys generate` writes. Verified with BouncyCastle's lightweight API,
 * which runs on every Android version and on the JVM.
 */
class TrustedKey private constructor(private val raw: ByteArray) {
    /** The text form. */
    val text: String get() = Base64.getEncoder().encodeToString(raw)

    /**
     * The key's id, which an envelope's signature names: the first 16 lower-case
     * hex digits of the SHA-256 of the raw public key (`livery keys id` prints it).
     */
    val keyId: String = CanonicalJson.hex(MessageDigest.getInstance("SHA-256").digest(raw)).substring(0, 16)

    /** Whether [update] carries a valid signature by this key (one naming this key's id). */
    fun hasSigned(update: StyleUpdate): Boolean {
        val parameters = try {
            Ed25519PublicKeyParameters(raw, 0)
        } catch (error: IllegalArgumentException) {
            return false
        }
        return update.signatures.any { entry ->
            if (entry.keyId != keyId) return@any false
            val signature = decodeBase64(entry.signature) ?: return@any false
            if (signature.size != 64) return@any false
            val signer = Ed25519Signer()
            signer.init(false, parameters)
            signer.update(update.signingBytes, 0, update.signingBytes.size)
            signer.verifySignature(signature)
        }
    }

    /** Whether [signature] (base64) is this key's Ed25519 signature over [bytes]. */
    fun verifies(signature: String, bytes: ByteArray): Boolean {
        val raw = decodeBase64(signature) ?: return false
        if (raw.size != 64) return false
        val parameters = try {
            Ed25519PublicKeyParameters(this.raw, 0)
        } catch (error: IllegalArgumentException) {
            return false
        }
        val signer = Ed25519Signer()
        signer.init(false, parameters)
        signer.update(bytes, 0, bytes.size)
        return signer.verifySignature(raw)
    }

    companion object {
        /** A key from its text form (white space around it ignored); null when it is not base64 of 32 bytes. */
        @JvmStatic
        fun fromText(text: String): TrustedKey? {
            val raw = decodeBase64(text.trim()) ?: return null
            if (raw.size != 32) return null
            return try {
                Ed25519PublicKeyParameters(raw, 0)
                TrustedKey(raw)
            } catch (error: RuntimeException) {
                null
            }
        }

        /**
         * Strict base64 as Foundation's `Data(base64Encoded:)` reads it: the
         * standard alphabet, padded to a multiple of four, nothing else.
         */
        internal fun decodeBase64(text: String): ByteArray? {
            if (text.length % 4 != 0) return null
            return try {
                Base64.getDecoder().decode(text)
            } catch (error: IllegalArgumentException) {
                null
            }
        }
    }
}
