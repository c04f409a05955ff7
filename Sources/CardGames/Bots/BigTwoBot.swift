/// A computer player for Big Two.
///
/// A bot decides from a `BigTwoSeatView` only, so it never sees another seat's cards, and it
/// is deterministic: the same views in the same order give the same moves.
public protocol BigTwoBot: Sendable {
    /// The move to make when `view` says it is this bot's turn. The move is legal for the
    /// view: a play from `view.legalPlays()`, or a pass when `view.canPass`.
    mutating func chooseMove(_ view: BigTwoSeatView) -> BigTwoMove
}
