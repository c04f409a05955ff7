/// What one seat may know about a Big Two deal: its own hand and the public state.
///
/// Bots decide from a seat view only, so they cannot see another seat's cards.
public struct BigTwoSeatView: Sendable {
    /// The seat this view belongs to.
    public let seat: Int
    /// The seat's own cards.
    public let hand: CardSet
    /// How many cards each seat holds.
    public let cardCounts: [Int]
    /// The combination to beat, or nil when leading.
    public let tablePlay: Combination?
    /// The seat that played `tablePlay`.
    public let tableSeat: Int?
    /// The seat whose move is awaited.
    public let currentSeat: Int
    /// Every card played so far, by anyone.
    public let playedCards: CardSet
    /// The card the first play must include, if this is the first play.
    public let requiredCard: Card?
    /// Seats that passed in this trick (bit per seat).
    public let passedMask: UInt8
    /// The rules in force.
    public let rules: BigTwoRules
    /// Every move of the deal so far, by every seat, oldest first: public, since every seat
    /// sees each play and pass. Empty for a deal resumed from a position.
    public internal(set) var history: [BigTwoMoveRecord] = []

    /// True when it is this seat's turn and it may pass.
    public var canPass: Bool { currentSeat == seat && tablePlay != nil }
    /// The number of seats.
    public var seatCount: Int { cardCounts.count }

    /// Every combination this seat may play now (empty when it is not this seat's turn).
    public func legalPlays() -> [Combination] {
        guard currentSeat == seat else { return [] }
        return rules.legalPlays(hand: hand, over: tablePlay, mustInclude: requiredCard)
    }

    /// ``legalPlays()`` weakest first: fewest cards, then the lower kind of combination, then
    /// the lower combination. The order a hint lists them in.
    public func legalPlaysWeakestFirst() -> [Combination] {
        legalPlays().sorted {
            ($0.cards.count, $0.kind, $0.strength) < ($1.cards.count, $1.kind, $1.strength)
        }
    }
}

extension BigTwoDeal {
    /// The view of the deal that `seat` is entitled to.
    public func view(for seat: Int) -> BigTwoSeatView {
        BigTwoSeatView(
            seat: seat, hand: hands[seat], cardCounts: hands.map(\.count), tablePlay: tablePlay,
            tableSeat: tableSeat, currentSeat: currentSeat, playedCards: playedCards,
            requiredCard: requiredCard, passedMask: passedMask, rules: rules, history: history)
    }
}
