import Foundation

/// A value shared between threads in tests, behind a lock; a class so closures can share it.
/// The lock is an `NSLock`, which the thread sanitizer understands.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var protected: Value

    public init(_ value: Value) {
        protected = value
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&protected)
    }

    /// A copy of the current value.
    public var value: Value { withLock { $0 } }
}
