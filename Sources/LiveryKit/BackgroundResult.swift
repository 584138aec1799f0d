import Foundation

/// A value computed on another thread from the moment it is made; `value()`
/// waits for it. For work that is certain to be needed soon and can overlap
/// with what the caller does meanwhile (compiling a schema while targets are listed).
final class BackgroundResult<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Value, any Error>?

    init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global().async { [self] in
            let outcome = Result { try work() }
            lock.lock()
            result = outcome
            lock.unlock()
            done.signal()
        }
    }

    /// The value, or the error the work threw; waits until it is there.
    func value() throws -> Value {
        lock.lock()
        if let result {
            lock.unlock()
            return try result.get()
        }
        lock.unlock()
        done.wait()
        // Let any other waiter through as well.
        done.signal()
        lock.lock()
        defer { lock.unlock() }
        guard let result else { throw CancellationError() }
        return try result.get()
    }
}
