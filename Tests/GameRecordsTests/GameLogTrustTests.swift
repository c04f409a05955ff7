import CardGames
import Foundation
import LobbyProtocol
import TestSupport
import Testing
import WireJSON

@testable import GameRecords

/// The game log believes only what its own files say: a checkpoint is bound to the segments
/// it covers, a segment gone is reported (and so are the record numbers it held), and a
/// cursor no page gave leads nowhere.
@Suite struct GameLogTrustTests {
    private static func records(_ count: Int, players: [String], table: Int = 1) -> [DealRecord] {
        (1...count).map { n in
            madeRecord(
                table: table, players: players, winner: n % 4,
                scores: [[5, -1, -2, -2], [-3, 6, -1, -2], [-1, -1, 4, -2], [-2, -2, -2, 6]][n % 4])
        }
    }

    @Test func anotherDirectorysCheckpointIsNotBelieved() throws {
        let here = TemporaryDirectory()
        let there = TemporaryDirectory()
        defer {
            here.remove()
            there.remove()
        }
        do {
            let log = try GameLog(directory: there.url)
            try log.append(contentsOf: Self.records(20, players: ["zed", "yan", "xi", "wu"]))
            try log.checkpoint()
        }
        do {
            // More records here, so this segment is longer than the one the checkpoint covers.
            let log = try GameLog(directory: here.url)
            try log.append(contentsOf: Self.records(60, players: ["ann", "bob", "cy", "dee"]))
        }
        try FileManager.default.copyItem(
            at: there.file(LogSegments.checkpointName), to: here.file(LogSegments.checkpointName))
        let log = try GameLog(directory: here.url)
        #expect(!log.recovery.usedCheckpoint)
        #expect(log.count == 60)
        let names = log.leaderboard(LeaderboardQuery(limit: 100)).players.map(\.name)
        #expect(Set(names) == ["ann", "bob", "cy", "dee"])
    }

    @Test func aCheckpointIsBelievedOnlyWhileItsSegmentsHoldTheSameBytes() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url)
            try log.append(contentsOf: Self.records(10, players: ["ann", "bob", "cy", "dee"]))
            try log.checkpoint()
        }
        #expect(try GameLog(directory: dir.url).recovery.usedCheckpoint)
        // The same length, other bytes: a name changed in the first record.
        var bytes = try dir.logBytes()
        let at = try #require(bytes.range(of: Data(#""ann""#.utf8)))
        bytes.replaceSubrange(at, with: Data(#""amy""#.utf8))
        try bytes.write(to: dir.logFile)
        let log = try GameLog(directory: dir.url)
        #expect(!log.recovery.usedCheckpoint)
        #expect(log.leaderboard(LeaderboardQuery(limit: 10)).players.contains { $0.name == "amy" })
    }

    @Test(arguments: [2, 3])
    func aRemovedSegmentIsReportedWithTheRecordsItHeld(removed number: Int) throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url, options: smallSegments(1500))
            for record in Self.records(12, players: ["ann", "bob", "cy", "dee"]) {
                try log.append(record)
            }
            try log.checkpoint()
            try #require(log.segmentNames.count == 3, "\(log.segmentNames)")
        }
        let name = LogSegments.name(number)
        let held = try String(contentsOf: dir.file(name), encoding: .utf8)
            .split(separator: "\n").count
        try FileManager.default.removeItem(at: dir.file(name))
        let log = try GameLog(directory: dir.url, options: smallSegments(1500))
        #expect(!log.recovery.usedCheckpoint)
        #expect(log.recovery.missingSegments == [name])
        #expect(log.recovery.missingRecords.reduce(0) { $0 + $1.count } == held)
        #expect(!log.recovery.isClean)
        #expect(log.count == 12 - held)
        // The numbering goes on after the highest record: none is numbered twice.
        let next = try log.append(randomDealRecord(dealNumber: 99))
        #expect(next.record == 13)
    }

    @Test func aCursorPastTheEndGivesAnEmptyPage() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(contentsOf: Self.records(5, players: ["ann", "bob", "cy", "dee"]))
        for player in [nil, "ann"] {
            let page = log.history(HistoryQuery(player: player, limit: 3, cursor: 40))
            #expect(page.deals.isEmpty)
            #expect(page.nextCursor == nil)
            let last = log.history(HistoryQuery(player: player, limit: 3, cursor: 5))
            #expect(last.deals.count == 3)
        }
    }

    @Test func theHighestTableOfTheRecordsIsKnownWithOrWithoutTheCheckpoint() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url)
            try log.append(contentsOf: Self.records(3, players: ["a", "b", "c", "d"], table: 7))
            try log.append(contentsOf: Self.records(2, players: ["a", "b", "c", "d"], table: 3))
            try log.checkpoint()
        }
        #expect(try GameLog(directory: dir.url).highestTable == 7)
        try FileManager.default.removeItem(at: dir.file(LogSegments.checkpointName))
        #expect(try GameLog(directory: dir.url).highestTable == 7)
    }
}

/// Opening a log without its checkpoint reads each line for what the index needs; it builds
/// the same index as decoding every record in full, and still reports unreadable lines.
@Suite struct GameLogRebuildTests {
    @Test func readingForTheIndexBuildsWhatDecodingBuilds() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        var records: [DealRecord] = []
        for n in 1...40 {
            records.append(
                randomDealRecord(dealNumber: n, players: ["ann", "b\"o\\b", "bot:easy", "ćy"]))
            records.append(
                madeHand(
                    table: 9, match: (n - 1) / 3 + 1, hand: (n - 1) % 3 + 1,
                    players: ["dee", "bot:smart"], winner: n % 2, payout: n % 3 == 0 ? 5 : 1))
        }
        let log = try GameLog(directory: dir.url)
        try log.append(contentsOf: records)
        let decoder = WireCodec.makeDecoder()
        var decoded = GameLogIndex()
        var read = GameLogIndex()
        let lines = try dir.logBytes().split(separator: UInt8(ascii: "\n"))
        for (position, line) in lines.enumerated() {
            let location = RecordLocation(offset: Int64(position), segment: 0, length: 1)
            decoded.add(try decoder.decode(DealRecord.self, from: Data(line)), at: location)
            let fields = Data(line).withUnsafeBytes { IndexedRecord.read($0) }
            read.add(try #require(fields, "line \(position + 1)"), at: location)
        }
        #expect(read == decoded)
    }

    @Test(arguments: [
        #"{"record":1}"#,
        #"{"deal":1,"finished_at":1,"kind":"bigtwo","moves":[],"players":["a"],"record":1,"table":1}"#,
        #"{"deal":1,"finished_at":1,"kind":"chess","moves":[],"players":["a"],"record":1,"table":1,"table_name":"t"}"#,
        #"{"deal":1,"finished_at":1,"kind":"bigtwo","moves":[{"cards":"3D","seat":0],"players":["a"],"record":1,"table":1,"table_name":"t"}"#,
        #"{"deal":1,"finished_at":1,"kind":"bigtwo","moves":[],"players":["a\u00"],"record":1,"table":1,"table_name":"t"}"#,
        #"{"deal":1.5,"finished_at":1,"kind":"bigtwo","moves":[],"players":["a"],"record":1,"table":1,"table_name":"t"}"#,
        #"{"deal":1,"finished_at":1,"kind":"bigtwo","moves":[],"players":["a"],"record":1,"table":1,"table_name":"t"} x"#,
    ])
    func linesThatAreNoRecordAreRefused(line: String) {
        #expect(Data(line.utf8).withUnsafeBytes { IndexedRecord.read($0) } == nil)
        #expect(
            (try? WireCodec.makeDecoder().decode(DealRecord.self, from: Data(line.utf8))) == nil)
    }

    @Test func aLineWithItsOwnSpacingStillReads() throws {
        let line =
            #" { "table" : 4 , "deal":2,"finished_at":1,"kind":"memory","moves":[ ],"players":[ "ann" , "bot:perfect" ],"record":1,"table_name":"t","result":{"scores":[3,1],"winner":0} } "#
        let fields = try #require(Data(line.utf8).withUnsafeBytes { IndexedRecord.read($0) })
        #expect(fields.table == 4 && fields.deal == 2 && fields.kind == .memory)
        #expect(fields.players == ["ann", "bot:perfect"])
        #expect(fields.winner == 0 && fields.scores == [3, 1])
    }
}
