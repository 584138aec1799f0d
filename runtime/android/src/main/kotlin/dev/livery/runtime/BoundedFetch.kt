package dev.livery.runtime

import java.io.ByteArrayOutputStream
import java.io.File
import java.io.IOException
import java.io.InputStream
import java.net.ConnectException
import java.net.HttpURLConnection
import java.net.ProtocolException
import java.net.SocketTimeoutException
import java.net.URL
import java.net.UnknownHostException
import java.util.concurrent.Executors
import java.util.concurrent.TimeUnit
import javax.net.ssl.SSLException

/** What one GET of an update gave. */
internal sealed class FetchResult {
    /** HTTP 404, or a missing file: the style is up to date. */
    object NotFound : FetchResult()
    class Body(val bytes: ByteArray) : FetchResult()
}

/** Why an update could not be fetched, as a sentence a developer can act on. */
/** [tooLarge] when the body passed the limit (the download was abandoned). */
internal class FetchException(message: String, val tooLarge: Boolean = false) : Exception(message)

/**
 * One GET whose body is read in a loop as it arrives and abandoned as soon as
 * it passes [limit] bytes, ended at [deadlineNanos] (a [System.nanoTime]
 * instant) whatever the server does: the connection is disconnected from a
 * timer thread at the deadline, which ends a read that is blocked on a
 * server that never answers or trickles. [HttpURLConnection] exists on every
 * Android version.
 */
internal object BoundedFetch {
    private val watchdog = Executors.newSingleThreadScheduledExecutor { task ->
        Thread(task, "livery-fetch-deadline").apply { isDaemon = true }
    }

    @Throws(FetchException::class)
    fun fetch(url: URL, limit: Int, deadlineNanos: Long, timeoutText: String): FetchResult {
        if (url.protocol == "file") return readFile(File(url.path), limit)
        val remainingMillis = TimeUnit.NANOSECONDS.toMillis(deadlineNanos - System.nanoTime())
        if (remainingMillis <= 0) throw FetchException(timedOutSentence(timeoutText))
        val connection = try {
            url.openConnection() as? HttpURLConnection ?: throw FetchException("$url is not an http or https URL")
        } catch (error: IOException) {
            throw FetchException("$url is not a URL updates can be fetched from")
        }
        var timedOut = false
        val lock = Any()
        val alarm = watchdog.schedule({
            synchronized(lock) { timedOut = true }
            connection.disconnect()
        }, remainingMillis, TimeUnit.MILLISECONDS)
        try {
            connection.connectTimeout = remainingMillis.coerceIn(1L, Int.MAX_VALUE.toLong()).toInt()
            connection.readTimeout = remainingMillis.coerceIn(1L, Int.MAX_VALUE.toLong()).toInt()
            connection.useCaches = false
            connection.instanceFollowRedirects = true
            connection.setRequestProperty("Accept", "application/json")
            val status = connection.responseCode
            if (status == 404) return FetchResult.NotFound
            if (status !in 200..299) throw FetchException("the server answered HTTP $status for $url; a missing update should be a 404")
            val declared = connection.contentLengthLong
            if (declared > limit) throw FetchException(tooLarge(limit), tooLarge = true)
            return FetchResult.Body(readBounded(connection.inputStream, limit) { System.nanoTime() - deadlineNanos >= 0 })
        } catch (error: IOException) {
            val expired = synchronized(lock) { timedOut } || System.nanoTime() - deadlineNanos >= 0
            if (expired || error is SocketTimeoutException) {
                throw FetchException(timedOutSentence(timeoutText))
            }
            throw FetchException(sentence(error, url))
        } finally {
            alarm.cancel(false)
            connection.disconnect()
        }
    }

    /**
     * A failed request as a sentence a developer can act on, the same as the
     * Swift runtime's: never the exception's own text, which names Java
     * classes and system calls and differs between Android versions.
     */
    fun sentence(error: IOException, url: URL): String {
        val host = url.host
        return when (error) {
            is ConnectException ->
                "could not connect to $host: nothing accepts connections there (is the server running, and the port right?)"
            is UnknownHostException -> "the host $host was not found: check the update URL"
            is SSLException -> "a secure connection to $host could not be made: check its TLS certificate"
            is ProtocolException ->
                "$host sent a response that is not valid HTTP, or redirected in a loop; serve the updates without a redirect loop"
            else -> "the request for $url failed before a whole response arrived"
        }
    }

    /** Reads at most [limit] bytes; one more means the body is too large and reading stops. */
    @Throws(IOException::class, FetchException::class)
    fun readBounded(stream: InputStream, limit: Int, pastDeadline: () -> Boolean): ByteArray {
        val out = ByteArrayOutputStream()
        val buffer = ByteArray(16 * 1024)
        stream.use {
            while (true) {
                val count = it.read(buffer)
                if (count < 0) break
                out.write(buffer, 0, count)
                if (out.size() > limit) throw FetchException(tooLarge(limit), tooLarge = true)
                if (pastDeadline()) throw IOException("deadline")
            }
        }
        return out.toByteArray()
    }

    private fun readFile(file: File, limit: Int): FetchResult {
        if (!file.exists()) return FetchResult.NotFound
        if (file.length() > limit) throw FetchException(tooLarge(limit), tooLarge = true)
        return try {
            FetchResult.Body(readBounded(file.inputStream(), limit) { false })
        } catch (error: IOException) {
            throw FetchException("cannot read the update file ${file.path}")
        }
    }

    private fun tooLarge(limit: Int) =
        "the update is larger than $limit bytes; the download was abandoned (is the URL an update directory?)"

    private fun timedOutSentence(timeoutText: String) =
        "timed out after $timeoutText: the server did not send a whole update in time (the limit covers the whole refresh)"
}
