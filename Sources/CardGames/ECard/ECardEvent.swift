/// What a successful `lay` did.
public enum ECardEvent: Sendable, Hashable, Codable {
    /// The seat laid its card face down; the other seat's card is now awaited.
    /// Carries no card, so it can be shown to both seats.
    case laidFaceDown(seat: Int)
    /// The second card was laid and both were revealed.
    case revealed(ECardReveal)
}

/// Both cards of a play revealed, and what followed: the next play, the next hand, or the end.
public struct ECardReveal: Sendable, Hashable, Codable {
    /// The revealed play, with both cards and its outcome.
    public let play: ECardPlay
    /// The hand's result when this play decided it; nil after a draw.
    public let handResult: ECardHandResult?
    /// The hand dealt next when this play decided a hand and the match goes on.
    public let nextHand: ECardHandStart?
    /// The seat to lay first in the next play, or nil when the match is over.
    public let nextFirstLayer: Int?
    /// True when this play ended the match.
    public let isMatchOver: Bool

    /// A reveal record.
    public init(
        play: ECardPlay, handResult: ECardHandResult?, nextHand: ECardHandStart?,
        nextFirstLayer: Int?, isMatchOver: Bool
    ) {
        self.play = play
        self.handResult = handResult
        self.nextHand = nextHand
        self.nextFirstLayer = nextFirstLayer
        self.isMatchOver = isMatchOver
    }
}

/// The start of a new hand: its number and who plays which side.
public struct ECardHandStart: Sendable, Hashable, Codable {
    /// The 1-based hand number.
    public let handNumber: Int
    /// The seat holding the Emperor side; it also lays first in the hand's first play.
    public let emperorSeat: Int

    /// A hand start record.
    public init(handNumber: Int, emperorSeat: Int) {
        self.handNumber = handNumber
        self.emperorSeat = emperorSeat
    }

    /// The seat holding the Slave side.
    public var slaveSeat: Int { 1 - emperorSeat }

    /// The side the seat plays in this hand.
    public func side(of seat: Int) -> ECardSide { seat == emperorSeat ? .emperor : .slave }
}
