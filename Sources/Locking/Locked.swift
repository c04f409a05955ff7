import Foundation

/// A value shared between threads, reached only through ``withLock(_:)``.
///
/// It has the shape of `Synchronization.Mutex`, so either can replace the other, but its lock
/// is an `NSLock`. The thread sanitizer does not see `Mutex`, which waits on futexes directly,
/// and so reports the value it guards as raced; it does see `NSLock`. A class, so that several
/// owners and closures share one value; `@unchecked Sendable`, as the value is only ever read
/// or changed while the lock is held.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var protected: Value

    /// Creates a lock guarding `value`.
    public init(_ value: Value) {
        protected = value
    }

    /// Runs `body` with exclusive access to the value and returns what it returns; the lock
    /// is released however `body` ends.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&protected)
    }

    /// A copy of the value as it is now.
    public var value: Value { withLock { $0 } }
}
