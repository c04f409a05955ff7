import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// Taking seats during a deal, through a real socket: a seat taken mid-deal shows no hand
/// until the next deal, so hopping from seat to seat learns nothing.
@Suite("Seat hopping")
struct SeatHoppingTests {
    /// The hands a client was shown, by deal number.
    static func handsSeen(by player: TestPlayer) throws -> [Int: Set<Int>] {
        var seen: [Int: Set<Int>] = [:]
        for line in player.lines {
            switch try ServerMessageDecoder().decode(line).event {
            case .dealStart(let start):
                if let seat = start.seat, start.hand != nil {
                    seen[start.deal, default: []].insert(seat)
                }
            case .state(let snapshot):
                if let seat = snapshot.seat, snapshot.hand != nil, let deal = snapshot.deal {
                    seen[deal.deal, default: []].insert(seat)
                }
            default:
                break
            }
        }
        return seen
    }

    @Test("Big Two: join 1, leave, join 2, leave, join 3 … shows no hand of the deal under way")
    func bigTwoHops() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let hop = try server.login("hop")
        try ann.request("create turn=0 games=2", expect: "created")
        ann.seat = 0
        try ann.request("start", expect: "deal_start")
        for seat in [1, 2, 3, 1, 2] {
            let joined = try hop.request("join 1 \(seat)", expect: "joined")
            #expect(joined.event.type == "joined")
            let snapshot = try hop.state()
            #expect(snapshot.hand == nil)
            #expect(snapshot.seat == seat)
            try hop.request("leave", expect: "left")
        }
        try hop.request("join 1 3", expect: "joined")
        hop.seat = 3
        #expect(try hop.errorCode(for: "pass") == .notYourTurn)
        _ = try ann.playDeal()
        _ = try hop.waitFor("deal_start")
        let seen = try Self.handsSeen(by: hop)
        #expect(seen[1] == nil)
        #expect(seen[2] == [3])
    }

    @Test("E-Card: hopping during a hand shows no card until the next hand")
    func eCardHops() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let hop = try server.login("hop")
        try ann.request("create ecard turn=0", expect: "created")
        try ann.request("start", expect: "ecard_hand")
        for _ in 0..<3 {
            try hop.request("join 1 1", expect: "joined")
            let snapshot = try hop.state()
            #expect(snapshot.ecard?.cards == nil)
            try hop.request("leave", expect: "left")
        }
        let cardsShown = try hop.lines.contains { line in
            switch try ServerMessageDecoder().decode(line).event {
            case .ecardHand(let notice): notice.cards != nil
            case .state(let snapshot): snapshot.ecard?.cards != nil
            default: false
            }
        }
        #expect(!cardsShown)
    }
}
