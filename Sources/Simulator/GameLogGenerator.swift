import Dispatch
import Foundation
import GameRecords
import LobbyProtocol
import Locking

/// `bigtwo-sim --record PATH`: plays the configured games and writes them as a game log, in
/// large batches through the log's group-commit writer with one sync at the end, so a million
/// records take seconds, not hours.
public enum GameLogGenerator {
    /// What was written.
    public struct Report: Sendable, Equatable {
        /// Games played (Big Two deals or E-Card matches).
        public var games: Int
        /// Records written.
        public var records: Int
        /// Seconds taken, writing included.
        public var seconds: Double

        /// One line for people.
        public var line: String {
            let rate = seconds > 0 ? Int(Double(records) / seconds) : records
            return "recorded \(records) record(s) of \(games) game(s) in "
                + "\(String(format: "%.1f", seconds)) s (\(rate) records/s)"
        }
    }

    /// The games played between two appends.
    static let gamesPerBatch = 2048

    /// Plays `config`'s games and appends their records to the log at `path`: a data directory
    /// (created if missing; its index checkpoint is saved at the end) or, when `path` ends in
    /// `.jsonl`, that one file. `progress` hears about each batch.
    public static func run(
        _ config: SimulationConfig, path: String, people: Int?,
        progress: (Int) -> Void = { _ in }
    ) throws(GameLogError) -> Report {
        let start = ContinuousClock.now
        let games = RecordedGames(config: config, people: people)
        let sink = try RecordSink(path: path)
        var written = 0
        var first = 0
        while first < config.games {
            let count = min(gamesPerBatch, config.games - first)
            let batch = play(games, from: first, count: count, threads: config.threads)
            try sink.append(batch)
            written += batch.count
            first += count
            progress(first)
        }
        try sink.finish()
        let elapsed = ContinuousClock.now - start
        let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Report(games: config.games, records: written, seconds: seconds)
    }

    /// The records of games `first..<first + count`, in game order, played on `threads`.
    private static func play(_ games: RecordedGames, from first: Int, count: Int, threads: Int)
        -> [DealRecord]
    {
        let slices = max(1, min(threads, count))
        let results = SliceResults(count: slices)
        DispatchQueue.concurrentPerform(iterations: slices) { slice in
            let lower = first + count * slice / slices
            let upper = first + count * (slice + 1) / slices
            results.set(slice, (lower..<upper).flatMap { games.records(game: $0) })
        }
        return results.joined
    }
}

/// Records made on worker threads, one slice each, joined in order afterwards.
private final class SliceResults: Sendable {
    private let slices: Locked<[[DealRecord]]>

    init(count: Int) { slices = Locked(Array(repeating: [], count: count)) }

    func set(_ slice: Int, _ records: [DealRecord]) { slices.withLock { $0[slice] = records } }

    var joined: [DealRecord] { slices.withLock { $0.flatMap { $0 } } }
}

/// Where generated records go: a game log directory, or one JSON-lines file written through
/// a ``GroupCommitWriter`` of its own.
private enum RecordSink {
    case directory(GameLog)
    case file(GroupCommitWriter<JSONLinesFile>)

    init(path: String) throws(GameLogError) {
        if path.hasSuffix(".jsonl") {
            self = .file(
                GroupCommitWriter(
                    target: try JSONLinesFile(path: path, syncEachBatch: false),
                    label: "bigtwo-sim.record"))
        } else {
            let options = GameLog.Options(syncEachBatch: false, checkpointInterval: Int.max)
            self = .directory(try GameLog(directory: path, options: options))
        }
    }

    func append(_ records: [DealRecord]) throws(GameLogError) {
        let stored: [DealRecord]?
        switch self {
        case .directory(let log): stored = try log.append(contentsOf: records)
        case .file(let writer): stored = writer.commitNow(records)
        }
        guard stored != nil else { throw .notWritten }
    }

    func finish() throws(GameLogError) {
        switch self {
        case .directory(let log): try log.checkpoint()
        case .file(let writer): try writer.withTarget { $0.syncResult }.get()
        }
    }
}
