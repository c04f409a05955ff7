import Dispatch
import LineServer

/// Makes the queues of the lobby, the tables and the bot workers.
///
/// The lobby and the tables share the connections' queue group (``QueueGroup/shared``): a
/// table's output to its players, the players' requests and the lobby's bookkeeping then run
/// one after another on a few threads, instead of waking another thread at every hop between
/// them. Their work never blocks. Bots, which may think for a while, keep their own queues on
/// the global pool, so a long think never holds up a group thread.
enum ServerQueues {
    /// A new serial queue named `label`, on the shared queue group.
    static func serial(label: String) -> DispatchQueue {
        LineServer.ServerQueues.serial(label: label)
    }

    /// The queues bots think on, away from the tables' queues.
    static let bots = (0..<4).map {
        DispatchQueue(label: "LobbyServer.bots.\($0)", target: .global())
    }

    /// The bot queue for table `table`.
    static func botQueue(for table: Int) -> DispatchQueue {
        bots[table % bots.count]
    }
}
