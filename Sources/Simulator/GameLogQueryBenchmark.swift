import Foundation
import GameRecords
import LobbyProtocol

/// `bigtwo-sim --bench-queries DIR`: how long the game log in DIR takes to open, how much
/// memory it holds, and how long `history` and `leaderboard` pages take.
public enum GameLogQueryBenchmark {
    /// Opens the log in `directory` and times `queries` history pages (alternately everyone's
    /// and one person's) and `queries` leaderboard top-20 pages (alternately Big Two and
    /// E-Card). Returns lines for people.
    public static func run(directory: String, queries: Int) throws(GameLogError) -> [String] {
        let clock = ContinuousClock()
        let opening = clock.now
        let log = try GameLog(directory: directory)
        let opened = clock.now - opening
        let recovery = log.recovery
        let people = log.leaderboard(LeaderboardQuery(limit: LeaderboardQuery.maximumLimit))
            .players.map(\.name)
        var history: [Duration] = []
        var board: [Duration] = []
        for index in 0..<queries {
            let player = index % 2 == 1 && !people.isEmpty ? people[index % people.count] : nil
            let start = clock.now
            let page = log.history(HistoryQuery(player: player))
            history.append(clock.now - start)
            precondition(!page.deals.isEmpty || log.count == 0)
            let top = clock.now
            _ = log.leaderboard(LeaderboardQuery(kind: index % 2 == 0 ? .bigtwo : .ecard))
            board.append(clock.now - top)
        }
        return [
            "opened \(log.count) records in \(milliseconds(opened)) ms "
                + "(checkpoint \(recovery.usedCheckpoint ? "used" : "not used"), "
                + "\(recovery.recordsReplayed) records read after it)",
            "history (20 entries):     \(percentiles(history))",
            "leaderboard (top 20):     \(percentiles(board))",
            "peak resident memory (VmHWM): \(peakResidentMemory())",
        ]
    }

    private static func percentiles(_ samples: [Duration]) -> String {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return "no samples" }
        let pick = { (fraction: Double) in
            sorted[min(Int(Double(sorted.count) * fraction), sorted.count - 1)]
        }
        return "p50 \(milliseconds(pick(0.5))) ms, p99 \(milliseconds(pick(0.99))) ms, "
            + "max \(milliseconds(sorted[sorted.count - 1])) ms over \(sorted.count)"
    }

    private static func milliseconds(_ duration: Duration) -> String {
        let parts = duration.components
        let value = Double(parts.seconds) * 1000 + Double(parts.attoseconds) / 1e15
        return String(format: "%.3f", value)
    }

    /// The process's peak resident set, as the kernel reports it.
    static func peakResidentMemory() -> String {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.map { $0.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces) }
            ?? "unknown"
    }
}
