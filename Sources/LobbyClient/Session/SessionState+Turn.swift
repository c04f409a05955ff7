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
    ///
    /// In a small game it is the seat of the latest turn notice while a round is under way:
    /// a move changes the board's seat to move at once, but the next seat's turn, with its
    /// deadline, comes in the notice that follows, and until then the turn shown stays the one
    /// last announced (a prompt would otherwise flash `your turn> ` without its seconds). The
    /// board's seat stands in when no notice came (a resumed session's snapshot).
    public var seatToAct: Int? {
        switch table?.kind {
        case nil: nil
        case .bigtwo?: turn?.seat
        case .ecard?: ecardTurn?.seat
        case .tictactoe?: announced(ticTacToe?.seatToMove)
        case .memory?: announced(memory?.seatToFlip)
        case .roulette?: announced(roulette?.seatToBet)
        }
    }

    /// The latest turn notice's seat while the board has a seat to act; the board's seat when
    /// no notice came, unless the round's first one is still to come.
    private func announced(_ boardSeat: Int?) -> Int? {
        guard let boardSeat else { return nil }
        if let smallTurn { return smallTurn.seat }
        return smallTurnAwaited ? nil : boardSeat
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

    /// Notes a small game's turn notice, or the end of its round; a move keeps the notice, as
    /// the next one follows it. Other events change nothing.
    mutating func followSmallTurn(_ event: ServerEvent) {
        switch event {
        case .tictactoeTurn(let notice): announce(notice.seat, notice.deadline)
        case .memoryTurn(let notice): announce(notice.seat, notice.deadline)
        case .rouletteTurn(let notice): announce(notice.seat, notice.deadline)
        case .tictactoeRound, .memoryStart, .rouletteRound:
            smallTurn = nil
            smallTurnAwaited = true
        case .tictactoeResult, .memoryEnd, .rouletteSpin:
            smallTurn = nil
            smallTurnAwaited = false
        case .state:
            smallTurnAwaited = false
        default: break
        }
    }

    private mutating func announce(_ seat: Int, _ deadline: Int64?) {
        smallTurn = SmallGameTurn(seat: seat, deadline: deadline)
        smallTurnAwaited = false
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
        smallTurnAwaited = false
        readyCheck = nil
    }
}
