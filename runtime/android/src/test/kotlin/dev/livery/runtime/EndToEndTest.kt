package dev.livery.runtime

import org.junit.Assert.assertArrayEquals
import org.junit.Assert.assertEquals
import org.junit.Assert.assertTrue
import org.junit.Test
import java.io.File
import java.net.InetAddress
import java.net.ServerSocket
import java.net.URL
import kotlin.concurrent.thread

/**
 * The updates `livery diff v1 v2 --format update` wrote for a corpus, served
 * from 127.0.0.1, applied by the library to every client's v1 `style.json`:
 * each store ends byte for byte at the client's v2 `style.json`.
 * scripts/testing/test-kotlin-runtime --end-to-end LIVERY prepares the folder
 * (`-Dlivery.endToEnd`): `v1/` and `v2/` bundles, `updates/`, `keys/signing.pub`.
 */
class EndToEndTest {
    private val folder: File by lazy {
        File(System.getProperty("livery.endToEnd") ?: error("-Dlivery.endToEnd is not set: run scripts/testing/test-kotlin-runtime " +
            "--end-to-end LIVERY"))
    }

    /** Serves [root]'s files over HTTP/1.1 on 127.0.0.1; anything else is a 404. */
    private fun serve(root: File): Pair<ServerSocket, URL> {
        val server = ServerSocket(0, 50, InetAddress.getByName("127.0.0.1"))
        val canonicalRoot = root.canonicalFile
        thread(isDaemon = true) {
            while (!server.isClosed) {
                val socket = try { server.accept() } catch (closed: Exception) { break }
                socket.use {
                    val reader = it.getInputStream().bufferedReader(Charsets.ISO_8859_1)
                    val path = reader.readLine()?.split(" ")?.getOrNull(1) ?: ""
                    while (reader.readLine()?.isNotEmpty() == true) {}
                    val file = File(canonicalRoot, path).canonicalFile
                    val body = if (file.isFile && file.path.startsWith(canonicalRoot.path + File.separator)) file.readBytes() else null
                    val status = if (body == null) "404 Not Found" else "200 OK"
                    val bytes = body ?: ByteArray(0)
                    val head = "HTTP/1.1 $status\r\nContent-Length: ${bytes.size}\r\nConnection: close\r\n\r\n"
                    it.getOutputStream().write(head.toByteArray())
                    it.getOutputStream().write(bytes)
                }
            }
        }
        return server to URL("http://127.0.0.1:${server.localPort}/")
    }

    @Test
    fun everyClientEndsAtItsV2StyleByteForByte() {
        val key = File(folder, "keys/signing.pub").readText()
        val clients = File(folder, "v2").listFiles { file -> File(file, "style.json").isFile }!!.map { it.name }.sorted()
        assertEquals("clients in the corpus", 20, clients.size)
        val (server, root) = serve(File(folder, "updates"))
        try {
            for (client in clients) {
                val v1 = File(folder, "v1/$client/style.json").readBytes()
                val v2 = File(folder, "v2/$client/style.json").readBytes()
                assertTrue("$client changes between v1 and v2", !v1.contentEquals(v2))
                val store = StyleStore(mapOf(client to v1), client, null, listOf(key), RecordingExecutor())
                val outcome = store.refresh(root, 10_000)
                assertEquals(client, RefreshOutcome.Updated(CanonicalJson.digest(v2)), outcome)
                assertArrayEquals(client, v2, store.document)
                assertEquals(client, RefreshOutcome.UpToDate, store.refresh(root, 10_000))
            }
        } finally {
            server.close()
        }
    }

    /**
     * scripts/testing/make-trust-flow's folder: root 1 (two root keys, threshold two, every client
     * delegated the online key), the online key stolen and revoked by root 2, which gives each client
     * its own key. An app built with root 1 follows the chain, as the Swift runtime's TrustEndToEndTests.
     */
    @Test
    fun anAppBuiltWithTheFirstRootFollowsTheChain() {
        val flow = File(folder, "trust-flow")
        val root = File(flow, "root.json").readBytes()
        val clients = File(flow, "v1").listFiles { file -> File(file, "style.json").isFile }!!.map { it.name }.sorted()
        assertEquals("clients in the flow", 3, clients.size)
        fun url(name: String) = File(flow, name).toURI().toURL()
        for (client in clients) {
            val v1 = File(flow, "v1/$client/style.json").readBytes()
            val v2 = File(flow, "v2/$client/style.json").readBytes()
            fun store() = StyleStore(mapOf(client to v1), client, null, emptyList(), RecordingExecutor(), trustRoot = root)
            val early = store()
            assertEquals(client, RefreshOutcome.Updated(CanonicalJson.digest(v2)), early.refresh(url("published"), 10_000))
            assertEquals(client, 1L, early.trustRootVersion)
            val app = store()
            assertEquals(client, RefreshOutcome.Updated(CanonicalJson.digest(v2)), app.refresh(url("rotated"), 10_000))
            assertEquals(client, 2L, app.trustRootVersion)
            assertArrayEquals(client, v2, app.document)
            // The app that applied the stolen key's update walks to root 2, drops it, and takes the client's.
            assertEquals(client, RefreshOutcome.Updated(CanonicalJson.digest(v2)), early.refresh(url("rotated"), 10_000))
            assertEquals(client, 2L, early.trustRootVersion)
            val victim = store()
            val refused = victim.refresh(url("attacker"), 10_000)
            val cause = ((refused as? RefreshOutcome.Rejected)?.reason as? UpdateRejection.Untrusted)?.cause?.code
            assertEquals("$client: $refused", "revokedKey", cause)
            assertArrayEquals(client, v1, victim.document)
        }
    }
}
