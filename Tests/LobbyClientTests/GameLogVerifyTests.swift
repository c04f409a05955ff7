import CardGames
import Foundation
import GameRecords
import LobbyClient
import LobbyProtocol
import Testing
import WireJSON

/// `verify --record DIR` over every segment of a game log, with damaged lines.
@Suite struct GameLogVerifyTests {
    private static func deal(_ number: Int) -> DealRecord { deal(number, masterSeed: 11) }

    private static func deal(_ number: Int, masterSeed: UInt64) -> DealRecord {
        let seed = DealSeed.derived(masterSeed: masterSeed, dealNumber: UInt64(number))
        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed, seats: 4), options: .standard)
        while !deal.isOver, let move = deal.legalMoves().first {
            _ = try? deal.apply(move, by: deal.currentSeat)
        }
        return DealRecord.bigTwo(
            table: 1, tableName: "t", dealNumber: number, players: ["a", "b", "c", "d"],
            seed: seed, deal: deal, finishedAt: 0)
    }

    private static func abandoned(moves: Int) -> DealRecord {
        let seed = DealSeed.derived(masterSeed: 12, dealNumber: 1)
        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed, seats: 4), options: .standard)
        for _ in 0..<moves {
            if let move = deal.legalMoves().first {
                _ = try? deal.apply(move, by: deal.currentSeat)
            }
        }
        return DealRecord.abandonedBigTwo(
            table: 1, tableName: "t", dealNumber: 2, players: ["a", "b", "c", "d"], seed: seed,
            deal: deal, finishedAt: 0)
    }

    private static func directory() -> URL {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("verify-dir-\(UUID().uuidString)", isDirectory: true)
    }

    private static func append(_ text: String, to url: URL) throws {
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    @Test func everySegmentOfADataDirectoryIsChecked() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try GameLog(
            directory: dir, options: GameLog.Options(segmentBytes: 3000, checkpointInterval: 5))
        try log.append(contentsOf: (1...6).map(Self.deal))
        for number in 7...12 { try log.append(Self.deal(number)) }
        try log.append(Self.abandoned(moves: 3))
        #expect(log.segmentNames.count >= 3)
        let outcome = try VerifyCommand.run(VerifyOptions(record: dir.path))
        #expect(outcome.allValid)
        #expect(outcome.lines == ["all 13 checked entries are valid"])
    }

    /// A segment removed from the middle of the series is named, and so are the record
    /// numbers gone with it; the other records are still checked.
    @Test func aRemovedSegmentIsNamed() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try GameLog(
            directory: dir, options: GameLog.Options(segmentBytes: 3000, checkpointInterval: 5))
        for number in 1...12 { try log.append(Self.deal(number)) }
        try #require(log.segmentNames.count >= 3)
        let second = LogSegments.name(2)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(second))
        let outcome = try VerifyCommand.run(VerifyOptions(record: dir.path))
        #expect(!outcome.allValid)
        let failures = outcome.lines.filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 2, "\(outcome.lines)")
        #expect(failures.contains { $0.contains("\(second) is missing from the series") })
        #expect(failures.contains { $0.contains("are in no line") })
    }

    @Test func aDealStoredTwiceIsNamed() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try GameLog(
            directory: dir, options: GameLog.Options(segmentBytes: 3000, checkpointInterval: 5))
        try log.append(contentsOf: (1...4).map(Self.deal))
        try log.append(Self.deal(2))
        let first = try #require(log.segmentNames.first)
        let last = try #require(log.segmentNames.last)
        let outcome = try VerifyCommand.run(VerifyOptions(record: dir.path))
        #expect(!outcome.allValid)
        let failures = outcome.lines.filter { $0.hasPrefix("FAIL") }
        #expect(failures.count == 1, "\(outcome.lines)")
        #expect(failures.first?.contains("\(last) line") == true)
        #expect(failures.first?.contains("stored before, at \(first) line 2") == true)
        #expect(outcome.lines.last == "1 of 5 checked entries FAILED")
    }

    @Test func badLinesAreNamedAndEveryOtherRecordIsStillChecked() throws {
        let dir = Self.directory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let names: [String]
        do {
            let log = try GameLog(
                directory: dir,
                options: GameLog.Options(segmentBytes: 3000, checkpointInterval: 1000))
            for number in 1...8 { try log.append(Self.deal(number)) }
            names = log.segmentNames
        }
        try #require(names.count >= 2)
        try Self.append("not a record\n", to: dir.appendingPathComponent(names[0]))
        var finished = Self.abandoned(moves: 0)
        finished.moves = Self.deal(1, masterSeed: 12).moves
        let encoded = try WireCodec.makeEncoder().encode(finished)
        let last = dir.appendingPathComponent(names[names.count - 1])
        try Self.append(String(decoding: encoded, as: UTF8.self) + "\n{\"record\":", to: last)

        let outcome = try VerifyCommand.run(VerifyOptions(record: dir.path))
        #expect(!outcome.allValid)
        let lines = outcome.lines
        #expect(lines.contains { $0.hasPrefix("FAIL: \(names[0]) line ") })
        #expect(lines.contains { $0.contains("marked abandoned but its moves finish it") })
        #expect(lines.contains { $0.hasPrefix("NOTE: \(names[names.count - 1]) line ") })
        #expect(lines.last == "2 of 10 checked entries FAILED")

        let reopened = try GameLog(directory: dir)
        #expect(reopened.recovery.corruptLines.map(\.segment) == [names[0]])
        #expect(reopened.count == 9)
    }

    @Test func anAbandonedDealChecksAgainstItsReDeal() {
        #expect(RecordCheck.check(Self.abandoned(moves: 5)) == .validAbandonedDeal)
        var foreign = Self.abandoned(moves: 1)
        let seed = DealSeed.derived(masterSeed: 12, dealNumber: 1)
        let dealt = Dealer.deal(seed: seed, seats: 4)
        let mover = foreign.moves[0].seat
        let card = dealt[(mover + 1) % 4].lowest
        foreign.moves[0].cards = card?.notation ?? ""
        #expect(!RecordCheck.check(foreign).isValid)
    }
}
