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
/// A connection with ``mostWaiting`` requests still waiting on the lobby (or on the lobby's
/// helpers that answer them, such as the table directory) is not read until one is answered,
/// as a database stops reading a client whose replies pile up: so a client sending requests
/// faster than the server answers them queues at most that many in front of everyone else's,
/// and the rest waits in its own socket.
///
/// Shared by the connection's session (its queue) and the lobby (its queue), behind a lock.
final class RequestRoute: Sendable {
    /// The requests of one connection that may wait on the lobby at once.
    static let mostWaiting = 8

    private let state = Locked(State())

    private struct State {
        /// The player the connection logged in as (set by the lobby).
        var player: PlayerSession?
        /// Requests handed to the lobby and not yet handled there.
        var inLobby = 0
        /// The connection is not read, as ``mostWaiting`` requests wait.
        var paused = false
    }

    /// The connection said `hello` as `player`, or (nil) lost its session to another
    /// connection.
    func loggedIn(as player: PlayerSession?) {
        state.withLock { $0.player = player }
    }

    /// A request goes to the lobby from `connection`, on its queue; ``lobbyHandled(on:)``
    /// follows once the lobby has dealt with it. Pauses the connection's input when too many
    /// wait.
    func toLobby(from connection: Connection) {
        let pause = state.withLock { state -> Bool in
            state.inLobby += 1
            guard state.inLobby >= Self.mostWaiting, !state.paused else { return false }
            state.paused = true
            return true
        }
        if pause { connection.pauseInput() }
    }

    /// Counts one more wait on the lobby's behalf for a request it hands to a helper (which
    /// calls ``lobbyHandled(on:)`` once it has answered), so that the helper's backlog is
    /// bounded as well.
    func lobbyHandsOn() {
        state.withLock { $0.inLobby += 1 }
    }

    /// True while a request of the connection waits in the lobby: anything answered
    /// elsewhere would overtake it.
    var sendsThroughLobby: Bool {
        state.withLock { $0.inLobby > 0 }
    }

    /// The lobby has handled a request of ``toLobby(from:)``, handing on to a table what it
    /// routes there. Resumes `connection`'s input once fewer requests wait than pause it.
    func lobbyHandled(on connection: Connection) {
        let resume = state.withLock { state -> Bool in
            state.inLobby -= 1
            guard state.paused, state.inLobby < Self.mostWaiting else { return false }
            state.paused = false
            return true
        }
        if resume { connection.resumeInput() }
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
