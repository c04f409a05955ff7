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

    func commit(_ batch: [DealRecord]) -> [DealRecord]? {
        do {
            if active.length >= options.segmentBytes { try rollOver() }
            var stored: [DealRecord] = []
            var locations: [RecordLocation] = []
            var bytes: [UInt8] = []
            let segment = UInt32(index.withLock { $0.segments.count } - 1)
            for record in batch {
                var numbered = record
                numbered.record = nextNumber + stored.count
                let line: [UInt8]
                do {
                    line = try encoder.encode(numbered)
                } catch {
                    throw GameLogError.cannotEncode("\(error)")
                }
                locations.append(
                    RecordLocation(
                        offset: Int64(active.length + bytes.count), segment: segment,
                        length: UInt32(line.count)))
                bytes.append(contentsOf: line)
                bytes.append(UInt8(ascii: "\n"))
                stored.append(numbered)
            }
            try active.append(bytes)
            if options.syncEachBatch { try active.sync() }
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
        } catch {
            return nil
        }
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
final class CheckpointWriter: Sendable {
    private let directory: String
    private let queue = DispatchQueue(label: "GameRecords.checkpoint", qos: .utility)
    private let latest = Locked<GameLogIndex?>(nil)

    init(directory: String) {
        self.directory = directory
    }

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
            try? GameLogCheckpoint.save(index, directory: directory)
        }
    }

    /// Waits for a checkpoint under way, then saves `index` now.
    func saveNow(_ index: GameLogIndex) throws(GameLogError) {
        let result: Result<Void, GameLogError> = queue.sync {
            latest.withLock { $0 = nil }
            do throws(GameLogError) {
                try GameLogCheckpoint.save(index, directory: directory)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }
}
