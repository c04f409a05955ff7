import Dispatch
import Foundation
import Locking
import Testing

@testable import LobbyServer

@Suite("Serial lane")
struct SerialLaneTests {
    @Test func workHandedToAnIdleLaneRunsAtOnceOnTheCallersThread() {
        let lane = SerialLane(queue: DispatchQueue(label: "test.lane"))
        let caller = pthread_self()
        let ran = Locked<(done: Bool, here: Bool, sameThread: Bool)>((false, false, false))
        lane.run {
            ran.withLock {
                $0 = (true, lane.isRunningHere, pthread_equal(pthread_self(), caller) != 0)
            }
        }
        #expect(ran.withLock { $0.done && $0.here && $0.sameThread })
        #expect(!lane.isRunningHere)
    }

    @Test func workHandedToABusyLaneWaitsAndRunsOnTheQueueInOrder() {
        let lane = SerialLane(queue: DispatchQueue(label: "test.lane"))
        let order = Locked<[String]>([])
        let done = DispatchSemaphore(value: 0)
        lane.run {
            order.withLock { $0.append("first") }
            // Handed in while the lane is busy: neither may run before this item ends.
            lane.run { order.withLock { $0.append("second") } }
            lane.async { order.withLock { $0.append("third") } }
            lane.run {
                order.withLock { $0.append("fourth") }
                done.signal()
            }
            order.withLock { $0.append("first ends") }
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(order.withLock { $0 } == ["first", "first ends", "second", "third", "fourth"])
    }

    @Test func asyncWorkRunsOnTheLanesQueue() {
        let queue = DispatchQueue(label: "test.lane")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let lane = SerialLane(queue: queue)
        let onQueue = Locked(false)
        let done = DispatchSemaphore(value: 0)
        lane.async {
            onQueue.withLock { $0 = DispatchQueue.getSpecific(key: key) == true }
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(onQueue.withLock { $0 })
    }

    /// Threads hand in work at once with both calls: no two items ever overlap, and each
    /// thread's items run in the order it handed them in.
    @Test func itemsNeverOverlapAndKeepEachSendersOrder() {
        let lane = SerialLane(queue: DispatchQueue(label: "test.lane"))
        let senders = 4
        let itemsEach = 2_000
        let running = Locked(0)
        let overlaps = Locked(0)
        let seen = Locked([[Int]](repeating: [], count: senders))
        let finished = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: senders) { sender in
            for item in 0..<itemsEach {
                finished.enter()
                let work: @Sendable () -> Void = {
                    let before = running.withLock { count -> Int in
                        count += 1
                        return count
                    }
                    if before > 1 { overlaps.withLock { $0 += 1 } }
                    seen.withLock { $0[sender].append(item) }
                    running.withLock { $0 -= 1 }
                    finished.leave()
                }
                if item % 3 == 0 { lane.async(work) } else { lane.run(work) }
            }
        }
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(overlaps.withLock { $0 } == 0)
        let inOrder = seen.withLock { lists in lists.allSatisfy { $0 == Array(0..<itemsEach) } }
        #expect(inOrder)
    }
}
