import Dispatch
import Foundation
import LineServer
import Locking
import Synchronization
import Testing
import TestSupport

@Suite struct QueueGroupTests {
    /// However many queues a group makes, no more of them run at once than it has roots.
    @Test func queuesOfAGroupRunNoMoreAtOnceThanItsRoots() {
        let group = QueueGroup(roots: 2, label: "test.loop")
        let running = Atomic<Int>(0)
        let most = Atomic<Int>(0)
        let done = DispatchGroup()
        for index in 0..<200 {
            let queue = group.makeSerialQueue(label: "test.queue.\(index)")
            done.enter()
            queue.async {
                let now = running.add(1, ordering: .sequentiallyConsistent).newValue
                most.max(now, ordering: .sequentiallyConsistent)
                usleep(200)
                running.subtract(1, ordering: .sequentiallyConsistent)
                done.leave()
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(most.load(ordering: .sequentiallyConsistent) <= 2)
        #expect(group.rootCount == 2)
    }

    @Test func eachQueueStaysSerialAndInOrder() {
        let group = QueueGroup(roots: 3, label: "test.order")
        let queues = (0..<10).map { group.makeSerialQueue(label: "test.order.\($0)") }
        let seen = Locked<[[Int]]>(Array(repeating: [], count: queues.count))
        let done = DispatchGroup()
        for step in 0..<100 {
            for (index, queue) in queues.enumerated() {
                done.enter()
                queue.async {
                    seen.withLock { $0[index].append(step) }
                    done.leave()
                }
            }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(seen.value == Array(repeating: Array(0..<100), count: queues.count))
    }
}
