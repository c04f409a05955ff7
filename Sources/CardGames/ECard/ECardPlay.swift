/// How one play (both cards revealed together) ended.
public enum ECardPlayOutcome: Sendable, Hashable, Codable {
    /// The cards drew (Citizen against Citizen); both are discarded and the hand goes on.
    case draw
    /// The seat's card won; this decides the hand.
    case win(seat: Int)

    /// The winning seat, or nil for a draw.
    public var winner: Int? {
        switch self {
        case .draw: nil
        case .win(let seat): seat
        }
    }
}

/// A revealed play: both seats' cards and what came of them.
public struct ECardPlay: Sendable, Hashable, Codable {
    /// The 1-based hand the play belongs to.
    public let handNumber: Int
    /// The 1-based play within the hand (1…5).
    public let playNumber: Int
    /// The seat that laid its card face down first.
    public let firstLayer: Int
    /// The seat holding the Emperor side in this hand.
    public let emperorSeat: Int
    /// The cards laid, indexed by seat.
    public let cards: [ECardCard]
    /// The draw or the winning seat.
    public let outcome: ECardPlayOutcome

    /// A play record; `cards` is indexed by seat.
    public init(
        handNumber: Int, playNumber: Int, firstLayer: Int, emperorSeat: Int,
        cards: [ECardCard], outcome: ECardPlayOutcome
    ) {
        self.handNumber = handNumber
        self.playNumber = playNumber
        self.firstLayer = firstLayer
        self.emperorSeat = emperorSeat
        self.cards = cards
        self.outcome = outcome
    }

    /// The card the seat laid.
    public func card(of seat: Int) -> ECardCard { cards[seat] }
}
