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

/// A hand-made E-Card hand record of match `match` at `table` (not replayable).
public func madeHand(
    table: Int = 2, match: Int = 1, hand: Int, players: [String] = ["ann", "bot:smart"],
    winner: Int, payout: Int, handsPerMatch: Int = 3
) -> DealRecord {
    var scores = [0, 0]
    scores[winner] = payout
    scores[1 - winner] = -payout
    return DealRecord(
        record: 0, finishedAt: 1_700_000_000_000, table: table, tableName: "e\(table)",
        kind: .ecard, deal: match, hand: hand, players: players,
        ecard: ECardOptions(handsPerMatch: handsPerMatch, swapInterval: 1),
        moves: [],
        result: DealOutcome(
            winner: winner, scores: scores, winningSide: payout > 1 ? .slave : .emperor,
            decidingPlay: 1))
}
