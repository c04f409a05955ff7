import CardGames
import Foundation
import Testing
import WireJSON

@testable import LobbyProtocol

/// The client's decoder reads lines with `JSONReader`; it must give what Foundation's decoder,
/// configured as `WireCodec` configures it, gives for every server message.
@Suite struct ServerMessageDecoderTests {
    @Test(arguments: WireEncoderTests.samples)
    func sameMessageAsFoundation(event: ServerEvent) throws {
        let foundation = WireCodec.makeDecoder()
        for id in [nil, RequestID.number(12), .text("a\"b")] {
            let line = ServerMessageEncoder().line(ServerMessage(event, id: id))
            let decoded = try ServerMessageDecoder().decode(line)
            #expect(decoded == (try foundation.decode(ServerMessage.self, from: line)))
            #expect(decoded == ServerMessage(event, id: id))
        }
    }

    @Test func aLineLongerThanTheReaderTakesIsStillDecoded() throws {
        let tables = (1...400).map { index in
            TableInfo(
                id: index, kind: .bigtwo, name: "table number \(index)", status: .waiting,
                seats: [SeatInfo(seat: 0, player: "player\(index)", bot: false, connected: true)],
                rules: "standard", options: .standard, ecard: nil, bots: "smart",
                spectators: 0, turnSeconds: 60, games: nil, gamesPlayed: 0, totals: [0, 0, 0, 0])
        }
        let message = ServerMessage(.tables(TableList(tables: tables)), id: .number(1))
        let line = ServerMessageEncoder().line(message)
        #expect(line.count > JSONReader.maximumLength)
        #expect(try ServerMessageDecoder().decode(line) == message)
    }

    @Test func badLinesAreErrors() {
        let decoder = ServerMessageDecoder()
        for bad in [
            "", "{", #"{"type":"nope"}"#, #"{"type":"pong""#, #"{"type":"trick","table":1}"#,
            #"{"leader":0.5,"table":1,"type":"trick"}"#, "[1]",
        ] {
            #expect(throws: (any Error).self) { try decoder.decode(bad) }
        }
    }
}
