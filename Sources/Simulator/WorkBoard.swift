import Foundation

/// The state shared by a run's worker threads: the next games to hand out, the merged tally,
/// and when progress was last reported. Every access takes the lock.
final class WorkBoard: @unchecked Sendable {
    private let lock = NSLock()
    private let games: Int
    private let chunkSize: Int
    private let start: ContinuousClock.Instant
    private var nextGame = 0
    private var lastReport: ContinuousClock.Instant
    private var tally: SimulationTally
    /// Seconds between progress reports.
    static let reportInterval = Duration.seconds(1)

    init(games: Int, seats: Int, threads: Int, start: ContinuousClock.Instant) {
        self.games = games
        chunkSize = max(1, min(64, games / max(1, threads * 8)))
        self.start = start
        lastReport = start
        tally = SimulationTally(seats: seats)
    }

    /// The next games for a worker, or nil when all are handed out.
    func claim() -> Range<Int>? {
        lock.lock()
        defer { lock.unlock() }
        guard nextGame < games else { return nil }
        let range = nextGame..<min(games, nextGame + chunkSize)
        nextGame = range.upperBound
        return range
    }

    /// Merges a worker's finished games; returns progress when a report is due.
    func finish(_ part: SimulationTally) -> SimulationProgress? {
        lock.lock()
        defer { lock.unlock() }
        tally.merge(part)
        let now = ContinuousClock.now
        guard now - lastReport >= WorkBoard.reportInterval else { return nil }
        lastReport = now
        return SimulationProgress(
            gamesDone: tally.games, gamesTotal: games, seconds: (now - start).seconds,
            violations: tally.violations)
    }

    /// The merged tally of everything finished.
    var total: SimulationTally {
        lock.lock()
        defer { lock.unlock() }
        return tally
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
