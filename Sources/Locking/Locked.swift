import Foundation

/// A value shared between threads, reached only through ``withLock(_:)``.
///
/// The package's one lock. Mutable state has one of three homes: state one serial queue owns
/// is a ``QueueBound``, state a lane owns (whose items may run on the caller's thread) is a
/// ``LaneBound``, and state several threads share is a `Locked`, held for a few statements
/// and never across a wait or a call out. A thread that waits for another waits on a
/// `DispatchSemaphore` or `DispatchGroup`, with the state it waits for in a `Locked`, not on
/// a condition variable; an `Atomic` is kept for a lone counter or flag read without the lock
/// on a hot path, saying so where it is declared. No other type keeps a bare `NSLock` or
/// `NSCondition` beside the fields it guards.
///
/// It has the shape of `Synchronization.Mutex`, so either can replace the other, but its lock
/// is an `NSLock`. The thread sanitizer does not see `Mutex`, which waits on futexes directly,
/// and so reports the value it guards as raced; it does see `NSLock`. A class, so that several
/// owners and closures share one value; Sendable unchecked by the compiler, as the value is
/// only ever read or changed while the lock is held.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    /// The value, in storage of its own rather than in a stored property: an empty value such
    /// as `()` stored in the object sits at the object's own address, and the sanitizer would
    /// take each access to it for a write to the object's header, which other threads read
    /// before they take the lock.
    private let storage: UnsafeMutablePointer<Value>

    /// Creates a lock guarding `value`.
    public init(_ value: Value) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs `body` with exclusive access to the value and returns what it returns; the lock
    /// is released however `body` ends.
    public func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage.pointee)
    }

    /// A copy of the value as it is now.
    public var value: Value { withLock { $0 } }
}
