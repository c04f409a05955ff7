import CardGames
import Foundation
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

@Suite struct GameLogQueryTests {
    @Test func historyIsMostRecentFirstFilteredByPlayerAndLimited() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let even = ["ann", "bob", "bot:easy", "cy"]
        let odd = ["dee", "ed", "fay", "cy"]
        for n in 1...6 {
            try log.append(
                madeRecord(
                    table: n, players: n % 2 == 0 ? even : odd, winner: 0,
                    scores: [3, -1, -1, -1]))
        }
        #expect(log.history().map(\.record) == [6, 5, 4, 3, 2, 1])
        #expect(log.history(limit: 2).map(\.record) == [6, 5])
        #expect(log.history(player: "ann").map(\.record) == [6, 4, 2])
        #expect(log.history(player: "dee", limit: 1).map(\.record) == [5])
        #expect(log.history(player: "cy").count == 6)
        #expect(log.history(player: "bot:easy").map(\.record) == [6, 4, 2])
        #expect(log.history(player: "nobody").isEmpty)
        #expect(log.history(limit: 0).isEmpty && log.history(limit: -3).isEmpty)

        let summary = try #require(log.history(limit: 1).first)
        #expect(summary.table == 6 && summary.tableName == "t6" && summary.kind == .bigtwo)
        #expect(summary.players == ["ann", "bob", "bot:easy", "cy"])
        #expect(summary.winner == 0 && summary.scores == [3, -1, -1, -1])
    }

    @Test func historyLimitIsCappedAtTheMaximum() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url)
            let record = madeRecord(players: ["ann", "bob"], winner: 1, scores: [-2, 2])
            var lines = Data()
            let encoder = WireCodec.makeEncoder()
            for n in 1...(GameLog.maximumHistoryLimit + 10) {
                var numbered = record
                numbered.record = n
                lines.append(try encoder.encode(numbered))
                lines.append(UInt8(ascii: "\n"))
            }
            #expect(log.count == 0)
            try dir.appendRaw(lines)
        }
        let log = try GameLog(directory: dir.url)
        let history = log.history(limit: 1000)
        #expect(history.count == GameLog.maximumHistoryLimit)
        #expect(history.first?.record == GameLog.maximumHistoryLimit + 10)
        #expect(log.history().count == GameLog.defaultHistoryLimit)
    }

    @Test func seedAndCommitmentAppearInHistory() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let stored = try log.append(randomDealRecord(dealNumber: 9))
        let summary = try #require(log.history().first)
        #expect(summary.seed == stored.seed && summary.commitment == stored.commitment)
        #expect(summary.seed == DealSeed.derived(masterSeed: 7, dealNumber: 9).hex)
    }

    @Test func leaderboardSumsPlayersLeavesOutBotsAndOrdersByScoreThenName() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let expected = [
            LeaderboardRow(name: "ann", deals: 3, wins: 2, score: 10),
            LeaderboardRow(name: "bob", deals: 2, wins: 0, score: -4),
            LeaderboardRow(name: "cy", deals: 3, wins: 1, score: -4),
        ]
        do {
            let log = try GameLog(directory: dir.url)
            let players = ["ann", "bob", "cy", "bot:hard"]
            try log.append(madeRecord(players: players, winner: 0, scores: [6, -2, -2, -2]))
            try log.append(madeRecord(players: players, winner: 2, scores: [-1, -2, 4, -1]))
            try log.append(
                madeRecord(players: ["cy", "ann", "bot:easy"], winner: 1, scores: [-6, 5, 1]))
            #expect(log.leaderboard() == expected)
        }
        #expect(try GameLog(directory: dir.url).leaderboard() == expected)
    }

    @Test func leaderboardTiesAreOrderedByName() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(madeRecord(players: ["zed", "amy"], winner: 0, scores: [0, 0]))
        try log.append(madeRecord(players: ["max", "bot:easy"], winner: 0, scores: [0, 0]))
        #expect(log.leaderboard().map(\.name) == ["amy", "max", "zed"])
        #expect(log.leaderboard().map(\.wins) == [0, 1, 1])
    }
}
