import Dispatch
import Glibc
import Locking

/// The serial order of one owner's work (a table's): one item at a time, in the order handed
/// in, like a serial queue, except that an item handed in with ``run(_:)`` while the lane is
/// idle runs at once on the caller's thread.
///
/// A poller that reads a move thus plays it on its own thread and writes the answers itself,
/// instead of waking the table's queue, which would then wake the poller again to write.
/// Whatever arrives while the lane is busy waits, and runs on the lane's queue once the
/// current item is done; so does everything handed in with ``async(_:)``. The caller of
/// ``run(_:)`` never waits: a busy lane only takes the item for later.
final class SerialLane: Sendable {
    typealias Work = @Sendable () -> Void

    /// Where waiting work runs, and the queue for the owner's timers (whose handlers hand
    /// their work to the lane).
    let queue: DispatchQueue
    private let state = Locked(State())

    private struct State {
        /// An item is running, or the queue has been asked to run what waits.
        var busy = false
        /// The thread running an item, while one runs.
        var runner: pthread_t?
        var waiting: [Work] = []
    }

    /// A lane whose waiting work runs on `queue`.
    init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Runs `work` at once on this thread when the lane is idle; otherwise it waits its turn
    /// and runs on the lane's queue. Never waits for the lane.
    func run(_ work: @escaping Work) {
        let runsHere = state.withLock { state -> Bool in
            guard !state.busy else {
                state.waiting.append(work)
                return false
            }
            state.busy = true
            state.runner = pthread_self()
            return true
        }
        guard runsHere else { return }
        work()
        endTurn()
    }

    /// Runs `work` on the lane's queue, after everything handed in before.
    func async(_ work: @escaping Work) {
        let startsQueue = state.withLock { state -> Bool in
            state.waiting.append(work)
            defer { state.busy = true }
            return !state.busy
        }
        if startsQueue { queue.async { self.drain() } }
    }

    /// True on the thread running the lane's current item.
    var isRunningHere: Bool {
        state.withLock { $0.runner.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Runs, on the queue, what waited when it started, then lets other lanes of the queue's
    /// target have their turn before anything that arrived meanwhile.
    private func drain() {
        let batch = state.withLock { state -> [Work] in
            state.runner = pthread_self()
            defer { state.waiting = [] }
            return state.waiting
        }
        for work in batch { work() }
        endTurn()
    }

    /// The running work is done: the lane goes idle, or the queue runs what arrived meanwhile.
    private func endTurn() {
        let more = state.withLock { state -> Bool in
            state.runner = nil
            state.busy = !state.waiting.isEmpty
            return state.busy
        }
        if more { queue.async { self.drain() } }
    }
}
