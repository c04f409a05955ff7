import Synchronization

/// The game log's index, shared by its writer (which adds records) and its queries (which
/// read pages), behind a lock held only briefly.
final class SharedIndex: Sendable {
    private let mutex: Mutex<GameLogIndex>

    init(_ index: GameLogIndex) {
        mutex = Mutex(index)
    }

    /// Runs `body` with the index locked.
    func withLock<T>(_ body: (inout GameLogIndex) -> T) -> T {
        mutex.withLock { body(&$0) }
    }

    /// A copy of the index as it is now (cheap: its arrays are shared until changed).
    var snapshot: GameLogIndex { mutex.withLock { $0 } }
}
