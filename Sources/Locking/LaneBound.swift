/// One owner's serial order of work whose items may run on different threads: each item runs
/// alone, in order, but not always on the same queue (a table's lane runs an item at once on
/// the thread that hands it in when the lane is idle, and on its queue otherwise).
public protocol ExecutionLane: AnyObject, Sendable {
    /// True on the thread running the lane's current item, and only there.
    var isRunningHere: Bool { get }
}

/// State that belongs to one ``ExecutionLane``: every read and write checks that it runs
/// inside one of the lane's items, in release builds too.
///
/// The lane-bound counterpart of ``QueueBound``, for an owner whose items do not all run on
/// one queue, so that `dispatchPrecondition` cannot tell: a table, whose moves run on the
/// poller that read them. The check asks the lane whether the calling thread runs its current
/// item; the value need not be `Sendable`, as it never leaves the lane's items.
///
/// Sendable unchecked by the compiler, as every access is checked to run inside an item of
/// the one lane, and the lane runs one item at a time.
public final class LaneBound<Value>: @unchecked Sendable {
    /// The lane the value belongs to.
    public let lane: any ExecutionLane
    private var stored: Value

    /// A box for `value`, which belongs to `lane` from now on. It may be made anywhere (an
    /// owner builds its state before its lane runs anything): `value` is handed over whole.
    public init(_ value: sending Value, lane: any ExecutionLane) {
        self.lane = lane
        stored = value
    }

    /// Runs `body` with the value to change in place, and returns what it returns. Stops the
    /// program unless called inside one of the lane's items.
    public func withValue<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        precondition(lane.isRunningHere, "a lane-bound value was used outside its lane")
        return try body(&stored)
    }

    /// A copy of the value as it is now (to change it, ``withValue(_:)`` changes it in place).
    /// Stops the program unless read inside one of the lane's items.
    public var value: Value {
        precondition(lane.isRunningHere, "a lane-bound value was used outside its lane")
        return stored
    }
}
