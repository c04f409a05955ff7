import Dispatch

/// State that belongs to one serial queue: every read and write checks that it runs on that
/// queue, in release builds too.
///
/// For the mutable state of an owner whose work all runs on its own queue (a lobby, a
/// connection): kept in one struct behind this box, it cannot be reached from another queue
/// without stopping the program at that access, so the confinement a comment would only state
/// is checked. The check is `dispatchPrecondition`, which also passes on a queue that targets
/// the owner's. The value need not be `Sendable`: it never leaves the queue, except as what
/// ``withValue(_:)`` returns there.
///
/// A class, so that its owner keeps it in a `let` and stays `Sendable` itself; Sendable
/// unchecked by the compiler, as every access is checked to run on the one serial queue, which
/// runs one item at a time. For state shared between threads use ``Locked`` instead; for state
/// of a lane whose items may run on the caller's thread, ``LaneBound``.
public final class QueueBound<Value>: @unchecked Sendable {
    /// The queue the value belongs to.
    public let queue: DispatchQueue
    private var stored: Value

    /// A box for `value`, which belongs to `queue` from now on. It may be made anywhere (an
    /// owner builds its state before its queue runs anything): `value` is handed over whole.
    public init(_ value: sending Value, queue: DispatchQueue) {
        self.queue = queue
        stored = value
    }

    /// Runs `body` with the value to change in place, and returns what it returns. Stops the
    /// program unless called on the box's queue.
    public func withValue<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        dispatchPrecondition(condition: .onQueue(queue))
        return try body(&stored)
    }

    /// A copy of the value as it is now (to change it, ``withValue(_:)`` changes it in place).
    /// Stops the program unless read on the box's queue.
    public var value: Value {
        dispatchPrecondition(condition: .onQueue(queue))
        return stored
    }
}
