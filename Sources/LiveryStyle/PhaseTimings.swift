import Foundation

/// The steps a command's time goes to, for `--timings`.
public enum Phase: Int, CaseIterable, Sendable {
    case list, read, parse, merge, schema, resolve, emit, write

    public var name: String {
        switch self {
        case .list: "list targets"
        case .read: "read git objects"
        case .parse: "parse JSON"
        case .merge: "merge extends"
        case .schema: "check schema"
        case .resolve: "resolve & check"
        case .emit: "emit files"
        case .write: "write bundles"
        }
    }
}

/// Where the time went, per phase, summed over every worker thread. Phases
/// nest (reading a blob happens while resolving); each instant is counted in
/// the innermost phase only, so the parts add up to the whole.
///
/// Off unless a command asks for it: `measure` then costs one flag check.
public final class PhaseTimings: @unchecked Sendable {
    public static let shared = PhaseTimings()

    /// Set once by a command before any work starts, read by every worker.
    nonisolated(unsafe) public private(set) var enabled = false
    private let lock = NSLock()
    private var nanoseconds = Array(repeating: UInt64(0), count: Phase.allCases.count)
    private var counts = Array(repeating: 0, count: Phase.allCases.count)
    private static let stackKey = "livery.phase-stack"

    public func enable() {
        enabled = true
    }

    /// Runs `body`, charging its time to `phase` (minus nested phases).
    public func measure<T, E: Error>(_ phase: Phase, _ body: () throws(E) -> T) throws(E) -> T {
        guard enabled else { return try body() }
        let stack = Self.threadStack()
        let start = DispatchTime.now().uptimeNanoseconds
        if let outer = stack.frames.last { charge(outer.phase, start - outer.since, count: false) }
        stack.frames.append((phase, start))
        defer {
            let end = DispatchTime.now().uptimeNanoseconds
            if let frame = stack.frames.popLast() { charge(frame.phase, end - frame.since, count: true) }
            if !stack.frames.isEmpty { stack.frames[stack.frames.count - 1].since = end }
        }
        return try body()
    }

    private func charge(_ phase: Phase, _ elapsed: UInt64, count: Bool) {
        lock.lock()
        nanoseconds[phase.rawValue] += elapsed
        if count { counts[phase.rawValue] += 1 }
        lock.unlock()
    }

    /// A table of the phases, busiest first, with the wall-clock time of the whole command.
    public func report(wallSeconds: Double, jobs: Int) -> String {
        lock.lock()
        let totals = nanoseconds
        let calls = counts
        lock.unlock()
        let sum = totals.reduce(0, +)
        var out = "timings (summed over \(jobs) worker\(jobs == 1 ? "" : "s"); wall clock \(Self.seconds(wallSeconds))):\n"
        let rows = Phase.allCases.filter { totals[$0.rawValue] > 0 }.sorted { totals[$0.rawValue] > totals[$1.rawValue] }
        for phase in rows {
            let seconds = Double(totals[phase.rawValue]) / 1e9
            let share = sum == 0 ? 0 : Double(totals[phase.rawValue]) * 100 / Double(sum)
            let name = phase.name.padding(toLength: 18, withPad: " ", startingAt: 0)
            let time = Self.seconds(seconds)
            out += "  \(name) \(String(repeating: " ", count: max(0, 9 - time.count)))\(time)  \(String(format: "%5.1f", share)) %  \(calls[phase.rawValue]) calls\n"
        }
        out += "  \("total".padding(toLength: 18, withPad: " ", startingAt: 0)) \(Self.seconds(Double(sum) / 1e9))\n"
        return out
    }

    static func seconds(_ value: Double) -> String {
        value >= 1 ? String(format: "%.2f s", value) : String(format: "%.1f ms", value * 1000)
    }

    /// The phases open on this thread, innermost last.
    private final class Stack {
        var frames: [(phase: Phase, since: UInt64)] = []
    }

    private static func threadStack() -> Stack {
        let dictionary = Thread.current.threadDictionary
        if let stack = dictionary[stackKey] as? Stack { return stack }
        let stack = Stack()
        dictionary[stackKey] = stack
        return stack
    }
}
