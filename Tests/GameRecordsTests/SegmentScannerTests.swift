import Foundation
import Testing
import TestSupport

@testable import GameRecords

/// Reading a segment line by line: offsets, numbers, a last line without its newline, and
/// lines longer than one read.
@Suite struct SegmentScannerTests {
    /// Every line the scanner finds in `path` from `offset`, with its text.
    static func lines(in path: String, from offset: Int = 0, firstLine: Int = 1) throws
        -> [(line: ScannedLine, text: String)]
    {
        var found: [(ScannedLine, String)] = []
        try SegmentScanner.scan(path: path, from: offset, firstLine: firstLine) { line, bytes in
            found.append((line, String(decoding: bytes, as: UTF8.self)))
        }
        return found
    }

    @Test func linesComeWithTheirOffsetsNumbersAndEnds() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try dir.create()
        let path = dir.file("segment").path
        try Data("first\n\nthird line\ntorn".utf8).write(to: URL(fileURLWithPath: path))
        let found = try Self.lines(in: path)
        #expect(found.map(\.text) == ["first", "", "third line", "torn"])
        #expect(found.map(\.line.offset) == [0, 6, 7, 18])
        #expect(found.map(\.line.length) == [5, 0, 10, 4])
        #expect(found.map(\.line.number) == [1, 2, 3, 4])
        #expect(found.map(\.line.terminated) == [true, true, true, false])

        let tail = try Self.lines(in: path, from: 7, firstLine: 3)
        #expect(tail.map(\.text) == ["third line", "torn"])
        #expect(tail.map(\.line.offset) == [7, 18] && tail.map(\.line.number) == [3, 4])
        #expect(try Self.lines(in: path, from: 22, firstLine: 5).isEmpty)
    }

    @Test func aLineLongerThanOneReadIsWhole() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try dir.create()
        let path = dir.file("segment").path
        let long = String(repeating: "x", count: SegmentScanner.chunkSize + 1000)
        try Data("short\n\(long)\nlast\n".utf8).write(to: URL(fileURLWithPath: path))
        let found = try Self.lines(in: path)
        #expect(found.map(\.text.count) == [5, long.count, 4])
        #expect(found.map(\.line.offset) == [0, 6, 6 + long.count + 1])
        #expect(found.allSatisfy { $0.line.terminated })
    }

    @Test func aMissingSegmentIsNamed() {
        let path = "/nonexistent-\(UUID().uuidString).jsonl"
        #expect(throws: GameLogError.cannotOpen(path: path, errno: ENOENT)) {
            _ = try Self.lines(in: path)
        }
    }
}
