import CardGames
import LobbyProtocol

/// A hand-made Big Two record with a chosen winner and scores, for history and leaderboard
/// tests (not replayable).
public func madeRecord(table: Int = 1, players: [String], winner: Int, scores: [Int])
    -> DealRecord
{
    DealRecord(
        record: 0, finishedAt: 1_700_000_000_000, table: table, tableName: "t\(table)",
        kind: .bigtwo, deal: 1, players: players, options: .standard, moves: [],
        result: DealOutcome(winner: winner, scores: scores))
}
