import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Locking
import Testing
import TestSupport
import WireJSON

@Suite struct GameLogStorageTests {
    @Test func appendNumbersRecordsAndReloadKeepsThem() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let nested = dir.url.appendingPathComponent("nested/data")
        var written: [DealRecord] = []
        do {
            let log = try GameLog(directory: nested)
            #expect(log.recovery.isClean && log.recovery.recordsLoaded == 0)
            for n in 1...5 { written.append(try log.append(randomDealRecord(dealNumber: n))) }
            #expect(written.map(\.record) == [1, 2, 3, 4, 5])
            #expect(log.records == written)
        }
        let reopened = try GameLog(directory: nested)
        #expect(reopened.records == written)
        #expect(reopened.recovery.recordsLoaded == 5 && reopened.recovery.isClean)
        #expect(reopened.record(at: 2) == written[2])
        #expect(try reopened.append(randomDealRecord(dealNumber: 6)).record == 6)
    }

    @Test func linesAreSortedSnakeCaseJSONEachEndingInNewline() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(randomDealRecord(dealNumber: 1))
        try log.append(randomDealRecord(dealNumber: 2))
        let text = String(decoding: try dir.logBytes(), as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            #expect(line.hasPrefix("{\"commitment\":"))
            #expect(line.contains("\"finished_at\":") && line.contains("\"table_name\":\"one\""))
            #expect(line.contains("\"cards_left\":"))
        }
    }

    @Test func tornLastLineWithoutNewlineIsCutOffAndLaterAppendsStartOnACleanLine() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        var kept: [DealRecord] = []
        do {
            let log = try GameLog(directory: dir.url)
            for n in 1...3 { kept.append(try log.append(randomDealRecord(dealNumber: n))) }
        }
        let goodLength = try dir.logBytes().count
        let whole = try WireCodec.makeEncoder().encode(randomDealRecord(dealNumber: 4))
        let half = whole.prefix(whole.count / 2)
        try dir.appendRaw(half)

        let log = try GameLog(directory: dir.url)
        #expect(log.records == kept)
        #expect(log.recovery.tornTailBytes == half.count)
        #expect(log.recovery.corruptLines.isEmpty)
        #expect(try dir.logBytes().count == goodLength)

        kept.append(try log.append(randomDealRecord(dealNumber: 4)))
        #expect(kept.last?.record == 4)
        let reopened = try GameLog(directory: dir.url)
        #expect(reopened.records == kept)
        #expect(reopened.recovery.isClean)
    }

    @Test func unreadableLastLineWithItsNewlineIsKeptReportedAndSkipped() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url)
            try log.append(randomDealRecord(dealNumber: 1))
        }
        let newer = Data("{\"record\":2,\"from_a_newer_version\":true}\n".utf8)
        try dir.appendRaw(newer)
        let before = try dir.logBytes()
        let log = try GameLog(directory: dir.url)
        #expect(log.count == 1)
        #expect(log.recovery.tornTailBytes == 0)
        #expect(log.recovery.corruptLines == [GameLogLine(segment: LogSegments.name(1), line: 2)])
        #expect(try dir.logBytes() == before)
        let stored = try log.append(randomDealRecord(dealNumber: 2))
        #expect(stored.record == 2)
        let reopened = try GameLog(directory: dir.url)
        #expect(reopened.records.map(\.record) == [1, 2])
        #expect(reopened.recovery.corruptLines == log.recovery.corruptLines)
        #expect(try dir.logBytes().prefix(before.count) == before)
    }

    @Test func corruptMiddleLinesAreKeptReportedAndSkipped() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        var kept: [DealRecord] = []
        do {
            let log = try GameLog(directory: dir.url)
            for n in 1...2 { kept.append(try log.append(randomDealRecord(dealNumber: n))) }
        }
        try dir.appendRaw(Data("not json at all\n\u{0}\u{0}{\"record\": 9}\n".utf8))
        do {
            let log = try GameLog(directory: dir.url)
            let segment = LogSegments.name(1)
            #expect(log.recovery.corruptLines == [
                GameLogLine(segment: segment, line: 3), GameLogLine(segment: segment, line: 4),
            ])
            #expect(log.recovery.tornTailBytes == 0)
            kept.append(try log.append(randomDealRecord(dealNumber: 3)))
        }
        let log = try GameLog(directory: dir.url)
        #expect(log.records == kept)
        #expect(log.records.map(\.record) == [1, 2, 3])
        #expect(log.recovery.corruptLines.count == 2)
        let text = String(decoding: try dir.logBytes(), as: UTF8.self)
        #expect(text.contains("not json at all\n"))
    }

    @Test func concurrentAppendsAreGroupedGetDistinctNumbersAndAllSurvive() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let record = randomDealRecord(dealNumber: 1)
        let count = 200
        let done = DispatchGroup()
        for _ in 0..<count {
            done.enter()
            log.append(record) { _ in done.leave() }
        }
        done.wait()
        #expect(log.records.map(\.record) == Array(1...count))
        let statistics = log.writerStatistics
        #expect(statistics.entries == count && statistics.failed == 0)
        #expect(statistics.batches <= count)
        let reopened = try GameLog(directory: dir.url)
        #expect(reopened.records.map(\.record) == Array(1...count))
        #expect(reopened.recovery.isClean)
    }

    @Test func aCompletionRunsOnlyOnceItsRecordIsInTheFile() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let file = dir.logFile
        let done = DispatchSemaphore(value: 0)
        let seen = Locked(false)
        log.append(randomDealRecord(dealNumber: 5)) { stored in
            let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
            let whole = stored?.record == 1 && text.hasSuffix("\n") && text.contains("\"deal\":5")
            seen.withLock { $0 = whole }
            done.signal()
        }
        done.wait()
        #expect(seen.value)
    }
}
