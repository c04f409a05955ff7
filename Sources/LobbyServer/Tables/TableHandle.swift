import LobbyProtocol
import TableCore

/// A table of any kind, as the lobby holds it: every call returns at once, and the table
/// answers the player from its own queue.
protocol TableHandle: AnyObject, Sendable {
    /// The table's id, as in `join` and `watch`.
    var id: Int { get }
    /// The game played at the table.
    var kind: TableKind { get }
    /// Hands the table a request of `player`, answered with request id `id`, to run on the
    /// table's queue.
    func submit(_ request: TableRequest, from player: PlayerSession, id: RequestID?)
    /// Hands the table a request of `player` from the connection's own thread, where it runs
    /// at once when the table is idle (and waits its turn on the table's queue otherwise).
    /// Never waits for the table.
    func submitHere(_ request: TableRequest, from player: PlayerSession, id: RequestID?)
    /// Ends the table: its members are told and sent back to the lobby.
    func end()
    /// The server's storage failed or works again: the table holds its results and begins no
    /// new game while it fails.
    func storageChanged(_ storage: TableStorage)
    /// Stops the table for good (server shutdown); `completion` runs once the record of a deal
    /// cut off is durable.
    func stop(completion: @escaping @Sendable () -> Void)
    /// Freezes the table where it stands (a shutdown with a journal, which the next start
    /// carries on from): from now on it takes no input, so no timer fires, no bot moves and
    /// nothing more is journaled; a request is refused with `shutting_down`. `completion` runs
    /// once it is frozen.
    func freeze(completion: @escaping @Sendable () -> Void)
}
