/// How a round of tic-tac-toe ended.
public enum TicTacToeResult: Sendable, Hashable, Codable {
    /// `mark` completed `line` (a mask of three cells).
    case win(TicTacToeMark, line: UInt16)
    /// The board filled with no line.
    case draw

    /// The winning seat, or nil for a draw.
    public var winnerSeat: Int? {
        if case .win(let mark, _) = self { return mark.seat }
        return nil
    }
}
