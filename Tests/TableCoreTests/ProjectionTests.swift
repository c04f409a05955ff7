import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import TableCore

/// Every message a table sends is projected per viewer; no viewer but a hand's owner ever
/// receives one of its cards before the hand is over.
@Suite("Projection of hidden information")
struct ProjectionTests {
    /// Card tokens named in an event's JSON.
    static func cards(in event: ServerEvent) -> Set<String> {
        let line = String(decoding: ServerMessageEncoder().line(event), as: UTF8.self)
        let pattern = try! NSRegularExpression(pattern: "\"([2-9TJQKA][DCHS])\"")
        let range = NSRange(line.startIndex..., in: line)
        return Set(
            pattern.matches(in: line, range: range).compactMap {
                Range($0.range(at: 1), in: line).map { String(line[$0]) }
            })
    }

    /// A Big Two table with a person who plays, a watcher, and a person who hops seats; every
    /// message, as each recipient gets it, is checked against what that recipient may know.
    @Test("Big Two: no one but a hand's owner sees its cards, whatever the event")
    func bigTwoNeverLeaks() throws {
        var table = Tables.bigTwo(games: 2)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.eve, .watch(name: "eve"))
        table.request(People.ann, .start)
        table.request(People.hop, .join(name: "hop", seat: 2))
        table.request(People.eve, .chat("hello"))
        table.play([People.ann], step: 10_000, before: [.state]) { $0.core.game.dealNumber == 2 }
        table.request(People.hop, .state)
        table.play([People.ann, People.hop], step: 10_000, before: [.state]) { $0.finished }
        #expect(table.finished)
        var hands: [[Card]] = []
        var played = Set<String>()
        var kinds = Set<String>()
        let lowest = BigTwoOptions.standard.lowestCard.notation
        for outbound in table.sent {
            if case .game(.dealStart(_, let dealt)) = outbound.message {
                hands = dealt
                played = []
            }
            for recipient in outbound.recipients {
                let event = outbound.projected(for: recipient)
                kinds.insert(event.type)
                if case .play(let notice) = event { played.formUnion(notice.cards.map(\.notation)) }
                if event.type == "deal_end" { continue }
                let own = recipient.viewer.handSeat.flatMap { seat in
                    hands.indices.contains(seat) ? Set(hands[seat].map(\.notation)) : nil
                } ?? []
                let leaked = Self.cards(in: event).subtracting(own).subtracting(played)
                    .subtracting([lowest])
                #expect(leaked.isEmpty, "\(recipient.viewer) saw \(leaked) in \(event.type)")
            }
        }
        let expected: Set<String> = [
            "created", "watching", "joined", "table", "seat", "deal_start", "turn", "play",
            "pass", "trick", "deal_end", "state", "chat", "match_end", "left",
        ]
        #expect(expected.isSubset(of: kinds), "missing \(expected.subtracting(kinds))")
    }

    /// An E-Card table with a person, a watcher and a hopper: a hand's cards go only to the
    /// seat playing it, in `ecard_hand` and in `state`.
    @Test("E-Card: a side's cards go to its owner only, in every event")
    func eCardNeverLeaks() throws {
        var table = Tables.eCard(games: 1)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.eve, .watch(name: "eve"))
        table.request(People.ann, .start)
        table.request(People.hop, .join(name: "hop", seat: nil))
        table.request(People.hop, .state)
        table.play([People.ann], step: 10_000, before: [.state]) { $0.finished }
        #expect(table.finished)
        var kinds = Set<String>()
        for outbound in table.sent {
            for recipient in outbound.recipients {
                let event = outbound.projected(for: recipient)
                kinds.insert(event.type)
                switch event {
                case .ecardHand(let notice):
                    if notice.cards != nil {
                        #expect(recipient.viewer.handSeat == notice.seat)
                    }
                case .state(let snapshot):
                    if snapshot.ecard?.cards != nil {
                        #expect(recipient.viewer.handSeat == snapshot.seat)
                    }
                default:
                    #expect(!String(decoding: ServerMessageEncoder().line(event), as: UTF8.self)
                        .contains("\"cards\":[\"") || event.type == "ecard_reveal")
                }
            }
        }
        let expected: Set<String> = [
            "created", "watching", "joined", "table", "seat", "ecard_hand", "ecard_turn",
            "ecard_laid", "ecard_reveal", "state", "match_end", "left",
        ]
        #expect(expected.isSubset(of: kinds), "missing \(expected.subtracting(kinds))")
    }

    @Test("a deal's start carries a hand for its player only")
    func dealStartProjection() throws {
        let hands = Dealer.deal(seed: FixedSeeds(master: 1).next()).map(\.cards)
        let start = DealStart(
            table: 1, deal: 1, commitment: "c", seat: nil, hand: nil,
            players: ["ann", nil, nil, nil])
        let message = TableMessage<BigTwoGame>.game(.dealStart(start, hands: hands))
        for seat in 0..<4 {
            let projected = TableProjection.project(message, for: .player(seat: seat))
            guard case .dealStart(let own) = projected else {
                throw ProjectionFailure("not a deal start")
            }
            #expect(own.seat == seat)
            #expect(own.hand == hands[seat])
        }
        for viewer in [Viewer.reserved(seat: 1), .watcher, .outsider] {
            guard case .dealStart(let shown) = TableProjection.project(message, for: viewer)
            else { throw ProjectionFailure("not a deal start") }
            #expect(shown.hand == nil)
            #expect(shown.seat == nil)
        }
    }
}

struct ProjectionFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
