/// A tic-tac-toe round begins.
public struct TicTacToeRoundNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Round number since the start or the last restart, from 1.
    public var round: Int
    /// The mark that moves first in this round, `o` or `x`.
    public var first: String
    /// Points per seat (seat 0 plays O, seat 1 plays X).
    public var score: [Int]

    public init(table: Int, round: Int, first: String, score: [Int]) {
        self.table = table
        self.round = round
        self.first = first
        self.score = score
    }
}

/// A seat is asked to mark a cell.
public struct TicTacToeTurnNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat to move.
    public var seat: Int
    /// Its mark, `o` or `x`.
    public var mark: String
    /// Unix ms deadline, if timed.
    public var deadline: Int64?

    public init(table: Int, seat: Int, mark: String, deadline: Int64?) {
        self.table = table
        self.seat = seat
        self.mark = mark
        self.deadline = deadline
    }
}

/// A seat marked a cell.
public struct TicTacToeMarkNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat that moved.
    public var seat: Int
    /// Its mark, `o` or `x`.
    public var mark: String
    /// The cell marked, 1 to 9.
    public var cell: Int
    /// The board after the mark: nine characters `o`, `x` or `.`, cell 1 first.
    public var board: String
    /// True when the server moved for the seat because its turn timed out.
    public var timedOut: Bool?

    public init(table: Int, seat: Int, mark: String, cell: Int, board: String, timedOut: Bool?) {
        self.table = table
        self.seat = seat
        self.mark = mark
        self.cell = cell
        self.board = board
        self.timedOut = timedOut
    }
}

/// A tic-tac-toe round is over.
public struct TicTacToeResultNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The round that ended.
    public var round: Int
    /// The winning seat; nil for a draw.
    public var winner: Int?
    /// The winning line's cells (1 to 9), for a win.
    public var line: [Int]?
    /// Points per seat after the round.
    public var score: [Int]

    public init(table: Int, round: Int, winner: Int?, line: [Int]?, score: [Int]) {
        self.table = table
        self.round = round
        self.winner = winner
        self.line = line
        self.score = score
    }
}

/// A seat asked to restart the match; once both have, the score resets.
public struct TicTacToeRestartNotice: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// The seat that asked.
    public var seat: Int
    /// The seats that have asked so far (both, once the match restarted).
    public var agreed: [Int]
    /// True when both seats agreed and the score is back to zero.
    public var restarted: Bool

    public init(table: Int, seat: Int, agreed: [Int], restarted: Bool) {
        self.table = table
        self.seat = seat
        self.agreed = agreed
        self.restarted = restarted
    }
}

/// The state of a tic-tac-toe match, which hides nothing.
public struct TicTacToeView: Sendable, Codable, Equatable {
    /// Round number, from 1.
    public var round: Int
    /// Nine characters `o`, `x` or `.`, cell 1 first.
    public var board: String
    /// The mark that moved first this round.
    public var first: String
    /// The seat to move; nil once the round is over.
    public var seatToMove: Int?
    /// True when the round is over and the table waits for `again`.
    public var roundOver: Bool
    /// Points per seat.
    public var score: [Int]
    /// Seats that have asked to restart.
    public var restartAgreed: [Int]
    /// Turn deadline (Unix ms), when a person's turn is timed.
    public var deadline: Int64?

    public init(
        round: Int, board: String, first: String, seatToMove: Int?, roundOver: Bool,
        score: [Int], restartAgreed: [Int], deadline: Int64? = nil
    ) {
        self.round = round
        self.board = board
        self.first = first
        self.seatToMove = seatToMove
        self.roundOver = roundOver
        self.score = score
        self.restartAgreed = restartAgreed
        self.deadline = deadline
    }
}

extension TicTacToeView: GameSnapshotView {
    /// `tictactoe` in `state`.
    public static let member = "tictactoe"
}

extension Snapshot {
    /// The tic-tac-toe match in progress, if any.
    public var tictactoe: TicTacToeView? {
        get { view(TicTacToeView.self) }
        set { setView(newValue) }
    }
}

/// The moves of a tic-tac-toe seat in a `hint` reply.
public struct TicTacToeHintMoves: GameHintMoves {
    /// The empty cells, 1 to 9.
    public var cells: [Int]?

    /// No move given.
    public init() {}

    /// The given moves.
    public init(cells: [Int]? = nil) {
        self.cells = cells
    }

    /// True when no field is given.
    public var isEmpty: Bool { cells == nil }
}

extension HintReply {
    /// Tic-tac-toe: ``TicTacToeHintMoves/cells``.
    public var cells: [Int]? {
        get { moves(TicTacToeHintMoves.self)?.cells }
        set { setMoves(TicTacToeHintMoves(cells: newValue)) }
    }
}
