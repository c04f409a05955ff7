import Dispatch
import Foundation

/// A repeating timer on its own queue that can be started and stopped from any thread: what
/// writes the journal's `clock` lines.
final class JournalClock: @unchecked Sendable {
    private let queue = DispatchQueue(label: "LobbyServer.journal.clock")
    private let lock = NSLock()
    /// Touched only under `lock`.
    private var timer: (any DispatchSourceTimer)?

    /// Runs `tick` every `interval` milliseconds, replacing an earlier timer.
    func start(every interval: Int, tick: @escaping @Sendable () -> Void) {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(
            deadline: .now() + .milliseconds(interval), repeating: .milliseconds(interval))
        source.setEventHandler(handler: tick)
        lock.withLock {
            timer?.cancel()
            timer = source
        }
        source.resume()
    }

    /// Stops the timer.
    func stop() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }
}
