import Foundation
import LobbyProtocol
import Testing
import TestSupport

@testable import GameRecords

/// When checkpoints are saved without being asked for: every so many appended records, and
/// after an opening that had to read many records.
@Suite struct GameLogCheckpointTimingTests {
    /// Waits (at most 5 s) for the checkpoint in `directory` to cover `records` records, as
    /// the next opening would find it; returns how many it covers.
    static func awaitCheckpoint(in directory: TemporaryDirectory, covering records: Int) -> Int? {
        let deadline = Date(timeIntervalSinceNow: 5)
        var covered: Int?
        repeat {
            covered = try? GameLogCheckpoint.load(
                directory: directory.url.path, segments: directory.segments
            ).count
            if let covered, covered >= records { return covered }
            usleep(2_000)
        } while Date() < deadline
        return covered
    }

    @Test func aCheckpointIsSavedEverySoManyRecords() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url, options: smallSegments(checkpointEvery: 5))
        for n in 1...4 { try log.append(randomDealRecord(dealNumber: n)) }
        #expect(!FileManager.default.fileExists(atPath: dir.file(LogSegments.checkpointName).path))
        for n in 5...7 { try log.append(randomDealRecord(dealNumber: n)) }
        #expect(Self.awaitCheckpoint(in: dir, covering: 5) == 5)
        let reopened = try GameLog(directory: dir.url, options: smallSegments(checkpointEvery: 5))
        #expect(reopened.recovery.usedCheckpoint && reopened.recovery.recordsReplayed == 2)
        #expect(reopened.count == 7)
    }

    @Test func anOpeningThatReadsManyRecordsSavesACheckpoint() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let count = GameLogOpening.checkpointAfterReplaying
        do {
            let log = try GameLog(directory: dir.url)
            try log.append(
                contentsOf: (1...count).map { n in
                    madeRecord(table: n, players: ["ann", "bob"], winner: n % 2, scores: [1, -1])
                })
        }
        let first = try GameLog(directory: dir.url)
        #expect(!first.recovery.usedCheckpoint && first.recovery.recordsReplayed == count)
        #expect(Self.awaitCheckpoint(in: dir, covering: count) == count)
        let second = try GameLog(directory: dir.url)
        #expect(second.recovery.usedCheckpoint && second.recovery.recordsReplayed == 0)
    }
}
