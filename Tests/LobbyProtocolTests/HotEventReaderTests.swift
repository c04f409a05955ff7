import CardGames
import Foundation
import Testing

@testable import LobbyProtocol

/// The direct reader of the commonest events gives exactly what the general decoder gives,
/// and leaves every line not in the written form to it.
@Suite struct HotEventReaderTests {
    private static let hotSamples = WireEncoderTests.samples.filter {
        switch $0 {
        case .turn, .play, .pass, .trick, .pong: true
        default: false
        }
    }

    /// What the general path (strict reader, then the value decoder) makes of a line.
    private static func generic(_ line: Data) throws -> ServerMessage {
        try JSONValueDecoder().decode(ServerMessage.self, from: try JSONReader.read(line))
    }

    @Test func everyHotEventAsWrittenReadsAsTheGeneralDecoderReadsIt() throws {
        #expect(Self.hotSamples.count >= 8)
        for event in Self.hotSamples {
            for id in [nil, RequestID.number(3), .number(-7), .number(1_234_567)] {
                let line = ServerMessageEncoder().line(event, id: id)
                let hot = try #require(
                    HotEventReader.read(line), "\(String(decoding: line, as: UTF8.self))")
                #expect(hot == ServerMessage(event, id: id))
                #expect(hot == (try Self.generic(line)))
            }
        }
    }

    @Test func textIDsAndOtherEventsGoToTheGeneralDecoder() {
        for event in Self.hotSamples {
            let line = ServerMessageEncoder().line(event, id: .text("x"))
            #expect(HotEventReader.read(line) == nil)
        }
        for event in WireEncoderTests.samples where !Self.hotSamples.contains(event) {
            #expect(HotEventReader.read(ServerMessageEncoder().line(event)) == nil)
        }
    }

    @Test(arguments: [
        #"{"seat":1,"table":2,"type":"pass"} "#,
        #"{"seat":1, "table":2,"type":"pass"}"#,
        #"{"seat":01,"table":2,"type":"pass"}"#,
        #"{"seat":1.0,"table":2,"type":"pass"}"#,
        #"{"seat":1e0,"table":2,"type":"pass"}"#,
        #"{"seat":-0,"table":2,"type":"pass"}"#,
        #"{"seat":1,"table":2,"type":"pass","x":1}"#,
        #"{"extra":1,"seat":1,"table":2,"type":"pass"}"#,
        #"{"table":2,"seat":1,"type":"pass"}"#,
        #"{"seat":1,"type":"pass"}"#,
        #"{"seat":1,"table":2,"timed_out":1,"type":"pass"}"#,
        #"{"seat":"1","table":2,"type":"pass"}"#,
        #"{"seat":1,"table":2,"type":"pass"}{}"#,
        #"{"seat":1,"table":2,"type":"pas\u0073"}"#,
        #"{"seat":1234567890123456,"table":2,"type":"pass"}"#,
        #"{"cards":["3d"],"cards_left":3,"combo":"single","seat":0,"table":1,"type":"play"}"#,
        #"{"cards":["3D"],"cards_left":3,"combo":"a\"b","seat":0,"table":1,"type":"play"}"#,
        #"{"cards":["3D"],"cards_left":3,"combo":"é","seat":0,"table":1,"type":"play"}"#,
        #"{"can_pass":true,"leading":false,"must_include":"3♦","seat":0,"table":1,"type":"turn"}"#,
    ])
    func linesOutsideTheWrittenFormGoToTheGeneralDecoder(text: String) {
        #expect(HotEventReader.read(Data(text.utf8)) == nil)
    }

    @Test func aLineWithItsNewlineStillReads() throws {
        let text = #"{"id":4,"seat":1,"table":2,"timed_out":true,"type":"pass"}"#
        let message = try #require(HotEventReader.read(Data(text.utf8 + [0x0A])))
        let pass = PassNotice(table: 2, seat: 1, timedOut: true)
        #expect(message == ServerMessage(.pass(pass), id: .number(4)))
    }
}
