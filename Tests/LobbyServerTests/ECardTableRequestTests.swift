import CardGames
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("E-Card tables: creation, errors, sessions")
struct ECardTableRequestTests {
    @Test("options are checked at create; the table is listed, joined and watched")
    func createAndList() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let refused: [(String, String)] = [
            ("create ecard payout=7", "payout="),
            (#"{"type":"create","kind":"ecard","ecard":{"hands_per_match":0}}"#, "hands_per_match"),
            (#"{"type":"create","kind":"ecard","ecard":{"swap_interval":0}}"#, "swap_interval"),
            (#"{"type":"create","kind":"ecard","ecard":{"emperor_payout":0}}"#, "emperor_payout"),
            ("create ecard games=0", "games"),
            ("create ecard turn=-1", "turn="),
            ("create ecard clever", "clever"),
        ]
        for (line, field) in refused {
            try ann.send(line)
            let reply = try ann.errorReply()
            #expect(reply.code == .invalidField, "\(line)")
            #expect(reply.message.contains(field), "\(line): \(reply.message)")
        }
        try ann.request("create ecard payout=10 random name=duel", expect: "created")
        let bob = try server.login("bob")
        guard case .tables(let list) = try bob.request("list", expect: "tables").event else {
            throw TestFailure("tables")
        }
        let table = try #require(list.tables.first)
        #expect(list.tables.count == 1)
        #expect(table.id == 1 && table.kind == .ecard && table.name == "duel")
        #expect(table.ecard == ECardOptions(slavePayout: 10))
        #expect(table.bots == "random" && table.status == .waiting)
        #expect(table.seats.map(\.player) == ["ann", nil])
        #expect(table.totals == [0, 0])
        #expect(try bob.errorCode(for: "join 1 2") == .invalidField)
        #expect(try bob.errorCode(for: "join 1 0") == .seatTaken)
        try bob.request("join 1", expect: "joined")
        let cat = try server.login("cat")
        #expect(try cat.errorCode(for: "join 1") == .seatTaken)
        guard case .watching(let watching) = try cat.request("watch 1", expect: "watching").event
        else { throw TestFailure("watching") }
        #expect(watching.spectator == true && watching.table.spectators == 1)
    }

    @Test("every lay error has its code and leaves the state unchanged")
    func layErrors() throws {
        let server = try TestServer(seed: 61, botDelayMilliseconds: 60_000)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        let cat = try server.login("cat")
        let create = ECardTablePlayTests.create(hands: 1, games: 2)
        try ann.request(create, expect: "created")
        try bob.request("join 1", expect: "joined")
        try cat.request("watch 1", expect: "watching")
        try cat.waitFor("state")
        #expect(try unchanged(ann, "lay citizen") == .noDeal)
        #expect(try unchanged(cat, "lay citizen") == .spectatorCannotAct)
        try ann.send("start")
        try ann.waitFor("ecard_turn")
        try bob.waitFor("ecard_turn")
        #expect(try unchanged(bob, "lay citizen") == .notYourTurn)
        #expect(try unchanged(ann, "lay slave") == .cardNotInHand)
        #expect(try unchanged(ann, "play 3d") == .wrongTableKind)
        #expect(try unchanged(ann, "pass") == .wrongTableKind)
        try ann.send("lay citizen")
        try bob.waitFor("ecard_laid")
        #expect(try unchanged(ann, "lay citizen") == .alreadyLaid)
        #expect(try unchanged(bob, "lay emperor") == .cardNotInHand)
        try bob.send("lay citizen")
        guard case .ecardReveal(let draw) = try ann.waitFor("ecard_reveal").event else {
            throw TestFailure("reveal")
        }
        #expect(draw.outcome == "draw" && draw.cards == ["citizen", "citizen"])
        try bob.waitFor("ecard_reveal")
        guard case .ecardTurn(let next) = try bob.waitFor("ecard_turn").event else {
            throw TestFailure("turn")
        }
        #expect(next.seat == 1 && next.first)
        try bob.send("lay slave")
        try ann.waitFor("ecard_laid")
        try ann.send("lay emperor")
        guard case .ecardReveal(let decided) = try bob.waitFor("ecard_reveal").event else {
            throw TestFailure("reveal")
        }
        #expect(decided.winner == 1 && decided.winningSide == "slave" && decided.payout == 5)
        #expect(decided.totals == [-5, 5] && decided.matchOver)
        guard case .matchEnd(let end) = try ann.waitFor("match_end").event else {
            throw TestFailure("match_end")
        }
        #expect(end.games == 1 && end.totals == [-5, 5])
        #expect(try unchanged(ann, "lay citizen") == .matchOver)
        #expect(try unchanged(bob, "lay slave") == .matchOver)
        let snapshot = try cat.state()
        #expect(snapshot.table.gamesPlayed == 1 && snapshot.table.totals == [-5, 5])
        #expect(snapshot.ecard == nil)
    }

    @Test("lay at a Big Two table is the wrong kind and changes nothing")
    func layAtBigTwo() throws {
        let server = try TestServer(seed: 62, botDelayMilliseconds: 60_000)
        let ann = try server.login("ann")
        try ann.request("create", expect: "created")
        try ann.send("start")
        try ann.waitFor("deal_start")
        #expect(try unchanged(ann, "lay emperor") == .wrongTableKind)
        #expect(try unchanged(ann, #"{"type":"lay","card":"slave","id":4}"#) == .wrongTableKind)
    }

    @Test("a dropped player's seat goes to a bot and comes back; leaving hands it to a bot")
    func reconnect() throws {
        let server = try TestServer(seed: 63, botDelayMilliseconds: 60_000)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        let cat = try server.login("cat")
        try ann.request("create ecard", expect: "created")
        try bob.request("join 1", expect: "joined")
        try cat.request("watch 1", expect: "watching")
        try ann.send("start")
        try ann.waitFor("ecard_turn")
        try ann.send("lay citizen")
        try bob.waitFor("ecard_laid")
        let token = try #require(ann.token)
        ann.close()
        guard case .seat(let away) = try bob.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(away.seat == 0 && away.bot && away.reason == "disconnected")
        let again = try server.connect()
        let welcome = try again.request(jsonHello("ann", token: token), expect: "welcome")
        guard case .welcome(let body) = welcome.event else {
            Issue.record("expected a 'welcome' event")
            return
        }
        #expect(body.resumed && body.table == 1 && body.seat == 0)
        guard case .state(let snapshot) = try again.waitFor("state").event else {
            Issue.record("expected a 'state' event")
            return
        }
        #expect(snapshot.seat == 0)
        #expect(snapshot.ecard?.cards == ["emperor", "citizen", "citizen", "citizen"])
        #expect(snapshot.ecard?.laid == [0] && snapshot.ecard?.seatToLay == 1)
        #expect(snapshot.ecard?.cardCounts == [5, 5])
        guard case .seat(let back) = try bob.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(back.seat == 0 && !back.bot && back.reason == "returned")

        try again.send("chat well played")
        guard case .chat(let heard) = try cat.waitFor("chat").event else {
            Issue.record("expected a 'chat' event")
            return
        }
        #expect(heard == ChatMessage(from: "ann", text: "well played", scope: .table, table: 1))

        try bob.request("leave", expect: "left")
        guard case .seat(let left) = try again.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(left.seat == 1 && left.bot && left.reason == "left")
        #expect(HiddenECardCards.leaks(in: bob.lines, seat: 1) == [])
        #expect(HiddenECardCards.leaks(in: cat.lines, seat: nil) == [])
    }

    @Test("timed-out lays are made for the player, and repeated timeouts mean away")
    func timeouts() throws {
        let server = try TestServer(seed: 64, botDelayMilliseconds: 20, timeoutsBeforeAway: 2)
        let ann = try server.login("ann")
        try ann.request("create ecard turn=1", expect: "created")
        try ann.send("start")
        var timedOut = 0
        var takeover: SeatControl?
        while takeover == nil, timedOut < 3 {
            let message = try ann.next()
            switch message.event {
            case .ecardTurn(let turn) where turn.seat == 0:
                #expect(turn.deadline != nil)
            case .ecardLaid(let laid) where laid.seat == 0:
                #expect(laid.timedOut == true)
                timedOut += 1
            case .seat(let control):
                takeover = control
            default:
                break
            }
        }
        // The second timeout makes the player away before its card is laid.
        #expect(timedOut == 1)
        let away = try #require(takeover)
        #expect(away.seat == 0 && away.bot && away.reason == "timeouts")
        while true {
            guard case .ecardLaid(let laid) = try ann.waitFor("ecard_laid").event else {
                Issue.record("expected a 'ecardLaid' event")
                return
            }
            guard laid.seat == 0 else { continue }
            #expect(laid.timedOut == true)
            break
        }
        // Any request gives the seat back.
        try ann.send("state")
        guard case .seat(let back) = try ann.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(back.seat == 0 && !back.bot && back.reason == "returned")
        guard case .state(let snapshot) = try ann.waitFor("state").event else {
            Issue.record("expected a 'state' event")
            return
        }
        #expect(snapshot.seat == 0 && !snapshot.table.seats[0].bot)
        #expect(HiddenECardCards.leaks(in: ann.lines, seat: 0) == [])
    }

    /// Sends `line`, returns the error code it provokes, and checks that the player's
    /// snapshot is the same before and after.
    private func unchanged(_ player: TestPlayer, _ line: String) throws -> ErrorCode {
        let before = try player.state()
        let code = try player.errorCode(for: line)
        #expect(try player.state() == before, "\(line)")
        return code
    }
}
