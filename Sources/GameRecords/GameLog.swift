import Dispatch
import Foundation
import LobbyProtocol
import WireJSON

/// The durable game log: one ``DealRecord`` per line of JSON, in numbered segment files in a
/// data directory (see ``LogSegments``).
///
/// Records stay on disk. RAM holds an index: where each record's line is, the `history`
/// entries and each player's, and one ranked leaderboard per game. Appends go through a
/// ``GroupCommitWriter``: each batch is one write and one sync, and a record's completion runs
/// only once it is on the disk. Queries read the few records they need with `pread`. The index
/// is saved to a checkpoint now and then and when the log is closed, so opening reads only the
/// lines after it. Every method may be called from any thread.
public final class GameLog: Sendable {
    /// How the log writes.
    public struct Options: Sendable, Equatable {
        /// The size at which the active segment is closed and the next one begun.
        public var segmentBytes: Int
        /// True to sync every batch before its completions run (the server); false to leave
        /// syncing to ``sync()`` (bulk tools such as the simulator's log generator).
        public var syncEachBatch: Bool
        /// A checkpoint is saved (in the background) after this many appended records.
        public var checkpointInterval: Int
        /// Milliseconds a record that finds the writer idle waits for others to share its
        /// batch and its sync; 0 commits at once. Under load a batch forms anyway while the
        /// last one syncs; the wait also gathers records that come a little apart.
        public var gatheringMilliseconds = 0
        /// Milliseconds between tries of records the storage refused (a full disk, a
        /// file-size limit, an I/O error): they are held in RAM, in order, and their
        /// completions wait until they are written. 0 fails them at once instead.
        public var retryMilliseconds = 1_000

        /// The default segment size in megabytes.
        public static let defaultSegmentMegabytes = 64

        /// Options; the segment size is given in megabytes.
        public init(
            segmentMegabytes: Int = defaultSegmentMegabytes, syncEachBatch: Bool = true,
            checkpointInterval: Int = 100_000
        ) {
            self.init(
                segmentBytes: max(segmentMegabytes, 1) << 20, syncEachBatch: syncEachBatch,
                checkpointInterval: checkpointInterval)
        }

        /// Options with the segment size in bytes (small sizes are for tests).
        public init(segmentBytes: Int, syncEachBatch: Bool = true, checkpointInterval: Int) {
            self.segmentBytes = max(segmentBytes, 1)
            self.syncEachBatch = syncEachBatch
            self.checkpointInterval = max(checkpointInterval, 1)
        }
    }

    /// The data directory.
    public let directory: String
    /// What opening the log found: records, a torn tail cut off, corrupt lines kept.
    public let recovery: GameLogRecovery

    private let index: SharedIndex
    private let writer: GroupCommitWriter<GameLogStore>
    private let reader: SegmentReader
    private let checkpoints: CheckpointWriter
    private let queries = DispatchQueue(label: "GameRecords.queries")
    private let summaries = SummaryCache(capacity: 4096)

    /// Opens the log in `directory` (created if missing): loads the checkpoint when it is
    /// valid, reads the lines after it, cuts a torn last line off the last segment, and
    /// reports unreadable lines (kept in place, skipped).
    ///
    /// `progress` hears how far reading the segments has come: once before the first
    /// segment, and after each.
    public init(
        directory url: URL, options: Options = Options(),
        progress: (@Sendable (GameLogReading) -> Void)? = nil
    ) throws(GameLogError) {
        let path = url.path
        do {
            try FileManager.default.createDirectory(
                atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotCreateDirectory(path: path, reason: "\(error)")
        }
        directory = path
        let opened = try GameLogOpening.open(directory: path, progress: progress)
        recovery = opened.recovery
        index = SharedIndex(opened.index)
        reader = SegmentReader(directory: path)
        checkpoints = CheckpointWriter(directory: path)
        let store = GameLogStore(
            directory: path, options: options, index: index, active: opened.active,
            nextNumber: opened.index.lastRecordNumber + 1, checkpoints: checkpoints)
        writer = GroupCommitWriter(
            target: store, label: "GameRecords.writer",
            gathering: options.gatheringMilliseconds > 0
                ? .milliseconds(options.gatheringMilliseconds) : nil,
            retryInterval: options.retryMilliseconds > 0
                ? .milliseconds(options.retryMilliseconds) : nil)
        if opened.recovery.recordsReplayed >= GameLogOpening.checkpointAfterReplaying {
            checkpoints.save(opened.index)
        }
    }

    /// Opens the log in the directory at `path`; see ``init(directory:options:)-(URL,_)``.
    public convenience init(
        directory path: String, options: Options = Options(),
        progress: (@Sendable (GameLogReading) -> Void)? = nil
    ) throws(GameLogError) {
        try self.init(
            directory: URL(fileURLWithPath: path, isDirectory: true), options: options,
            progress: progress)
    }

    /// Queues `record` for the next batch; `completion` runs (on the writer's queue) once it
    /// is durable, with the record as stored (numbered). While the storage refuses (a full
    /// disk), the record is held with every record before it and written once the storage
    /// takes them again; `completion` gets nil only for a record that can never be stored
    /// (one that cannot be encoded, or one given up on by ``abandonHeld()``).
    public func append(
        _ record: DealRecord, completion: @escaping @Sendable (DealRecord?) -> Void
    ) {
        writer.submit(record, completion: completion)
    }

    /// Appends `record` now and returns it as stored; throws at once when it could not be
    /// written (it is never held).
    @discardableResult
    public func append(_ record: DealRecord) throws(GameLogError) -> DealRecord {
        guard let stored = writer.commitNow([record])?.first else { throw .notWritten }
        return stored
    }

    /// Appends `records` as one batch (numbered in order) and returns them as stored.
    @discardableResult
    public func append(contentsOf records: [DealRecord]) throws(GameLogError) -> [DealRecord] {
        guard let stored = writer.commitNow(records) else { throw .notWritten }
        return stored
    }

    /// Flushes every record written so far to the disk.
    public func sync() throws(GameLogError) {
        let result = writer.withTarget { store -> Result<Void, GameLogError> in
            do throws(GameLogError) {
                try store.sync()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try result.get()
    }

    /// Saves a checkpoint of everything written so far (after flushing it).
    public func checkpoint() throws(GameLogError) {
        try sync()
        try checkpoints.saveNow(index.snapshot)
    }

    /// A page of `history`, read now on the caller's thread.
    public func history(_ query: HistoryQuery = HistoryQuery()) -> HistoryReply {
        let (page, names) = index.withLock { index in
            (index.historyPage(query), index.segments.map(\.name))
        }
        let deals = page.entries.compactMap { entry -> DealSummary? in
            let key = SummaryCache.Key(entry: entry.entry, hands: entry.handCount ?? 0)
            if let cached = summaries[key] { return cached }
            guard let summary = summary(of: entry, names: names) else { return nil }
            summaries[key] = summary
            return summary
        }
        return HistoryReply(deals: deals, nextCursor: page.nextCursor)
    }

    /// The summary of one entry, read from its records' lines.
    private func summary(of entry: HistoryEntry, names: [String]) -> DealSummary? {
        let headlines = entry.locations.compactMap { location in
            readBytes(location, names: names).flatMap { try? DealRecordHeadline.decode($0) }
        }
        guard headlines.count == entry.locations.count, let first = headlines.first else {
            return nil
        }
        guard let total = entry.handCount else {
            return first.record.summary(moveCount: first.moveCount)
        }
        return DealRecord.matchSummary(hands: headlines.map(\.record), total: total)
    }

    /// A page of `history`, answered on the log's query queue.
    public func history(
        _ query: HistoryQuery, reply: @escaping @Sendable (HistoryReply) -> Void
    ) {
        queries.async { reply(self.history(query)) }
    }

    /// A page of one game's leaderboard.
    public func leaderboard(_ query: LeaderboardQuery = LeaderboardQuery()) -> LeaderboardReply {
        index.withLock { $0.leaderboardPage(query) }
    }

    /// A page of one game's leaderboard, answered on the log's query queue.
    public func leaderboard(
        _ query: LeaderboardQuery, reply: @escaping @Sendable (LeaderboardReply) -> Void
    ) {
        queries.async { reply(self.leaderboard(query)) }
    }

    /// The number of records in the log.
    public var count: Int { index.withLock { $0.count } }

    /// The highest table id any record names (0 for none): a server never gives a new table
    /// an id at or below it.
    public var highestTable: Int { index.withLock { $0.highestTable } }

    /// The record numbered `number` (from 1, as `history` numbers records), or nil when the
    /// log holds none such; read on the log's query queue.
    public func record(number: Int, reply: @escaping @Sendable (DealRecord?) -> Void) {
        queries.async {
            let found = number >= 1 ? self.record(at: number - 1) : nil
            reply(found?.record == number ? found : nil)
        }
    }

    /// The record at `position` (from 0) in log order, read from its segment.
    public func record(at position: Int) -> DealRecord? {
        let found = index.withLock { index -> (RecordLocation, [String])? in
            guard (0..<index.count).contains(position) else { return nil }
            return (index.location(at: position), index.segments.map(\.name))
        }
        guard let (location, names) = found else { return nil }
        return read(location, names: names, decoder: WireCodec.makeDecoder())
    }

    /// Every record in log order, read from the segments (for tests and tools; a big log
    /// does not fit in RAM this way).
    public var records: [DealRecord] { (0..<count).compactMap { record(at: $0) } }

    /// The segment files, in log order.
    public var segmentNames: [String] { index.withLock { $0.segments.map(\.name) } }

    /// What the writer has done so far: batches and records.
    public var writerStatistics: GroupCommitStatistics {
        writer.statistics
    }

    /// Whether records reach the disk now, and how many are held waiting for it.
    public var health: GroupCommitHealth { writer.health }

    /// Why the latest checkpoint could not be saved, or nil when it was (the log works
    /// without one: the next start reads more of the segments).
    public var checkpointFailure: GameLogError? { checkpoints.failure }

    /// Calls `observer` (on the writer's queue) when the storage starts refusing records,
    /// and when the held records are written or given up on.
    public func observeHealth(_ observer: @escaping @Sendable (GroupCommitEvent) -> Void) {
        writer.observe(observer)
    }

    /// Tries the held records once more, then gives up on those the storage still refuses
    /// (their completions get nil), for a server that stops; returns how many were lost.
    public func abandonHeld() -> Int { writer.abandonHeld() }

    private func read(_ location: RecordLocation, names: [String], decoder: JSONDecoder)
        -> DealRecord?
    {
        readBytes(location, names: names).flatMap { try? decoder.decode(DealRecord.self, from: $0) }
    }

    private func readBytes(_ location: RecordLocation, names: [String]) -> Data? {
        let bytes = try? reader.read(
            segment: names[Int(location.segment)], offset: location.offset,
            length: Int(location.length))
        return bytes.map { Data($0) }
    }
}
