import Dispatch
import Locking
import Testing

@Suite("A value bound to a serial queue")
struct QueueBoundTests {
    /// State that is not `Sendable`, as an owner's state often is not.
    final class Tally {
        var seen: [Int] = []
    }

    private struct Refused: Error, Equatable {}

    @Test("changes made on the queue from work sent by many threads are all kept, in order")
    func changesOnTheQueue() {
        let queue = DispatchQueue(label: "test.queue-bound")
        let box = QueueBound(Tally(), queue: queue)
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            for step in 0..<250 {
                queue.async { box.withValue { $0.seen.append(thread * 1_000 + step) } }
            }
        }
        let seen = queue.sync { box.value.seen }
        #expect(seen.count == 1_000)
        for thread in 0..<4 {
            let own = seen.filter { $0 / 1_000 == thread }
            #expect(own == (0..<250).map { thread * 1_000 + $0 })
        }
    }

    @Test("a queue that targets the box's queue runs on it, so it may use the value")
    func targetingQueue() {
        let owner = DispatchQueue(label: "test.queue-bound.owner")
        let inner = DispatchQueue(label: "test.queue-bound.inner", target: owner)
        let box = QueueBound(0, queue: owner)
        let total = inner.sync {
            box.withValue { $0 += 5 }
            return box.value
        }
        #expect(total == 5)
    }

    @Test("a body that throws passes its error on and keeps what it changed")
    func throwingBody() {
        let queue = DispatchQueue(label: "test.queue-bound")
        let box = QueueBound([String](), queue: queue)
        queue.sync {
            #expect(throws: Refused()) {
                try box.withValue { (names: inout [String]) throws(Refused) in
                    names.append("ann")
                    throw Refused()
                }
            }
            #expect(box.value == ["ann"])
        }
    }

    @Test("changing the value off its queue stops the program")
    func changeOffTheQueue() async {
        await #expect(processExitsWith: .failure) {
            let box = QueueBound(0, queue: DispatchQueue(label: "test.queue-bound"))
            box.withValue { $0 += 1 }
        }
    }

    @Test("reading the value from another queue stops the program")
    func readFromAnotherQueue() async {
        await #expect(processExitsWith: .failure) {
            let box = QueueBound(0, queue: DispatchQueue(label: "test.queue-bound"))
            _ = DispatchQueue(label: "test.queue-bound.other").sync { box.value }
        }
    }
}
