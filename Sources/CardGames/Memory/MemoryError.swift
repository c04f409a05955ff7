/// Why the memory engine refused an action. A refused action never changes the game.
public enum MemoryError: Error, Equatable, Hashable, Sendable {
    /// The seat is not the one to flip.
    case notYourTurn
    /// There is no card at this position.
    case noSuchCard(Int)
    /// The card is already face up (found, or the first card of this turn).
    case faceUp(Int)
    /// Every pair has been found.
    case gameOver
    /// The seat number is not one of the game's seats.
    case invalidSeat
    /// A setting is out of its allowed range; the payload names it.
    case invalidOptions(MemoryOptions.Field)
}
