import LobbyProtocol

/// A small game's turn (tic-tac-toe, memory, roulette): whose it is and when it times out,
/// from the latest turn notice; their views say whose turn it is but not its deadline.
public struct SmallGameTurn: Sendable, Equatable {
    /// The seat asked to act.
    public var seat: Int
    /// Unix ms deadline; nil without a timer.
    public var deadline: Int64?

    /// A turn of `seat` ending at `deadline`.
    public init(seat: Int, deadline: Int64?) {
        self.seat = seat
        self.deadline = deadline
    }
}

extension SessionState {
    /// The seat whose turn it is at the table, whatever its kind; nil between games.
    public var seatToAct: Int? {
        switch table?.kind {
        case nil: nil
        case .bigtwo?: turn?.seat
        case .ecard?: ecardTurn?.seat
        case .tictactoe?: ticTacToe?.seatToMove
        case .memory?: memory?.seatToFlip
        case .roulette?: roulette?.seatToBet
        }
    }

    /// When the turn under way times out (Unix ms): nil without a timer, and nil when the
    /// latest deadline heard of belongs to another turn than the one under way.
    public var turnDeadline: Int64? {
        guard let seat = seatToAct else { return nil }
        switch table?.kind {
        case .bigtwo?: return turn?.deadline
        case .ecard?: return ecardTurn?.deadline
        default: return smallTurn?.seat == seat ? smallTurn?.deadline : nil
        }
    }

    /// Notes a small game's turn notice, or its end; other events change nothing.
    mutating func followSmallTurn(_ event: ServerEvent) {
        switch event {
        case .tictactoeTurn(let notice): smallTurn = SmallGameTurn(seat: notice.seat, deadline: notice.deadline)
        case .memoryTurn(let notice): smallTurn = SmallGameTurn(seat: notice.seat, deadline: notice.deadline)
        case .rouletteTurn(let notice): smallTurn = SmallGameTurn(seat: notice.seat, deadline: notice.deadline)
        case .tictactoeMark, .tictactoeResult, .tictactoeRound, .memoryStart, .memoryEnd,
            .rouletteBet, .rouletteSpin, .rouletteRound:
            smallTurn = nil
        default: break
        }
    }

    /// Forgets the table and everything about its games: after `left`, or on arriving at
    /// another table, so that no turn, deadline or board of the old one lingers.
    mutating func forgetTable() {
        table = nil
        seat = nil
        deal = nil
        turn = nil
        tablePlay = nil
        cardCounts = []
        totals = []
        ecard = nil
        ecardHand = nil
        ecardTurn = nil
        ticTacToe = nil
        memory = nil
        roulette = nil
        smallTurn = nil
        readyCheck = nil
    }
}
