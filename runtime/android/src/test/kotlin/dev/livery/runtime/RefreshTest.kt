package dev.livery.runtime

import org.junit.After
import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File
import java.net.InetAddress
import java.net.ServerSocket
import java.net.Socket
import java.net.URL
import java.nio.file.Files
import kotlin.concurrent.thread

/** `refresh` against servers on 127.0.0.1: a chain, a 404, and servers that never finish. */
class RefreshTest {
    private val v2Patch = """{"colors": {"primary": {"light": "#0B5FFF", "dark": "#0E8AB4"}}}"""
    private val v3Patch = """{"dimensions": {"spacingM": 20}}"""
    private val sockets = ArrayList<ServerSocket>()

    @After
    fun closeServers() {
        for (socket in sockets) socket.close()
    }

    private fun store() =
        StyleStore(mapOf("acme" to Fixtures.v1Bytes), "acme", null, listOf(TestSigner.one.publicText), RecordingExecutor())

    /** A server that answers each request with [respond] (given the path) on its own thread. */
    private fun serve(respond: (String, Socket) -> Unit): URL {
        val server = ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))
        sockets.add(server)
        thread(isDaemon = true) {
            while (!server.isClosed) {
                val socket = try { server.accept() } catch (closed: Exception) { break }
                thread(isDaemon = true) {
                    try {
                        val reader = socket.getInputStream().bufferedReader(Charsets.ISO_8859_1)
                        val path = reader.readLine()?.split(" ")?.getOrNull(1) ?: ""
                        while (reader.readLine()?.isNotEmpty() == true) {}
                        respond(path, socket)
                    } catch (ignored: Exception) {
                    } finally {
                        try { socket.close() } catch (ignored: Exception) {}
                    }
                }
            }
        }
        return URL("http://127.0.0.1:${server.localPort}/updates")
    }

    private fun answer(socket: Socket, status: Int, body: ByteArray) {
        val out = socket.getOutputStream()
        out.write("HTTP/1.1 $status X\r\nContent-Length: ${body.size}\r\nConnection: close\r\n\r\n".toByteArray())
        out.write(body)
        out.flush()
    }

    @Test(timeout = 60_000)
    fun aChainIsFollowedToTheLatestStyle() {
        val v2 = Envelopes.resultOf(Fixtures.v1, v2Patch)
        val first = Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one)
        val second = Envelopes.signed(Envelopes.update(v2, v3Patch, 3), TestSigner.one)
        val files = mapOf(
            "/updates/acme/${CanonicalJson.digest(Fixtures.v1Bytes)}.json" to first,
            "/updates/acme/${CanonicalJson.digestOf(v2)}.json" to second
        )
        val root = serve { path, socket -> files[path]?.let { answer(socket, 200, it) } ?: answer(socket, 404, ByteArray(0)) }
        val store = store()
        val outcome = store.refresh(root, 10_000)
        val v3 = CanonicalJson.bytes(Envelopes.resultOf(v2, v3Patch))
        assertEquals(RefreshOutcome.Updated(CanonicalJson.digest(v3)), outcome)
        assertArrayEquals(v3, store.document)
        assertEquals(RefreshOutcome.UpToDate, store.refresh(root, 10_000))
    }

    @Test(timeout = 60_000)
    fun aFileDirectoryWorksLikeAServer() {
        val directory = Files.createTempDirectory("livery-updates").toFile()
        File(directory, "acme").mkdirs()
        File(directory, "acme/${CanonicalJson.digest(Fixtures.v1Bytes)}.json")
            .writeBytes(Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.one))
        val store = store()
        assertTrue(store.refresh(directory.toURI().toURL()) is RefreshOutcome.Updated)
        assertEquals(RefreshOutcome.UpToDate, store.refresh(directory.toURI().toURL()))
    }

    @Test(timeout = 60_000)
    fun anEndlessBodyIsAbandonedAtTheCap() {
        var sent = 0L
        val root = serve { _, socket ->
            val out = socket.getOutputStream()
            out.write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n".toByteArray())
            val chunk = ByteArray(64 * 1024) { ' '.toByte() }
            while (true) {
                out.write(chunk)
                sent += chunk.size
            }
        }
        val store = store()
        val outcome = store.refresh(root, 20_000)
        assertTrue("$outcome", outcome is RefreshOutcome.Unavailable && outcome.problem.contains("larger than"))
        assertTrue("read no more than the cap and what was in flight: $sent", sent < StyleUpdate.MAXIMUM_SIZE * 4L)
        assertArrayEquals(Fixtures.v1Bytes, store.document)
    }

    @Test(timeout = 60_000)
    fun aTricklingOrSilentServerEndsAtTheDeadline() {
        val trickle = serve { _, socket ->
            val out = socket.getOutputStream()
            out.write("HTTP/1.1 200 OK\r\nConnection: close\r\n\r\n{".toByteArray())
            while (true) {
                out.write(' '.toInt())
                out.flush()
                Thread.sleep(100)
            }
        }
        val silent = serve { _, _ -> Thread.sleep(60_000) }
        // Headers a byte at a time: no single read waits long, so only the deadline ends it.
        val slowHeaders = serve { _, socket ->
            val out = socket.getOutputStream()
            out.write("HTTP/1.1 200 OK\r\n".toByteArray())
            while (true) {
                out.write("X: y\r\n".toByteArray())
                out.flush()
                Thread.sleep(100)
            }
        }
        for (root in listOf(trickle, silent, slowHeaders)) {
            val started = System.nanoTime()
            val outcome = store().refresh(root, 1_500)
            val millis = (System.nanoTime() - started) / 1_000_000
            assertTrue("$outcome", outcome is RefreshOutcome.Unavailable && outcome.problem.contains("timed out"))
            assertTrue("ended after $millis ms", millis in 1_400..4_000)
        }
    }

    @Test(timeout = 60_000)
    fun aServerErrorOrRefusedUpdateLeavesTheStyle() {
        val error = serve { _, socket -> answer(socket, 500, "oops".toByteArray()) }
        val store = store()
        val outcome = store.refresh(error)
        assertTrue("$outcome", outcome is RefreshOutcome.Unavailable && outcome.problem.contains("HTTP 500"))
        val wrongKey = Envelopes.signed(Envelopes.update(Fixtures.v1, v2Patch, 2), TestSigner.two)
        val tampered = serve { _, socket -> answer(socket, 200, wrongKey) }
        val refused = store.refresh(tampered)
        assertEquals("unknownKey", ((refused as RefreshOutcome.Rejected).reason).code)
        assertArrayEquals(Fixtures.v1Bytes, store.document)
    }

    @Test(timeout = 60_000)
    fun aRefusedConnectionIsASentenceNotJavasText() {
        // A port that was just free: nothing accepts connections there.
        val closed = ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))
        val port = closed.localPort
        closed.close()
        val outcome = store().refresh(URL("http://127.0.0.1:$port/updates"))
        assertEquals(
            RefreshOutcome.Unavailable("could not connect to 127.0.0.1: nothing accepts connections there (is the server running, and " +
                "the port right?)"),
            outcome
        )
    }
}
