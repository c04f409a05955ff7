import Foundation

/// Messages handed to a connection from other threads, waiting for its queue to take them.
///
/// A run of sends between two turns of the connection's queue costs one hop onto that queue,
/// not one per message: only the send that finds the inbox idle asks for a turn, and that
/// turn takes every message that arrived meanwhile, in order.
final class SendInbox: @unchecked Sendable {
    /// Guards `messages` and `turnRequested`. An `NSLock` rather than `Mutex`, as the thread
    /// sanitizer understands it.
    private let lock = NSLock()
    private var messages: [Data] = []
    private var turnRequested = false

    /// Adds `data`; true when the caller must ask the queue for a turn that calls ``take()``.
    func put(_ data: Data) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        messages.append(data)
        guard !turnRequested else { return false }
        turnRequested = true
        return true
    }

    /// Every waiting message, oldest first; the next ``put(_:)`` asks for a new turn.
    func take() -> [Data] {
        lock.lock()
        defer { lock.unlock() }
        turnRequested = false
        var taken: [Data] = []
        swap(&taken, &messages)
        return taken
    }
}
