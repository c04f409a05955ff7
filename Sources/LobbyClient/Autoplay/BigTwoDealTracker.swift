import CardGames
import LobbyProtocol

/// Follows one Big Two deal from the events a seated client receives, rebuilds the seat's
/// view for a bot, and at the end checks every event against an exact replay of the deal.
///
/// The other seats' cards are unknown during the deal. To get a `BigTwoSeatView` the tracker
/// invents hands for them: the cards each one has played plus an arbitrary share of the
/// unseen cards. Replaying the moves over those hands gives exactly the public state and the
/// seat's own hand, which is all a view holds.
public struct BigTwoDealTracker: Sendable {
    /// One public event of the deal, in arrival order.
    enum Step: Sendable {
        case turn(Int)
        case play(seat: Int, cards: CardSet, cardsLeft: Int)
        case pass(Int)
        case trick(leader: Int)
    }

    /// The table's options.
    public let options: BigTwoOptions
    /// This client's seat.
    public let seat: Int
    /// The number of seats.
    public let seatCount: Int
    /// The hand received in `deal_start`.
    public let dealtHand: CardSet
    /// The commitment received in `deal_start`.
    public let commitment: String
    /// The deal number.
    public let deal: Int
    private(set) var steps: [Step] = []
    private var playedBySeat: [CardSet]

    /// Starts tracking from the `deal_start` the seat received.
    public init(start: DealStart, seat: Int, options: BigTwoOptions) {
        self.options = options
        self.seat = seat
        seatCount = start.players.count
        dealtHand = CardSet(start.hand ?? [])
        commitment = start.commitment
        deal = start.deal
        playedBySeat = Array(repeating: CardSet(), count: start.players.count)
    }

    /// Problems visible at the start: a hand of the wrong size.
    public var startViolations: [String] {
        let expected = 52 / max(seatCount, 1)
        guard dealtHand.count == expected else {
            return ["deal \(deal): dealt \(dealtHand.count) cards, expected \(expected)"]
        }
        return []
    }

    /// Records a `turn` notice.
    public mutating func turn(_ notice: TurnNotice) { steps.append(.turn(notice.seat)) }

    /// Records a `play` notice.
    public mutating func play(_ notice: PlayNotice) {
        let cards = CardSet(notice.cards)
        if playedBySeat.indices.contains(notice.seat) { playedBySeat[notice.seat].formUnion(cards) }
        steps.append(.play(seat: notice.seat, cards: cards, cardsLeft: notice.cardsLeft))
    }

    /// Records a `pass` notice.
    public mutating func pass(_ notice: PassNotice) { steps.append(.pass(notice.seat)) }

    /// Records a `trick` notice.
    public mutating func trick(_ notice: TrickNotice) {
        steps.append(.trick(leader: notice.leader))
    }

    /// This seat's cards now.
    public var hand: CardSet {
        playedBySeat.indices.contains(seat) ? dealtHand.subtracting(playedBySeat[seat]) : dealtHand
    }

    /// Hands consistent with everything seen: the real one for this seat, invented ones for
    /// the others.
    private func plausibleHands() -> [CardSet] {
        let perSeat = 52 / max(seatCount, 1)
        var unseen = CardSet.fullDeck.subtracting(dealtHand)
        for played in playedBySeat { unseen.subtract(played) }
        var pool = Array(unseen)
        var hands: [CardSet] = []
        for other in 0..<seatCount {
            if other == seat {
                hands.append(dealtHand)
                continue
            }
            var hand = playedBySeat[other]
            let missing = max(perSeat - hand.count, 0)
            hand.formUnion(CardSet(pool.prefix(missing)))
            pool.removeFirst(min(missing, pool.count))
            hands.append(hand)
        }
        return hands
    }

    /// The deal as this seat may know it, replayed over plausible hands; nil when the events
    /// do not replay (which is a protocol violation).
    public func reconstructedDeal() -> BigTwoDeal? {
        guard (2...4).contains(seatCount) else { return nil }
        return try? Self.replay(
            steps: steps, hands: plausibleHands(), options: options, checking: false)
    }

    /// The seat's view for a bot, when it is this seat's turn.
    public func view() -> BigTwoSeatView? {
        guard let deal = reconstructedDeal(), !deal.isOver, deal.currentSeat == seat else {
            return nil
        }
        return deal.view(for: seat)
    }

    /// Checks the finished deal: the commitment, this seat's dealt hand against the re-deal,
    /// and every event against a replay over the real hands (turn order, legality, trick
    /// winners, cards left, the winner, remaining hands and scores). Returns the violations.
    public func finish(_ end: DealEnd) -> [String] {
        var problems: [String] = []
        let label = "table \(end.table) deal \(end.deal)"
        guard let seed = DealSeed(hex: end.seed) else { return ["\(label): malformed seed"] }
        if seed.commitment != commitment.lowercased() || end.commitment != commitment {
            problems.append("\(label): seed does not match the commitment")
        }
        let hands = Dealer.deal(seed: seed, seats: seatCount)
        if hands[seat] != dealtHand {
            problems.append("\(label): the re-deal does not give this seat its dealt hand")
        }
        do {
            let deal = try Self.replay(steps: steps, hands: hands, options: options, checking: true)
            guard let result = deal.result else {
                return problems + ["\(label): deal_end before anyone went out"]
            }
            if result.winner != end.winner { problems.append("\(label): wrong winner") }
            if deal.hands.map(\.self) != end.hands.map(CardSet.init) {
                problems.append("\(label): remaining hands differ from the replay")
            }
            if result.cardsLeft != end.cardsLeft { problems.append("\(label): wrong cards_left") }
            if result.scores != end.scores { problems.append("\(label): wrong scores") }
        } catch {
            problems.append("\(label): \(error.reason)")
        }
        if end.scores.reduce(0, +) != 0 { problems.append("\(label): scores do not sum to zero") }
        if end.totals.reduce(0, +) != 0 { problems.append("\(label): totals do not sum to zero") }
        return problems
    }

    /// Why a replay failed.
    struct ReplayError: Error {
        let reason: String
    }

    /// Replays the steps over the given hands. When `checking`, every turn, trick and
    /// cards-left figure must agree with the replay.
    static func replay(steps: [Step], hands: [CardSet], options: BigTwoOptions, checking: Bool)
        throws(ReplayError) -> BigTwoDeal
    {
        var deal = BigTwoDeal(hands: hands, options: options)
        for (index, step) in steps.enumerated() {
            switch step {
            case .turn(let seat):
                if checking && (deal.isOver || deal.currentSeat != seat) {
                    throw ReplayError(reason: "turn \(index): seat \(seat) announced out of turn")
                }
            case .play(let seat, let cards, let cardsLeft):
                do {
                    try deal.play(cards, by: seat)
                } catch {
                    throw ReplayError(
                        reason: "event \(index): seat \(seat) play \(cards.notation) is illegal "
                            + "(\(error))")
                }
                if checking && deal.hands[seat].count != cardsLeft {
                    throw ReplayError(reason: "event \(index): wrong cards_left for seat \(seat)")
                }
            case .pass(let seat):
                do {
                    try deal.pass(by: seat)
                } catch {
                    throw ReplayError(reason: "event \(index): seat \(seat) pass is illegal")
                }
            case .trick(let leader):
                if checking && (!deal.isLeading || deal.currentSeat != leader) {
                    throw ReplayError(reason: "event \(index): wrong trick winner \(leader)")
                }
            }
        }
        return deal
    }
}
