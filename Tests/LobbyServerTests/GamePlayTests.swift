import CardGames
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Playing at tables")
struct GamePlayTests {
    @Test("one client and three bots play a whole deal")
    func soloDeal() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let created = try ann.request("create", expect: "created")
        guard case .created(let notice) = created.event else { throw TestFailure("created") }
        #expect(notice.seat == 0)
        ann.seat = 0
        try ann.send("start")
        let start = try ann.waitFor("deal_start")
        guard case .dealStart(let deal) = start.event else { throw TestFailure("deal_start") }
        #expect(deal.hand?.count == 13)
        #expect(deal.seat == 0)
        let end = try ann.playDeal()
        #expect(end.totals.reduce(0, +) == 0)
        #expect(end.scores.reduce(0, +) == 0)
        #expect(DealSeed(hex: end.seed)?.commitment == deal.commitment)
        let seed = try #require(DealSeed(hex: end.seed))
        #expect(Dealer.deal(seed: seed)[0] == CardSet(deal.hand ?? []))
        #expect(HiddenCards.leaks(in: ann.lines).isEmpty)
    }

    @Test("four clients play a deal at one table and see the same result")
    func fourClients() throws {
        let server = try TestServer(seed: 7)
        let names = ["ann", "bob", "cat", "dan"]
        let players = try names.map { try server.login($0) }
        try players[0].request("create name=four", expect: "created")
        players[0].seat = 0
        for seat in 1..<4 {
            try players[seat].request("join 1 \(seat)", expect: "joined")
            players[seat].seat = seat
        }
        try players[2].send("start")
        var ends: [DealEnd?] = [nil, nil, nil, nil]
        var turns = 0
        var triedOutOfTurn = false
        while ends[0] == nil {
            let message = try players[0].next()
            switch message.event {
            case .turn(let turn):
                turns += 1
                let actor = players[turn.seat]
                if turn.seat != 0 { _ = try actor.awaitTurn(number: turns) }
                if !triedOutOfTurn {
                    triedOutOfTurn = true
                    let other = players[(turn.seat + 1) % 4]
                    let before = try other.state()
                    #expect(try other.errorCode(for: "pass") == .notYourTurn)
                    #expect(try other.state() == before)
                }
                try actor.send(actor.legalMove(in: actor.state()))
            case .dealEnd(let end):
                ends[0] = end
            default:
                break
            }
        }
        for seat in 1..<4 { ends[seat] = try players[seat].playDeal() }
        #expect(ends.allSatisfy { $0 == ends[0] })
        #expect(ends[0]?.totals.reduce(0, +) == 0)
        for player in players {
            #expect(HiddenCards.leaks(in: player.lines).isEmpty)
        }
    }

    @Test("two tables play at once")
    func twoTables() throws {
        let server = try TestServer(seed: 9)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create", expect: "created")
        try bob.request("create", expect: "created")
        ann.seat = 0
        bob.seat = 0
        try ann.request("start", expect: "deal_start")
        try bob.request("start", expect: "deal_start")
        guard case .tables(let list) = try ann.request("list", expect: "tables").event else {
            throw TestFailure("tables")
        }
        #expect(list.tables.map(\.status) == [.playing, .playing])
        let annEnd = try ann.playDeal()
        let bobEnd = try bob.playDeal()
        #expect(annEnd.table == 1)
        #expect(bobEnd.table == 2)
        #expect(annEnd.seed != bobEnd.seed)
        #expect(HiddenCards.leaks(in: ann.lines + bob.lines).isEmpty)
    }

    @Test("deals continue with running totals; an all-bot table stops after its games")
    func allBotTable() throws {
        let server = try TestServer(seed: 11)
        let ann = try server.login("ann")
        // Both lines at once: the lobby takes the watch right after the create, before the
        // table (bots without delay) can play its three deals and end.
        try ann.send(#"{"type":"create","all_bots":true,"games":3,"id":5}"# + "\nwatch 1")
        let created = try ann.waitFor("created")
        #expect(created.id == .number(5))
        try ann.waitFor("watching")
        var totals: [Int]?
        var deals = 0
        while true {
            let message = try ann.next()
            if case .dealEnd(let end) = message.event {
                deals += 1
                let before = totals ?? zip(end.totals, end.scores).map { $0 - $1 }
                #expect(end.totals == zip(before, end.scores).map { $0 + $1 })
                #expect(end.totals.reduce(0, +) == 0)
                totals = end.totals
            }
            if case .matchEnd(let end) = message.event {
                #expect(end.games == 3)
                #expect(end.totals == totals)
                break
            }
        }
        #expect(deals >= 1)
        #expect(HiddenCards.leaks(in: ann.lines).isEmpty)
    }
}
