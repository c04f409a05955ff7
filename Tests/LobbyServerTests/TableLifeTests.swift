import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Table life: turn timers, away players, released seats, durable history")
struct TableLifeTests {
    func temporaryDirectory() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-life-\(UUID().uuidString)")
    }

    @Test("a timed-out turn is played for the player, announced, and repeated timeouts mean away")
    func timeouts() throws {
        let server = try TestServer(seed: 8, timeoutsBeforeAway: 2)
        let ann = try server.login("ann")
        try ann.request("create turn=1", expect: "created")
        try ann.request("start", expect: "deal_start")
        var timedOut = 0
        var takeover: SeatControl?
        while takeover == nil {
            let message = try ann.next()
            switch message.event {
            case .turn(let turn) where turn.seat == 0:
                #expect(turn.deadline != nil)
            case .play(let play) where play.seat == 0:
                #expect(play.timedOut == true)
                timedOut += 1
            case .pass(let pass) where pass.seat == 0:
                #expect(pass.timedOut == true)
                timedOut += 1
            case .seat(let control):
                takeover = control
            default:
                break
            }
        }
        #expect(timedOut >= 1)
        #expect(takeover?.seat == 0 && takeover?.bot == true && takeover?.reason == "timeouts")
        // Acting again (any request) gives the seat back.
        try ann.send("state")
        guard case .seat(let back) = try ann.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(back.seat == 0 && !back.bot && back.reason == "returned")
    }

    @Test("a dropped player who does not come back in time loses the seat to the bot")
    func release() throws {
        let server = try TestServer(seed: 9, botDelayMilliseconds: 60_000, reconnectSeconds: 1)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create", expect: "created")
        try bob.request("join 1", expect: "joined")
        try ann.request("start", expect: "deal_start")
        let token = try #require(ann.token)
        ann.close()
        guard case .seat(let away) = try bob.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(away.reason == "disconnected" && away.bot)
        guard case .table(let notice) = try bob.waitFor("table").event else {
            Issue.record("expected a 'table' event")
            return
        }
        #expect(notice.table.seats[0].player == nil && notice.table.seats[0].bot)
        let again = try server.connect()
        let welcome = try again.request(jsonHello("ann", token: token), expect: "welcome")
        guard case .welcome(let body) = welcome.event else {
            Issue.record("expected a 'welcome' event")
            return
        }
        #expect(body.resumed && body.table == nil && body.seat == nil)
    }

    @Test("history and leaderboard come from the game log and survive a restart")
    func durableHistory() throws {
        let directory = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var announced: [DealEnd] = []
        do {
            let log = try GameLog(directory: directory)
            let server = try TestServer(seed: 21, recorder: log)
            let ann = try server.login("ann")
            try ann.request("create games=2", expect: "created")
            try ann.request("start", expect: "deal_start")
            ann.seat = 0
            announced.append(try ann.playDeal())
            announced.append(try ann.playDeal())
            try ann.waitFor("match_end")
            server.stop()
        }
        let reopened = try GameLog(directory: directory)
        #expect(reopened.recovery.isClean)
        let server = try TestServer(seed: 22, recorder: reopened)
        let eve = try server.login("eve")
        guard case .history(let history) = try eve.request("history ann", expect: "history").event
        else {
            Issue.record("expected a reply of another shape")
            return
        }
        #expect(history.deals.count == 2)
        #expect(history.deals.map(\.seed) == announced.reversed().map(\.seed))
        #expect(history.deals.map(\.scores) == announced.reversed().map(\.scores))
        #expect(history.deals.allSatisfy { $0.players[0] == "ann" && $0.players[1] == "bot:smart" })
        guard case .leaderboard(let board) = try eve.request("leaderboard", expect: "leaderboard")
            .event
        else {
            Issue.record("expected a reply of another shape")
            return
        }
        let ann = try #require(board.players.first { $0.name == "ann" })
        #expect(ann.deals == 2)
        #expect(ann.score == announced.map { $0.scores[0] }.reduce(0, +))
        #expect(ann.wins == announced.filter { $0.winner == 0 }.count)
        for record in reopened.records {
            guard case .success = DealReplay.replay(record) else {
                Issue.record("record \(record.record) does not replay")
                continue
            }
        }
    }
}
