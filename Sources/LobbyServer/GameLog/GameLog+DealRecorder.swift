import Dispatch
import LobbyProtocol

extension GameLog: DealRecorder {
    /// The queue the log's writes and queries run on, off every caller's queue.
    private static let worker = ServerQueues.serial(label: "LobbyServer.gamelog")

    /// Appends the record on the log's queue; `completion` gets it once it is on disk, or nil
    /// when the write failed.
    public func record(
        _ record: DealRecord, completion: @escaping @Sendable (DealRecord?) -> Void
    ) {
        Self.worker.async { completion(try? self.append(record)) }
    }

    /// Answers `history` on the log's queue.
    public func history(
        player: String?, limit: Int, reply: @escaping @Sendable ([DealSummary]) -> Void
    ) {
        Self.worker.async { reply(self.history(player: player, limit: limit)) }
    }

    /// Answers `leaderboard` on the log's queue.
    public func leaderboard(reply: @escaping @Sendable ([LeaderboardRow]) -> Void) {
        Self.worker.async { reply(self.leaderboard()) }
    }

    /// Answers `leaderboard` with the per-kind totals, on the log's queue.
    public func leaderboards(reply: @escaping @Sendable (LeaderboardReply) -> Void) {
        Self.worker.async {
            reply(LeaderboardReply(players: self.leaderboard(), byKind: self.leaderboardsByKind()))
        }
    }
}
