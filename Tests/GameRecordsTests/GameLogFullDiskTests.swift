import Dispatch
import Foundation
import GameRecords
import Glibc
import LobbyProtocol
import Locking
import Testing
import TestSupport

/// The game log on a filesystem the test fills to the last byte: the records the disk
/// refuses are held in memory, in order, unanswered, nothing half-written is left in the
/// segment, and every record is written and answered once space returns. Needs a tmpfs the
/// test may mount (root); the disk-full test of the server also runs under a file-size limit.
@Suite(.enabled(if: SmallFilesystem.canMount, "needs the right to mount a tmpfs"))
struct GameLogFullDiskTests {
    private static func wait(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// Records appended while the disk is full get no answer and leave no byte in the
    /// segment; once space returns they are written in order and answered, and the log
    /// reads back clean.
    @Test func theGameLogHoldsRecordsUntilSpaceReturns() throws {
        let disk = try #require(SmallFilesystem(bytes: 1 << 20))
        let directory = disk.path + "/data"
        var options = GameLog.Options(segmentMegabytes: 1)
        options.retryMilliseconds = 20
        let log = try GameLog(directory: directory, options: options)
        let events = Locked<[GroupCommitEvent]>([])
        log.observeHealth { event in events.withLock { $0.append(event) } }
        try log.append(randomDealRecord(dealNumber: 1))
        disk.fill()
        // The segment's last page may still have room: the disk refuses once it is full.
        var first = 2
        while (try? log.append(randomDealRecord(dealNumber: first))) != nil { first += 1 }
        let segment = directory + "/" + LogSegments.name(1)
        let before = try Data(contentsOf: URL(fileURLWithPath: segment))
        let answers = Locked<[Int?]>([])
        for deal in first..<(first + 3) {
            log.append(randomDealRecord(dealNumber: deal)) { stored in
                answers.withLock { $0.append(stored?.record) }
            }
        }
        #expect(Self.wait { log.health.held == 3 })
        #expect(log.health.failure?.systemError == ENOSPC)
        usleep(100_000)
        #expect(answers.withLock { $0 }.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: segment)) == before)
        // A checkpoint the disk refuses leaves no temporary file behind, holding space.
        #expect(throws: GameLogError.self) { try log.checkpoint() }
        #expect(!FileManager.default.fileExists(atPath: directory + "/games.checkpoint.tmp"))

        disk.makeRoom()
        #expect(Self.wait { answers.withLock { $0 }.count == 3 })
        #expect(answers.withLock { $0 } == [first, first + 1, first + 2])
        #expect(!log.health.isFailing)
        #expect(log.records.map(\.deal) == Array(1...(first + 2)))
        let reopened = try GameLog(directory: directory)
        #expect(reopened.recovery.isClean)
        #expect(reopened.records.map(\.record) == Array(1...(first + 2)))
        let seen = events.withLock { $0 }
        #expect(seen.count == 2)
        if case .released(let written, _, _) = seen.last { #expect(written == 3) }
    }
}
