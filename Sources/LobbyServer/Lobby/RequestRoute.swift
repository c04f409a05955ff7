import Locking

/// How one connection's requests reach the lobby and its player's table, in the order the
/// connection sent them.
///
/// Every request goes through the lobby's queue, except a game request (a move, `start`,
/// `state`, `ready`) from a player at a table while no earlier request of the connection waits
/// on the lobby: that one goes straight to the table's queue, saving the lobby a hop on nearly
/// every line of a game. Order holds because the lobby hands each request it routes to a table
/// before it counts that request done here, so whatever a connection sends straight to a table
/// queues up behind everything it sent before through the lobby.
///
/// Shared by the connection's session (its queue) and the lobby (its queue), behind a lock.
final class RequestRoute: Sendable {
    private let state = Locked(State())

    private struct State {
        /// The player the connection logged in as (set by the lobby).
        var player: PlayerSession?
        /// Requests handed to the lobby and not yet handled there.
        var inLobby = 0
    }

    /// The connection said `hello` as `player`, or (nil) lost its session to another
    /// connection.
    func loggedIn(as player: PlayerSession?) {
        state.withLock { $0.player = player }
    }

    /// A request goes to the lobby; ``lobbyHandled()`` follows once the lobby has dealt with
    /// it.
    func toLobby() {
        state.withLock { $0.inLobby += 1 }
    }

    /// True while a request of the connection waits in the lobby: anything answered
    /// elsewhere would overtake it.
    var sendsThroughLobby: Bool {
        state.withLock { $0.inLobby > 0 }
    }

    /// The lobby has handled a request of ``toLobby()``, handing on to a table what it routes
    /// there.
    func lobbyHandled() {
        state.withLock { $0.inLobby -= 1 }
    }

    /// The player and table a game request from `connection` may go to directly, or nil when
    /// it must go through the lobby: an earlier request is still in the lobby, or the
    /// connection has no player at a table.
    func direct(from connection: Connection)
        -> (player: PlayerSession, table: any TableHandle)?
    {
        let player = state.withLock { $0.inLobby == 0 ? $0.player : nil }
        guard let player, let table = player.table(attachedTo: connection) else { return nil }
        return (player, table)
    }
}
