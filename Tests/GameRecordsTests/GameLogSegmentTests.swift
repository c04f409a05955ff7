import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

@Suite struct GameLogSegmentTests {
    @Test func theLogRollsOverIntoNumberedSegmentsAndReadsThemAllBack() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let limit = 4096
        var written: [DealRecord] = []
        do {
            let log = try GameLog(directory: dir.url, options: smallSegments(limit))
            for n in 1...30 { written.append(try log.append(randomDealRecord(dealNumber: n))) }
            #expect(log.segmentNames == dir.segments)
        }
        let names = dir.segments
        #expect(names.count >= 3)
        #expect(names.first == LogSegments.name(1))
        #expect(names == (1...names.count).map(LogSegments.name))
        for name in names.dropLast() {
            let size = try Data(contentsOf: dir.file(name)).count
            #expect(size >= limit, "\(name) rolled over early at \(size) bytes")
        }
        let reopened = try GameLog(directory: dir.url, options: smallSegments(limit))
        #expect(reopened.records == written)
        #expect(try reopened.append(randomDealRecord(dealNumber: 31)).record == 31)
        #expect(reopened.history().deals.first?.record == 31)
    }

    @Test func anOldSingleGamesFileIsReadAsTheFirstSegment() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let encoder = WireCodec.makeEncoder()
        var lines = Data()
        var old: [DealRecord] = []
        for n in 1...3 {
            var record = randomDealRecord(dealNumber: n)
            record.record = n
            old.append(record)
            lines.append(try encoder.encode(record))
            lines.append(UInt8(ascii: "\n"))
        }
        try dir.appendRaw(lines, to: LogSegments.legacyName)
        let log = try GameLog(directory: dir.url, options: smallSegments(lines.count + 1))
        #expect(log.records == old)
        #expect(log.recovery.isClean)
        let fourth = try log.append(randomDealRecord(dealNumber: 4))
        let fifth = try log.append(randomDealRecord(dealNumber: 5))
        #expect(fourth.record == 4 && fifth.record == 5)
        #expect(dir.segments == [LogSegments.legacyName, LogSegments.name(1)])
        let reopened = try GameLog(directory: dir.url)
        #expect(reopened.records == old + [fourth, fifth])
    }

    @Test func onlyTheLastSegmentCanHaveATornTail() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url, options: smallSegments(2048))
            for n in 1...8 { try log.append(randomDealRecord(dealNumber: n)) }
        }
        let names = dir.segments
        try #require(names.count >= 2)
        try dir.appendRaw(Data("{\"record\":".utf8), to: names[0])
        try dir.appendRaw(Data("{\"rec".utf8), to: names[names.count - 1])
        let log = try GameLog(directory: dir.url, options: smallSegments(2048))
        #expect(log.count == 8)
        #expect(log.recovery.tornTailBytes == 5)
        #expect(log.recovery.corruptLines.map(\.segment) == [names[0]])
        let first = String(decoding: try Data(contentsOf: dir.file(names[0])), as: UTF8.self)
        #expect(first.hasSuffix("{\"record\":"))
    }
}
