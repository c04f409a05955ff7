import CardGames
import LobbyProtocol

/// Follows one Big Two deal from the events a seated client receives, keeps the seat's view
/// for a bot up to date, and at the end checks every event against an exact replay of the
/// deal.
///
/// The other seats' cards are unknown during the deal. To get a `BigTwoSeatView` the tracker
/// keeps a live deal over invented hands for them: an arbitrary share of the unseen cards.
/// Each event is applied to that deal as it arrives. When another seat plays cards its
/// invented hand lacks, they are swapped in from the invented hand holding them; hands keep
/// their sizes, so the public state and the seat's own hand, which is all a view holds, stay
/// exact. Nothing is replayed per decision: the cost of a deal is linear in its events.
///
/// After a dropped connection the client misses some events. A `state` snapshot then starts
/// a new stretch of the deal (``resync(_:)``): the view is rebuilt from the snapshot's
/// position, and at the end each stretch is checked on its own, from the deal start or from
/// its snapshot, against the re-dealt hands; the moves made while away are not judged.
public struct BigTwoDealTracker: Sendable {
    /// One public event of the deal, in arrival order.
    enum Step: Sendable {
        case turn(Int)
        case play(seat: Int, cards: CardSet, cardsLeft: Int)
        case pass(Int)
        case trick(leader: Int)
    }

    /// Where a stretch of followed events begins.
    struct Checkpoint: Sendable {
        /// This seat's cards at that point.
        let hand: CardSet
        /// The public position, from a snapshot; nil at the deal start.
        let position: DealView?
    }

    /// Events followed without a gap, from a checkpoint.
    struct Stretch: Sendable {
        let start: Checkpoint
        var steps: [Step] = []
        var playedBySeat: [CardSet]
    }

    /// The table's options.
    public let options: BigTwoOptions
    /// This client's seat.
    public let seat: Int
    /// The number of seats.
    public let seatCount: Int
    /// The hand received in `deal_start`; for a deal first seen in a snapshot, the hand the
    /// snapshot showed.
    public let dealtHand: CardSet
    /// True when the deal was first seen in a snapshot, not from `deal_start`.
    public let joinedMidDeal: Bool
    /// The commitment received in `deal_start` (or in the first snapshot).
    public let commitment: String
    /// The deal number.
    public let deal: Int
    private(set) var stretches: [Stretch]
    /// The deal as this seat may know it, over invented hands for the others, with every
    /// event of the latest stretch applied; nil once an event did not apply (a violation,
    /// which ``finish(_:)`` reports).
    private var live: BigTwoDeal?

    /// Starts tracking from the `deal_start` the seat received.
    public init(start: DealStart, seat: Int, options: BigTwoOptions) {
        self.options = options
        self.seat = seat
        seatCount = start.players.count
        dealtHand = CardSet(start.hand ?? [])
        joinedMidDeal = false
        commitment = start.commitment
        deal = start.deal
        let empty = Array(repeating: CardSet(), count: start.players.count)
        let checkpoint = Checkpoint(hand: dealtHand, position: nil)
        stretches = [Stretch(start: checkpoint, playedBySeat: empty)]
        live = liveStart()
    }

    /// Starts tracking a deal first seen in a snapshot (after a resume, or on joining); nil
    /// when the snapshot holds no deal in progress or no hand.
    public init?(snapshot: Snapshot, options: BigTwoOptions) {
        guard let view = snapshot.deal, let seat = snapshot.seat, let hand = snapshot.hand,
            (2...4).contains(view.cardCounts.count), view.cardCounts.indices.contains(seat)
        else { return nil }
        self.options = options
        self.seat = seat
        seatCount = view.cardCounts.count
        dealtHand = CardSet(hand)
        joinedMidDeal = true
        commitment = view.commitment
        deal = view.deal
        let empty = Array(repeating: CardSet(), count: seatCount)
        let checkpoint = Checkpoint(hand: dealtHand, position: view)
        stretches = [Stretch(start: checkpoint, playedBySeat: empty)]
        live = liveStart()
    }

    /// Problems visible at the start: a hand of the wrong size.
    public var startViolations: [String] {
        let expected = 52 / max(seatCount, 1)
        guard !joinedMidDeal, dealtHand.count != expected else { return [] }
        return ["deal \(deal): dealt \(dealtHand.count) cards, expected \(expected)"]
    }

    /// True when the snapshot shows this deal, seen from this seat.
    public func follows(_ snapshot: Snapshot) -> Bool {
        snapshot.deal?.deal == deal && snapshot.seat == seat && snapshot.hand != nil
            && snapshot.deal?.cardCounts.count == seatCount
    }

    /// Starts a new stretch at the snapshot's position (after a resume, or any `state`
    /// reply). Returns the problems visible at once: a hand holding cards this seat was
    /// never dealt, or counts that do not fit the hand.
    public mutating func resync(_ snapshot: Snapshot) -> [String] {
        guard follows(snapshot), let view = snapshot.deal, let hand = snapshot.hand else {
            return []
        }
        let held = CardSet(hand)
        var problems: [String] = []
        if !joinedMidDeal && !dealtHand.isSuperset(of: held) {
            problems.append("state: hand holds cards that were not dealt to this seat")
        }
        if view.cardCounts[seat] != held.count {
            problems.append("state: deal \(deal): card count of this seat differs from its hand")
        }
        let empty = Array(repeating: CardSet(), count: seatCount)
        stretches.append(
            Stretch(start: Checkpoint(hand: held, position: view), playedBySeat: empty))
        live = liveStart()
        return problems
    }

    /// Records a `turn` notice.
    public mutating func turn(_ notice: TurnNotice) { append(.turn(notice.seat)) }

    /// Records a `play` notice.
    public mutating func play(_ notice: PlayNotice) {
        let cards = CardSet(notice.cards)
        let last = stretches.count - 1
        if stretches[last].playedBySeat.indices.contains(notice.seat) {
            stretches[last].playedBySeat[notice.seat].formUnion(cards)
        }
        append(.play(seat: notice.seat, cards: cards, cardsLeft: notice.cardsLeft))
        // The live deal is changed where it lies, so its hands are not copied for the play.
        if notice.seat != seat, let current = live {
            live = Self.deal(current, with: cards, heldBy: notice.seat, besides: seat)
        }
        do {
            try live?.play(cards, by: notice.seat)
        } catch {
            live = nil
        }
    }

    /// Records a `pass` notice.
    public mutating func pass(_ notice: PassNotice) {
        append(.pass(notice.seat))
        do {
            try live?.pass(by: notice.seat)
        } catch {
            live = nil
        }
    }

    /// Records a `trick` notice.
    public mutating func trick(_ notice: TrickNotice) { append(.trick(leader: notice.leader)) }

    private mutating func append(_ step: Step) {
        stretches[stretches.count - 1].steps.append(step)
    }

    /// True once a snapshot restarted the tracking (some events may have been missed).
    public var resynchronised: Bool { stretches.count > 1 || joinedMidDeal }

    /// This seat's cards now.
    public var hand: CardSet {
        let stretch = stretches[stretches.count - 1]
        return stretch.start.hand.subtracting(stretch.playedBySeat[seat])
    }

    /// Hands consistent with everything seen in the latest stretch, at its start: the real
    /// one for this seat, invented ones for the others.
    private func plausibleHands(_ stretch: Stretch) -> [CardSet] {
        let position = stretch.start.position
        var unseen = CardSet.fullDeck.subtracting(stretch.start.hand)
        unseen.subtract(CardSet(position?.played ?? []))
        for played in stretch.playedBySeat { unseen.subtract(played) }
        // Before the first play, the lowest card belongs to the seat to act.
        var lowestHolder: Int?
        if let position, position.played.isEmpty, unseen.contains(options.lowestCard) {
            lowestHolder = position.currentSeat
            unseen.remove(options.lowestCard)
        }
        var pool = Array(unseen)
        var hands: [CardSet] = []
        for other in 0..<seatCount {
            if other == seat {
                hands.append(stretch.start.hand)
                continue
            }
            var hand = stretch.playedBySeat[other]
            if lowestHolder == other { hand.insert(options.lowestCard) }
            let size = position?.cardCounts[other] ?? 52 / max(seatCount, 1)
            let missing = max(size - hand.count, 0)
            hand.formUnion(CardSet(pool.prefix(missing)))
            pool.removeFirst(min(missing, pool.count))
            hands.append(hand)
        }
        return hands
    }

    /// The deal at the start of the latest stretch, over plausible hands.
    private func liveStart() -> BigTwoDeal? {
        guard (2...4).contains(seatCount) else { return nil }
        let stretch = stretches[stretches.count - 1]
        let hands = plausibleHands(stretch)
        return Self.startingDeal(stretch.start, hands: hands, options: options)
    }

    /// The deal as this seat may know it, over invented hands for the others; nil when the
    /// events did not apply (which is a protocol violation).
    public func reconstructedDeal() -> BigTwoDeal? { live }

    /// `deal` with the invented hand of `player` changed so that it holds `cards`: each card
    /// it lacks is swapped for one of its other cards with the invented hand (not `own`'s)
    /// that holds it. Before the first play the player is also made the seat to act (the
    /// invented hands decided who held the lowest card). Nil when a card is in no invented
    /// hand or the player has too few cards.
    static func deal(_ deal: BigTwoDeal, with cards: CardSet, heldBy player: Int, besides own: Int)
        -> BigTwoDeal?
    {
        guard deal.hands.indices.contains(player), player != own else { return nil }
        let missing = cards.subtracting(deal.hands[player])
        let firstPlay = deal.playedCards.isEmpty
        if missing.isEmpty && (!firstPlay || deal.currentSeat == player) { return deal }
        var hands = deal.hands
        var spare = Array(hands[player].subtracting(cards))
        for card in missing {
            guard
                let holder = hands.indices.first(where: {
                    $0 != own && $0 != player && hands[$0].contains(card)
                }),
                let given = spare.popLast()
            else { return nil }
            hands[holder].remove(card)
            hands[holder].insert(given)
            hands[player].remove(given)
            hands[player].insert(card)
        }
        return BigTwoDeal(
            hands: hands, options: deal.options,
            currentSeat: firstPlay ? player : deal.currentSeat, tablePlay: deal.tablePlay,
            tableSeat: deal.tableSeat, passedMask: deal.passedMask, playedCards: deal.playedCards)
    }

    /// The seat's view for a bot, when it is this seat's turn.
    public func view() -> BigTwoSeatView? {
        guard let deal = reconstructedDeal(), !deal.isOver, deal.currentSeat == seat else {
            return nil
        }
        return deal.view(for: seat)
    }

    /// The deal at a checkpoint with the given hands (as they are at that point); nil when
    /// the snapshot's position cannot be a Big Two position.
    static func startingDeal(_ checkpoint: Checkpoint, hands: [CardSet], options: BigTwoOptions)
        -> BigTwoDeal?
    {
        guard let position = checkpoint.position else {
            return BigTwoDeal(hands: hands, options: options)
        }
        guard hands.indices.contains(position.currentSeat) else { return nil }
        let rules = BigTwoRules(options: options)
        var tablePlay: Combination?
        if let cards = position.tablePlay, !cards.isEmpty {
            guard let combo = rules.classify(CardSet(cards)), position.tableSeat != nil else {
                return nil
            }
            tablePlay = combo
        }
        var mask: UInt8 = 0
        for passed in position.passed where hands.indices.contains(passed) {
            mask |= 1 << UInt8(passed)
        }
        return BigTwoDeal(
            hands: hands, options: options, currentSeat: position.currentSeat,
            tablePlay: tablePlay, tableSeat: position.tableSeat, passedMask: mask,
            playedCards: CardSet(position.played))
    }

    /// Why a replay failed.
    struct ReplayError: Error {
        let reason: String
    }

    /// Replays the steps from `start`. When `checking`, every turn, trick and cards-left
    /// figure must agree with the replay.
    static func replay(_ steps: [Step], from start: BigTwoDeal, checking: Bool)
        throws(ReplayError) -> BigTwoDeal
    {
        var deal = start
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
