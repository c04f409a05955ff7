import CardGames
import Foundation
import LobbyProtocol
import Testing
import TestSupport

@testable import GameRecords

/// An index rebuilt from the segments (no checkpoint) is the index the log kept as it was
/// written: a rebuild counts the leaderboards first and ranks them once, where a live log
/// moves a row at every record.
@Suite struct GameLogRebuiltIndexTests {
    @Test(arguments: [1 as UInt64, 2, 3])
    func theRebuiltIndexIsTheCheckpointedOne(seed: UInt64) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url, options: smallSegments(16_384))
            for record in rebuildRecords(600, people: 40, seed: seed) { try log.append(record) }
            try log.checkpoint()
        }
        let kept = try GameLogOpening.open(directory: dir.url.path)
        #expect(kept.recovery.usedCheckpoint && kept.index.segments.count > 3)
        try FileManager.default.removeItem(at: dir.file(LogSegments.checkpointName))
        let rebuilt = try GameLogOpening.open(directory: dir.url.path)
        #expect(!rebuilt.recovery.usedCheckpoint && rebuilt.recovery.recordsReplayed == 600)
        #expect(rebuilt.index == kept.index)
        for kind in TableKind.allCases {
            let query = LeaderboardQuery(kind: kind, limit: 100)
            #expect(rebuilt.index.leaderboardPage(query) == kept.index.leaderboardPage(query))
        }
        #expect(!rebuilt.index.leaderboardPage(LeaderboardQuery(kind: .bigtwo, limit: 100))
            .players.isEmpty)
    }

    @Test func talliesRankedOnceEqualRowsMovedAtEachDeal() {
        var random = SplitMix64(seed: 9)
        var moved = Standings()
        var tallied = Standings()
        for _ in 0..<2_000 {
            let name = "p\(Int.random(in: 1...60, using: &random))"
            let won = Bool.random(using: &random)
            let score = Int.random(in: -3...3, using: &random)
            moved.add(name, won: won, score: score)
            tallied.tally(name, won: won, score: score)
        }
        #expect(tallied.needsRanking)
        tallied.rank()
        #expect(!tallied.needsRanking)
        #expect(tallied.ranked == moved.ranked)
        // A deal added live after a rebuild lands on the ranked board.
        tallied.add("p1", won: true, score: 40)
        moved.add("p1", won: true, score: 40)
        #expect(tallied.ranked == moved.ranked && tallied.ranked.first?.name == "p1")
    }
}

/// `count` deals among `people` people and a bot, with scores that tie often, so that
/// rows move past each other and names break ties; some E-Card hands, and a seat taken
/// twice by one person.
func rebuildRecords(_ count: Int, people: Int, seed: UInt64) -> [DealRecord] {
    var random = SplitMix64(seed: seed)
    return (1...count).map { n in
        let name = { "p\(Int.random(in: 1...people, using: &random))" }
        if n % 7 == 0 {
            return madeHand(
                table: 50, match: n, hand: 1, players: [name(), "bot:smart"],
                winner: n % 2, payout: Int.random(in: 1...5, using: &random), handsPerMatch: 1)
        }
        var players = [name(), name(), "bot:easy", name()]
        if n % 11 == 0 { players[3] = players[0] }
        let winner = Int.random(in: 0..<4, using: &random)
        let scores = (0..<4).map { seat in
            seat == winner ? Int.random(in: 1...12, using: &random)
                : -Int.random(in: 0...4, using: &random)
        }
        return madeRecord(table: n % 5 + 1, players: players, winner: winner, scores: scores)
    }
}
