import CardGames
import Foundation
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

@Suite struct GameLogStorageTests {
    @Test func appendNumbersRecordsAndReloadKeepsThem() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        var written: [DealRecord] = []
        do {
            let log = try GameLog(directory: dir.url.appendingPathComponent("nested/data"))
            #expect(log.recovery.isClean && log.recovery.recordsLoaded == 0)
            for n in 1...5 { written.append(try log.append(randomDealRecord(dealNumber: n))) }
            #expect(written.map(\.record) == [1, 2, 3, 4, 5])
            #expect(log.records == written)
        }
        let reopened = try GameLog(directory: dir.url.appendingPathComponent("nested/data"))
        #expect(reopened.records == written)
        #expect(reopened.recovery == GameLogRecovery(
            recordsLoaded: 5, tornTailBytes: 0, corruptLines: []))
        #expect(reopened.record(number: 3) == written[2])
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

    @Test func tornLastLineIsCutOffAndLaterAppendsStartOnACleanLine() throws {
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

    @Test func unparsableLastLineWithNewlineIsAlsoTorn() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url)
            try log.append(randomDealRecord(dealNumber: 1))
        }
        try dir.appendRaw(Data("{\"record\":2,\"fin\n".utf8))
        let log = try GameLog(directory: dir.url)
        #expect(log.count == 1)
        #expect(log.recovery.tornTailBytes == 17)
        #expect(try log.append(randomDealRecord(dealNumber: 2)).record == 2)
        #expect(try GameLog(directory: dir.url).recovery.isClean)
    }

    @Test func corruptMiddleLineIsSkippedAndCounted() throws {
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
            #expect(log.recovery.corruptLines == [3])
            #expect(log.recovery.tornTailBytes > 0)
            kept.append(try log.append(randomDealRecord(dealNumber: 3)))
        }
        let log = try GameLog(directory: dir.url)
        #expect(log.records == kept)
        #expect(log.records.map(\.record) == [1, 2, 3])
        #expect(log.recovery == GameLogRecovery(
            recordsLoaded: 3, tornTailBytes: 0, corruptLines: [3]))
    }

    @Test func concurrentAppendsGetDistinctNumbersAndAllSurvive() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let record = randomDealRecord(dealNumber: 1)
        let count = 40
        DispatchQueue.concurrentPerform(iterations: count) { _ in
            _ = try? log.append(record)
        }
        #expect(log.records.map(\.record) == Array(1...count))
        let reopened = try GameLog(directory: dir.url)
        #expect(Set(reopened.records.map(\.record)) == Set(1...count))
        #expect(reopened.recovery.isClean)
    }

    @Test func appendAndSyncTimeIsMeasured() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let records = (1...50).map { randomDealRecord(dealNumber: $0) }
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for record in records { try log.append(record) }
        }
        let perRecord = elapsed / records.count
        print("game log: append + fsync per record \(perRecord) over \(records.count) records")
        #expect(log.count == records.count)
    }
}
