import CardGames
import Foundation
import LobbyProtocol
import GameRecords
import Testing

@testable import LobbyServer

@Suite("E-Card hands in the game log")
struct ECardHistoryTests {
    @Test("every decided E-Card hand is logged, replays, and counts in history and leaderboard")
    func handsAreLogged() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-ecard-log-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = try GameLog(directory: directory)
        let server = try TestServer(seed: 77, recorder: log)
        let ann = try server.login("ann")
        try ann.request(ECardTablePlayTests.create(slavePayout: 10), expect: "created")
        try ann.send("start")
        let referee = ECardReferee(slavePayout: 10)
        let human = ECardHuman(ann, seat: 0, referee: referee, seed: 5)
        try human.play(untilMatches: 1)
        #expect(human.allProblems == [])

        let records = log.records
        #expect(records.count == 12)
        #expect(records.allSatisfy { $0.kind == .ecard && $0.players[0] == "ann" })
        #expect(records.allSatisfy { DealRecord.isBot($0.players[1]) })
        #expect(records.compactMap(\.hand) == Array(1...12))
        for record in records {
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("hand \(record.hand ?? 0) does not replay: \(error)")
            }
        }
        let annTotal = records.map { $0.result?.scores[0] ?? 0 }.reduce(0, +)
        #expect(annTotal == human.referee.tableTotals[0])

        guard case .history(let history) = try ann.request("history ann", expect: "history").event
        else {
            Issue.record("no history")
            return
        }
        let match = try #require(history.deals.first)
        #expect(history.deals.count == 1 && match.kind == .ecard)
        #expect(match.hands?.map(\.hand) == Array(1...12) && match.handCount == 12)
        #expect(match.scores[0] == annTotal)
        #expect(match.labels?[1].hasPrefix("bot (") == true)
        guard case .leaderboard(let bigTwo) = try ann.request("leaderboard", expect: "leaderboard")
            .event
        else {
            Issue.record("no leaderboard")
            return
        }
        #expect(bigTwo.kind == .bigtwo && bigTwo.players.isEmpty)
        guard
            case .leaderboard(let board) = try ann.request(
                "leaderboard ecard", expect: "leaderboard"
            ).event
        else {
            Issue.record("no E-Card leaderboard")
            return
        }
        #expect(board.players.first { $0.name == "ann" }?.deals == 12)
        #expect(board.players.first { $0.name == "ann" }?.score == annTotal)
    }
}
