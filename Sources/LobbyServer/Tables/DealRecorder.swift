import LobbyProtocol

/// Where finished deals go, and where `history` and `leaderboard` are answered from.
///
/// Every method may be called from any table's queue or the lobby's queue.
public protocol DealRecorder: Sendable {
    /// Durably stores a finished deal (or E-Card hand) and returns it as stored (with its
    /// record number); nil when it could not be stored. Returns only once the record is on
    /// disk, so a table announces a result only after it is safe.
    func record(_ record: DealRecord) -> DealRecord?
    /// Recent deals, most recent first, optionally only those `player` sat in.
    func history(player: String?, limit: Int) -> [DealSummary]
    /// Totals per player, highest score first.
    func leaderboard() -> [LeaderboardRow]
}
