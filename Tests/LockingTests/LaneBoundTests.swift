import Dispatch
import Glibc
import Locking
import Testing

@Suite("A value bound to a lane")
struct LaneBoundTests {
    /// A lane whose items run one at a time, either at once on the caller's thread or on a
    /// queue, and which knows the thread running its current item, as a table's lane does.
    final class TestLane: ExecutionLane, @unchecked Sendable {
        let queue = DispatchQueue(label: "test.lane")
        private let runner = Locked<pthread_t?>(nil)
        private let turn = DispatchSemaphore(value: 1)

        var isRunningHere: Bool {
            runner.withLock { $0.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        }

        /// Runs `work` as one of the lane's items on this thread, after any item running.
        func runHere(_ work: () -> Void) {
            turn.wait()
            runner.withLock { $0 = pthread_self() }
            work()
            runner.withLock { $0 = nil }
            turn.signal()
        }

        /// Runs `work` as one of the lane's items on the lane's queue.
        func async(_ work: @escaping @Sendable () -> Void) {
            queue.async { self.runHere(work) }
        }
    }

    /// State that is not `Sendable`.
    final class Moves {
        var played: [String] = []
    }

    @Test("items on the caller's thread and on the lane's queue share the value")
    func itemsOnEitherThread() {
        let lane = TestLane()
        let box = LaneBound(Moves(), lane: lane)
        let done = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<100 {
                if step % 2 == 0 {
                    lane.runHere { box.withValue { $0.played.append("\(thread).\(step)") } }
                } else {
                    done.enter()
                    lane.async {
                        box.withValue { $0.played.append("\(thread).\(step)") }
                        done.leave()
                    }
                }
            }
        }
        done.wait()
        var count = 0
        lane.runHere { count = box.value.played.count }
        #expect(count == 400)
    }

    @Test("using the value outside the lane's items stops the program")
    func useOutsideTheLane() async {
        await #expect(processExitsWith: .failure) {
            let lane = TestLane()
            let box = LaneBound(0, lane: lane)
            lane.runHere { box.withValue { $0 += 1 } }
            _ = box.value
        }
    }

    @Test("using the value on the lane's queue outside an item stops the program")
    func useOnTheQueueOutsideAnItem() async {
        await #expect(processExitsWith: .failure) {
            let lane = TestLane()
            let box = LaneBound(0, lane: lane)
            lane.queue.sync { box.withValue { $0 += 1 } }
        }
    }
}
