import Foundation
import LobbyProtocol
import Locking

/// The writing side of the game log, used only on its ``GroupCommitWriter``'s queue: numbers
/// each batch's records, writes them to the active segment as one write, syncs once, rolls
/// over to a new segment when the active one is full, and then adds them to the shared index.
final class GameLogStore: GroupCommitTarget {
    typealias Entry = DealRecord
    typealias Stored = DealRecord

    private let directory: String
    private let options: GameLog.Options
    private let index: SharedIndex
    private let encoder = DealRecordLineEncoder()
    private var active: AppendOnlyFile
    private var nextNumber: Int
    private var sinceCheckpoint = 0
    private let checkpoints: CheckpointWriter

    /// The store of the log in `directory`, appending to its last segment `active`.
    init(
        directory: String, options: GameLog.Options, index: SharedIndex,
        active: AppendOnlyFile, nextNumber: Int, checkpoints: CheckpointWriter
    ) {
        self.directory = directory
        self.options = options
        self.index = index
        self.active = active
        self.nextNumber = nextNumber
        self.checkpoints = checkpoints
    }

    func commit(_ batch: [DealRecord]) throws(GameLogError) -> [DealRecord] {
        if active.length >= options.segmentBytes { try rollOver() }
        let segment = UInt32(index.withLock { $0.segments.count } - 1)
        let batch = try NumberedBatch(batch, from: nextNumber, encoder: encoder)
        let start = active.length
        let locations = batch.lines.map { line in
            RecordLocation(
                offset: Int64(start + line.start), segment: segment, length: UInt32(line.length))
        }
        // On failure the segment is as it was: the same batch may be committed again.
        try active.append(batch.bytes, sync: options.syncEachBatch)
        let stored = batch.records
        nextNumber += stored.count
        let length = active.length
        index.withLock { index in
            for (record, location) in zip(stored, locations) { index.add(record, at: location) }
            index.segments[index.segments.count - 1].length = length
            index.segments[index.segments.count - 1].lines += stored.count
        }
        sinceCheckpoint += stored.count
        if sinceCheckpoint >= options.checkpointInterval {
            sinceCheckpoint = 0
            checkpoints.save(index.snapshot)
        }
        return stored
    }

    /// Flushes the active segment (when batches are not synced one by one).
    func sync() throws(GameLogError) { try active.sync() }

    /// Starts the next segment file and makes it the active one.
    private func rollOver() throws(GameLogError) {
        try active.sync()
        let last = index.withLock { $0.segments.last?.name }
        let number = (last.flatMap(LogSegments.number(of:)) ?? 0) + 1
        let name = LogSegments.name(number)
        active = try AppendOnlyFile(path: directory + "/" + name)
        index.withLock { $0.segments.append(SegmentCoverage(name: name, length: 0, lines: 0)) }
    }
}

/// Writes checkpoints on a background queue, one at a time, keeping only the latest asked.
/// A checkpoint that cannot be written (a full disk) leaves the previous one in place; the
/// failure is kept for the log's health, and the next checkpoint tries again.
final class CheckpointWriter: Sendable {
    private let directory: String
    private let queue = DispatchQueue(label: "GameRecords.checkpoint", qos: .utility)
    private let latest = Locked<GameLogIndex?>(nil)
    private let lastFailure = Locked<GameLogError?>(nil)

    init(directory: String) {
        self.directory = directory
    }

    /// Why the latest checkpoint could not be written, or nil when it was.
    var failure: GameLogError? { lastFailure.withLock { $0 } }

    /// Saves `index` soon, unless a later one replaces it first.
    func save(_ index: GameLogIndex) {
        let wasIdle = latest.withLock { pending in
            defer { pending = index }
            return pending == nil
        }
        guard wasIdle else { return }
        queue.async { [self] in
            guard let index = latest.withLock({ pending in
                defer { pending = nil }
                return pending
            }) else { return }
            write(index)
        }
    }

    /// Waits for a checkpoint under way, then saves `index` now.
    func saveNow(_ index: GameLogIndex) throws(GameLogError) {
        let result: Result<Void, GameLogError> = queue.sync {
            latest.withLock { $0 = nil }
            return write(index)
        }
        try result.get()
    }

    @discardableResult
    private func write(_ index: GameLogIndex) -> Result<Void, GameLogError> {
        do throws(GameLogError) {
            try GameLogCheckpoint.save(index, directory: directory)
            lastFailure.withLock { $0 = nil }
            return .success(())
        } catch {
            lastFailure.withLock { $0 = error }
            return .failure(error)
        }
    }
}
