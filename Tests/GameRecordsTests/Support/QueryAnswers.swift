import GameRecords
import LobbyProtocol

/// Everything the queries of `log` answer, in a form two logs can be compared by: the count,
/// every `history` page of each of `players` (nil for everyone) in pages of `pageSize`, and
/// every game's leaderboard.
func queryAnswers(_ log: GameLog, players: [String?], pageSize: Int) -> [String] {
    var seen = ["count \(log.count)"]
    for player in players {
        var cursor: Int?
        repeat {
            let page = log.history(HistoryQuery(player: player, limit: pageSize, cursor: cursor))
            seen.append("\(page)")
            cursor = page.nextCursor
        } while cursor != nil
    }
    for kind in TableKind.allCases {
        seen.append("\(log.leaderboard(LeaderboardQuery(kind: kind, limit: 100)))")
    }
    return seen
}
