import Dispatch
import Foundation
import GameRecords
import LobbyProtocol

/// `bigtwo-sim --bench-log DIR`: how many durable records per second the game log's
/// group-commit writer sustains when many tables append at once, each waiting (like a table
/// announcing a result) until its record is on the disk before it appends the next.
public enum GameLogBenchmark {
    /// The figures measured.
    public struct Report: Sendable, Equatable {
        /// Records made durable.
        public var records: Int
        /// Batches written, each one write and one fdatasync.
        public var syncs: Int
        /// Seconds taken.
        public var seconds: Double

        /// One line for people.
        public var line: String {
            let perSecond = { (count: Int) in seconds > 0 ? Double(count) / seconds : 0 }
            return "durable records: \(records) in \(String(format: "%.2f", seconds)) s = "
                + "\(Int(perSecond(records))) records/s, \(Int(perSecond(syncs))) fsyncs/s, "
                + "\(String(format: "%.1f", Double(records) / Double(max(syncs, 1)))) "
                + "records per fsync"
        }
    }

    /// Appends `records` copies of one simulated record to the log in `directory`, from
    /// `writers` concurrent appenders.
    public static func run(
        _ config: SimulationConfig, directory: String, records: Int, writers: Int
    ) throws(GameLogError) -> Report {
        let sample = RecordedGames(config: config, people: 1000).records(game: 0)
        guard let record = sample.first else { throw .notWritten }
        let log = try GameLog(directory: directory)
        let before = log.writerStatistics
        let start = ContinuousClock.now
        let finished = DispatchGroup()
        for writer in 0..<writers {
            let share = records / writers + (writer < records % writers ? 1 : 0)
            finished.enter()
            appendChain(log: log, record: record, left: share) { finished.leave() }
        }
        finished.wait()
        let elapsed = ContinuousClock.now - start
        let after = log.writerStatistics
        let seconds =
            Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Report(
            records: after.entries - before.entries, syncs: after.batches - before.batches,
            seconds: seconds)
    }

    /// Appends `record` `left` times, one after the other as each becomes durable (the way a
    /// table waits for its result to be safe before it plays on), then calls `done`.
    private static func appendChain(
        log: GameLog, record: DealRecord, left: Int, done: @escaping @Sendable () -> Void
    ) {
        guard left > 0 else { return done() }
        log.append(record) { _ in
            appendChain(log: log, record: record, left: left - 1, done: done)
        }
    }
}
