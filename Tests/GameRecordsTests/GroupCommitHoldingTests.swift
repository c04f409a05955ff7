import Dispatch
import Foundation
import GameRecords
import Glibc
import Locking
import Testing

/// A writer whose storage refuses a batch (a full disk) holds it and everything after it, in
/// order, answers none of them meanwhile, and writes them all once the storage takes them.
@Suite("Group commit holding")
struct GroupCommitHoldingTests {
    /// Refuses every batch while `refusing`, as a full disk would; keeps the batches taken.
    final class FlakyTarget: GroupCommitTarget, @unchecked Sendable {
        let refusing = Locked(true)
        let taken = Locked<[Int]>([])
        let attempts = Locked(0)

        func commit(_ batch: [Int]) throws(GameLogError) -> [Int] {
            attempts.withLock { $0 += 1 }
            if refusing.withLock({ $0 }) { throw .writeFailed(errno: ENOSPC) }
            taken.withLock { $0 += batch }
            return batch
        }
    }

    /// The answers a writer gave, in the order it gave them.
    final class Answers: @unchecked Sendable {
        let list = Locked<[Int?]>([])
        let events = Locked<[GroupCommitEvent]>([])
        func add(_ value: Int?) { list.withLock { $0.append(value) } }
        var values: [Int?] { list.withLock { $0 } }
    }

    private static func wait(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !condition() {
            if Date() > deadline { return false }
            usleep(2_000)
        }
        return true
    }

    @Test func refusedEntriesWaitInOrderAndAreWrittenOnceTheStorageTakesThem() {
        let target = FlakyTarget()
        let writer = GroupCommitWriter(
            target: target, label: "test.holding", retryInterval: .milliseconds(20))
        let answers = Answers()
        writer.observe { event in answers.events.withLock { $0.append(event) } }
        for entry in 0..<3 { writer.submit(entry) { answers.add($0) } }
        #expect(Self.wait { writer.health.isFailing })
        for entry in 3..<6 { writer.submit(entry) { answers.add($0) } }
        // Several refused tries, and not one answer: nothing was durable.
        #expect(Self.wait { target.attempts.withLock { $0 } >= 4 })
        #expect(answers.values.isEmpty)
        #expect(writer.health.held == 6)
        #expect(writer.health.failure == .writeFailed(errno: ENOSPC))
        #expect(writer.health.attempts >= 3)

        target.refusing.withLock { $0 = false }
        #expect(Self.wait { answers.values.count == 6 })
        #expect(answers.values == [0, 1, 2, 3, 4, 5])
        #expect(target.taken.withLock { $0 } == [0, 1, 2, 3, 4, 5])
        #expect(!writer.health.isFailing)
        #expect(writer.health.held == 0)
        #expect(writer.health.episodes == 1)
        let events = answers.events.withLock { $0 }
        #expect(events.count == 2)
        guard case .holding(let failure, let held) = events.first else {
            Issue.record("no hold in \(events)")
            return
        }
        #expect(failure == .writeFailed(errno: ENOSPC))
        #expect((1...3).contains(held))
        guard case .released(let written, let attempts, _) = events.last else {
            Issue.record("no release in \(events)")
            return
        }
        #expect(written == 6)
        #expect(attempts >= 3)
        #expect(writer.statistics.failed == 0)
    }

    @Test func aStoppingOwnerGivesUpOnWhatIsHeld() {
        let target = FlakyTarget()
        let writer = GroupCommitWriter(
            target: target, label: "test.abandon", retryInterval: .seconds(60))
        let answers = Answers()
        for entry in 0..<4 { writer.submit(entry) { answers.add($0) } }
        #expect(Self.wait { writer.health.held == 4 })
        #expect(writer.abandonHeld() == 4)
        #expect(answers.values == [nil, nil, nil, nil])
        #expect(!writer.health.isFailing)
        #expect(writer.statistics.failed == 4)
    }

    @Test func withoutARetryIntervalARefusedBatchFailsAtOnce() {
        let target = FlakyTarget()
        let writer = GroupCommitWriter(target: target, label: "test.failfast")
        let answers = Answers()
        writer.submit(1) { answers.add($0) }
        #expect(Self.wait { answers.values.count == 1 })
        #expect(answers.values == [nil])
        #expect(!writer.health.isFailing)
    }

    @Test func aBatchThatCanNeverBeStoredIsNotHeld() {
        final class Unencodable: GroupCommitTarget, @unchecked Sendable {
            func commit(_ batch: [Int]) throws(GameLogError) -> [Int] {
                throw .cannotEncode("no")
            }
        }
        let writer = GroupCommitWriter(
            target: Unencodable(), label: "test.permanent", retryInterval: .milliseconds(10))
        let answers = Answers()
        writer.submit(1) { answers.add($0) }
        #expect(Self.wait { answers.values.count == 1 })
        #expect(answers.values == [nil])
        #expect(!writer.health.isFailing)
    }
}
