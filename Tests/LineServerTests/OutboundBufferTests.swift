import Testing

@testable import LineServer

@Suite struct OutboundBufferTests {
    private func append(_ text: String, to buffer: inout OutboundBuffer) -> Bool {
        Array(text.utf8).withUnsafeBytes { buffer.append($0) }
    }

    private func waiting(_ buffer: OutboundBuffer) -> String {
        buffer.withWaitingBytes { String(decoding: $0, as: UTF8.self) }
    }

    @Test func keepsBytesInOrderAcrossPartialWrites() {
        var buffer = OutboundBuffer(limit: 100)
        #expect(append("hello ", to: &buffer))
        #expect(append("world", to: &buffer))
        buffer.consume(3)
        #expect(waiting(buffer) == "lo world")
        #expect(append("!", to: &buffer))
        buffer.consume(6)
        #expect(waiting(buffer) == "ld!")
        buffer.consume(3)
        #expect(buffer.isEmpty)
        #expect(waiting(buffer) == "")
    }

    @Test func refusesWhatWouldPassTheLimitAndKeepsTheRest() {
        var buffer = OutboundBuffer(limit: 8)
        #expect(append("12345", to: &buffer))
        #expect(!append("6789", to: &buffer))
        #expect(waiting(buffer) == "12345")
        #expect(append("678", to: &buffer))
        #expect(buffer.count == 8)
    }

    @Test func countsOnlyUnwrittenBytesAgainstTheLimit() {
        var buffer = OutboundBuffer(limit: 8)
        #expect(append("12345678", to: &buffer))
        buffer.consume(5)
        #expect(append("abcde", to: &buffer))
        #expect(waiting(buffer) == "678abcde")
    }

    @Test func staysCorrectWhenCompactingLargeContents() {
        var buffer = OutboundBuffer(limit: 1 << 20)
        let block = String(repeating: "x", count: 40_000) + "y"
        #expect(append(block, to: &buffer))
        #expect(append("tail", to: &buffer))
        buffer.consume(40_000)
        #expect(waiting(buffer) == "ytail")
        #expect(append("more", to: &buffer))
        #expect(waiting(buffer) == "ytailmore")
    }

    @Test func removeAllEmptiesTheBuffer() {
        var buffer = OutboundBuffer(limit: 10)
        #expect(append("abc", to: &buffer))
        buffer.removeAll()
        #expect(buffer.isEmpty)
        #expect(append("0123456789", to: &buffer))
    }
}
