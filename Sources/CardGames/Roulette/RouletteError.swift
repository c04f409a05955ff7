/// Why the roulette engine refused a bet. A refused bet never changes the round.
public enum RouletteError: Error, Equatable, Hashable, Sendable {
    /// Bets are closed: the wheel has spun.
    case bettingClosed
    /// The segment is not one of the wheel's (1 to `segments`).
    case noSuchSegment(Int)
    /// A bet must be at least one chip.
    case invalidChips
    /// The bet would take the seat's stake this round over the limit; the payload is what
    /// the seat may still bet.
    case overLimit(remaining: Int)
    /// The seat number is not one of the table's seats.
    case invalidSeat
    /// A setting is out of its allowed range; the payload names it.
    case invalidOptions(RouletteOptions.Field)
}
