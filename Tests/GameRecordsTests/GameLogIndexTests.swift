import LobbyProtocol
import Testing
import TestSupport

@testable import GameRecords

/// The in-memory index on its own: which `history` entry each record joins, whose entries a
/// player's are, and what the leaderboards add up.
@Suite struct GameLogIndexTests {
    /// An index of `records`, each at a made-up location in order.
    static func index(_ records: [DealRecord]) -> GameLogIndex {
        var index = GameLogIndex()
        index.segments = [SegmentCoverage(name: LogSegments.name(1), length: 0, lines: 0)]
        for (position, record) in records.enumerated() {
            var numbered = record
            numbered.record = position + 1
            index.add(
                numbered,
                at: RecordLocation(offset: Int64(position * 100), segment: 0, length: 99))
        }
        return index
    }

    /// The first record position of each entry of one `history` page, most recent first.
    static func entries(_ index: GameLogIndex, player: String? = nil) -> [[Int64]] {
        index.historyPage(HistoryQuery(player: player, limit: 50)).entries.map { entry in
            entry.locations.map { $0.offset / 100 }
        }
    }

    @Test func handsJoinTheirMatchOnlyInOrderAndAtTheirOwnTable() {
        let index = Self.index([
            madeHand(table: 2, match: 1, hand: 1, winner: 0, payout: 1, handsPerMatch: 2),
            madeHand(table: 3, match: 1, hand: 1, winner: 1, payout: 1, handsPerMatch: 2),
            madeHand(table: 2, match: 1, hand: 2, winner: 0, payout: 5, handsPerMatch: 2),
            // The match of table 2 is complete: a third hand starts an entry of its own.
            madeHand(table: 2, match: 1, hand: 3, winner: 0, payout: 1, handsPerMatch: 2),
            // A hand that skips one does not join the open match of table 3.
            madeHand(table: 3, match: 1, hand: 3, winner: 0, payout: 1, handsPerMatch: 2),
        ])
        #expect(Self.entries(index) == [[4], [3], [1], [0, 2]])
        #expect(index.historyPage(HistoryQuery()).entries.map(\.handCount) == [1, 1, 1, 2])
    }

    @Test func aPlayerInTwoSeatsHasTheEntryOnceAndBothScores() {
        let index = Self.index([
            madeRecord(
                players: ["ann", "bob", "ann", "bot:easy"], winner: 2, scores: [-3, -1, 6, -2]),
            madeRecord(players: ["bob", "cy"], winner: 1, scores: [-1, 1]),
        ])
        #expect(Self.entries(index, player: "ann") == [[0]])
        #expect(Self.entries(index, player: "bob") == [[1], [0]])
        #expect(Self.entries(index, player: "bot:easy") == [[0]])
        let board = index.leaderboardPage(LeaderboardQuery(kind: .bigtwo)).players
        #expect(
            board == [
                LeaderboardRow(name: "ann", deals: 1, wins: 1, score: 3),
                LeaderboardRow(name: "cy", deals: 1, wins: 1, score: 1),
                LeaderboardRow(name: "bob", deals: 2, wins: 0, score: -2),
            ])
        #expect(index.lastRecordNumber == 2 && index.count == 2)
    }

    @Test func aDealWithoutAResultIsAnEntryButNotOnTheLeaderboard() {
        var abandoned = madeRecord(players: ["ann", "bob"], winner: 0, scores: [0, 0])
        abandoned.result = nil
        abandoned.abandoned = true
        let index = Self.index([abandoned])
        #expect(Self.entries(index, player: "ann") == [[0]])
        #expect(index.leaderboardPage(LeaderboardQuery(kind: .bigtwo)).players.isEmpty)
    }
}
