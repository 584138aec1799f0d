package dev.livery.runtime

import org.bouncycastle.crypto.params.Ed25519PrivateKeyParameters
import org.bouncycastle.crypto.signers.Ed25519Signer
import org.json.JSONObject
import java.io.File
import java.util.Base64
import java.util.concurrent.Executor

/** Where the shared fixtures are: `-Dlivery.fixtures=…/Tests/Fixtures`, set by scripts/testing/test-kotlin-runtime. */
object Fixtures {
    val directory: File by lazy {
        val path = System.getProperty("livery.fixtures") ?: error("-Dlivery.fixtures is not set: run scripts/testing/test-kotlin-runtime")
        File(path).also { require(it.isDirectory) { "$path is not a directory" } }
    }

    fun file(relative: String): File = File(directory, relative).also { require(it.isFile) { "missing fixture ${it.path}" } }

    fun json(text: String): Any = StrictJson.parse(text.toByteArray(Charsets.UTF_8))

    fun base64(text: String): ByteArray = Base64.getDecoder().decode(text)

    /** The `acme` style every store test starts from, as a bundle holds it. */
    val v1Text = """
    {
      "animations": {"easeIn": {"long": 1, "short": 0.25}},
      "app": {"bundleId": "com.acme.bank", "displayName": "Acme Bank"},
      "appIcon": "assets/AppIcon.png",
      "colors": {
        "onPrimary": {"dark": "#FFFFFF", "light": "#FFFFFF"},
        "primary": {"dark": "#0E8AB4", "highContrastDark": "#7FD4F0", "highContrastLight": "#0B5F7C", "light": "#11A4D6"}
      },
      "components": {"button": {"primary": {
        "background": {"dark": "#0E8AB4", "light": "#11A4D6"},
        "font": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "semibold"},
        "label": "Go", "opacity": 0.5, "enabled": true,
        "shape": {"roundedRectangle": {"cornerRadius": 8}}
      }}},
      "dimensions": {"radiusS": 8, "spacingM": 16},
      "flags": {"beta": true, "welcome": "Welcome to Acme"},
      "fonts": {"body": {"family": "Inter", "file": "assets/Inter.ttf", "size": 16, "weight": "regular"}},
      "id": "acme",
      "images": {"logo": {"dark": "assets/logo-dark.png", "light": "assets/logo.png"}},
      "palettes": {"brand": {"base": "#11A4D6", "light04": "#70C8E6"}}
    }
    """.trimIndent()

    val v1: Any get() = json(v1Text)
    val v1Bytes: ByteArray get() = CanonicalJson.bytes(v1)
}

/** A test-only Ed25519 key that signs envelopes as `livery diff --format update` does. */
class TestSigner(seedText: String) {
    private val privateKey = Ed25519PrivateKeyParameters(seedText.toByteArray(Charsets.UTF_8).copyOf(32), 0)
    val publicText: String = Base64.getEncoder().encodeToString(privateKey.generatePublicKey().encoded)
    val keyId: String = TrustedKey.fromText(publicText)!!.keyId

    fun sign(update: StyleUpdate): StyleUpdate {
        val signer = Ed25519Signer()
        signer.init(true, privateKey)
        signer.update(update.signingBytes, 0, update.signingBytes.size)
        val signature = Base64.getEncoder().encodeToString(signer.generateSignature())
        return StyleUpdate(
            update.target, update.base, update.result, update.patch, update.sequence, update.expires,
            update.signatures.filter { it.keyId != keyId } + UpdateSignature(keyId, signature), update.variantsJson, update.rollout
        )
    }

    companion object {
        val one = TestSigner("kotlin-runtime-test-key-one-0001")
        val two = TestSigner("kotlin-runtime-test-key-two-0002")
    }
}

/** Envelopes from v1 made in the test: [patch] merged with the built-in rules, its true result named. */
object Envelopes {
    fun update(base: Any, patch: String, sequence: Long, expires: String? = null, target: String = "acme"): StyleUpdate {
        val patchValue = Fixtures.json(patch) as JSONObject
        val result = MergeRules.BUILT_IN.apply(patchValue, base)!!
        return StyleUpdate(
            target, CanonicalJson.digestOf(base), CanonicalJson.digestOf(result), patchValue, sequence,
            expires?.let { UpdateTime.parse(it)!! }, emptyList()
        )
    }

    fun signed(update: StyleUpdate, vararg signers: TestSigner): ByteArray {
        var result = update
        for (signer in signers) result = signer.sign(result)
        return CanonicalJson.bytes(result.json(true))
    }

    fun resultOf(base: Any, patch: String): Any = MergeRules.BUILT_IN.apply(Fixtures.json(patch), base)!!
}

/** Runs listener calls at once, recording the thread they ran on. */
class RecordingExecutor : Executor {
    val calls = java.util.concurrent.atomic.AtomicInteger()
    override fun execute(command: Runnable) {
        calls.incrementAndGet()
        command.run()
    }
}
