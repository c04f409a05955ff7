import CardGames
import Dispatch
import LobbyProtocol

/// One E-Card table: two seats head to head, spectators, and the matches played there.
///
/// Like a Big Two table, all state lives on the table's own serial queue, and the seats,
/// membership, session events and turn timers are the shared ``SeatedTable`` machinery. A
/// face-down card is known only to the engine and its owner until both cards are revealed.
final class ECardTable: SeatedTable, @unchecked Sendable {
    let id: Int
    let settings: ECardTableSettings
    let context: TableContext
    let queue: DispatchQueue

    /// Always E-Card.
    var kind: TableKind { .ecard }

    // Everything below is touched only on `queue`.
    let encoder = ServerMessageEncoder()
    var seats = TableSeats<any ECardBot>(count: ECardMatch.seatCount)
    var status = TableStatus.waiting
    /// The match being played, or the last one while the next has not begun.
    var match: ECardMatch?
    /// Matches begun so far; the current match's number.
    var matchNumber = 0
    /// Matches played to the end.
    var matchesPlayed = 0
    /// Per-seat totals of the matches before the current one.
    var earlierTotals = [0, 0]
    /// Names per seat at the start of the current hand, for the game log.
    var handPlayers: [String] = []
    /// The table's random source, for its bots' choices.
    var random: Xoshiro256StarStar
    var serial = 0
    var deadline: Int64?

    init(settings: ECardTableSettings, context: TableContext) {
        self.id = settings.id
        self.settings = settings
        self.context = context
        self.random = Xoshiro256StarStar(dealSeed: context.seeds.next())
        self.queue = DispatchQueue(label: "LobbyServer.ecard.\(settings.id)")
    }

    /// The `table` notice sent at `start` is an event like the others, without the id.


    /// Lays a card; `play` and `pass` belong to Big Two tables.
    func move(_ move: TableMove, by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            guard case .lay(let card) = move else {
                let what = move == .pass ? "pass" : "play"
                sendError(
                    .wrongTableKind, "\(what) is for Big Two tables; table \(id) plays E-Card "
                        + "(lay \(WordList.oneOf(WordList.eCardCards)))", player, requestID)
                return
            }
            humanLay(card, by: player, id: requestID)
        }
    }

    /// A bot of the table's level (the same for every seat).
    func makeBot(seat: Int) -> any ECardBot {
        settings.makeBot()
    }
}
