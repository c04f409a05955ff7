import Foundation
import Locking

/// The state shared by a run's worker threads: the next games to hand out, the merged tally,
/// and when progress was last reported. Every access takes the lock.
final class WorkBoard: Sendable {
    private let games: Int
    private let chunkSize: Int
    private let start: ContinuousClock.Instant
    private let board: Locked<Board>

    /// What the workers change.
    private struct Board: Sendable {
        var nextGame = 0
        var lastReport: ContinuousClock.Instant
        var tally: SimulationTally
    }

    /// Seconds between progress reports.
    static let reportInterval = Duration.seconds(1)

    init(games: Int, seats: Int, threads: Int, start: ContinuousClock.Instant) {
        self.games = games
        chunkSize = max(1, min(64, games / max(1, threads * 8)))
        self.start = start
        board = Locked(Board(lastReport: start, tally: SimulationTally(seats: seats)))
    }

    /// The next games for a worker, or nil when all are handed out.
    func claim() -> Range<Int>? {
        board.withLock { board in
            guard board.nextGame < games else { return nil }
            let range = board.nextGame..<min(games, board.nextGame + chunkSize)
            board.nextGame = range.upperBound
            return range
        }
    }

    /// Merges a worker's finished games; returns progress when a report is due.
    func finish(_ part: SimulationTally) -> SimulationProgress? {
        board.withLock { board in
            board.tally.merge(part)
            let now = ContinuousClock.now
            guard now - board.lastReport >= WorkBoard.reportInterval else { return nil }
            board.lastReport = now
            return SimulationProgress(
                gamesDone: board.tally.games, gamesTotal: games, seconds: (now - start).seconds,
                violations: board.tally.violations)
        }
    }

    /// The merged tally of everything finished.
    var total: SimulationTally { board.withLock { $0.tally } }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
