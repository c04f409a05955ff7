import Dispatch
import Glibc
import Testing

import LineServer
import Locking
import TestSupport

@Suite struct SignalWatcherTests {
    @Test func callsTheHandlerWithTheSignalReceived() {
        let received = Locked<[Int32]>([])
        let signalled = DispatchSemaphore(value: 0)
        let watcher = SignalWatcher(signals: [SIGUSR2]) { number in
            received.withLock { $0.append(number) }
            signalled.signal()
        }
        defer { watcher.cancel() }
        // The source registers asynchronously and an ignored signal is dropped, so raise
        // the signal again until one is delivered.
        let delivered = (0..<100).contains { _ in
            kill(getpid(), SIGUSR2)
            return signalled.wait(timeout: .now() + .milliseconds(50)) == .success
        }
        #expect(delivered)
        #expect(received.value.first == SIGUSR2)
    }
}
