#if canImport(os)
    import os
#else
    import Synchronization
#endif

/// A value that concurrent tasks share, read and changed only inside `withLock`.
///
/// On Linux this is a `Mutex` from the Synchronization module. livery still runs
/// on macOS 13 and iOS 17, which have no `Mutex` (it needs macOS 15 / iOS 18), so
/// on Apple platforms the same job is done by `OSAllocatedUnfairLock`. Either way
/// the compiler checks the sharing, with no unchecked conformance around it.
public final class Locked<State: Sendable>: Sendable {
    #if canImport(os)
        private let lock: OSAllocatedUnfairLock<State>
    #else
        private let lock: Mutex<State>
    #endif

    public init(_ initial: State) {
        #if canImport(os)
            lock = OSAllocatedUnfairLock(uncheckedState: initial)
        #else
            lock = Mutex(initial)
        #endif
    }

    /// Runs `body` with the state, alone: keep it short, and call nothing in it
    /// that could take the same lock again.
    public func withLock<Result: Sendable, E: Error>(_ body: (inout State) throws(E) -> Result) throws(E) -> Result {
        #if canImport(os)
            // `withLockUnchecked` because `body` need not be `@Sendable`: it runs
            // here, on the caller's thread, before this returns.
            let outcome: Swift.Result<Result, E> = lock.withLockUnchecked { state in
                do throws(E) { return .success(try body(&state)) } catch { return .failure(error) }
            }
            return try outcome.get()
        #else
            let address = UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque())
            return try lock.withLock { state throws(E) -> Result in
                ThreadSanitizer.acquired(address)
                defer { ThreadSanitizer.releasing(address) }
                return try body(&state)
            }
        #endif
    }
}
