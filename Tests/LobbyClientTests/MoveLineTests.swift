import CardGames
import Foundation
import Testing

@testable import LobbyClient
@testable import LobbyProtocol

/// The moves written from fixed pieces are byte for byte what the general encoder writes.
@Suite struct MoveLineTests {
    private static let ids: [RequestID] = [
        .number(0), .number(7), .number(-3), .number(123_456_789),
    ]

    private static func general(_ request: ClientRequest, id: RequestID) -> [UInt8] {
        RequestLineEncoder().line(request, id: id)
    }

    @Test func everyCardAndPlaySizeIsWrittenAsTheGeneralEncoderWritesIt() throws {
        var random = Xoshiro256StarStar(seed: 11)
        var plays: [[Card]] = Card.deck.map { [$0] }
        for size in 2...5 {
            for _ in 0..<40 { plays.append(Array(Card.deck.shuffled(using: &random).prefix(size))) }
        }
        for cards in plays {
            for id in Self.ids {
                let line = try #require(MoveLine.bytes(.play(cards), id: id))
                #expect(line == Self.general(.play(cards), id: id))
            }
        }
    }

    @Test(arguments: [ClientRequest.pass, .ready, .state, .ping])
    func movesWithoutFieldsAreWrittenAsTheGeneralEncoderWritesThem(request: ClientRequest) throws {
        for id in Self.ids {
            let line = try #require(MoveLine.bytes(request, id: id))
            #expect(line == Self.general(request, id: id))
        }
    }

    @Test func theServerReadsEveryMoveLineDirectly() throws {
        let plays = Card.deck.map { [$0] } + [Array(Card.deck.prefix(5)), []]
        let requests = [ClientRequest.pass, .ready, .state, .ping] + plays.map { .play($0) }
        for request in requests {
            for id in Self.ids {
                let line = try #require(MoveLine.bytes(request, id: id))
                let hot = try #require(HotRequestReader.read(Data(line.dropLast())))
                #expect(hot == RequestEnvelope(id: id, request: request))
            }
        }
    }

    @Test func otherRequestsAndIdsAreLeftToTheGeneralEncoder() {
        #expect(MoveLine.bytes(.pass, id: .text("x")) == nil)
        #expect(MoveLine.bytes(.pass, id: nil) == nil)
        #expect(MoveLine.bytes(.start, id: .number(1)) == nil)
        #expect(MoveLine.bytes(.lay(.slave), id: .number(1)) == nil)
        #expect(MoveLine.bytes(.hello(name: "ann", token: nil), id: .number(1)) == nil)
        let line = RequestEncoder().bytes(.join(table: 3, seat: 1), id: .number(2))
        #expect(line == Self.general(.join(table: 3, seat: 1), id: .number(2)))
    }
}
