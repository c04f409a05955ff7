import CardGames
import LobbyProtocol

/// A move a seated player asks for; each kind of table accepts its own and answers the others
/// with `wrong_table_kind`.
enum TableMove: Sendable, Equatable {
    /// Big Two: play these cards.
    case play([Card])
    /// Big Two: pass.
    case pass
    /// E-Card: lay this card face down.
    case lay(ECardCard)
}

/// A table of any kind, as the lobby and the player sessions see it.
///
/// A table keeps its state on its own serial queue. The synchronous calls (`info`, seat
/// changes, `stop`) are made from the lobby's queue; the others return at once and answer the
/// player from the table's queue. A table never calls the lobby synchronously.
protocol GameTable: AnyObject, Sendable {
    /// The table's id, as in `join` and `watch`.
    var id: Int { get }
    /// The game played at the table.
    var kind: TableKind { get }

    /// The public description of the table.
    func info() -> TableInfo
    /// Seats the table's creator at seat 0 and sends `created`.
    func seatCreator(_ player: PlayerSession, id requestID: RequestID?)
    /// Sits `player` down in `seat` or the first free one; returns the seat taken.
    func join(_ player: PlayerSession, seat wanted: Int?, id requestID: RequestID?)
        -> Result<Int, ProtocolFailure>
    /// Adds a spectator; nil on success.
    func watch(_ player: PlayerSession, id requestID: RequestID?) -> ProtocolFailure?
    /// Takes `player` off the table; sends `left` when `reply` is true.
    func leave(_ player: PlayerSession, id requestID: RequestID?, reply: Bool)
    /// Starts the game for a seated player: bots fill the empty seats.
    func start(by player: PlayerSession, id requestID: RequestID?)
    /// Starts a table whose every seat is a bot.
    func startAllBots()
    /// Applies a move for the player's seat, or answers with the error it provokes.
    func move(_ move: TableMove, by player: PlayerSession, id requestID: RequestID?)
    /// Sends the player a `state` snapshot.
    func sendState(to player: PlayerSession, id requestID: RequestID?)
    /// Sends a table chat line to every member.
    func chat(_ text: String, from player: PlayerSession, id requestID: RequestID?)
    /// The player's connection dropped: a bot plays their seat meanwhile.
    func playerDisconnected(_ player: PlayerSession)
    /// The player resumed their session: the seat is theirs again.
    func playerReturned(_ player: PlayerSession)
    /// Stops every timer and bot for good (server shutdown).
    func stop()
}
