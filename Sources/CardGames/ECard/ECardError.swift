/// Why the E-Card engine rejected an action. A rejected action never changes the match.
public enum ECardError: Error, Equatable, Hashable, Sendable, Codable {
    /// The seat is not the one whose card is awaited.
    case notYourTurn
    /// The seat does not hold the card it tried to lay.
    case cardNotInHand(ECardCard)
    /// The seat has already laid its card face down in this play.
    case alreadyLaid
    /// The match is over; no more cards can be laid.
    case matchOver
    /// The seat number is not 0 or 1.
    case invalidSeat
    /// An option is out of its allowed range; the payload names it.
    case invalidOptions(ECardOptions.Field)
}
