import Foundation
import Synchronization

/// Messages handed to a connection from other threads, waiting for its queue to take them.
///
/// A run of sends between two turns of the connection's queue costs one hop onto that queue,
/// not one per message: only the send that finds the inbox idle asks for a turn, and that
/// turn takes every message that arrived meanwhile, in order.
final class SendInbox: Sendable {
    private struct State {
        var messages: [Data] = []
        var turnRequested = false
    }

    private let state = Mutex(State())

    /// Adds `data`; true when the caller must ask the queue for a turn that calls ``take()``.
    func put(_ data: Data) -> Bool {
        state.withLock { current in
            current.messages.append(data)
            guard !current.turnRequested else { return false }
            current.turnRequested = true
            return true
        }
    }

    /// Every waiting message, oldest first; the next ``put(_:)`` asks for a new turn.
    func take() -> [Data] {
        state.withLock { current in
            current.turnRequested = false
            var taken: [Data] = []
            swap(&taken, &current.messages)
            return taken
        }
    }
}
