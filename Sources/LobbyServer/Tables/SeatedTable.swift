import Dispatch
import LobbyProtocol

/// The machinery every kind of table shares: seats and spectators, joining and leaving,
/// broadcasting, the session events, turn timers, players taken for away, and the end of
/// the table. The default implementations (in the `SeatedTable+…` files) answer most of
/// ``GameTable``; a table supplies its state and the game-specific hooks below.
///
/// All state lives on the table's own serial queue, which is its single owner: the lobby
/// calls in synchronously for seat changes (lobby queue → table queue, never the other way)
/// and asynchronously for game requests; bots and turn timers are `asyncAfter` on the queue.
protocol SeatedTable: GameTable {
    /// The kind of bot that plays a seat without a player (or for a player who is away).
    associatedtype Bot
    /// The table's fixed settings.
    associatedtype Settings: CommonTableSettings

    /// The table's fixed settings.
    var settings: Settings { get }
    /// What the table needs from the server around it.
    var context: TableContext { get }
    /// The serial queue that owns every piece of the table's state.
    var queue: DispatchQueue { get }
    /// Encodes the table's events (queue only).
    var encoder: ServerMessageEncoder { get }
    /// Who sits and watches (queue only).
    var seats: TableSeats<Bot> { get set }
    /// Waiting, playing or finished (queue only).
    var status: TableStatus { get set }
    /// Bumped at every turn and phase change; delayed work checks it to see it is still due
    /// (queue only).
    var serial: Int { get set }
    /// The current turn's deadline (Unix ms), if timed (queue only).
    var deadline: Int64? { get set }

    /// True when the `table` notice sent at `start` carries the starter's request id.

    /// The public description of the table.
    func makeInfo() -> TableInfo
    /// The table as `player` may see it.
    func snapshot(for player: PlayerSession) -> Snapshot
    /// A new bot for `seat`.
    func makeBot(seat: Int) -> Bot
    /// The seats are filled and the table plays: the first deal or match begins.
    func beginGame()
    /// The seat whose move is awaited, if any.
    var seatToAct: Int? { get }
    /// The event telling everyone that `seat` is to act; called only while `seat` is
    /// ``seatToAct``, with ``deadline`` already set.
    func turnEvent(seat: Int) -> ServerEvent
    /// The bot playing `seat` moves.
    func botMove(seat: Int)
    /// The player at `seat` ran out of time: the server moves for them (calling
    /// ``noteTimeout(seat:standIn:)``).
    func timeOut(seat: Int)
    /// The `match_end` to send when the table finishes while playing, if any.
    func closingMatchEnd() -> MatchEnd?
    /// What was played at the table, for the log line of its end ("3 deal(s)").
    var playedSummary: String { get }
}
