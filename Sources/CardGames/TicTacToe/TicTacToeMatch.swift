/// A match of tic-tac-toe between seat 0 (O) and seat 1 (X): rounds one after another, a
/// point per win, the first move alternating between rounds, and a restart both seats agree
/// to.
public struct TicTacToeMatch: Sendable, Hashable, Codable {
    /// The mark that moves first in the first round (and after a restart).
    public let firstMark: TicTacToeMark
    /// The board of the current round.
    public private(set) var board = TicTacToeBoard()
    /// The round under way or just finished, from 1.
    public private(set) var round = 1
    /// The mark that moved first in this round.
    public private(set) var roundStarter: TicTacToeMark
    /// The mark to move, or nil once the round is over.
    public private(set) var toMove: TicTacToeMark?
    /// How the round ended, once it has.
    public private(set) var result: TicTacToeResult?
    /// Points per seat: one per round won.
    public private(set) var score = [0, 0]
    /// Rounds finished since the start or the last restart.
    public private(set) var roundsPlayed = 0
    /// The cells marked this round, in order.
    public private(set) var moves: [Int] = []
    /// The seats that have asked to restart since the last restart.
    public private(set) var restartVotes: Set<Int> = []

    /// A match whose first round starts with `first`.
    public init(first: TicTacToeMark = .o) {
        firstMark = first
        roundStarter = first
        toMove = first
    }

    /// The seat to move, or nil once the round is over.
    public var seatToMove: Int? { toMove?.seat }

    /// Puts the mover's mark in cell `index` (0 to 8); returns the result when this ends the
    /// round.
    @discardableResult
    public mutating func mark(_ index: Int, by seat: Int) throws(TicTacToeError)
        -> TicTacToeResult?
    {
        guard (0...1).contains(seat) else { throw .invalidSeat }
        guard let mover = toMove else { throw .roundOver }
        guard mover.seat == seat else { throw .notYourTurn }
        guard (0..<9).contains(index) else { throw .noSuchCell }
        guard board[index] == nil else { throw .cellTaken(index) }
        board.place(mover, at: index)
        moves.append(index)
        if let line = board.winningLine(of: mover) {
            return finishRound(.win(mover, line: line))
        }
        if board.empty == 0 { return finishRound(.draw) }
        toMove = mover.other
        return nil
    }

    private mutating func finishRound(_ ending: TicTacToeResult) -> TicTacToeResult {
        result = ending
        toMove = nil
        roundsPlayed += 1
        if let winner = ending.winnerSeat { score[winner] += 1 }
        return ending
    }

    /// Starts one more round, keeping the score; the other mark moves first.
    public mutating func nextRound() throws(TicTacToeError) {
        guard result != nil else { throw .roundInProgress }
        round += 1
        roundStarter = roundStarter.other
        startRound()
    }

    /// Records that `seat` wants to restart; once both seats have asked, the score, the round
    /// count and the first mover go back to the start. Returns true when the match restarted.
    public mutating func agreeToRestart(seat: Int) throws(TicTacToeError) -> Bool {
        guard (0...1).contains(seat) else { throw .invalidSeat }
        restartVotes.insert(seat)
        guard restartVotes.count == 2 else { return false }
        restartVotes = []
        score = [0, 0]
        roundsPlayed = 0
        round = 1
        roundStarter = firstMark
        startRound()
        return true
    }

    private mutating func startRound() {
        board = TicTacToeBoard()
        moves.removeAll(keepingCapacity: true)
        result = nil
        toMove = roundStarter
    }
}
