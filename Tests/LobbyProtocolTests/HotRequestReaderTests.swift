import CardGames
import Foundation
import Testing

@testable import LobbyProtocol

/// The direct reader of the commonest requests gives exactly what the general parser gives,
/// and leaves every other line, and every line in error, to it.
@Suite struct HotRequestReaderTests {
    /// The requests without fields the reader takes.
    private static let plainRequests: [ClientRequest] = [
        .ping, .pass, .state, .ready, .start, .leave, .help, .who, .stats, .again, .restart,
    ]

    private static let ids = [0, 7, -3, 42, 123_456_789, 999_999_999_999_999_999, -100_000]

    private static let plays: [[Card]] = {
        var random = Xoshiro256StarStar(seed: 7)
        var plays: [[Card]] = [[]] + Card.deck.map { [$0] }
        for size in [2, 3, 5, 13] {
            for _ in 0..<4 { plays.append(Array(Card.deck.shuffled(using: &random).prefix(size))) }
        }
        return plays
    }()

    /// A hot line in every order of its members, with the envelope it stands for.
    private static func lines(_ envelope: RequestEnvelope) -> [String] {
        var members = [#""type":"\#(envelope.request.type)""#]
        if case .number(let number)? = envelope.id { members.append(#""id":\#(number)"#) }
        if case .play(let cards) = envelope.request {
            let list = cards.map { "\"\($0.notation)\"" }.joined(separator: ",")
            members.append(#""cards":[\#(list)]"#)
        }
        return orders(members).map { "{" + $0.joined(separator: ",") + "}" }
    }

    private static func orders(_ items: [String]) -> [[String]] {
        guard items.count > 1 else { return [items] }
        return items.indices.flatMap { index in
            var rest = items
            let first = rest.remove(at: index)
            return orders(rest).map { [first] + $0 }
        }
    }

    /// Every request the reader takes, with and without ids.
    private static let envelopes: [RequestEnvelope] = {
        let requests = plainRequests + plays.map { ClientRequest.play($0) }
        return requests.flatMap { request in
            [RequestEnvelope(id: nil, request: request)]
                + ids.map { RequestEnvelope(id: .number($0), request: request) }
        }
    }()

    /// The lines the mutation test starts from: one of each shape.
    private static let seedLines: [String] = {
        let seedPlays = [[], [Card(.three, .diamonds)]] + plays.suffix(4)
        let requests = plainRequests + seedPlays.map { ClientRequest.play($0) }
        return requests.flatMap { request in
            lines(RequestEnvelope(id: nil, request: request))
                + lines(RequestEnvelope(id: .number(1_234), request: request))
        }
    }()

    @Test func everyHotShapeReadsAsTheGeneralParserReadsIt() throws {
        var count = 0
        for envelope in Self.envelopes {
            for line in Self.lines(envelope) {
                let data = Data(line.utf8)
                let hot = try #require(HotRequestReader.read(data), "\(line)")
                #expect(hot == envelope, "\(line)")
                #expect(RequestParser.parseJSONTree(data) == .success(hot), "\(line)")
                #expect(RequestParser.parse(data) == .success(hot), "\(line)")
                count += 1
            }
        }
        #expect(count > 1_000)
    }

    @Test func canonicalCardsReadAsTheGeneralCardParserReadsThem() throws {
        for card in Card.deck {
            let notation = Array(card.notation.utf8)
            #expect(CanonicalCards.card(notation[0], notation[1]) == card)
            #expect(try Card(parsing: card.notation) == card)
        }
    }

    @Test(arguments: [
        #" {"type":"ping"}"#, #"{"type":"ping"} "#, #"{"type": "ping"}"#,
        #"{"type":"ping"}"# + "\r", #"{"type":"ping"}"# + "\n", #"{"type":"p\u0069ng"}"#,
        #"{"type":"PING"}"#, #"{"type":"leaderboard"}"#, #"{"type":"restarts"}"#,
        #"{"typex":"ping"}"#, #"{"type":"pingping","id":1}"#, #"{"type":""}"#,
        #"{"type":"list"}"#, #"{"type":"hello","name":"ann"}"#, #"{"type":"ping","x":1}"#,
        #"{"type":"ping","type":"ping"}"#, #"{"id":1,"id":1,"type":"ping"}"#,
        #"{"id":-0,"type":"ping"}"#, #"{"id":01,"type":"ping"}"#, #"{"id":1.0,"type":"ping"}"#,
        #"{"id":1e2,"type":"ping"}"#, #"{"id":1234567890123456789,"type":"ping"}"#,
        #"{"id":99999999999999999999,"type":"ping"}"#, #"{"id":9223372036854775808,"type":"ping"}"#,
        #"{"id":-99999999999999999999,"type":"ping"}"#,
        #"{"id":1234567890123456789012345678901234567890,"type":"ping"}"#,
        #"{"id":null,"type":"ping"}"#, #"{"id":"a","type":"ping"}"#, #"{"id":1}"#,
        #"{"type":"play"}"#, #"{"cards":["3D"],"type":"pass"}"#, #"{"cards":["3d"],"type":"play"}"#,
        #"{"cards":["3D","3D"],"type":"play"}"#, #"{"cards":"3D","type":"play"}"#,
        #"{"cards":["10D"],"type":"play"}"#, #"{"cards":["3D",],"type":"play"}"#,
        #"{"cards":[],"cards":[],"type":"play"}"#, #"{"type":"ping",}"#, "{}", "{",
        #"{"type":"ping"}}"#, #"{"type":"ping"},"#,
    ])
    func otherFormsAreLeftToTheGeneralParser(line: String) {
        let data = Data(line.utf8)
        #expect(HotRequestReader.read(data) == nil)
        #expect(RequestParser.parse(data) == Self.general(data), "\(line)")
    }

    /// What the parser gives without the direct reader: for a line opening with `{`, the
    /// general JSON path; any other line never reaches the direct reader.
    private static func general(_ line: Data) -> Result<RequestEnvelope, ProtocolFailure>? {
        if line.first == UInt8(ascii: "{") { return RequestParser.parseJSONTree(line) }
        #expect(HotRequestReader.read(line) == nil)
        return RequestParser.parse(line)
    }

    /// Bytes a mutation writes: JSON punctuation, digits, letters, card letters, escapes,
    /// spaces, then anything.
    private static let mutationBytes =
        Array(#"{}[],:"-.0123456789eEaeiouplystdrcnDHSCTJQKA\ "#.utf8)
        + [0x09, 0x0A, 0x0D, 0x00, 0xC3, 0xFF]

    @Test func everyOneByteChangeParsesAsTheGeneralParserParsesIt() throws {
        var random = Xoshiro256StarStar(seed: 2_026)
        var checked = 0
        var taken = 0
        for seed in Self.seedLines {
            let bytes = Array(seed.utf8)
            var variants: [[UInt8]] = []
            for position in 0...bytes.count {
                for _ in 0..<8 {
                    let byte = Self.randomByte(&random)
                    var inserted = bytes
                    inserted.insert(byte, at: position)
                    variants.append(inserted)
                    guard position < bytes.count else { continue }
                    var changed = bytes
                    changed[position] = byte
                    variants.append(changed)
                }
                guard position < bytes.count else { continue }
                var deleted = bytes
                deleted.remove(at: position)
                variants.append(deleted)
            }
            for variant in variants {
                let line = Data(variant)
                let text = String(decoding: variant, as: UTF8.self)
                #expect(RequestParser.parse(line) == Self.general(line), "\(text)")
                if HotRequestReader.read(line) != nil { taken += 1 }
                checked += 1
            }
        }
        #expect(checked > 10_000)
        // Changed ids, card letters and type letters still make hot lines.
        #expect(taken > 100)
    }

    private static func randomByte(_ random: inout Xoshiro256StarStar) -> UInt8 {
        if Bool.random(using: &random) {
            return UInt8.random(in: 0...255, using: &random)
        }
        return mutationBytes.randomElement(using: &random) ?? 0
    }
}
