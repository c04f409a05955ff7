/// The state of one Big Two deal, from the deal to the first player going out.
///
/// A value type: every action either succeeds and returns what happened, or throws a
/// `BigTwoError` and leaves the state exactly as it was.
public struct BigTwoDeal: Sendable {
    /// The options the deal is played under.
    public var options: BigTwoOptions { rules.options }
    /// The rules the deal is played under.
    public let rules: BigTwoRules
    /// Each seat's remaining cards.
    public private(set) var hands: [CardSet]
    /// The seat whose move is awaited (meaningless once the deal is over).
    public private(set) var currentSeat: Int
    /// The combination to beat, or nil when the current seat leads a new trick.
    public private(set) var tablePlay: Combination?
    /// The seat that played `tablePlay`.
    public private(set) var tableSeat: Int?
    /// Seats that have passed since the current trick began (bit per seat).
    public private(set) var passedMask: UInt8 = 0
    /// True until the first play of the deal has been made.
    public private(set) var isFirstPlay = true
    /// The seat that went out, once the deal is over.
    public private(set) var winner: Int?
    /// Every accepted move in order.
    public private(set) var history: [BigTwoMoveRecord] = []
    /// All cards played so far.
    public private(set) var playedCards = CardSet()
    /// A last-card-rule breach waiting to see whether the protected seat goes out next.
    private var pendingLiability: (liable: Int, protected: Int)?
    /// The seat that pays all penalties under the last-card rule, once decided.
    public private(set) var liableSeat: Int?

    /// Starts a deal with the given hands (normally 4 × 13 cards, disjoint). The holder of the
    /// lowest card leads; if nobody holds it (a partial deck), seat 0 leads and nothing is
    /// required of the first play.
    public init(hands: [CardSet], options: BigTwoOptions = .standard) {
        precondition((2...4).contains(hands.count), "Big Two needs 2 to 4 seats")
        rules = BigTwoRules(options: options)
        self.hands = hands
        let lowest = options.lowestCard
        currentSeat = hands.firstIndex { $0.contains(lowest) } ?? 0
        if !hands[currentSeat].contains(lowest) { isFirstPlay = false }
    }

    /// Resumes a deal in progress from its position: the hands as they now are, the seat to
    /// act, the combination to beat and who played it, the seats that passed in the trick,
    /// and every card played so far. The history starts empty, and a last-card liability
    /// still pending at that position is not known (so it is not charged).
    public init(
        hands: [CardSet], options: BigTwoOptions = .standard, currentSeat: Int,
        tablePlay: Combination?, tableSeat: Int?, passedMask: UInt8, playedCards: CardSet
    ) {
        precondition((2...4).contains(hands.count), "Big Two needs 2 to 4 seats")
        precondition(hands.indices.contains(currentSeat), "the seat to act must be a seat")
        rules = BigTwoRules(options: options)
        self.hands = hands
        self.currentSeat = currentSeat
        self.tablePlay = tablePlay
        self.tableSeat = tablePlay == nil ? nil : tableSeat
        self.passedMask = passedMask
        self.playedCards = playedCards
        isFirstPlay = playedCards.isEmpty && hands[currentSeat].contains(options.lowestCard)
    }

    /// The number of seats.
    public var seatCount: Int { hands.count }
    /// True once a seat has gone out.
    public var isOver: Bool { winner != nil }
    /// True when the current seat leads (may play anything and may not pass).
    public var isLeading: Bool { tablePlay == nil }
    /// True when the current seat may pass.
    public var canPass: Bool { !isOver && !isLeading }
    /// The card the current play must include, during the first play of the deal.
    public var requiredCard: Card? { isFirstPlay ? options.lowestCard : nil }

    /// True when `seat` passed in the current trick and, under `passLocksOut`, may not play.
    public func hasPassed(_ seat: Int) -> Bool { passedMask & (1 << UInt8(seat)) != 0 }

    /// Every legal move of the current seat: each legal play, then pass when allowed.
    public func legalMoves() -> [BigTwoMove] {
        guard !isOver else { return [] }
        var moves = legalPlays().map { BigTwoMove.play($0.cards) }
        if canPass { moves.append(.pass) }
        return moves
    }

    /// Every combination the current seat may play now.
    public func legalPlays() -> [Combination] {
        guard !isOver else { return [] }
        return rules.legalPlays(
            hand: hands[currentSeat], over: tablePlay, mustInclude: requiredCard)
    }

    /// The result, once the deal is over.
    public var result: BigTwoDealResult? {
        guard let winner else { return nil }
        return BigTwoDealResult(
            winner: winner, cardsLeft: hands.map(\.count), scoring: options.scoring,
            liableSeat: liableSeat)
    }

    /// Applies a move by `seat`.
    @discardableResult
    public mutating func apply(_ move: BigTwoMove, by seat: Int) throws(BigTwoError)
        -> BigTwoMoveOutcome
    {
        switch move {
        case .play(let cards): try play(cards, by: seat)
        case .pass: try pass(by: seat)
        }
    }

    /// Plays cards given as a list (which may contain duplicates, rejected).
    @discardableResult
    public mutating func play(_ cards: [Card], by seat: Int) throws(BigTwoError)
        -> BigTwoMoveOutcome
    {
        let set = CardSet(cards)
        guard set.count == cards.count else {
            try checkTurn(seat)
            throw .duplicateCards
        }
        return try play(set, by: seat)
    }

    /// The combination `cards` would make if played by `seat` now, or the reason it may not.
    public func validatePlay(_ cards: CardSet, by seat: Int) throws(BigTwoError) -> Combination {
        try checkTurn(seat)
        guard !cards.isEmpty else { throw .emptyPlay }
        let missing = cards.subtracting(hands[seat])
        guard missing.isEmpty else { throw .cardsNotInHand(missing) }
        if let required = requiredCard {
            if options.firstLeadSingle && cards != CardSet([required]) {
                throw .mustLeadLowestCardAlone(required)
            }
            guard cards.contains(required) else { throw .mustIncludeLowestCard(required) }
        }
        guard let combo = rules.classify(cards) else { throw .notACombination }
        switch rules.followFailure(combo, over: tablePlay) {
        case .none: return combo
        case .wrongSize(let expected): throw .wrongSize(expected: expected)
        case .doesNotBeat: throw .doesNotBeat
        }
    }

    /// Plays a set of cards.
    @discardableResult
    public mutating func play(_ cards: CardSet, by seat: Int) throws(BigTwoError)
        -> BigTwoMoveOutcome
    {
        let combo = try validatePlay(cards, by: seat)
        let breach = breachesLastCardRule(playing: combo, seat: seat)
        settlePendingLiability(movingSeat: seat, goesOut: hands[seat] == cards)
        hands[seat].subtract(cards)
        playedCards.formUnion(cards)
        isFirstPlay = false
        tablePlay = combo
        tableSeat = seat
        let record = BigTwoMoveRecord(seat: seat, play: combo)
        history.append(record)
        if hands[seat].isEmpty {
            winner = seat
            return BigTwoMoveOutcome(
                record: record, trickWonBy: nil, lastCardBreach: breach, result: result)
        }
        if breach { pendingLiability = (seat, (seat + 1) % seatCount) }
        let trickWinner = advance(from: seat)
        return BigTwoMoveOutcome(
            record: record, trickWonBy: trickWinner, lastCardBreach: breach, result: nil)
    }

    /// Passes.
    @discardableResult
    public mutating func pass(by seat: Int) throws(BigTwoError) -> BigTwoMoveOutcome {
        try checkTurn(seat)
        guard !isLeading else { throw .cannotPassWhenLeading }
        let breach = breachesLastCardRule(playing: nil, seat: seat)
        settlePendingLiability(movingSeat: seat, goesOut: false)
        passedMask |= 1 << UInt8(seat)
        let record = BigTwoMoveRecord(seat: seat, play: nil)
        history.append(record)
        if breach { pendingLiability = (seat, (seat + 1) % seatCount) }
        let trickWinner = advance(from: seat)
        return BigTwoMoveOutcome(
            record: record, trickWonBy: trickWinner, lastCardBreach: breach, result: nil)
    }

    private func checkTurn(_ seat: Int) throws(BigTwoError) {
        guard !isOver else { throw .dealOver }
        guard (0..<seatCount).contains(seat) else { throw .invalidSeat(seat) }
        guard seat == currentSeat else { throw .notYourTurn(current: currentSeat) }
    }

    /// Moves the turn on; returns the seat that won the trick when the turn came back to it.
    private mutating func advance(from seat: Int) -> Int? {
        var next = seat
        while true {
            next = (next + 1) % seatCount
            if next == tableSeat {
                tablePlay = nil
                tableSeat = nil
                passedMask = 0
                currentSeat = next
                return next
            }
            if options.passLocksOut && hasPassed(next) { continue }
            currentSeat = next
            return nil
        }
    }

    /// Whether a move by `seat` breaks the last-card rule (when the rule is on).
    private func breachesLastCardRule(playing combo: Combination?, seat: Int) -> Bool {
        guard options.lastCardRule else { return false }
        let next = (seat + 1) % seatCount
        guard hands[next].count == 1 else { return false }
        let hand = hands[seat]
        let highest = hand.max { options.strength(of: $0) < options.strength(of: $1) }!
        if let combo {
            return combo.kind == .single && combo.cards.lowest! != highest
        }
        guard let table = tablePlay, table.kind == .single else { return false }
        return options.strength(of: highest) > table.strength
    }

    private mutating func settlePendingLiability(movingSeat: Int, goesOut: Bool) {
        guard let pending = pendingLiability else { return }
        pendingLiability = nil
        if pending.protected == movingSeat && goesOut { liableSeat = pending.liable }
    }
}

extension BigTwoDeal: Equatable {
    /// Two deals are equal when every piece of state is equal.
    public static func == (lhs: BigTwoDeal, rhs: BigTwoDeal) -> Bool {
        lhs.options == rhs.options && lhs.hands == rhs.hands
            && lhs.currentSeat == rhs.currentSeat && lhs.tablePlay == rhs.tablePlay
            && lhs.tableSeat == rhs.tableSeat && lhs.passedMask == rhs.passedMask
            && lhs.isFirstPlay == rhs.isFirstPlay && lhs.winner == rhs.winner
            && lhs.history == rhs.history && lhs.playedCards == rhs.playedCards
            && lhs.pendingLiability?.liable == rhs.pendingLiability?.liable
            && lhs.pendingLiability?.protected == rhs.pendingLiability?.protected
            && lhs.liableSeat == rhs.liableSeat
    }
}

/// What an accepted move did.
public struct BigTwoMoveOutcome: Hashable, Sendable {
    /// The move as recorded.
    public let record: BigTwoMoveRecord
    /// When the move ended a trick (everyone else passed), the seat that won it and now leads.
    public let trickWonBy: Int?
    /// True when the move broke the last-card rule.
    public let lastCardBreach: Bool
    /// The deal's result when this move ended it.
    public let result: BigTwoDealResult?
}
