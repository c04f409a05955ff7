/// Why the tic-tac-toe engine refused an action. A refused action never changes the match.
public enum TicTacToeError: Error, Equatable, Hashable, Sendable {
    /// The seat is not the one to move.
    case notYourTurn
    /// The cell is not 1 to 9 (index 0 to 8).
    case noSuchCell
    /// The cell already holds a mark.
    case cellTaken(Int)
    /// The round is over; ask for another round first.
    case roundOver
    /// Another round was asked for while the round is still being played.
    case roundInProgress
    /// The seat number is not 0 or 1.
    case invalidSeat
}
