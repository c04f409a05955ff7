import Dispatch
import Foundation
import Locking
import Testing

@testable import LobbyServer

@Suite("Flush ticker")
struct FlushTickerTests {
    @Test func theIntervalIsHalfTheDelayAndAtLeastAMillisecond() {
        #expect(FlushTicker(delay: 20_000_000).interval == 10_000_000)
        #expect(FlushTicker(delay: 0).interval == 1_000_000)
    }

    /// A sweep runs once, at the first tick after it was enlisted, and no sooner than that.
    @Test func anEnlistedSweepRunsOnceAtTheNextTick() {
        let ticker = FlushTicker(delay: 20_000_000)
        let runs = Locked<[UInt64]>([])
        let ran = DispatchSemaphore(value: 0)
        let enlisted = DispatchTime.now().uptimeNanoseconds
        ticker.enlist(table: 1) {
            runs.withLock { $0.append(DispatchTime.now().uptimeNanoseconds) }
            ran.signal()
        }
        #expect(ran.wait(timeout: .now() + 5) == .success)
        // Three more ticks pass without another run.
        #expect(ran.wait(timeout: .now() + .milliseconds(30)) == .timedOut)
        let times = runs.withLock { $0 }
        #expect(times.count == 1)
        #expect(times.allSatisfy { $0 >= enlisted + ticker.interval })
    }

    /// Enlisting twice before a tick runs the latest sweep once; tables enlisted together all
    /// run; and after the ticker has stopped for want of tables, enlisting starts it again.
    @Test func everyTableRunsOnceAndTheTickerStartsAgain() {
        let ticker = FlushTicker(delay: 2_000_000)
        let runs = Locked<[String]>([])
        let ran = DispatchSemaphore(value: 0)
        @Sendable func enlist(_ table: Int, _ name: String) {
            ticker.enlist(table: table) {
                runs.withLock { $0.append(name) }
                ran.signal()
            }
        }
        // Enlisted from inside a sweep, on the ticker's own queue, no tick can come between
        // the three enlistments however slowly this thread runs.
        ticker.enlist(table: 0) {
            enlist(1, "one, first")
            enlist(1, "one, again")
            enlist(2, "two")
            ran.signal()
        }
        for _ in 0..<3 { #expect(ran.wait(timeout: .now() + 5) == .success) }
        #expect(runs.withLock { $0.sorted() } == ["one, again", "two"])
        // Ticks with nobody enlisted stop the timer; a new table starts it again.
        usleep(20_000)
        enlist(3, "three")
        #expect(ran.wait(timeout: .now() + 5) == .success)
        #expect(runs.withLock { $0.last } == "three")
    }
}
