import Foundation

/// A value shared between threads in tests, behind a lock; a class so closures can share it.
/// The lock is an `NSLock`, which the thread sanitizer understands.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var protected: Value

    init(_ value: Value) {
        protected = value
    }

    /// Runs `body` with exclusive access to the value.
    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&protected)
    }

    /// A copy of the current value.
    var value: Value { withLock { $0 } }
}
