import Foundation
import GameRecords
import LobbyProtocol

/// `bigtwo-sim --bench-queries DIR`: how long the game log in DIR takes to open, how much
/// RAM it holds, and how long `history` and `leaderboard` pages take.
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
        var historyCPU: [Duration] = []
        var board: [Duration] = []
        var boardCPU: [Duration] = []
        for index in 0..<queries {
            let player = index % 2 == 1 && !people.isEmpty ? people[index % people.count] : nil
            let start = clock.now
            let startCPU = threadCPUTime()
            let page = log.history(HistoryQuery(player: player))
            historyCPU.append(threadCPUTime() - startCPU)
            history.append(clock.now - start)
            precondition(!page.deals.isEmpty || log.count == 0)
            let top = clock.now
            let topCPU = threadCPUTime()
            _ = log.leaderboard(LeaderboardQuery(kind: index % 2 == 0 ? .bigtwo : .ecard))
            boardCPU.append(threadCPUTime() - topCPU)
            board.append(clock.now - top)
        }
        return [
            "opened \(log.count) records in \(milliseconds(opened)) ms "
                + "(checkpoint \(recovery.usedCheckpoint ? "used" : "not used"), "
                + "\(recovery.recordsReplayed) records read after it)",
            "history (20 entries), wall:     \(percentiles(history))",
            "history (20 entries), CPU:      \(percentiles(historyCPU))",
            "leaderboard (top 20), wall:     \(percentiles(board))",
            "leaderboard (top 20), CPU:      \(percentiles(boardCPU))",
            "peak resident set (VmHWM): \(peakResidentSet())",
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

    /// The CPU time the calling thread has used, which, unlike the wall clock, does not count
    /// the time other processes held the processor.
    private static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    /// The process's peak resident set, as the kernel reports it.
    static func peakResidentSet() -> String {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
        return line.map { $0.dropFirst("VmHWM:".count).trimmingCharacters(in: .whitespaces) }
            ?? "unknown"
    }
}
