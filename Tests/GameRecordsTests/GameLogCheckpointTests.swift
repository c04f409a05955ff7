import CardGames
import Foundation
import LobbyProtocol
import Testing
import TestSupport

@testable import GameRecords

@Suite struct GameLogCheckpointTests {
    /// Big Two deals and E-Card hands among several players, some bots.
    private static func mixedRecords(_ count: Int) -> [DealRecord] {
        let names = ["ann", "bob", "cy", "dee", "ed"]
        return (1...count).map { n in
            if n % 4 == 0 {
                return madeHand(
                    table: 9, match: (n / 4 - 1) / 3 + 1, hand: (n / 4 - 1) % 3 + 1,
                    players: [names[n % 5], "bot:smart"], winner: n % 2,
                    payout: n % 3 == 0 ? 5 : 1)
            }
            let players = [names[n % 5], names[(n + 1) % 5], "bot:easy", names[(n + 3) % 5]]
            return madeRecord(
                table: n % 3 + 1, players: players, winner: n % 4,
                scores: [[5, -1, -2, -2], [-3, 6, -1, -2], [-1, -1, 4, -2], [-2, -2, -2, 6]][n % 4])
        }
    }

    /// Everything a query can see of a log.
    private static func answers(_ log: GameLog) -> [String] {
        queryAnswers(log, players: [nil, "ann", "bob", "bot:smart"], pageSize: 7)
    }

    @Test func aCheckpointPlusTheTailAnswersExactlyLikeAFullReplay() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let records = Self.mixedRecords(90)
        do {
            let log = try GameLog(directory: dir.url, options: smallSegments(4096))
            try log.append(contentsOf: Array(records[..<50]))
            try log.checkpoint()
            for record in records[50...] { try log.append(record) }
        }
        let withCheckpoint = try GameLog(directory: dir.url, options: smallSegments(4096))
        #expect(withCheckpoint.recovery.usedCheckpoint)
        #expect(withCheckpoint.recovery.recordsReplayed == 40)
        let resumed = Self.answers(withCheckpoint)

        try FileManager.default.removeItem(at: dir.file(LogSegments.checkpointName))
        let full = try GameLog(directory: dir.url, options: smallSegments(4096))
        #expect(!full.recovery.usedCheckpoint && full.recovery.recordsReplayed == 90)
        #expect(Self.answers(full) == resumed)
    }

    @Test func theCheckpointRoundTripsTheIndex() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(contentsOf: Self.mixedRecords(40))
        try dir.appendRaw(Data("garbage\n".utf8))
        let reopened = try GameLog(directory: dir.url)
        let index = try GameLogOpening.open(directory: dir.url.path).index
        let fingerprints = index.segments.indices.map {
            SegmentFingerprint(head: UInt64($0), tail: UInt64.max - UInt64($0))
        }
        let decoded = try GameLogCheckpoint.decode(
            GameLogCheckpoint.encode(index, fingerprints: fingerprints))
        #expect(decoded.index == index)
        #expect(decoded.fingerprints == fingerprints)
        #expect(reopened.recovery.corruptLines.count == 1)
    }

    @Test func aDamagedOrForeignCheckpointIsIgnoredAndTheIndexRebuilt() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url)
            try log.append(contentsOf: Self.mixedRecords(30))
            try log.checkpoint()
        }
        let expected = Self.answers(try GameLog(directory: dir.url))
        let path = dir.file(LogSegments.checkpointName)
        let good = try Data(contentsOf: path)

        var flipped = good
        flipped[good.count / 2] ^= 0x5A
        try flipped.write(to: path)
        let damaged = try GameLog(directory: dir.url)
        #expect(!damaged.recovery.usedCheckpoint)
        #expect(Self.answers(damaged) == expected)

        var future = good
        future[GameLogCheckpoint.magic.count] = 99
        try future.write(to: path)
        #expect(throws: GameLogCheckpoint.Rejection.wrongVersion(99)) {
            try GameLogCheckpoint.decode(Array(future))
        }
        try Data("short".utf8).write(to: path)
        let foreign = try GameLog(directory: dir.url)
        #expect(!foreign.recovery.usedCheckpoint)
        #expect(Self.answers(foreign) == expected)
    }

    @Test func aCheckpointCoveringMoreThanTheSegmentHoldsIsIgnored() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        do {
            let log = try GameLog(directory: dir.url)
            try log.append(contentsOf: Self.mixedRecords(20))
            try log.checkpoint()
        }
        let bytes = try dir.logBytes()
        let lines = bytes.split(separator: UInt8(ascii: "\n"))
        let shorter = lines.dropLast(5).map { Data($0) + Data([UInt8(ascii: "\n")]) }
        try shorter.reduce(Data(), +).write(to: dir.logFile)
        let log = try GameLog(directory: dir.url)
        #expect(!log.recovery.usedCheckpoint)
        #expect(log.count == 15)
        #expect(log.history().deals.first?.record == 15)
    }
}
