import Dispatch
import Locking
import Testing

@testable import LobbyServer

/// A value bound to a table's lane is reached from the lane's items, wherever they run.
@Suite("A value bound to a serial lane")
struct SerialLaneBoundTests {
    @Test func itemsRunAtOnceAndItemsRunOnTheQueueBothReachTheValue() {
        let lane = SerialLane(queue: DispatchQueue(label: "test.lane"))
        let box = LaneBound([String](), lane: lane)
        let done = DispatchSemaphore(value: 0)
        lane.run {
            box.withValue { $0.append("at once") }
            // Handed in while the lane is busy, so it runs later on the lane's queue.
            lane.run { box.withValue { $0.append("waited") } }
            lane.async {
                box.withValue { $0.append("async") }
                done.signal()
            }
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        let seen = Locked<[String]>([])
        let read = DispatchSemaphore(value: 0)
        lane.async {
            seen.withLock { $0 = box.value }
            read.signal()
        }
        #expect(read.wait(timeout: .now() + 5) == .success)
        #expect(seen.value == ["at once", "waited", "async"])
    }

    @Test func usingTheValueOutsideTheLaneStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            let lane = SerialLane(queue: DispatchQueue(label: "test.lane"))
            let box = LaneBound(0, lane: lane)
            lane.run { box.withValue { $0 += 1 } }
            _ = box.value
        }
    }
}
