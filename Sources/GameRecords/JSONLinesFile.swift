import Foundation
import LobbyProtocol

/// A single append-only file of game log records, numbered from 1 after those it already
/// holds: the simplest ``GroupCommitTarget``, for tools that write one `.jsonl` file.
public final class JSONLinesFile: GroupCommitTarget {
    public typealias Entry = DealRecord
    public typealias Stored = DealRecord

    private let file: AppendOnlyFile
    private let syncEachBatch: Bool
    private let encoder = DealRecordLineEncoder()
    private var nextNumber: Int

    /// Opens (or creates) the file at `path`; the next record is numbered after its lines.
    public init(path: String, syncEachBatch: Bool) throws(GameLogError) {
        file = try AppendOnlyFile(path: path)
        self.syncEachBatch = syncEachBatch
        let existing = FileManager.default.contents(atPath: path) ?? Data()
        nextNumber = existing.reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
    }

    public func commit(_ batch: [DealRecord]) throws(GameLogError) -> [DealRecord] {
        let batch = try NumberedBatch(batch, from: nextNumber, encoder: encoder)
        try file.append(batch.bytes, sync: syncEachBatch)
        nextNumber += batch.records.count
        return batch.records
    }

    /// Flushes everything written to the disk.
    public var syncResult: Result<Void, GameLogError> {
        do throws(GameLogError) {
            try file.sync()
            return .success(())
        } catch {
            return .failure(error)
        }
    }
}
