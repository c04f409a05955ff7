import Foundation
import GameRecords
import LobbyProtocol
import Locking
import Testing

@testable import LobbyServer

/// One rule for totals when a seat changes hands, through a real socket: the seat keeps its
/// running total (so totals always sum to zero), and each person's own total counts the games
/// credited to them, as history and the leaderboard count them.
@Suite("Totals when a seat changes hands")
struct SeatTotalsTests {
    @Test("a seat taken mid-match keeps its total; the newcomer's own total is tracked beside it")
    func bigTwoSeatTakenMidDeal() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let server = try TestServer(seed: 24, recorder: log)
        let ann = try server.login("ann")
        let cat = try server.login("cat")
        try ann.request("create turn=0 games=2", expect: "created")
        ann.seat = 0
        try ann.request("start", expect: "deal_start")
        // Cat takes the bot's seat 1 while deal 1 is under way: it is reserved for her.
        try cat.request("join 1 1", expect: "joined")
        cat.seat = 1
        let first = try ann.playDeal()
        #expect(first.totals.reduce(0, +) == 0, "totals \(first.totals)")
        #expect(first.totals == first.scores, "the seat keeps the bot's score of deal 1")
        #expect(
            first.playerTotals == [first.totals[0], 0, nil, nil],
            "cat has scored nothing of her own yet")
        guard case .dealEnd(let catFirst) = try cat.waitFor("deal_end").event else {
            throw TestFailure("no deal_end")
        }
        #expect(catFirst == first, "everyone gets the same result")

        // Deal 2 is cat's: both play it to its end.
        try cat.waitFor("deal_start")
        let catsDeal = DispatchQueue(label: "cat")
        let catEnd = Locked<Result<DealEnd, any Error>?>(nil)
        let catDone = DispatchSemaphore(value: 0)
        catsDeal.async {
            let result = Result { try cat.playDeal() }
            catEnd.withLock { $0 = result }
            catDone.signal()
        }
        let second = try ann.playDeal()
        catDone.wait()
        #expect(try catEnd.value?.get() == second)
        #expect(second.totals.reduce(0, +) == 0, "totals \(second.totals)")
        #expect(second.totals == zip(first.scores, second.scores).map { $0 + $1 })
        let catsOwn = second.scores[1]
        #expect(second.playerTotals == [second.totals[0], catsOwn, nil, nil])

        // History and the leaderboard credit cat with deal 2 only, as her own total says.
        guard case .history(let history) = try ann.request("history cat", expect: "history").event
        else { throw TestFailure("no history") }
        #expect(history.deals.map(\.deal) == [2])
        #expect(history.deals.first?.scores[1] == catsOwn)
        guard case .leaderboard(let board) = try ann.request("leaderboard", expect: "leaderboard")
            .event
        else { throw TestFailure("no leaderboard") }
        #expect(board.players.first { $0.name == "cat" }?.score == catsOwn)
        #expect(board.players.first { $0.name == "ann" }?.score == second.totals[0])
        guard case .matchEnd(let end) = try ann.waitFor("match_end").event else {
            throw TestFailure("no match_end")
        }
        #expect(end.totals == second.totals)
        #expect(end.playerTotals == second.playerTotals)
    }

    @Test("the table description shows a newcomer's own total when it differs from the seat's")
    func stateShowsBothTotals() throws {
        let server = try TestServer(seed: 24)
        let ann = try server.login("ann")
        let cat = try server.login("cat")
        try ann.request("create turn=0 games=3", expect: "created")
        ann.seat = 0
        try ann.request("start", expect: "deal_start")
        try cat.request("join 1 1", expect: "joined")
        try cat.waitFor("state")
        let first = try ann.playDeal()
        let snapshot = try cat.state()
        #expect(snapshot.table.totals == first.totals)
        #expect(snapshot.table.totals.reduce(0, +) == 0)
        #expect(snapshot.table.seats[1].player == "cat")
        #expect(snapshot.table.seats[1].playerTotal == 0)
        #expect(snapshot.table.seats[0].playerTotal == nil, "ann's own total is her seat's")
    }

    @Test("tic-tac-toe: the table's totals are the rounds' recorded scores, as history has them")
    func ticTacToeTotalsAgreeWithHistory() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let server = try TestServer(seed: 24, recorder: log)
        let ann = try server.login("ann")
        try ann.request("create tictactoe games=2 turn=0", expect: "created")
        try ann.send("start")
        var end: MatchEnd?
        while end == nil {
            let message = try ann.next()
            switch message.event {
            case .tictactoeTurn(let turn) where turn.seat == 0:
                guard let view = try ann.state().tictactoe else { throw TestFailure("no board") }
                let free = Array(view.board).firstIndex(of: ".").map { $0 + 1 } ?? 1
                try ann.send("mark \(free)")
            case .tictactoeResult:
                try ann.send("again")
            case .matchEnd(let done):
                end = done
            default:
                break
            }
        }
        let records = log.records
        #expect(records.count == 2)
        let recorded = (0..<2).map { seat in
            records.map { $0.result?.scores[seat] ?? 0 }.reduce(0, +)
        }
        #expect(end?.totals == recorded, "history \(recorded), table \(end?.totals ?? [])")
    }
}
