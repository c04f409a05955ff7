import Foundation
import LobbyProtocol

/// One finished deal, as handed to the game log.
public struct FinishedDeal: Sendable, Equatable {
    /// When the deal ended.
    public var finishedAt: Date
    /// Table id and name.
    public var table: Int
    public var tableName: String
    /// Table kind.
    public var kind: TableKind
    /// Deal number at the table, from 1.
    public var deal: Int
    /// Player name per seat; `bot:<level>` for a seat a bot played the whole deal.
    public var players: [String]
    /// The seat that went out.
    public var winner: Int
    /// Score change per seat (sums to zero).
    public var scores: [Int]
    /// The deal's seed (hex) and its commitment.
    public var seed: String
    public var commitment: String
}

/// Where finished deals go, and where `history` and `leaderboard` are answered from.
///
/// Every method may be called from any table's queue or the lobby's queue.
public protocol DealRecorder: Sendable {
    /// Stores a finished deal.
    func record(_ deal: FinishedDeal)
    /// Recent deals, most recent first, optionally only those `player` sat in.
    func history(player: String?, limit: Int) -> [DealSummary]
    /// Totals per player, highest score first.
    func leaderboard() -> [LeaderboardRow]
}
