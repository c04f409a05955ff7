import Dispatch
import Locking

/// One repeating timer for the broadcasts every table holds back, instead of a timer per
/// table set again and again.
///
/// A table with broadcasts waiting enlists once; at the next tick its sweep runs, sending
/// what has waited at least one interval (half the broadcast delay), and the table enlists
/// again if anything still waits. A broadcast thus leaves at most two intervals, the whole
/// delay, after it began waiting. The timer ticks only while some table is enlisted.
final class FlushTicker: @unchecked Sendable {
    /// The time between ticks, in nanoseconds: half the broadcast delay.
    let interval: UInt64
    /// Scheduled only under `state`'s lock, so that starting and stopping never cross.
    private let timer: any DispatchSourceTimer
    private let state = Locked(State())

    private struct State {
        /// The sweeps to run at the next tick, by table id.
        var enlisted: [Int: @Sendable () -> Void] = [:]
        var ticking = false
    }

    /// A ticker for broadcasts that may wait `delay` nanoseconds (at least 2 ms apart).
    init(delay: UInt64) {
        interval = max(delay / 2, 1_000_000)
        timer = DispatchSource.makeTimerSource(
            queue: DispatchQueue(label: "LobbyServer.flushTicker"))
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
    }

    deinit {
        timer.cancel()
    }

    /// Runs `sweep` for table `table` at the next tick, once.
    func enlist(table: Int, sweep: @escaping @Sendable () -> Void) {
        state.withLock { state in
            state.enlisted[table] = sweep
            guard !state.ticking else { return }
            state.ticking = true
            let interval = DispatchTimeInterval.nanoseconds(Int(interval))
            timer.schedule(deadline: .now() + interval, repeating: interval)
        }
    }

    private func tick() {
        let sweeps = state.withLock { state -> [@Sendable () -> Void] in
            guard !state.enlisted.isEmpty else {
                state.ticking = false
                timer.schedule(deadline: .distantFuture)
                return []
            }
            defer { state.enlisted = [:] }
            return Array(state.enlisted.values)
        }
        for sweep in sweeps { sweep() }
    }
}
