package dev.livery.runtime

import org.json.JSONArray
import org.json.JSONObject
import java.io.File
import java.io.FileOutputStream
import java.io.IOException
import java.nio.file.AtomicMoveNotSupportedException
import java.nio.file.Files
import java.nio.file.StandardCopyOption

/**
 * The applied updates of each theme, one file per theme in a directory, in
 * the Swift runtime's format: `{"bundled": <digest of the built-in style>,
 * "format": "livery-cache/2", "sequence": <highest applied>, "updates": [<envelope>, …]}`.
 * Written to a temporary file, synced and renamed over the old one, so a
 * crash leaves the old file or the new one. The store verifies every cached
 * update again on start; the cache is never trusted.
 */
/** A cache problem in livery's own words (the sentence is safe to log as it is). */
internal class CacheException(sentence: String) : IOException(sentence)

internal class UpdateCache(val directory: File) {
    class Entry(val bundledDigest: String, val updates: List<StyleUpdate>, val sequence: Long)

    /** The theme's file; an id that is not a plain name is hashed, so any id stays inside the directory. */
    fun file(theme: String): File {
        val plain = theme.isNotEmpty() && theme.length <= 64 &&
            theme.all { it in '0'..'9' || it in 'a'..'z' || it in 'A'..'Z' || it == '-' || it == '_' }
        val name = if (plain) theme else "theme-" + CanonicalJson.digest(theme.toByteArray(Charsets.UTF_8)).substring(0, 32)
        return File(directory, "$name.livery-cache.json")
    }

    /** The theme's cached updates: null when there is no file. */
    @Throws(IOException::class)
    fun load(theme: String): Entry? {
        val file = file(theme)
        if (!file.exists()) return null
        // The size first, so a file grown by something else is never read whole.
        val size = file.length()
        if (size > StyleUpdate.MAXIMUM_SIZE.toLong() * 4) throw CacheException("${file.path} is $size bytes, more than a cache file can be")
        val bytes = try {
            file.readBytes()
        } catch (error: IOException) {
            throw CacheException("${file.path} cannot be read (check the cache directory's permissions)")
        }
        val value = try { StrictJson.parse(bytes) } catch (error: JsonSyntaxException) { null }
        val obj = value as? JSONObject
        val bundled = obj?.opt("bundled") as? String
        val items = obj?.opt("updates") as? JSONArray
        val sequence = (obj?.opt("sequence") as? JsonNumber)?.literal?.toLongOrNull()
        if (obj == null || obj.opt("format") != FORMAT || bundled == null || items == null || sequence == null) {
            throw CacheException("${file.path} is not a $FORMAT file")
        }
        val updates = ArrayList<StyleUpdate>()
        for (i in 0 until items.length()) {
            try {
                updates.add(StyleUpdate.fromJson(items.get(i)))
            } catch (error: StyleUpdateException) {
                throw CacheException("${file.path} holds an update that is not valid: ${error.message}")
            }
        }
        return Entry(bundled, updates, sequence)
    }

    /** Writes the theme's chain and highest sequence atomically, or removes the file when there is neither. */
    @Throws(IOException::class)
    fun save(theme: String, state: ThemeState) {
        val file = file(theme)
        if (state.chain.isEmpty() && state.sequence == 0L) {
            remove(theme)
            return
        }
        if (!directory.isDirectory && !directory.mkdirs() && !directory.isDirectory) {
            throw CacheException("cannot create ${directory.path} (check that its parent exists and is writable)")
        }
        val document = JSONObject()
        document.put("format", FORMAT)
        document.put("bundled", state.bundledDigest)
        document.put("sequence", JsonNumber.of(state.sequence))
        val updates = JSONArray()
        for (update in state.chain) updates.put(update.json(true))
        document.put("updates", updates)
        val temporary = File.createTempFile(".${file.name}", ".tmp", directory)
        try {
            FileOutputStream(temporary).use { stream ->
                stream.write(CanonicalJson.bytes(document))
                stream.fd.sync()
            }
            try {
                Files.move(temporary.toPath(), file.toPath(), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING)
            } catch (error: AtomicMoveNotSupportedException) {
                Files.move(temporary.toPath(), file.toPath(), StandardCopyOption.REPLACE_EXISTING)
            }
        } finally {
            temporary.delete()
        }
    }

    fun remove(theme: String) {
        file(theme).delete()
    }

    /** The roots walked past the built-in one, in order, and the timestamp held, as received (`livery-trust.json`). */
    class TrustFiles(val roots: List<ByteArray>, val timestamp: ByteArray?)

    private val trustFile: File get() = File(directory, "livery-trust.json")

    /** The cached trust files; empty when there are none or they cannot be read. Never trusted: walked again on start. */
    fun loadTrust(): TrustFiles {
        val file = trustFile
        val empty = TrustFiles(emptyList(), null)
        if (!file.isFile || file.length() > TrustRoot.MAXIMUM_SIZE.toLong() * TrustChain.MAXIMUM_ROOT_WALK * 4) return empty
        val obj = try { StrictJson.parse(file.readBytes()) as? JSONObject } catch (error: Exception) { null } ?: return empty
        val roots = obj.opt("roots") as? JSONArray
        if (obj.opt("format") != TRUST_FORMAT || roots == null) return empty
        val list = (0 until roots.length()).mapNotNull { (roots.get(it) as? String)?.toByteArray(Charsets.UTF_8) }
        return TrustFiles(list, (obj.opt("timestamp") as? String)?.toByteArray(Charsets.UTF_8))
    }

    /** Writes the trust files atomically, in the Swift runtime's format. */
    @Throws(IOException::class)
    fun saveTrust(files: TrustFiles) {
        if (!directory.isDirectory && !directory.mkdirs() && !directory.isDirectory) {
            throw CacheException("cannot create ${directory.path} (check that its parent exists and is writable)")
        }
        val document = JSONObject().put("format", TRUST_FORMAT)
            .put("roots", JSONArray(files.roots.map { String(it, Charsets.UTF_8) }))
        files.timestamp?.let { document.put("timestamp", String(it, Charsets.UTF_8)) }
        val temporary = File.createTempFile(".livery-trust.json", ".tmp", directory)
        try {
            FileOutputStream(temporary).use { stream ->
                stream.write(CanonicalJson.bytes(document))
                stream.fd.sync()
            }
            Files.move(temporary.toPath(), trustFile.toPath(), StandardCopyOption.REPLACE_EXISTING)
        } finally {
            temporary.delete()
        }
    }

    companion object {
        const val FORMAT = "livery-cache/2"
        const val TRUST_FORMAT = "livery-trust-cache/1"

        /**
         * A failed write as a sentence with the path, never Java's exception
         * text (a class name, or an errno string without the file).
         */
        fun writeSentence(error: IOException, file: File): String = when (error) {
            is CacheException -> error.message ?: "cannot write ${file.path}"
            is java.nio.file.AccessDeniedException -> "cannot write ${file.path}: permission denied"
            else -> "cannot write ${file.path} (check that the cache directory exists and is writable)"
        }

        /** A failed read as a sentence with the path, never Java's exception text. */
        fun readSentence(error: IOException, file: File): String =
            if (error is CacheException) error.message ?: "cannot read ${file.path}" else "${file.path} cannot be read (check the " +
                "cache directory's permissions)"
    }
}
