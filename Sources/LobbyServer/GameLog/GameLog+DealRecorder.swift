import GameRecords
import LobbyProtocol

extension GameLog: DealRecorder {
    /// Appends the record in the next group commit; `completion` runs once it is durable.
    public func record(
        _ record: DealRecord, completion: @escaping @Sendable (DealRecord?) -> Void
    ) {
        append(record, completion: completion)
    }

    /// The number of records in the log.
    public var recordCount: Int { count }

    /// The record numbered `number` (from 1), read on the log's query queue.
    public func storedRecord(number: Int, reply: @escaping @Sendable (DealRecord?) -> Void) {
        record(number: number, reply: reply)
    }

    /// Whether records reach the disk now.
    public var storageHealth: GroupCommitHealth { health }

    /// Hears of the disk refusing records, and of the held records written.
    public func observeStorage(_ observer: @escaping @Sendable (GroupCommitEvent) -> Void) {
        observeHealth(observer)
    }
}
