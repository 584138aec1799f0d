import Foundation
import LiveryConcurrency

/// The steps a command's time goes to, for `--timings`: the stages of the pipeline every
/// target takes (docs/architecture.md, "From git to a bundle"), in order, then the work
/// done inside any of them, charged apart: reading git objects and parsing JSON.
public enum Phase: Int, CaseIterable, Sendable {
    case list, load, validate, resolve, check, emit, write
    case read, parse

    /// The pipeline's stages, in the order a target takes them.
    public static let stages: [Phase] = [.list, .load, .validate, .resolve, .check, .emit, .write]

    /// The stage's name, or what the work inside stages is.
    public var name: String {
        switch self {
        case .list: "list"
        case .load: "load"
        case .validate: "validate"
        case .resolve: "resolve"
        case .check: "check"
        case .emit: "emit"
        case .write: "write"
        case .read: "read git objects"
        case .parse: "parse JSON"
        }
    }
}

/// Where the time went, per phase, summed over every worker. Phases nest
/// (reading a blob happens while resolving); each instant is counted in the
/// innermost phase only, so the parts add up to the whole.
///
/// A command that is asked for `--timings` makes one and passes it to the work
/// it starts; everything else gets ``off``, whose `measure` costs one flag check.
public final class PhaseTimings: Sendable {
    /// Timings that measure nothing.
    public static let off = PhaseTimings(enabled: false)

    public let enabled: Bool
    private let totals = Locked(Totals())

    private struct Totals: Sendable {
        var nanoseconds = Array(repeating: UInt64(0), count: Phase.allCases.count)
        var counts = Array(repeating: 0, count: Phase.allCases.count)
    }

    public init(enabled: Bool = true) {
        self.enabled = enabled
    }

    /// Runs `body`, charging its time to `phase` (minus nested phases). `body`
    /// is synchronous, so it runs on one thread from start to end, and the
    /// phases open on that thread tell which one is the innermost.
    public func measure<T, E: Error>(_ phase: Phase, _ body: () throws(E) -> T) throws(E) -> T {
        guard enabled else { return try body() }
        let stack = threadStack()
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
        totals.withLock { totals in
            totals.nanoseconds[phase.rawValue] += elapsed
            if count { totals.counts[phase.rawValue] += 1 }
        }
    }

    /// A table of the phases, busiest first, with the wall-clock time of the whole command.
    public func report(wallSeconds: Double, jobs: Int) -> String {
        let (totals, calls) = self.totals.withLock { ($0.nanoseconds, $0.counts) }
        let sum = totals.reduce(0, +)
        var out = "timings (summed over \(jobs) worker\(jobs == 1 ? "" : "s"); wall clock \(Self.seconds(wallSeconds))):\n"
        let rows = Phase.allCases.filter { totals[$0.rawValue] > 0 }.sorted { totals[$0.rawValue] > totals[$1.rawValue] }
        for phase in rows {
            let seconds = Double(totals[phase.rawValue]) / 1e9
            let share = sum == 0 ? 0 : Double(totals[phase.rawValue]) * 100 / Double(sum)
            let name = phase.name.padding(toLength: 18, withPad: " ", startingAt: 0)
            let time = Self.seconds(seconds)
            out +=
                "  \(name) \(String(repeating: " ", count: max(0, 9 - time.count)))\(time)  \(String(format: "%5.1f", share)) %  \(calls[phase.rawValue]) calls\n"
        }
        out += "  \("total".padding(toLength: 18, withPad: " ", startingAt: 0)) \(Self.seconds(Double(sum) / 1e9))\n"
        return out
    }

    static func seconds(_ value: Double) -> String {
        value >= 1 ? String(format: "%.2f s", value) : String(format: "%.1f ms", value * 1000)
    }

    /// The phases of these timings open on this thread, innermost last. Only
    /// ever touched by the thread whose dictionary holds it.
    private final class Stack {
        var frames: [(phase: Phase, since: UInt64)] = []
    }

    private func threadStack() -> Stack {
        let dictionary = Thread.current.threadDictionary
        let key = "livery.phase-stack.\(ObjectIdentifier(self).hashValue)"
        if let stack = dictionary[key] as? Stack { return stack }
        let stack = Stack()
        dictionary[key] = stack
        return stack
    }
}
