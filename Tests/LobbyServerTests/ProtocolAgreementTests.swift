import CardGames
import Foundation
import LobbyProtocol
import Testing

/// Statements of protocol.md that were once untrue or unclear, pinned through a real socket.
@Suite("protocol.md agrees with the server")
struct ProtocolAgreementTests {
    @Test("seat with reason left names who left; the seat can be taken again in the match")
    func leftSeatNamesThePlayerAndCanBeRetaken() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        let cat = try server.login("cat")
        try ann.request("create turn=0", expect: "created")
        ann.seat = 0
        try bob.request("join 1 1", expect: "joined")
        try cat.request("watch 1", expect: "watching")
        try ann.request("start", expect: "deal_start")
        try bob.request("leave", expect: "left")
        let departure = try cat.waitFor("seat")
        guard case .seat(let left) = departure.event else { throw TestFailure("no seat") }
        #expect(left == SeatControl(table: 1, seat: 1, player: "bob", bot: true, reason: "left"))
        // Not "for the rest of the match": bob takes the seat back, reserved until the next
        // deal, and plays from then on.
        try bob.request("join 1 1", expect: "joined")
        guard case .seat(let reserved) = try cat.waitFor("seat").event else {
            throw TestFailure("no seat")
        }
        #expect(
            reserved == SeatControl(table: 1, seat: 1, player: "bob", bot: true, reason: "reserved")
        )
        let end = try ann.playDeal()
        guard case .seat(let mine) = try bob.waitFor("seat").event else {
            throw TestFailure("no seat")
        }
        #expect(mine == reserved)
        guard case .seat(let joined) = try bob.waitFor("seat").event else {
            throw TestFailure("no seat")
        }
        #expect(
            joined == SeatControl(table: 1, seat: 1, player: "bob", bot: false, reason: "joined"))
        guard case .dealStart(let next) = try bob.waitFor("deal_start").event else {
            throw TestFailure("no deal_start")
        }
        #expect(next.deal == end.deal + 1 && next.seat == 1 && next.hand?.count == 13)
    }

    @Test("E-Card: seat 0 holds the Emperor in hand 1, and bot turns carry no deadline")
    func eCardFirstHandAndDeadlines() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        try ann.request("create ecard turn=30", expect: "created")
        guard case .ecardHand(let hand) = try ann.request("start", expect: "ecard_hand").event
        else { throw TestFailure("no ecard_hand") }
        #expect(hand.hand == 1 && hand.emperorSeat == 0 && hand.seat == 0)
        #expect(hand.side == "emperor" && hand.cards?.contains("emperor") == true)
        guard case .ecardTurn(let annTurn) = try ann.waitFor("ecard_turn").event else {
            throw TestFailure("no ecard_turn")
        }
        #expect(annTurn.seat == 0 && annTurn.first && annTurn.deadline != nil)
        try ann.send("lay citizen")
        guard case .ecardTurn(let botTurn) = try ann.waitFor("ecard_turn").event else {
            throw TestFailure("no ecard_turn")
        }
        #expect(botTurn.seat == 1 && !botTurn.first && botTurn.deadline == nil)
        let line = try #require(ann.lines.last)
        #expect(!line.contains("deadline"))
    }

    @Test("state.deal.played lists the cards in deck order, also under Taiwan suit order")
    func playedIsInDeckOrder() throws {
        let server = try TestServer(seed: 5)
        let ann = try server.login("ann")
        try ann.request("create taiwan turn=0 games=1", expect: "created")
        ann.seat = 0
        try ann.request("start", expect: "deal_start")
        var snapshots: [[Card]] = []
        _ = try ann.playDeal { snapshot in snapshots.append(snapshot.deal?.played ?? []) }
        let deckIndex = { (card: Card) in card.rank.rawValue * 4 + card.suit.rawValue }
        #expect(!snapshots.isEmpty)
        for played in snapshots {
            #expect(played == played.sorted { deckIndex($0) < deckIndex($1) })
        }
        // Under Taiwan rules clubs rank below diamonds, so a rank with both played shows
        // that the order is the deck's, not the table's.
        let last = try #require(snapshots.last)
        let ranks = Set(last.filter { $0.suit == .diamonds }.map(\.rank))
            .intersection(last.filter { $0.suit == .clubs }.map(\.rank))
        #expect(!ranks.isEmpty)
    }

    @Test("before hello: help, ping, mode and stats are answered, anything else is refused")
    func requestsBeforeHello() throws {
        let server = try TestServer()
        let eve = try server.connect()
        try eve.request(#"{"type":"help","id":1}"#, expect: "help")
        try eve.request(#"{"type":"ping","id":2}"#, expect: "pong")
        try eve.request(#"{"type":"mode","mode":"json","id":3}"#, expect: "mode")
        guard case .stats(let stats) = try eve.request(#"{"type":"stats"}"#, expect: "stats").event
        else { throw TestFailure("no stats") }
        #expect(stats.connections >= 1)
        let line = try #require(eve.lines.last)
        for reason in [
            "peer_closed", "outbound_overflow", "line_too_long", "flooding", "closed_by_server",
            "error", "idle_timeout", "server_full", "per_address_cap", "idle_evicted",
        ] {
            #expect(line.contains(#""\#(reason)":"#), "disconnects lacks \(reason)")
        }
        for request in ["list", "ready", "who", "state", "leave", "history"] {
            #expect(try eve.errorCode(for: request) == .notLoggedIn, "\(request)")
        }
    }

    @Test("join: a seat the table lacks is invalid_field, a taken seat or full table seat_taken")
    func joinSeatErrors() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create ecard turn=0", expect: "created")
        #expect(try bob.errorCode(for: "join 1 2") == .invalidField)
        #expect(try bob.errorCode(for: "join 1 -1") == .invalidField)
        #expect(try bob.errorCode(for: "join 1 0") == .seatTaken)
        try bob.request("join 1", expect: "joined")
        let cat = try server.login("cat")
        #expect(try cat.errorCode(for: "join 1") == .seatTaken)
    }
}
