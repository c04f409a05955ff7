/// A whole E-Card match between seats 0 and 1, as a value-type state machine.
///
/// Seat 0 plays the Emperor side in the first hand and the seats swap sides every
/// `options.swapInterval` hands. In each play the seat to lay first lays a card face down, then
/// the other seat lays, and both cards are revealed together. The Emperor side lays first in
/// a hand's first play; after that the seats alternate. A Citizen–Citizen draw discards both
/// cards; the first other result decides the hand and pays the winner (zero-sum). After
/// `options.handsPerMatch` hands the match is over. A rejected `lay` changes nothing.
public struct ECardMatch: Sendable, Hashable {
    /// The match settings, validated when the match was created.
    public let options: ECardOptions
    /// The 1-based number of the current hand; when the match is over, the last hand's number.
    public private(set) var handNumber: Int
    /// The 1-based number of the current play within the hand (1…5).
    public private(set) var playNumber: Int
    /// Both seats' match totals, indexed by seat; they always sum to zero.
    public private(set) var totals: [Int]
    /// Every revealed play of the match, oldest first.
    public private(set) var plays: [ECardPlay]
    /// Every decided hand of the match, oldest first.
    public private(set) var handResults: [ECardHandResult]
    /// True once the last hand has been decided.
    public private(set) var isOver: Bool

    private var hands: [ECardHand]
    private var currentFirstLayer: Int
    /// The first layer's card while it lies face down; never part of a public view.
    private(set) var faceDownCard: ECardCard?

    /// The number of seats.
    public static let seatCount = 2

    /// A new match at the first play of the first hand.
    /// Throws `.invalidOptions` when an option is out of range.
    public init(options: ECardOptions = .standard) throws(ECardError) {
        try options.validate()
        self.options = options
        handNumber = 1
        playNumber = 1
        totals = [0, 0]
        plays = []
        handResults = []
        isOver = false
        hands = []
        currentFirstLayer = 0
        faceDownCard = nil
        dealHand()
    }

    /// The seat holding the Emperor side in the current hand.
    public var emperorSeat: Int { options.emperorSeat(inHand: handNumber) }

    /// The side the seat plays in the current hand. The seat must be 0 or 1.
    public func side(of seat: Int) -> ECardSide {
        precondition(Self.isValid(seat: seat), "E-Card seat must be 0 or 1")
        return seat == emperorSeat ? .emperor : .slave
    }

    /// The cards the seat still holds; a card laid face down is no longer held.
    /// The seat must be 0 or 1.
    public func hand(of seat: Int) -> ECardHand {
        precondition(Self.isValid(seat: seat), "E-Card seat must be 0 or 1")
        return hands[seat]
    }

    /// The seat whose card is awaited, or nil when the match is over.
    public var seatToLay: Int? {
        guard !isOver else { return nil }
        return faceDownCard == nil ? currentFirstLayer : 1 - currentFirstLayer
    }

    /// The seat that lays (or laid) first in the current play, or nil when the match is over.
    public var firstLayer: Int? { isOver ? nil : currentFirstLayer }

    /// True when the seat lays first in the current play.
    public func isFirstLayer(seat: Int) -> Bool { firstLayer == seat }

    /// True when the seat has laid a card face down that is not yet revealed.
    public func hasLaid(seat: Int) -> Bool {
        !isOver && faceDownCard != nil && seat == currentFirstLayer
    }

    /// True when the number is a seat of the match (0 or 1).
    public static func isValid(seat: Int) -> Bool { (0..<seatCount).contains(seat) }

    /// Lays a card for the seat: face down when it lays first, otherwise revealing both cards.
    ///
    /// Throws, leaving the match unchanged, when the match is over, the seat is not 0 or 1,
    /// the seat already laid in this play, it is the other seat's turn, or the card is not
    /// in the seat's hand (checked in that order).
    public mutating func lay(_ card: ECardCard, by seat: Int) throws(ECardError) -> ECardEvent {
        guard !isOver else { throw .matchOver }
        guard Self.isValid(seat: seat) else { throw .invalidSeat }
        guard !hasLaid(seat: seat) else { throw .alreadyLaid }
        guard seat == seatToLay else { throw .notYourTurn }
        guard hands[seat].contains(card) else { throw .cardNotInHand(card) }

        hands[seat].remove(card)
        guard let firstCard = faceDownCard else {
            faceDownCard = card
            return .laidFaceDown(seat: seat)
        }
        faceDownCard = nil
        var cards = [card, card]
        cards[currentFirstLayer] = firstCard
        return .revealed(reveal(cards: cards))
    }

    private mutating func reveal(cards: [ECardCard]) -> ECardReveal {
        let outcome: ECardPlayOutcome =
            switch cards[0].clash(against: cards[1]) {
            case .draw: .draw
            case .win: .win(seat: 0)
            case .loss: .win(seat: 1)
            }
        let play = ECardPlay(
            handNumber: handNumber, playNumber: playNumber, firstLayer: currentFirstLayer,
            emperorSeat: emperorSeat, cards: cards, outcome: outcome)
        plays.append(play)

        guard let winner = outcome.winner else {
            playNumber += 1
            currentFirstLayer = 1 - currentFirstLayer
            return ECardReveal(
                play: play, handResult: nil, nextHand: nil, nextFirstLayer: currentFirstLayer,
                isMatchOver: false)
        }

        let result = settleHand(winner: winner)
        guard handNumber < options.handsPerMatch else {
            isOver = true
            return ECardReveal(
                play: play, handResult: result, nextHand: nil, nextFirstLayer: nil,
                isMatchOver: true)
        }
        handNumber += 1
        dealHand()
        return ECardReveal(
            play: play, handResult: result,
            nextHand: ECardHandStart(handNumber: handNumber, emperorSeat: emperorSeat),
            nextFirstLayer: currentFirstLayer, isMatchOver: false)
    }

    private mutating func settleHand(winner: Int) -> ECardHandResult {
        let winningSide = side(of: winner)
        let payout = options.payout(for: winningSide)
        totals[winner] += payout
        totals[1 - winner] -= payout
        let result = ECardHandResult(
            handNumber: handNumber, winner: winner, winningSide: winningSide, payout: payout,
            decidingPlay: playNumber, totals: totals)
        handResults.append(result)
        return result
    }

    private mutating func dealHand() {
        let emperor = emperorSeat
        hands = (0..<Self.seatCount).map { seat in
            ECardHand(side: seat == emperor ? .emperor : .slave)
        }
        playNumber = 1
        currentFirstLayer = emperor
        faceDownCard = nil
    }
}
