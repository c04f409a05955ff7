/// What one seat may know about a match: everything public plus its own cards, never the
/// other seat's face-down card. Servers send this to a player and bots decide from it.
public struct ECardSeatView: Sendable, Hashable, Codable {
    /// The seat this view is for.
    public let seat: Int
    /// The match settings.
    public let options: ECardOptions
    /// The 1-based current hand (the last hand once the match is over).
    public let handNumber: Int
    /// The 1-based current play within the hand.
    public let playNumber: Int
    /// The side this seat plays in the current hand.
    public let side: ECardSide
    /// This seat's cards still in hand (its face-down card excluded).
    public let hand: ECardHand
    /// This seat's own card laid face down and not yet revealed.
    public let ownFaceDownCard: ECardCard?
    /// The cards the other seat has not yet revealed, counting a face-down card as still held.
    public let opponentUnrevealed: ECardHand
    /// True when the other seat has laid a card face down that is not yet revealed.
    public let opponentHasLaid: Bool
    /// The seat laying first in the current play, or nil when the match is over.
    public let firstLayer: Int?
    /// The seat whose card is awaited, or nil when the match is over.
    public let seatToLay: Int?
    /// Both seats' totals, indexed by seat.
    public let totals: [Int]
    /// Every revealed play of the match, oldest first.
    public let plays: [ECardPlay]
    /// Every decided hand of the match, oldest first.
    public let handResults: [ECardHandResult]
    /// True once the match is over.
    public let isOver: Bool

    /// The other seat.
    public var opponent: Int { 1 - seat }
    /// True when this seat's card is awaited.
    public var isMyTurn: Bool { seatToLay == seat }
    /// The side the other seat plays in the current hand.
    public var opponentSide: ECardSide { side.opposite }
}

extension ECardMatch {
    /// What the seat may know; the seat must be 0 or 1.
    public func view(for seat: Int) -> ECardSeatView {
        precondition(Self.isValid(seat: seat), "E-Card seat must be 0 or 1")
        let other = 1 - seat
        // Putting the face-down card back gives the same counts whichever card it is, so the
        // opponent's counts reveal nothing about it.
        var opponentUnrevealed = hand(of: other)
        if hasLaid(seat: other), let card = faceDownCard {
            opponentUnrevealed.add(card)
        }
        return ECardSeatView(
            seat: seat, options: options, handNumber: handNumber, playNumber: playNumber,
            side: side(of: seat), hand: hand(of: seat),
            ownFaceDownCard: hasLaid(seat: seat) ? faceDownCard : nil,
            opponentUnrevealed: opponentUnrevealed, opponentHasLaid: hasLaid(seat: other),
            firstLayer: firstLayer, seatToLay: seatToLay, totals: totals, plays: plays,
            handResults: handResults, isOver: isOver)
    }
}
