import Dispatch
import Glibc
import Locking
import Testing

@testable import GameRecords

/// The batching writer: what waits while a batch is written goes in the next one, no batch
/// is larger than the limit, entries keep their order, and a failed batch fails only its own
/// entries.
@Suite struct GroupCommitWriterTests {
    /// Keeps each batch, numbers entries by their place in all that were stored, fails the
    /// batches holding a refused entry, and holds its first commit until released.
    final class GatedTarget: GroupCommitTarget, @unchecked Sendable {
        let batches = Locked<[[Int]]>([])
        let refused: Set<Int>
        /// Signalled when the first commit has begun.
        let firstBegun = DispatchSemaphore(value: 0)
        /// Waited on by the first commit.
        let release = DispatchSemaphore(value: 0)
        private var stored = 0
        private var first = true

        init(refusing refused: Set<Int> = []) {
            self.refused = refused
        }

        func commit(_ batch: [Int]) throws(GameLogError) -> [String] {
            if first {
                first = false
                firstBegun.signal()
                release.wait()
            }
            batches.withLock { $0.append(batch) }
            guard refused.isDisjoint(with: batch) else { throw .writeFailed(errno: EIO) }
            defer { stored += batch.count }
            return batch.indices.map { "\(batch[$0])#\(stored + $0 + 1)" }
        }
    }

    /// What each completion received, by entry.
    typealias Results = Locked<[Int: String?]>

    /// Submits `entries` to `writer` while its first batch (entry 0) is held, then releases
    /// it, and waits for every completion.
    static func submitWhileBusy(
        _ entries: [Int], to writer: GroupCommitWriter<GatedTarget>, target: GatedTarget
    ) -> Results {
        let results = Results([:])
        let done = DispatchGroup()
        for entry in [0] + entries {
            done.enter()
            writer.submit(entry) { stored in
                results.withLock { $0[entry] = stored }
                done.leave()
            }
            if entry == 0 { target.firstBegun.wait() }
        }
        target.release.signal()
        done.wait()
        return results
    }

    @Test func entriesThatWaitShareBatchesNoLargerThanTheLimit() {
        let target = GatedTarget()
        let writer = GroupCommitWriter(target: target, label: "test.group", maximumBatch: 4)
        let results = Self.submitWhileBusy(Array(1...9), to: writer, target: target)
        #expect(target.batches.value == [[0], [1, 2, 3, 4], [5, 6, 7, 8], [9]])
        let numbered = (0...9).map { entry -> (Int, String?) in (entry, "\(entry)#\(entry + 1)") }
        #expect(results.value == Dictionary(uniqueKeysWithValues: numbered))
        #expect(writer.statistics == GroupCommitStatistics(batches: 4, entries: 10, failed: 0))
    }

    @Test func aFailedBatchFailsOnlyItsOwnEntries() {
        let target = GatedTarget(refusing: [6])
        let writer = GroupCommitWriter(target: target, label: "test.group", maximumBatch: 4)
        let results = Self.submitWhileBusy(Array(1...9), to: writer, target: target)
        #expect(target.batches.value == [[0], [1, 2, 3, 4], [5, 6, 7, 8], [9]])
        for entry in 5...8 { #expect(results.value[entry] == .some(nil), "entry \(entry)") }
        #expect(results.value[4] == "4#5")
        #expect(results.value[9] == "9#6")
        // A writer without a retry interval gives the refused batch up at once; only the
        // three batches written count as committed.
        #expect(
            writer.statistics
                == GroupCommitStatistics(batches: 3, entries: 6, failed: 4, refusals: 1))
    }

    @Test func commitNowAndWithTargetComeAfterEverythingSubmittedBefore() {
        let target = GatedTarget()
        let writer = GroupCommitWriter(target: target, label: "test.group")
        let done = DispatchSemaphore(value: 0)
        writer.submit(0) { _ in done.signal() }
        target.firstBegun.wait()
        writer.submit(1) { _ in }
        target.release.signal()
        #expect(writer.commitNow([2, 3]) == ["2#3", "3#4"])
        #expect(writer.withTarget { $0.batches.value } == [[0], [1], [2, 3]])
        #expect(done.wait(timeout: .now() + 5) == .success)
    }
}
