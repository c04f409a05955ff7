import CardGames
import Dispatch
import LobbyProtocol

/// One Big Two table: four seats, spectators, and the match being played.
///
/// All state lives on the table's own serial queue, so tables run in parallel; the seats,
/// membership, session events and turn timers are the shared ``SeatedTable`` machinery.
final class BigTwoTable: SeatedTable, @unchecked Sendable {
    let id: Int
    let settings: TableSettings
    let context: TableContext
    let queue: DispatchQueue

    /// Always Big Two.
    var kind: TableKind { .bigtwo }

    // Everything below is touched only on `queue`.
    let encoder = ServerMessageEncoder()
    var seats = TableSeats<any BigTwoBot>(count: 4)
    var status = TableStatus.waiting
    var match: BigTwoMatch
    var deal: BigTwoDeal?
    var dealNumber = 0
    var seed: DealSeed?
    /// Names per seat at the start of the current deal, for the game log.
    var dealPlayers: [String] = []
    var serial = 0
    var deadline: Int64?

    init(settings: TableSettings, context: TableContext) {
        self.id = settings.id
        self.settings = settings
        self.context = context
        self.match = BigTwoMatch(options: settings.options)
        self.queue = DispatchQueue(label: "LobbyServer.table.\(settings.id)")
    }

    /// The starter's `table` notice answers the `start` request.


    /// Plays or passes; `lay` belongs to E-Card tables.
    func move(_ move: TableMove, by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            switch move {
            case .play(let cards):
                humanMove(by: player, id: requestID) { deal, seat throws(BigTwoError) in
                    try deal.play(cards, by: seat)
                }
            case .pass:
                humanMove(by: player, id: requestID) { deal, seat throws(BigTwoError) in
                    try deal.pass(by: seat)
                }
            case .lay:
                sendError(
                    .wrongTableKind, "lay is for E-Card tables; table \(id) plays Big Two",
                    player, requestID)
            }
        }
    }

    /// A bot for `seat`, seeded by the table, the deal and the seat.
    func makeBot(seat: Int) -> any BigTwoBot {
        settings.botLevel.makeBigTwoBot(seed: UInt64(id) << 8 | UInt64(dealNumber << 2 | seat))
    }
}
