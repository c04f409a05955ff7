import Dispatch

/// Makes every queue of the lobby, the tables, the bot workers and the game log, so that all
/// of them share one bounded pool of threads: each targets the global (non-overcommit) queue
/// instead of getting a thread of its own.
enum ServerQueues {
    /// A new serial queue named `label`.
    static func serial(label: String) -> DispatchQueue {
        DispatchQueue(label: label, target: .global())
    }

    /// The queues bots think on, away from the tables' queues.
    static let bots = (0..<4).map { serial(label: "LobbyServer.bots.\($0)") }

    /// The bot queue for table `table`.
    static func botQueue(for table: Int) -> DispatchQueue {
        bots[table % bots.count]
    }
}
