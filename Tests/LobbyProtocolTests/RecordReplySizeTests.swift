import CardGames
import LobbyProtocol
import Testing

/// The largest `history` and `leaderboard` pages the server can send: a full page of the
/// longest entries and rows, with names as long as escaping makes them and numbers as long
/// as they get, fit well inside a client's output buffer.
@Suite("Record reply size")
struct RecordReplySizeTests {
    /// A client's output buffer on the server.
    static let outputBuffer = 262_144
    /// The longest table and player names once escaped (see ``TableListSizeTests``).
    static let tableName = TableListSizeTests.tableName
    static let playerName = TableListSizeTests.playerName

    /// An E-Card match entry listing the most hands, each won on the last play by a player
    /// with the longest name.
    static func largestMatch(record: Int) -> DealSummary {
        let hands = (0..<DealSummary.maximumHands).map { index in
            ECardHandSummary(
                record: Int.max - index, hand: Int.max - index, winner: 1,
                winningSide: .slave, decidingPlay: 5, scores: [Int.min, Int.max],
                outcome: "\(playerName) won with the Slave on play 5 (+\(Int.max))")
        }
        return DealSummary(
            record: Int.max - record, finishedAt: Int64.max, table: Int.max, tableName: tableName,
            kind: .ecard, deal: Int.max, players: [playerName, playerName],
            labels: [playerName, playerName], winner: 1, scores: [Int.min, Int.max], seed: nil,
            commitment: nil, outcome: "\(playerName) +\(Int.max) chips over 12 hand(s)",
            hands: hands, handCount: Int.max)
    }

    /// A roulette round entry of eight seats, with a seed and its commitment.
    static func largestRound(record: Int) -> DealSummary {
        let hex = String(repeating: "f", count: 64)
        return DealSummary(
            record: Int.max - record, finishedAt: Int64.max, table: Int.max, tableName: tableName,
            kind: .roulette, deal: Int.max, players: Array(repeating: playerName, count: 8),
            labels: Array(repeating: playerName, count: 8), winner: 7,
            scores: Array(repeating: Int.min, count: 8), seed: hex, commitment: hex,
            abandoned: true, outcome: "\(playerName) won")
    }

    @Test("a full history page of the largest entries uses under half the output buffer")
    func largestHistoryPageFits() {
        for entry in [Self.largestMatch, Self.largestRound] {
            let deals = (0..<HistoryQuery.maximumLimit).map(entry)
            let page = HistoryReply(deals: deals, nextCursor: Int.max)
            let line = ServerMessageEncoder().line(.history(page), id: .number(Int.max))
            #expect(line.count < Self.outputBuffer / 2, "\(line.count) bytes")
            #expect(line.count > HistoryQuery.maximumLimit * 1_000)
        }
    }

    @Test("a full leaderboard page of the longest rows uses under a third of the output buffer")
    func largestLeaderboardPageFits() {
        let rows = (0..<LeaderboardQuery.maximumLimit).map { _ in
            LeaderboardRow(name: Self.playerName, deals: Int.max, wins: Int.max, score: Int.min)
        }
        let page = LeaderboardReply(
            kind: .roulette, start: Int.max, players: rows, nextCursor: Int.max)
        let line = ServerMessageEncoder().line(.leaderboard(page), id: .number(Int.max))
        #expect(line.count < Self.outputBuffer / 3, "\(line.count) bytes")
        #expect(line.count > LeaderboardQuery.maximumLimit * 100)
    }
}
