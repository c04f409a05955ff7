import Locking

/// The game log's index, shared by its writer (which adds records) and its queries (which
/// read pages), behind a lock held only briefly.
final class SharedIndex: Sendable {
    private let locked: Locked<GameLogIndex>

    init(_ index: GameLogIndex) {
        locked = Locked(index)
    }

    /// Runs `body` with the index locked.
    func withLock<T>(_ body: (inout GameLogIndex) -> T) -> T {
        locked.withLock { body(&$0) }
    }

    /// A copy of the index as it is now (cheap: its arrays are shared until changed).
    var snapshot: GameLogIndex { locked.withLock { $0 } }
}
