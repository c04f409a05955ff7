import Foundation
import Testing
import WebSocket

/// Decodes `bytes` in one feed; the events, and the failure that ended decoding if any.
func decode(
    _ bytes: [UInt8], role: WebSocketFrameDecoder.Role = .server, limit: Int = 1 << 20
) -> (events: [WebSocketEvent], failure: WebSocketFailure?) {
    decodeInPieces([bytes], role: role, limit: limit)
}

/// Decodes `pieces` fed one after another, as reads would bring them.
func decodeInPieces(
    _ pieces: [[UInt8]], role: WebSocketFrameDecoder.Role = .server, limit: Int = 1 << 20
) -> (events: [WebSocketEvent], failure: WebSocketFailure?) {
    var decoder = WebSocketFrameDecoder(role: role, maxMessageBytes: limit)
    var events: [WebSocketEvent] = []
    for piece in pieces {
        let failure = piece.withUnsafeBytes { decoder.feed($0) { events.append($0) } }
        if let failure { return (events, failure) }
    }
    return (events, nil)
}

/// A client's frame: masked with a fixed key.
func clientFrame(
    _ opcode: WebSocketOpcode, _ payload: [UInt8], fin: Bool = true,
    key: (UInt8, UInt8, UInt8, UInt8) = (0x37, 0xFA, 0x21, 0x3D)
) -> [UInt8] {
    var output: [UInt8] = []
    payload.withUnsafeBytes {
        WebSocketFrameEncoder.append(opcode, payload: $0, fin: fin, maskKey: key, to: &output)
    }
    return output
}

@Suite struct WebSocketFrameExampleTests {
    /// RFC 6455 §5.7, "A single-frame unmasked text message".
    @Test func unmaskedTextFrame() {
        let bytes: [UInt8] = [0x81, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
        #expect(decode(bytes, role: .client).events == [.text(Data("Hello".utf8))])
        var encoded: [UInt8] = []
        Array("Hello".utf8).withUnsafeBytes {
            WebSocketFrameEncoder.append(.text, payload: $0, to: &encoded)
        }
        #expect(encoded == bytes)
    }

    /// §5.7, "A single-frame masked text message".
    @Test func maskedTextFrame() {
        let bytes: [UInt8] = [0x81, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(decode(bytes).events == [.text(Data("Hello".utf8))])
        #expect(clientFrame(.text, Array("Hello".utf8)) == bytes)
    }

    /// §5.7, "A fragmented unmasked text message".
    @Test func fragmentedUnmaskedText() {
        let bytes: [UInt8] = [0x01, 0x03, 0x48, 0x65, 0x6C, 0x80, 0x02, 0x6C, 0x6F]
        #expect(decode(bytes, role: .client).events == [.text(Data("Hello".utf8))])
    }

    /// §5.7, "Unmasked Ping request and masked Ping response" (the response is a pong).
    @Test func pingAndPong() {
        let ping: [UInt8] = [0x89, 0x05, 0x48, 0x65, 0x6C, 0x6C, 0x6F]
        #expect(decode(ping, role: .client).events == [.ping(Data("Hello".utf8))])
        let pong: [UInt8] = [0x8A, 0x85, 0x37, 0xFA, 0x21, 0x3D, 0x7F, 0x9F, 0x4D, 0x51, 0x58]
        #expect(decode(pong).events == [.pong(Data("Hello".utf8))])
        #expect(clientFrame(.pong, Array("Hello".utf8)) == pong)
    }

    /// §5.7, "256 bytes binary message in a single unmasked frame" and "64KiB binary
    /// message in a single unmasked frame": the 16-bit and 64-bit length forms.
    @Test func extendedLengths() {
        let small = (0..<256).map { UInt8(truncatingIfNeeded: $0) }
        let medium: [UInt8] = [0x82, 0x7E, 0x01, 0x00] + small
        #expect(decode(medium, role: .client).events == [.binary(Data(small))])
        let large = (0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 13) }
        let wide: [UInt8] = [0x82, 0x7F, 0, 0, 0, 0, 0, 0x01, 0x00, 0x00] + large
        #expect(decode(wide, role: .client).events == [.binary(Data(large))])
        for (payload, header) in [(small, Array(medium.prefix(4))), (large, Array(wide.prefix(10)))] {
            var encoded: [UInt8] = []
            payload.withUnsafeBytes { WebSocketFrameEncoder.append(.binary, payload: $0, to: &encoded) }
            #expect(Array(encoded.prefix(header.count)) == header)
            #expect(encoded.count == header.count + payload.count)
        }
    }

    /// Every length form round-trips through a client's masked frame, at the boundaries
    /// between the forms.
    @Test(arguments: [0, 1, 125, 126, 127, 65_535, 65_536, 70_000])
    func lengthFormsRoundTrip(length: Int) {
        let payload = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
        #expect(decode(clientFrame(.binary, payload)).events == [.binary(Data(payload))])
        let headerBytes = length <= 125 ? 6 : length <= 65_535 ? 8 : 14
        #expect(clientFrame(.binary, payload).count == headerBytes + length)
    }
}

@Suite struct WebSocketFrameRefusalTests {
    private func failure(_ bytes: [UInt8], limit: Int = 1 << 20) -> WebSocketCloseCode? {
        decode(bytes, limit: limit).failure?.code
    }

    @Test func unmaskedClientFrameIsAProtocolError() {
        #expect(failure([0x81, 0x05] + Array("Hello".utf8)) == .protocolError)
        // A client reading a masked frame from the server refuses it too.
        #expect(decode(clientFrame(.text, [0x41]), role: .client).failure?.code == .protocolError)
    }

    @Test func reservedBitsAreAProtocolError() {
        for bit: UInt8 in [0x40, 0x20, 0x10] {
            var frame = clientFrame(.text, Array("Hi".utf8))
            frame[0] |= bit
            #expect(failure(frame) == .protocolError)
        }
    }

    @Test func reservedOpcodesAreAProtocolError() {
        for opcode: UInt8 in [3, 4, 5, 6, 7, 11, 12, 13, 14, 15] {
            var frame = clientFrame(.text, [])
            frame[0] = 0x80 | opcode
            #expect(failure(frame) == .protocolError, "opcode \(opcode)")
        }
    }

    /// Swifter's bug: the 125-byte control limit checked only for pings.
    @Test func controlFramesOver125BytesAreAProtocolError() {
        for opcode in [WebSocketOpcode.ping, .pong, .close] {
            var payload = [UInt8](repeating: 0x41, count: 126)
            if opcode == .close { payload[0] = 0x03; payload[1] = 0xE8 }
            #expect(failure(clientFrame(opcode, payload)) == .protocolError, "\(opcode)")
            #expect(failure(clientFrame(opcode, Array(payload.prefix(125)))) == nil)
        }
    }

    @Test func fragmentedControlFramesAreAProtocolError() {
        for opcode in [WebSocketOpcode.ping, .pong, .close] {
            #expect(failure(clientFrame(opcode, [], fin: false)) == .protocolError)
        }
    }

    @Test func continuationRulesAreEnforced() {
        #expect(failure(clientFrame(.continuation, [0x41])) == .protocolError)
        let start = clientFrame(.text, [0x41], fin: false)
        #expect(failure(start + clientFrame(.text, [0x42])) == .protocolError)
        #expect(failure(start + clientFrame(.binary, [0x42])) == .protocolError)
        #expect(decode(start + clientFrame(.continuation, [0x42])).events == [.text(Data("AB".utf8))])
    }

    /// Swifter shifted by 54 for 56: the eight length bytes must land where they belong, and
    /// the top bit of the 64-bit length must be 0.
    @Test func sixtyFourBitLengthIsReadExactly() {
        let header: [UInt8] = [0x82, 0xFF, 0x01, 0x00, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4]
        #expect(failure(header) == .messageTooBig)
        #expect(failure(header, limit: Int.max) == nil)
        var top = header
        top[2] = 0x80
        #expect(failure(top, limit: Int.max) == .protocolError)
        // 2^56 + 5 would look like 5 with the wrong shift: it must be refused as too big.
        let shifted: [UInt8] = [0x82, 0xFF, 0x01, 0, 0, 0, 0, 0, 0, 0x05, 1, 2, 3, 4]
        #expect(failure(shifted + [1, 2, 3, 4, 5]) == .messageTooBig)
    }

    /// The declared length is refused from the header alone, before any payload arrives.
    @Test func oversizedMessagesAreRefusedBeforeBuffering() {
        var sixteen: [UInt8] = []
        WebSocketFrameEncoder.appendHeader(.text, length: 1_001, maskKey: (1, 2, 3, 4), to: &sixteen)
        #expect(failure(sixteen, limit: 1_000) == .messageTooBig)
        var sixtyFour: [UInt8] = []
        WebSocketFrameEncoder.appendHeader(.binary, length: 1 << 40, maskKey: (1, 2, 3, 4), to: &sixtyFour)
        #expect(failure(sixtyFour, limit: 1_000) == .messageTooBig)
        // Fragments count together.
        let first = clientFrame(.text, [UInt8](repeating: 0x41, count: 600), fin: false)
        var second: [UInt8] = []
        WebSocketFrameEncoder.appendHeader(.continuation, length: 401, maskKey: (1, 2, 3, 4), to: &second)
        #expect(failure(first + second, limit: 1_000) == .messageTooBig)
        #expect(failure(clientFrame(.text, [UInt8](repeating: 0x41, count: 1_000)), limit: 1_000) == nil)
    }

    @Test func invalidUTF8FailsFastWithinAFrame() {
        // The bad byte comes early in a long frame whose rest has not arrived.
        let frame = clientFrame(.text, [0x41, 0xC0, 0x80] + [UInt8](repeating: 0x41, count: 500))
        #expect(decode(Array(frame.prefix(12))).failure?.code == .invalidPayload)
        #expect(failure(clientFrame(.text, [0xCE, 0xBA, 0xE1])) == .invalidPayload)
        #expect(failure(clientFrame(.text, [0xED, 0xA0, 0x80])) == .invalidPayload)
    }

    @Test func closePayloadsAreChecked() {
        #expect(decode(clientFrame(.close, [])).events == [.close(nil, reason: "")])
        #expect(failure(clientFrame(.close, [0x03])) == .protocolError)
        for code: UInt16 in [0, 999, 1004, 1005, 1006, 1015, 1016, 1100, 2000, 2999, 5000, 65535] {
            let payload = [UInt8(code >> 8), UInt8(code & 0xFF)]
            #expect(failure(clientFrame(.close, payload)) == .protocolError, "code \(code)")
        }
        for code: UInt16 in [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011, 3000, 3999, 4000, 4999] {
            let payload = [UInt8(code >> 8), UInt8(code & 0xFF)] + Array("bye ♠".utf8)
            #expect(
                decode(clientFrame(.close, payload)).events
                    == [.close(WebSocketCloseCode(rawValue: code), reason: "bye ♠")])
        }
        #expect(failure(clientFrame(.close, [0x03, 0xE8, 0xCE, 0xBA, 0xE1])) == .invalidPayload)
    }

    /// Nothing after a close frame is read.
    @Test func inputAfterCloseIsIgnored() {
        let bytes = clientFrame(.close, [0x03, 0xE8]) + clientFrame(.text, [0x41]) + [0xFF, 0xFF]
        #expect(decode(bytes).events == [.close(.normal, reason: "")])
        #expect(decode(bytes).failure == nil)
    }

    @Test func binaryMessagesAreReportedForThePolicyAboveToJudge() {
        #expect(decode(clientFrame(.binary, [0, 1, 2])).events == [.binary(Data([0, 1, 2]))])
    }
}

@Suite struct WebSocketFragmentTests {
    /// A text message in three fragments with a ping between them, whose characters are cut
    /// across the fragments (♦ is E2 99 A6), then a close.
    static let stream: [UInt8] = {
        let text = Array("3♦ 2♠ κόσμε".utf8)
        return clientFrame(.text, Array(text[0..<2]), fin: false)
            + clientFrame(.ping, Array("are you there".utf8))
            + clientFrame(.continuation, Array(text[2..<9]), fin: false)
            + clientFrame(.pong, [])
            + clientFrame(.continuation, Array(text[9...]))
            + clientFrame(.binary, [9, 8, 7])
            + clientFrame(.close, [0x03, 0xE8] + Array("done".utf8))
    }()

    static let expected: [WebSocketEvent] = [
        .ping(Data("are you there".utf8)), .pong(Data()), .text(Data("3♦ 2♠ κόσμε".utf8)),
        .binary(Data([9, 8, 7])), .close(.normal, reason: "done"),
    ]

    @Test func wholeStreamInOneRead() {
        #expect(decode(Self.stream).events == Self.expected)
    }

    @Test func splitAtEveryByteBoundary() {
        for split in 0...Self.stream.count {
            let result = decodeInPieces([Array(Self.stream[..<split]), Array(Self.stream[split...])])
            #expect(result.events == Self.expected, "split at \(split)")
            #expect(result.failure == nil)
        }
    }

    @Test func oneByteAtATime() {
        let result = decodeInPieces(Self.stream.map { [$0] })
        #expect(result.events == Self.expected)
    }

    /// Bad UTF-8 whose bad byte sits in the second fragment fails at that byte, wherever the
    /// reads are cut.
    @Test func invalidUTF8AcrossFragmentsAtEverySplit() {
        let stream = clientFrame(.text, [0x41, 0xE2, 0x99], fin: false)
            + clientFrame(.continuation, [0x41, 0x42], fin: true)
        for split in 0...stream.count {
            let result = decodeInPieces([Array(stream[..<split]), Array(stream[split...])])
            #expect(result.failure?.code == .invalidPayload, "split at \(split)")
            #expect(result.events.isEmpty)
        }
        // A character finished in the next fragment is fine.
        let fine = clientFrame(.text, [0x41, 0xE2, 0x99], fin: false)
            + clientFrame(.continuation, [0xA6], fin: true)
        #expect(decode(fine).events == [.text(Data("A♦".utf8))])
        // A message ending inside a character is not.
        let cut = clientFrame(.text, [0x41, 0xE2], fin: false) + clientFrame(.continuation, [0x99])
        #expect(decode(cut).failure?.code == .invalidPayload)
    }

    @Test func unfinishedInputIsReported() {
        var decoder = WebSocketFrameDecoder(role: .server, maxMessageBytes: 100)
        #expect(!decoder.holdsUnfinishedInput)
        let start = clientFrame(.text, [0x41], fin: false)
        _ = start.withUnsafeBytes { decoder.feed($0) { _ in } }
        #expect(decoder.holdsUnfinishedInput)
        let end = clientFrame(.continuation, [0x42])
        _ = end.prefix(3).withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer($0)) { _ in } }
        #expect(decoder.holdsUnfinishedInput)
        _ = end.dropFirst(3).withUnsafeBytes { decoder.feed(UnsafeRawBufferPointer($0)) { _ in } }
        #expect(!decoder.holdsUnfinishedInput)
    }
}

@Suite struct WebSocketMaskTests {
    @Test func maskingTwiceGivesTheBytesBackAtAnyPhase() {
        let original = (0..<37).map { UInt8(truncatingIfNeeded: $0 &* 11) }
        for phase in 0..<4 {
            var bytes = original
            bytes.withUnsafeMutableBytes { _ = WebSocketMask.apply((1, 2, 3, 4), to: $0, phase: phase) }
            #expect(bytes != original)
            bytes.withUnsafeMutableBytes { _ = WebSocketMask.apply((1, 2, 3, 4), to: $0, phase: phase) }
            #expect(bytes == original)
        }
    }

    @Test func maskingInPiecesEqualsMaskingWhole() {
        let original = (0..<50).map { UInt8(truncatingIfNeeded: $0) }
        var whole = original
        whole.withUnsafeMutableBytes { _ = WebSocketMask.apply((9, 8, 7, 6), to: $0) }
        for split in 0...original.count {
            var pieces = original
            pieces.withUnsafeMutableBytes { all in
                let phase = WebSocketMask.apply((9, 8, 7, 6), to: UnsafeMutableRawBufferPointer(rebasing: all[..<split]))
                _ = WebSocketMask.apply((9, 8, 7, 6), to: UnsafeMutableRawBufferPointer(rebasing: all[split...]), phase: phase)
            }
            #expect(pieces == whole)
        }
    }

    @Test func closePayloadIsCutAtACharacterBoundary() {
        let payload = WebSocketFrameEncoder.closePayload(.goingAway, reason: String(repeating: "♠", count: 60))
        #expect(payload.count <= 125)
        #expect(Array(payload.prefix(2)) == [0x03, 0xE9])
        #expect(String(validating: payload.dropFirst(2), as: UTF8.self) != nil)
    }
}
