import CardGames
import Foundation
import Testing
import WireJSON

@testable import LobbyProtocol

/// The direct reader of the commonest events gives exactly what the general decoder gives,
/// and leaves every line not in the written form to it.
@Suite struct HotEventReaderTests {
    /// A deal start with plain names (the samples' names are hard on purpose).
    private static let plainDealStart = ServerEvent.dealStart(
        DealStart(
            table: 7, deal: 3, commitment: "ab", seat: 2, hand: [Card(.ten, .spades)],
            players: ["soak1", "soak2", nil, "x y"]))

    private static let hotSamples = [plainDealStart] + WireEncoderTests.samples.filter(isHot)

    private static func isHot(_ event: ServerEvent) -> Bool {
        switch event {
        case .turn, .play, .pass, .trick, .pong, .dealStart, .dealEnd: true
        default: false
        }
    }

    /// What the general path (strict reader, then the value decoder) makes of a line.
    private static func generic(_ line: Data) throws -> ServerMessage {
        try JSONValueDecoder().decode(ServerMessage.self, from: try JSONReader.read(line))
    }

    /// True when every byte of the line (before its newline) is printable ASCII other than a
    /// backslash: the lines the direct reader must take.
    private static func isPlain(_ line: Data) -> Bool {
        line.dropLast().allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }
    }

    @Test func everyHotEventAsWrittenReadsAsTheGeneralDecoderReadsIt() throws {
        #expect(Self.hotSamples.count >= 13)
        var read = 0
        for event in Self.hotSamples {
            for id in [nil, RequestID.number(3), .number(-7), .number(1_234_567)] {
                let line = ServerMessageEncoder().line(event, id: id)
                let text = String(decoding: line, as: UTF8.self)
                guard let hot = HotEventReader.read(line) else {
                    // Only a line with escapes or other than ASCII is left to the decoder.
                    #expect(!Self.isPlain(line), "\(text)")
                    continue
                }
                #expect(hot == ServerMessage(event, id: id), "\(text)")
                #expect(hot == (try Self.generic(line)), "\(text)")
                read += 1
            }
        }
        #expect(read >= (Self.hotSamples.count - 1) * 4)
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
        #"{"type":"pass","seat":1,"table":2}"#,
        #"{"seat":1,"table":2,"type":"pass",}"#,
        #"{"seat":1,"table":2,"type":"pass""#,
        #"{"seat":1,"table":2,"type":"pass"}}"#,
        #"{"seat":1,,"table":2,"type":"pass"}"#,
        #"{"seat":1,"table":2,"type":"pass","type":"pass"}"#,
        #"{"type":"pass","seat":1,"table":2,"type":"pass"}"#,
        #"{"seat":1,"table":2,"type":"pas"}"#,
        #"{"seat":1,"table":2,"type":"pass}"#,
        #"{"cards":["3D",],"cards_left":3,"combo":"single","seat":0,"table":1,"type":"play"}"#,
        #"{"cards":["3D"],"cards_left":3,"combo":"single","seat":0,"table":1,"type":"play"} "#,
        #"{"cards":["3DD"],"cards_left":3,"combo":"single","seat":0,"table":1,"type":"play"}"#,
        #"{"commitment":"c","deal":1,"players":[1],"table":1,"type":"deal_start"}"#,
        #"{"commitment":"c","deal":1,"players":["a",null,2],"table":1,"type":"deal_start"}"#,
        #"{"commitment":"c","deal":1,"hand":null,"players":[],"table":1,"type":"deal_start"}"#,
        #"{"commitment":"c","deal":1,"hand":["3d"],"players":[],"table":1,"type":"deal_start"}"#,
        #"{"commitment":"c","deal":1,"players":["\u0061"],"table":1,"type":"deal_start"}"#,
        HotEventReaderTests.dealEnd(cardsLeft: "[0,1.5]"),
        HotEventReaderTests.dealEnd(cardsLeft: "[0,\"1\"]"),
        HotEventReaderTests.dealEnd(hands: #"[["3D"],[1]]"#),
        HotEventReaderTests.dealEnd(hands: #"[["3D"],"4D"]"#),
        HotEventReaderTests.dealEnd(hands: #"[["3D"],["4d"]]"#),
        HotEventReaderTests.dealEnd(hands: #"["3D","4D"]"#),
        HotEventReaderTests.dealEnd(tail: #""totals":[1,-1],"winner":0,"type":"deal_end"}"#),
        HotEventReaderTests.dealEnd(tail: #""totals":[1,-1],"type":"deal_end"}"#),
        HotEventReaderTests.dealEnd(tail: #""totals":[1,-1],"type":"deal_end","winner":0,"x":1}"#),
    ])
    func linesOutsideTheWrittenFormGoToTheGeneralDecoder(text: String) {
        #expect(HotEventReader.read(Data(text.utf8)) == nil)
    }

    /// A `deal_end` line in the written form but for the given parts.
    static func dealEnd(
        cardsLeft: String = "[0,1]", hands: String = #"[[],["3D"]]"#,
        tail: String = #""totals":[1,-1],"type":"deal_end","winner":0}"#
    ) -> String {
        #"{"cards_left":"# + cardsLeft + #","commitment":"c","deal":1,"hands":"# + hands
            + #","penalties":[0,1],"scores":[1,-1],"seed":"s","table":1,"# + tail
    }

    @Test func theDealEndLineTheVariantsChangeReadsAsWritten() throws {
        let message = try #require(HotEventReader.read(Data(Self.dealEnd().utf8)))
        let end = DealEnd(
            table: 1, deal: 1, winner: 0, hands: [[], [Card(.three, .diamonds)]],
            cardsLeft: [0, 1], penalties: [0, 1], scores: [1, -1], totals: [1, -1],
            liableSeat: nil, seed: "s", commitment: "c")
        #expect(message == ServerMessage(.dealEnd(end)))
    }

    @Test func aLineWithItsNewlineStillReads() throws {
        let text = #"{"id":4,"seat":1,"table":2,"timed_out":true,"type":"pass"}"#
        let message = try #require(HotEventReader.read(Data(text.utf8 + [0x0A])))
        let pass = PassNotice(table: 2, seat: 1, timedOut: true)
        #expect(message == ServerMessage(.pass(pass), id: .number(4)))
    }
}
