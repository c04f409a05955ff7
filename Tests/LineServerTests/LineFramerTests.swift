import Foundation
import Testing

@testable import LineServer

@Suite struct LineFramerTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    private func texts(_ output: LineFramer.Output) -> [String] {
        output.lines.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func splitsManyLinesFromOneChunk() {
        var framer = LineFramer(maxLineBytes: 100)
        let output = framer.append(bytes("one\ntwo\n\nthree\n"))
        #expect(texts(output) == ["one", "two", "", "three"])
        #expect(!output.lineTooLong)
        #expect(framer.pendingByteCount == 0)
    }

    @Test func joinsALineSplitAcrossChunks() {
        var framer = LineFramer(maxLineBytes: 100)
        #expect(texts(framer.append(bytes("he"))).isEmpty)
        #expect(texts(framer.append(bytes("ll"))).isEmpty)
        #expect(framer.pendingByteCount == 4)
        #expect(texts(framer.append(bytes("o\nwor"))) == ["hello"])
        #expect(texts(framer.append(bytes("ld\n"))) == ["world"])
    }

    @Test func feedsByteByByte() {
        var framer = LineFramer(maxLineBytes: 100)
        var lines: [String] = []
        for byte in bytes("ab\r\ncd\n") {
            lines += texts(framer.append([byte]))
        }
        #expect(lines == ["ab", "cd"])
    }

    @Test func stripsOneTrailingCarriageReturnOnly() {
        var framer = LineFramer(maxLineBytes: 100)
        let output = framer.append(bytes("a\r\nb\r\r\nc\rd\n\r\n"))
        #expect(texts(output) == ["a", "b\r", "c\rd", ""])
    }

    @Test func stripsACarriageReturnArrivingBeforeItsNewline() {
        var framer = LineFramer(maxLineBytes: 100)
        #expect(texts(framer.append(bytes("abc\r"))).isEmpty)
        #expect(texts(framer.append(bytes("\n"))) == ["abc"])
    }

    @Test func acceptsALineOfExactlyTheLimitWithEitherEnding() {
        var framer = LineFramer(maxLineBytes: 4)
        #expect(texts(framer.append(bytes("abcd\n"))) == ["abcd"])
        #expect(texts(framer.append(bytes("efgh\r"))).isEmpty)
        #expect(texts(framer.append(bytes("\n"))) == ["efgh"])
        #expect(!framer.isOverflowed)
    }

    @Test func rejectsACompleteLineOneByteOverTheLimit() {
        var framer = LineFramer(maxLineBytes: 4)
        let output = framer.append(bytes("ok\nabcde\nlater\n"))
        #expect(texts(output) == ["ok"])
        #expect(output.lineTooLong)
        #expect(framer.isOverflowed)
    }

    @Test func detectsAnOverlongLineBeforeItsEndArrives() {
        var framer = LineFramer(maxLineBytes: 8)
        #expect(!framer.append(bytes("12345678")).lineTooLong)
        let output = framer.append(bytes("9"))
        #expect(output.lineTooLong)
        #expect(framer.pendingByteCount == 0)
    }

    @Test func treatsACarriageReturnNotFollowedByNewlineAsContent() {
        var framer = LineFramer(maxLineBytes: 4)
        #expect(!framer.append(bytes("abcd\r")).lineTooLong)
        #expect(framer.append(bytes("x")).lineTooLong)
    }

    @Test func reportsOverflowOnceAndIgnoresLaterInput() {
        var framer = LineFramer(maxLineBytes: 4)
        #expect(framer.append(bytes("toolong")).lineTooLong)
        let later = framer.append(bytes("\nfine\n"))
        #expect(later == LineFramer.Output())
    }

    @Test func neverHoldsMoreThanTheLimitOfAHugeInput() {
        var framer = LineFramer(maxLineBytes: 1_024)
        let huge = [UInt8](repeating: UInt8(ascii: "x"), count: 1_000_000)
        let output = framer.append(huge)
        #expect(output.lineTooLong)
        #expect(output.lines.isEmpty)
        #expect(framer.pendingByteCount == 0)
    }

    @Test func acceptsDataAndSlicesOfIt() {
        var framer = LineFramer(maxLineBytes: 100)
        let data = Data("xxhi\nthere\n".utf8).dropFirst(2)
        #expect(texts(framer.append(data)) == ["hi", "there"])
    }
}
