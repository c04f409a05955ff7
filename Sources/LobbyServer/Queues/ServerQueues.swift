import Dispatch
import LineServer

/// Makes the queues of the lobby, the tables and the bot workers.
///
/// The lobby runs on the connections' queue group (``QueueGroup/shared``), whose roots it
/// shares with the listener; the connections' own queues run on that group's connection
/// roots, driven by its pollers, so reading a request never waits for the lobby. A move for an
/// idle table runs at once on the poller that read it (see ``SerialLane``); whatever else a
/// table does runs on its queue. Tables have a group of their own, so that hundreds of busy
/// tables never queue up in front of a connection's next request (a `ping` waits for the
/// threads, not for every table's turn), while a table's steps still run one after another
/// on a few threads rather than waking a new worker at each hop. Bots, which may think for a
/// while, keep their own queues on the global pool, so a long think never holds up a group
/// thread.
enum ServerQueues {
    /// A new serial queue named `label`, on the connections' queue group.
    static func serial(label: String) -> DispatchQueue {
        LineServer.ServerQueues.serial(label: label)
    }

    /// The group every table's queue runs on: one root fewer than the connections' group
    /// (at least one), so that tables busy playing leave connections a processor's worth of
    /// time to answer in.
    static let tables = QueueGroup(
        roots: max(QueueGroup.shared.rootCount - 1, 1), label: "LobbyServer.tables")

    /// A new serial queue for a table, on the tables' group.
    static func table(label: String) -> DispatchQueue {
        tables.makeSerialQueue(label: label)
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
