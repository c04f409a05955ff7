import Dispatch
import Foundation
import Glibc
import Testing

import LineServer
import Locking
import TestSupport

@Suite struct SignalWatcherTests {
    /// The waiting thread gets a signal sent to it before it started waiting, and the next one
    /// too. (Signals go to that thread alone: the test process's other threads do not block
    /// SIGUSR2, whose default action would end the process.)
    @Test func aSignalSentBeforeTheWaitStartsIsHandledOnceItDoes() throws {
        let received = Locked<[Int32]>([])
        let handled = DispatchSemaphore(value: 0)
        let blocked = DispatchSemaphore(value: 0)
        let startWaiting = DispatchSemaphore(value: 0)
        let waiter = Locked<pthread_t?>(nil)
        let thread = Thread {
            SignalWatcher.blockSignals([SIGUSR2])
            waiter.withLock { $0 = pthread_self() }
            blocked.signal()
            startWaiting.wait()
            SignalWatcher.waitForSignals([SIGUSR2]) { number in
                received.withLock { $0.append(number) }
                handled.signal()
            }
        }
        thread.start()
        blocked.wait()
        let target = try #require(waiter.value)
        #expect(pthread_kill(target, SIGUSR2) == 0)
        startWaiting.signal()
        #expect(handled.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(pthread_kill(target, SIGUSR2) == 0)
        #expect(handled.wait(timeout: .now() + .seconds(10)) == .success)
        #expect(received.value == [SIGUSR2, SIGUSR2])
    }
}
