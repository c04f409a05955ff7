import Dispatch
import Locking
import Synchronization
import Testing

@Suite("A value behind a lock")
struct LockedTests {
    private struct Refused: Error, Equatable {}

    @Test("changes from many threads at once are all kept")
    func concurrentChanges() {
        let count = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 {
                count.withLock { $0 += 1 }
            }
        }
        #expect(count.value == 4_000)
    }

    @Test("an empty value still lets one thread in at a time")
    func emptyValueExcludes() {
        let gate = Locked(())
        let inside = Atomic(0)
        let most = Atomic(0)
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 {
                gate.withLock { _ in
                    let now = inside.add(1, ordering: .relaxed).newValue
                    most.max(now, ordering: .relaxed)
                    inside.subtract(1, ordering: .relaxed)
                }
            }
        }
        #expect(most.load(ordering: .relaxed) == 1)
    }

    @Test("a body that throws passes its error on, keeps what it changed and frees the lock")
    func throwingBody() {
        let names = Locked<[String]>([])
        #expect(throws: Refused()) {
            try names.withLock { (names: inout [String]) throws(Refused) in
                names.append("ann")
                throw Refused()
            }
        }
        let count = names.withLock { names in
            names.append("bob")
            return names.count
        }
        #expect(count == 2)
        #expect(names.value == ["ann", "bob"])
    }
}
