import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// Dropping, resuming, being released, and taking seats during a deal.
@Suite("Seats changing hands")
struct SeatChangeTests {
    @Test("a dropped person's seat is played by a bot; on resume it is theirs again")
    func disconnectAndResume() throws {
        var table = Tables.bigTwo()
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.eve, .watch(name: "eve"))
        table.request(People.ann, .start)
        table.autoBots = false
        table.request(People.ann, .disconnected)
        #expect(table.core.seats[0].bot != nil)
        #expect(table.timers[.release(People.ann)] == table.now + 60_000)
        let dropped = table.events(of: People.eve).contains {
            if case .seat(let control) = $0 { return control.reason == "disconnected" }
            return false
        }
        #expect(dropped)
        table.clearReceived()
        table.request(People.ann, .returned)
        #expect(table.core.seats[0].isHuman)
        #expect(table.timers[.release(People.ann)] == nil)
        let snapshot = table.events(of: People.ann).compactMap { event -> Snapshot? in
            if case .state(let state) = event { return state }
            return nil
        }.first
        #expect(snapshot?.hand?.isEmpty == false)
    }

    @Test("a person who does not come back in time loses the seat to the bot for good")
    func releasedAfterReconnectTime() throws {
        var table = Tables.bigTwo()
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.bob, .join(name: "bob", seat: 1))
        table.request(People.ann, .start)
        table.request(People.bob, .disconnected)
        #expect(table.places[People.bob] == TablePlace(seat: 1))
        table.autoBots = true
        table.feed(.timerFired(.release(People.bob)))
        #expect(table.places[People.bob] == nil)
        #expect(table.core.seats[1].session == nil)
        #expect(table.core.seats[1].bot != nil)
    }

    @Test("a seat taken during a deal is reserved: no hand, no moves, until the next deal")
    func midDealSeatIsReserved() throws {
        var table = Tables.bigTwo(turnSeconds: 0, games: 3)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        table.request(People.hop, .join(name: "hop", seat: 3), id: 4)
        #expect(table.core.seats[3].reserved)
        #expect(table.core.seats[3].bot != nil)
        let joined = try #require(table.received[People.hop]?.first { $0.id == .number(4) })
        guard case .joined(let notice) = joined.event else {
            throw ProjectionFailure("no joined notice")
        }
        #expect(notice.seat == 3)
        let state = table.events(of: People.hop).compactMap { event -> Snapshot? in
            if case .state(let snapshot) = event { return snapshot }
            return nil
        }
        #expect(state.count == 1)
        #expect(state.first?.hand == nil)
        #expect(state.first?.seat == 3)
        table.request(People.hop, .move(.pass), id: 5)
        let refused = try #require(table.received[People.hop]?.last { $0.id == .number(5) })
        guard case .error(let error) = refused.event else {
            throw ProjectionFailure("the move was not refused")
        }
        #expect(error.code == .notYourTurn)
        let firstDeal = table.core.game.dealNumber
        table.play([People.ann]) { $0.core.game.dealNumber != firstDeal }
        #expect(!table.core.seats[3].reserved)
        #expect(table.core.seats[3].isHuman)
        // The seat keeps the bot's result of the first deal; hop's own total starts from 0.
        #expect(table.core.game.match.totals[3] != 0)
        #expect(table.core.makeInfo().totals == table.core.game.match.totals)
        #expect(table.core.makeInfo().seats[3].playerTotal == 0)
        #expect(table.core.makeInfo().seats[0].playerTotal == nil)
        let hands = table.events(of: People.hop).compactMap { event -> [Card]? in
            if case .dealStart(let start) = event { return start.hand }
            return nil
        }
        #expect(hands.count == 1)
    }

    /// A second account hops from seat to seat during one deal; it must learn no hand of that
    /// deal, and from the next deal on only its own.
    @Test("Big Two: hopping seats during a deal never shows two hands of one deal")
    func bigTwoHopping() throws {
        var table = Tables.bigTwo(turnSeconds: 0, games: 3)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        for seat in [1, 2, 3, 1, 2] {
            table.request(People.hop, .join(name: "hop", seat: seat))
            table.request(People.hop, .state)
            table.request(People.hop, .leave(reply: true))
        }
        table.request(People.hop, .join(name: "hop", seat: 3))
        table.play([People.ann, People.hop], before: [.state]) { $0.finished }
        #expect(table.finished)
        var seatsSeen: [Int: Set<Int>] = [:]
        for event in table.events(of: People.hop) {
            switch event {
            case .dealStart(let start):
                if let seat = start.seat, start.hand != nil {
                    seatsSeen[start.deal, default: []].insert(seat)
                }
            case .state(let snapshot):
                if let seat = snapshot.seat, snapshot.hand != nil, let deal = snapshot.deal {
                    seatsSeen[deal.deal, default: []].insert(seat)
                }
            default:
                break
            }
        }
        #expect(seatsSeen[1] == nil)
        #expect(seatsSeen.values.allSatisfy { $0.count == 1 })
        #expect(seatsSeen.count == 2)
    }

    @Test("E-Card: hopping during a hand never shows a side's cards before the next hand")
    func eCardHopping() throws {
        var table = Tables.eCard(turnSeconds: 0, games: 1)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        table.request(People.ann, .move(try #require(table.firstLegalMove)))
        for _ in 0..<3 {
            table.request(People.hop, .join(name: "hop", seat: 1))
            table.request(People.hop, .state)
            table.request(People.hop, .leave(reply: true))
        }
        let seen = table.events(of: People.hop).contains { event in
            switch event {
            case .ecardHand(let notice): notice.cards != nil
            case .state(let snapshot): snapshot.ecard?.cards != nil
            default: false
            }
        }
        #expect(!seen)
        table.request(People.hop, .join(name: "hop", seat: 1))
        let hand = table.core.game.match?.handNumber
        table.play([People.ann]) { $0.core.game.match?.handNumber != hand || $0.finished }
        var handsSeen: [Int: Int] = [:]
        for event in table.events(of: People.hop) {
            if case .ecardHand(let notice) = event, notice.cards != nil {
                handsSeen[notice.hand, default: 0] += 1
            }
        }
        #expect(handsSeen[hand ?? 0] == nil)
        if !table.finished { #expect(handsSeen.count == 1) }
    }
}
