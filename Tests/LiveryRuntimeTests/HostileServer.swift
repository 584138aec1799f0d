import Foundation
import LiveryConcurrency

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 that misbehaves on purpose, for the
/// refresh tests. The first path segment chooses the behaviour:
///
/// - `/files/<absolute path>`: the file, or 404.
/// - `/delayed-files/<absolute path>`: the same after 0.6 s.
/// - `/hang/…`: accepts and never answers.
/// - `/slow/…`: promises 100,000 bytes and sends one every 100 ms.
/// - `/endless/…`: streams without end (no length).
/// - `/false-length/…`: promises 1,000 bytes, sends 10 and holds the connection.
/// - `/big/…`: 50,000,000 bytes with a true length.
/// - `/redirect/…`: redirects to itself.
/// - `/status500/…`: HTTP 500.
///
/// Every loop is bounded: a connection ends after `connectionLifetime` (or
/// when the client goes away), and the server stops accepting after
/// `lifetime` or ``stop()``, so a test that fails never leaves it running.
final class HostileServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let stopped = Locked(false)
    /// Connections being served.
    private let open = Locked(0)
    static let connectionLifetime: Duration = .seconds(10)

    /// Long enough for a test that waits its turn: in the whole suite, tests that
    /// run processes can hold both threads of the test pool for minutes, and a
    /// server that stopped accepting meanwhile would make the refresh time out.
    static let defaultLifetime: Duration = .seconds(3_600)

    init(lifetime: Duration = HostileServer.defaultLifetime) throws {
        #if canImport(Glibc)
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { throw ServerError.socket(errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            throw ServerError.socket(errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        let stopped = self.stopped
        let open = self.open
        let end = ContinuousClock.now + lifetime
        Thread.detachNewThread {
            Self.acceptLoop(on: descriptor, until: end, stopped: stopped, open: open)
        }
    }

    /// The URL of the update directory that behaves like `mode`.
    func root(_ mode: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/\(mode)") ?? URL(fileURLWithPath: "/")
    }

    func stop() {
        stopped.withLock { $0 = true }
    }

    /// Waits (at most `limit`) until every connection has ended: until a
    /// client that gave up has really closed its connection, what it still
    /// receives would count against whatever is measured next.
    func waitUntilIdle(within limit: Duration = .seconds(5)) async {
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end, open.withLock({ $0 > 0 }) {
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    enum ServerError: Error { case socket(Int32) }

    private static func acceptLoop(on listener: Int32, until end: ContinuousClock.Instant, stopped: Locked<Bool>, open: Locked<Int>) {
        defer { close(listener) }
        while ContinuousClock.now < end, !stopped.withLock({ $0 }) {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            #if canImport(Glibc)
                let connection = Glibc.accept(listener, nil, nil)
            #else
                let connection = Darwin.accept(listener, nil, nil)
            #endif
            guard connection >= 0 else { continue }
            open.withLock { $0 += 1 }
            Thread.detachNewThread {
                serve(connection, until: ContinuousClock.now + connectionLifetime)
                open.withLock { $0 -= 1 }
            }
        }
    }

    private static func serve(_ connection: Int32, until end: ContinuousClock.Instant) {
        defer { close(connection) }
        guard let path = readRequestPath(connection, until: end) else { return }
        let segments = path.split(separator: "/", maxSplits: 1).map(String.init)
        let mode = segments.first ?? ""
        switch mode {
        case "files", "delayed-files":
            if mode == "delayed-files" { Thread.sleep(forTimeInterval: 0.6) }
            let file = "/" + (segments.count > 1 ? segments[1] : "")
            if let body = FileManager.default.contents(atPath: file) {
                _ = send(connection, head(200, ["Content-Length: \(body.count)"]) + Array(body))
            } else {
                _ = send(connection, head(404, ["Content-Length: 9"]) + Array("not found".utf8))
            }
        case "hang":
            holdUntilClosed(connection, until: end)
        case "slow":
            guard send(connection, head(200, ["Content-Length: 100000"])) else { return }
            while ContinuousClock.now < end {
                guard send(connection, [0x20]) else { return }
                Thread.sleep(forTimeInterval: 0.1)
            }
        case "endless":
            guard send(connection, head(200, ["Connection: close"])) else { return }
            let chunk = [UInt8](repeating: 0x20, count: 65536)
            while ContinuousClock.now < end {
                guard send(connection, chunk) else { return }
            }
        case "false-length":
            guard send(connection, head(200, ["Content-Length: 1000"]) + Array("{\"format\":".utf8)) else { return }
            holdUntilClosed(connection, until: end)
        case "big":
            let total = 50_000_000
            guard send(connection, head(200, ["Content-Length: \(total)"])) else { return }
            let chunk = [UInt8](repeating: 0x20, count: 65536)
            var sent = 0
            while sent < total, ContinuousClock.now < end {
                let part = min(chunk.count, total - sent)
                guard send(connection, chunk, count: part) else { return }
                sent += part
            }
        case "redirect":
            _ = send(connection, head(302, ["Location: \(path)", "Content-Length: 0"]))
        default:
            _ = send(connection, head(500, ["Content-Length: 5"]) + Array("oops!".utf8))
        }
    }

    private static func head(_ status: Int, _ headers: [String]) -> [UInt8] {
        let reason = [200: "OK", 302: "Found", 404: "Not Found", 500: "Internal Server Error"][status] ?? "Status"
        return Array((["HTTP/1.1 \(status) \(reason)"] + headers + ["", ""]).joined(separator: "\r\n").utf8)
    }

    /// The request's path, read until the end of its head (8 KiB at most).
    private static func readRequestPath(_ connection: Int32, until end: ContinuousClock.Instant) -> String? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        while bytes.count < 8192, ContinuousClock.now < end {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes += buffer[0..<count]
            if String(decoding: bytes, as: UTF8.self).contains("\r\n\r\n") { break }
        }
        let line = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n").first ?? ""
        let parts = line.split(separator: " ")
        return parts.count >= 2 ? String(parts[1]) : nil
    }

    /// Waits, sending nothing, until the client closes or `end`.
    private static func holdUntilClosed(_ connection: Int32, until end: ContinuousClock.Instant) {
        var buffer = [UInt8](repeating: 0, count: 256)
        while ContinuousClock.now < end {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { recv(connection, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return }
        }
    }

    /// Sends the first `count` of `bytes` (all by default); false once the client has gone.
    private static func send(_ connection: Int32, _ bytes: [UInt8], count total: Int? = nil) -> Bool {
        var offset = 0
        let end = total ?? bytes.count
        while offset < end {
            let count = bytes[offset..<end].withUnsafeBytes { raw in
                #if canImport(Glibc)
                    Glibc.send(connection, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL))
                #else
                    Darwin.send(connection, raw.baseAddress, raw.count, 0)
                #endif
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
}

/// The resident memory of this process, sampled while `body` runs: the
/// highest value seen minus the value before, in bytes. Linux only (nil elsewhere).
func residentGrowth<T: Sendable>(during body: @MainActor () async -> T) async -> (T, Int?) {
    #if os(Linux)
        func resident() -> Int {
            guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
            let fields = text.split(separator: " ")
            return fields.count > 1 ? (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE))) : 0
        }
        let before = resident()
        let peak = Locked(before)
        let sampler = Task.detached {
            while !Task.isCancelled {
                let now = resident()
                peak.withLock { $0 = max($0, now) }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let value = await body()
        sampler.cancel()
        let now = resident()
        let highest = peak.withLock { state in
            state = max(state, now)
            return state
        }
        return (value, highest - before)
    #else
        return (await body(), nil)
    #endif
}
