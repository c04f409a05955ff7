import CardGames
import Foundation
import Testing

@testable import LobbyProtocol

@Suite struct ServerMessageTests {
    let encoder = ServerMessageEncoder()
    let decoder = ServerMessageDecoder()

    func text(_ event: ServerEvent, id: RequestID? = nil) -> String {
        String(decoding: encoder.line(event, id: id), as: UTF8.self)
    }

    @Test func encodesTypeIDAndSnakeCaseSortedKeys() {
        let line = text(.error(.notYourTurn, "it is seat 2's turn"), id: .number(3))
        #expect(
            line == #"{"code":"not_your_turn","id":3,"message":"it is seat 2's turn","type":"error"}"#
                + "\n")
        #expect(text(.pong, id: .text("a")) == #"{"id":"a","type":"pong"}"# + "\n")
    }

    @Test func turnNoticeWireForm() {
        let turn = TurnNotice(
            table: 1, seat: 2, canPass: true, leading: false, mustInclude: nil,
            toBeat: [Card(.three, .diamonds)], deadline: nil)
        #expect(
            text(.turn(turn))
                == #"{"can_pass":true,"leading":false,"seat":2,"table":1,"to_beat":["3D"],"type":"turn"}"#
                + "\n")
    }

    @Test func roundTripsEveryKindOfEvent() throws {
        let info = TableInfo(
            id: 1, kind: .bigtwo, name: "t", status: .playing,
            seats: [SeatInfo(seat: 0, player: "ann", bot: false, connected: true)],
            rules: "standard", options: .standard, ecard: nil, bots: "smart", spectators: 1,
            turnSeconds: 60, games: nil, gamesPlayed: 2, totals: [1, -1, 0, 0])
        let events: [ServerEvent] = [
            .greeting(Greeting(protocol: 1, server: "bigtwo-server", hint: "type help")),
            .welcome(Welcome(name: "ann", token: "ab", resumed: false)),
            .pong, .tables(TableList(tables: [info])), .created(TableNotice(table: info, seat: 0)),
            .dealStart(
                DealStart(
                    table: 1, deal: 1, commitment: "c", seat: 0, hand: [Card(.two, .spades)],
                    players: ["ann", nil, nil, nil])),
            .play(PlayNotice(table: 1, seat: 0, cards: [Card(.three, .diamonds)], combo: "single",
                cardsLeft: 12)),
            .pass(PassNotice(table: 1, seat: 1)), .trick(TrickNotice(table: 1, leader: 0)),
            .ecardReveal(
                ECardRevealNotice(
                    table: 2, hand: 1, play: 1, cards: ["citizen", "citizen"], outcome: "draw",
                    winner: nil, winningSide: nil, payout: nil, totals: [0, 0], matchOver: false)),
            .error(.doesNotBeat, "no"), .shutdown(ShutdownNotice(message: "bye")),
        ]
        for event in events {
            let decoded = try decoder.decode(encoder.line(event, id: .number(9)))
            #expect(decoded == ServerMessage(event, id: .number(9)))
        }
    }
}

@Suite struct ReusedLineTests {
    let encoder = ServerMessageEncoder()

    @Test(arguments: WireEncoderTests.samples)
    func aReusedLineIsTheLineEncodedAnew(event: ServerEvent) {
        let plain = encoder.line(event)
        for id in [nil, RequestID.number(-7), .number(123), .text("a\"b\\c"), .text("")] {
            #expect(encoder.line(event, id: id, from: plain) == encoder.line(event, id: id))
        }
    }
}
