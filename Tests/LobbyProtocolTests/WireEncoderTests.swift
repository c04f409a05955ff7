import CardGames
import Foundation
import Testing
import TestSupport
import WireJSON

@testable import LobbyProtocol

/// The hand-written encoder must write exactly what Foundation's encoder, configured as
/// `WireCodec` configures it, writes for every server message.
@Suite struct WireEncoderTests {
    static let tricky = ServerEventSamples.tricky
    static let samples = ServerEventSamples.samples
    static let kindCount = ServerEventSamples.kindCount

    static func kindNumber(_ event: ServerEvent) -> Int { ServerEventSamples.kindNumber(event) }

    @Test func samplesCoverEveryKindOfEvent() {
        #expect(Set(Self.samples.map(Self.kindNumber)) == Set(0..<Self.kindCount))
    }

    @Test(arguments: samples)
    func sameBytesAsFoundation(event: ServerEvent) throws {
        let foundation = WireCodec.makeEncoder()
        for id in [nil, RequestID.number(-7), .text(Self.tricky[4])] {
            let message = ServerMessage(event, id: id)
            var expected = try foundation.encode(message)
            expected.append(0x0A)
            let line = ServerMessageEncoder().line(message)
            #expect(
                line == expected,
                "\(String(decoding: line, as: UTF8.self)) != \(String(decoding: expected, as: UTF8.self))"
            )
        }
    }

    /// The hand-written writers of the commonest events are in force (so the comparison
    /// above tests them), and write what the generic encoder writes.
    @Test func hotEventWritersAreInForce() throws {
        #expect(HotEventWriter.shapes.all)
        let hot = Self.samples.filter {
            switch $0 {
            case .turn, .play, .pass, .trick, .pong: true
            default: false
            }
        }
        #expect(hot.count >= 8)
        for event in hot {
            for id in [nil, RequestID.number(3), .text("a\"b")] {
                var output = JSONOutput()
                #expect(HotEventWriter.write(ServerMessage(event, id: id), to: &output))
                let generic = try WireEncoder().encode(ServerMessage(event, id: id))
                #expect(output.bytes == generic)
            }
        }
    }

    @Test(arguments: samples)
    func clientsDecodeWhatTheServerWrites(event: ServerEvent) throws {
        for id in [nil, RequestID.number(-7), .text(Self.tricky[4])] {
            let line = ServerMessageEncoder().line(event, id: id)
            #expect(try ServerMessageDecoder().decode(line) == ServerMessage(event, id: id))
        }
    }
}
