import Dispatch
import Foundation
import GameRecords
import Glibc
import LobbyProtocol
import Locking
import Testing
import TestSupport

@testable import LobbyServer

/// The journal on a filesystem the test fills to the last byte: the lines the disk refuses
/// wait in memory, in order, nothing half-written is left in the file, and every line is
/// written once space returns. Needs a tmpfs the test may mount (root); the disk-full test of
/// the server itself also runs without one, under a file-size limit.
@Suite(.enabled(if: SmallFilesystem.canMount, "needs the right to mount a tmpfs"))
struct JournalFullDiskTests {
    private static func wait(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while !condition() {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    /// Journal lines the disk refuses wait in memory, in order; the file keeps only whole
    /// lines meanwhile, and gets every line once space returns.
    @Test func theJournalHoldsLinesUntilSpaceReturns() throws {
        let disk = try #require(SmallFilesystem(bytes: 1 << 20))
        let file = try JournalFile(
            url: URL(fileURLWithPath: disk.path + "/tables.journal"),
            retryInterval: .milliseconds(20))
        let events = Locked<[GroupCommitEvent]>([])
        file.observe { event in events.withLock { $0.append(event) } }
        let line = { (at: Int) in Data(#"{"kind":"clock","at":\#(at)}"#.utf8) }
        file.append(line(1))
        disk.fill()
        // The file's last page still has room: the disk refuses once it is full.
        var at = 1
        while !file.isFailing && at < 10_000 {
            at += 1
            file.append(line(at))
        }
        #expect(file.isFailing)
        let refused = at
        for more in (at + 1)...(at + 30) { file.append(line(more)) }
        let last = refused + 30
        #expect(file.health.held == 31)
        let written = try String(contentsOf: file.url, encoding: .utf8)
        #expect(written == (1..<refused).map { #"{"kind":"clock","at":\#($0)}"# + "\n" }.joined())

        disk.makeRoom()
        #expect(Self.wait { !file.isFailing })
        let expected = (1...last).map { #"{"kind":"clock","at":\#($0)}"# + "\n" }.joined()
        #expect(try String(contentsOf: file.url, encoding: .utf8) == expected)
        #expect(file.length == expected.utf8.count)
        let seen = events.withLock { $0 }
        #expect(seen.count == 2)
        if case .released(let lines, _, _) = seen.last { #expect(lines == 31) }
    }

    /// Compaction on a full disk gives up without leaving its half-written copy behind.
    @Test func aCompactionTheDiskRefusesLeavesNothingBehind() throws {
        let disk = try #require(SmallFilesystem(bytes: 1 << 20))
        let file = try JournalFile(url: URL(fileURLWithPath: disk.path + "/tables.journal"))
        for at in 1...2_000 { file.append(Data(#"{"kind":"clock","at":\#(at)}"#.utf8)) }
        disk.fill()
        let done = DispatchSemaphore(value: 0)
        let result = Locked<Int??>(nil)
        file.compact({ $0.bytes(0..<$0.length) }) { length in
            result.withLock { $0 = length }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(result.withLock { $0 } == .some(nil))
        #expect(!FileManager.default.fileExists(atPath: disk.path + "/tables.journal.new"))
    }
}
