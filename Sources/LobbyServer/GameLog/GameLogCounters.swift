import Synchronization

/// How much one run of the server has written to the game log, readable from any thread
/// without taking the log's lock (which a flush to the disk may hold).
public final class GameLogCounters: Sendable {
    private let records = Atomic<Int>(0)
    private let syncs = Atomic<Int>(0)

    init() {}

    /// Records appended since the log was opened.
    public var recordsWritten: Int { records.load(ordering: .relaxed) }
    /// Flushes to the disk since the log was opened.
    public var syncsDone: Int { syncs.load(ordering: .relaxed) }

    func appended(records count: Int, syncs flushes: Int) {
        records.add(count, ordering: .relaxed)
        syncs.add(flushes, ordering: .relaxed)
    }
}
