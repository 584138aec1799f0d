import Foundation
import LiveryRuntime

// One refresh with a one-second limit against the URL given, from a small
// built-in style; prints the outcome and how long it took. The server decides
// what goes wrong; GNU time, outside, measures the peak memory.
let style = ##"{"app":{"bundleId":"com.acme.bank","displayName":"Acme"},"colors":{"primary":{"dark":"#0E8AB4","light":"#11A4D6"}},"id":"acme"}"##
guard CommandLine.arguments.count == 2, let root = URL(string: CommandLine.arguments[1]) else {
    FileHandle.standardError.write(Data("usage: refresh-bench URL\n".utf8))
    exit(2)
}

@MainActor
func refreshOnce() async -> String {
    guard let store = try? StyleStore(bundled: Data(style.utf8), cache: nil, trustedKeys: [], allowUnsigned: true) else {
        return "the built-in style was refused"
    }
    return "\(await store.refresh(from: root, timeout: .seconds(1)))"
}

let started = ContinuousClock.now
let outcome = await refreshOnce()
print("\(outcome) after \(ContinuousClock.now - started)")
// LIVERY_BENCH_LINGER=N keeps the process N seconds longer, so GNU time's CPU
// figures show whether the abandoned download still runs in the background.
if let linger = ProcessInfo.processInfo.environment["LIVERY_BENCH_LINGER"].flatMap(Double.init) {
    try? await Task.sleep(for: .seconds(linger))
}
