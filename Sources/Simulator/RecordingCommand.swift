import Foundation
import GameRecords

/// Runs `bigtwo-sim --bench-log`, `--record` or `--bench-queries` (in that order when several
/// are given) and prints what each did.
enum RecordingCommand {
    /// Runs the requested recording or benchmark; returns the exit status (1 when the log
    /// could not be written).
    static func run(_ config: SimulationConfig, _ flags: RecordingFlags) -> Int32 {
        do throws(GameLogError) {
            if let directory = flags.benchDirectory {
                let report = try GameLogBenchmark.run(
                    config, directory: directory, records: config.games,
                    writers: flags.benchWriters)
                print(report.line)
            }
            if let path = flags.recordPath {
                let step = max(config.games / 10, 1)
                let report = try GameLogGenerator.run(config, path: path, people: flags.people) {
                    played in
                    guard played % step < GameLogGenerator.gamesPerBatch else { return }
                    FileHandle.standardError.write(
                        Data("bigtwo-sim: \(played)/\(config.games) games recorded\n".utf8))
                }
                print(report.line)
            }
            if let directory = flags.queryDirectory {
                let lines = try GameLogQueryBenchmark.run(
                    directory: directory, queries: min(config.games, 100_000))
                for line in lines { print(line) }
            }
            return 0
        } catch {
            FileHandle.standardError.write(Data("bigtwo-sim: \(error)\n".utf8))
            return 1
        }
    }
}

extension RecordingFlags {
    /// True when a log is to be written or measured.
    var isRequested: Bool {
        recordPath != nil || benchDirectory != nil || queryDirectory != nil
    }
}
