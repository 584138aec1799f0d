#if !canImport(os) && canImport(Glibc)
    import Glibc

    /// Tells the thread sanitizer when a `Locked` value's lock is taken and given
    /// back. On Linux, `Mutex` waits with futexes and atomics of the standard library,
    /// which is not built for the sanitizer: without these calls, a test run under
    /// `--sanitize=thread` would report every value a `Locked` guards as raced.
    ///
    /// The hooks are looked up once, by name, in the running program: they are only
    /// there when it was built with the sanitizer, and otherwise each call costs a
    /// check for nil.
    enum ThreadSanitizer {
        private typealias Hook = @convention(c) (UnsafeRawPointer?) -> Void

        private static let acquire = hook("__tsan_acquire")
        private static let release = hook("__tsan_release")

        /// After the lock at `address` is taken.
        static func acquired(_ address: UnsafeRawPointer) {
            acquire?(address)
        }

        /// Before the lock at `address` is given back.
        static func releasing(_ address: UnsafeRawPointer) {
            release?(address)
        }

        private static func hook(_ name: String) -> Hook? {
            // The handle of the program itself: its symbols and those of what it links.
            guard let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, name) else { return nil }
            return unsafeBitCast(symbol, to: Hook.self)
        }
    }
#else
    /// Apple's locks are known to the sanitizer: nothing to tell it.
    enum ThreadSanitizer {
        static func acquired(_ address: UnsafeRawPointer) {}
        static func releasing(_ address: UnsafeRawPointer) {}
    }
#endif
