import CardGames

/// The reply to `state` (and sent on join, watch and resume): the public table, the receiver's
/// own hand, and the game in progress.
public struct Snapshot: Sendable, Codable, Equatable {
    /// The table.
    public var table: TableInfo
    /// The receiver's seat, if seated.
    public var seat: Int?
    /// The receiver's own cards, if seated at a Big Two deal in progress.
    public var hand: [Card]?
    /// The Big Two deal in progress, if any.
    public var deal: DealView?
    /// The E-Card match in progress, if any.
    public var ecard: ECardView?
    /// The tic-tac-toe match in progress, if any.
    public var tictactoe: TicTacToeView?
    /// The memory game in progress, if any.
    public var memory: MemoryView?
    /// The roulette round in progress, if any.
    public var roulette: RouletteView?

    public init(
        table: TableInfo, seat: Int?, hand: [Card]?, deal: DealView?, ecard: ECardView? = nil,
        tictactoe: TicTacToeView? = nil, memory: MemoryView? = nil,
        roulette: RouletteView? = nil
    ) {
        self.table = table
        self.seat = seat
        self.hand = hand
        self.deal = deal
        self.ecard = ecard
        self.tictactoe = tictactoe
        self.memory = memory
        self.roulette = roulette
    }
}
