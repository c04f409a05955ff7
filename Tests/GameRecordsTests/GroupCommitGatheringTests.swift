import Dispatch
import Foundation
import GameRecords
import Locking
import Testing

/// A writer with a gathering wait holds the first entry of an idle spell that long, so that
/// entries coming a little apart share one batch (one sync of a log).
@Suite("Group commit gathering")
struct GroupCommitGatheringTests {
    /// Keeps each batch it is given.
    final class BatchTarget: GroupCommitTarget, @unchecked Sendable {
        let batches = Locked<[[Int]]>([])

        func commit(_ batch: [Int]) throws(GameLogError) -> [Int] {
            batches.withLock { $0.append(batch) }
            return batch
        }
    }

    @Test func entriesArrivingWithinTheWaitShareOneBatch() {
        let target = BatchTarget()
        let writer = GroupCommitWriter(
            target: target, label: "test.gathering", gathering: .milliseconds(200))
        let done = DispatchGroup()
        let started = DispatchTime.now().uptimeNanoseconds
        let finishedAt = Locked<[UInt64]>([])
        for entry in 0..<5 {
            done.enter()
            writer.submit(entry) { stored in
                #expect(stored == entry)
                finishedAt.withLock { $0.append(DispatchTime.now().uptimeNanoseconds) }
                done.leave()
            }
            usleep(2_000)
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(target.batches.withLock { $0 } == [[0, 1, 2, 3, 4]])
        #expect(writer.statistics.batches == 1)
        // Nothing was durable, nor answered, before the wait was over.
        #expect(finishedAt.withLock { $0 }.allSatisfy { $0 - started >= 200_000_000 })
    }

    @Test func withoutAWaitAnEntryIsCommittedAlone() {
        let target = BatchTarget()
        let writer = GroupCommitWriter(target: target, label: "test.gathering")
        let done = DispatchSemaphore(value: 0)
        writer.submit(7) { _ in done.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(target.batches.withLock { $0 } == [[7]])
    }
}
