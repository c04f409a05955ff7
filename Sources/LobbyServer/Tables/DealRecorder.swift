import LobbyProtocol

/// Where finished deals go, and where `history` and `leaderboard` are answered from.
///
/// No method blocks its caller: each answers through its completion, on a queue of the
/// recorder's choosing.
public protocol DealRecorder: Sendable {
    /// Stores a finished deal durably; `completion` runs on an unspecified queue once the
    /// record is on disk, with the record as stored (numbered), or nil when it failed.
    func record(_ record: DealRecord, completion: @escaping @Sendable (DealRecord?) -> Void)
    /// Recent deals, most recent first, optionally only `player`'s; answered off the caller's queue.
    func history(player: String?, limit: Int, reply: @escaping @Sendable ([DealSummary]) -> Void)
    /// Totals per player; answered off the caller's queue.
    func leaderboard(reply: @escaping @Sendable ([LeaderboardRow]) -> Void)
    /// The whole `leaderboard` reply: totals over every kind and, when kept, per kind.
    func leaderboards(reply: @escaping @Sendable (LeaderboardReply) -> Void)
}

extension DealRecorder {
    /// A recorder without per-kind totals answers with the overall rows only.
    public func leaderboards(reply: @escaping @Sendable (LeaderboardReply) -> Void) {
        leaderboard { rows in reply(LeaderboardReply(players: rows)) }
    }
}
