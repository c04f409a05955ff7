/// A Big Two position played to its end with every seat playing like `GreedyBot`, on bit sets.
///
/// The play-out of `EndgameSearch`: many times cheaper than a `BigTwoDeal` with bots, since it
/// builds no views and lists no legal plays. Singles, pairs and triples are found from the
/// hands' bits directly; five-card hands (rare once a seat is low on cards) come from the
/// rules' move generator. Under the Hong Kong suit order it picks exactly the cards
/// `GreedyBot` picks; under another suit order it may pick other cards of the same strength.
/// The last-card rule's liability is not tracked: the winner is what a play-out decides.
struct GreedyPlayout {
    let rules: BigTwoRules
    /// Each seat's cards, by card index bits (seats past `seatCount` hold none).
    private var hands: (UInt64, UInt64, UInt64, UInt64)
    let seatCount: Int
    /// The seat to move.
    private(set) var current: Int
    /// The combination to beat, or nil when `current` leads.
    private(set) var table: Combination?
    private var tableSeat: Int
    private var passed: UInt8
    /// Seats known to hold no five-card hand: one that holds none never will.
    private var noFives: UInt8 = 0
    /// The seat that went out, once one has.
    private(set) var winner: Int?
    /// True when clubs rank below diamonds (the Taiwanese suit order).
    private let clubsLow: Bool

    /// The public position of `view` with every seat holding its entry of `hands`.
    init(view: BigTwoSeatView, hands: [CardSet]) {
        rules = view.rules
        seatCount = hands.count
        func bits(_ seat: Int) -> UInt64 { seat < hands.count ? hands[seat].bits : 0 }
        self.hands = (bits(0), bits(1), bits(2), bits(3))
        current = view.currentSeat
        table = view.tablePlay
        tableSeat = view.tablePlay == nil ? -1 : view.tableSeat ?? -1
        passed = view.passedMask
        clubsLow = rules.options.suitOrder != .hongKong
        for seat in 0..<seatCount where !mayHoldFive(hand(seat)) { noFives |= 1 << UInt8(seat) }
    }

    /// The cards `seat` holds.
    func hand(_ seat: Int) -> UInt64 {
        switch seat {
        case 0: hands.0
        case 1: hands.1
        case 2: hands.2
        default: hands.3
        }
    }

    private mutating func remove(_ cards: UInt64, from seat: Int) {
        switch seat {
        case 0: hands.0 &= ~cards
        case 1: hands.1 &= ~cards
        case 2: hands.2 &= ~cards
        default: hands.3 &= ~cards
        }
    }

    /// Makes `play` (a combination `current` holds that may follow the table), or passes when
    /// nil.
    mutating func move(_ play: Combination?) {
        let seat = current
        if let play {
            remove(play.cards.bits, from: seat)
            if hand(seat) == 0 {
                winner = seat
                return
            }
            table = play
            tableSeat = seat
        } else {
            passed |= 1 << UInt8(seat)
        }
        var next = seat
        while true {
            next = next == seatCount - 1 ? 0 : next + 1
            if next == tableSeat {
                table = nil
                tableSeat = -1
                passed = 0
                current = next
                return
            }
            if rules.options.passLocksOut && passed & (1 << UInt8(next)) != 0 { continue }
            current = next
            return
        }
    }

    /// Plays greedily until a seat goes out, or `limit` moves have been made; the winner.
    mutating func finish(limit: Int = 400) -> Int? {
        var moves = 0
        while winner == nil && moves < limit {
            move(greedyPlay())
            moves += 1
        }
        return winner
    }

    /// The score of `seat` at the end, under the table's scoring (0 if no seat went out).
    func score(of seat: Int) -> Int {
        guard let winner else { return 0 }
        let scoring = rules.options.scoring
        func penalty(_ seat: Int) -> Int {
            BigTwoDealResult.penalty(cardsLeft: hand(seat).nonzeroBitCount, scoring: scoring)
        }
        guard seat == winner else { return -penalty(seat) }
        var total = 0
        for other in 0..<seatCount where other != seat { total += penalty(other) }
        return total
    }

    /// The move `GreedyBot` makes for `current`: the lowest play of the table's size, then a
    /// bomb; when leading, a five-card hand, triple, pair or single, the lowest of the first
    /// size the hand holds.
    mutating func greedyPlay() -> Combination? {
        let cards = hand(current)
        guard let table else {
            if cards.nonzeroBitCount >= 5, let five = lowestFive(over: nil) { return five }
            return triple(in: cards, above: -1) ?? pair(in: cards, above: -1)
                ?? single(in: cards, above: -1)
        }
        let same: Combination? =
            switch table.kind {
            case .single: single(in: cards, above: table.strength)
            case .pair: pair(in: cards, above: table.strength)
            case .triple: triple(in: cards, above: table.strength)
            default: cards.nonzeroBitCount >= 5 ? lowestFive(over: table) : nil
            }
        if let same { return same }
        guard rules.options.bombs, table.kind.size < 5, cards.nonzeroBitCount >= 5 else {
            return nil
        }
        return lowestFive(over: table)
    }

    /// The suit at `position` in the suit order (0 lowest).
    @inline(__always)
    func suitAt(_ position: Int) -> Int {
        clubsLow && position < 2 ? 1 - position : position
    }

    /// The lowest single in `cards` stronger than `strength` (-1: any).
    private func single(in cards: UInt64, above strength: Int) -> Combination? {
        if !clubsLow {
            let above = strength < 0 ? cards : cards & ~((2 << UInt64(strength)) &- 1)
            guard above != 0 else { return nil }
            let index = above.trailingZeroBitCount
            return Combination(
                kind: .single, cards: CardSet(bits: 1 << UInt64(index)), strength: index)
        }
        for rank in max(0, strength >> 2)..<13 {
            let suits = (cards >> UInt64(rank * 4)) & 0xF
            guard suits != 0 else { continue }
            for position in 0..<4 where rank * 4 + position > strength {
                let suit = suitAt(position)
                if suits & (1 << UInt64(suit)) != 0 {
                    return Combination(
                        kind: .single, cards: CardSet(bits: 1 << UInt64(rank * 4 + suit)),
                        strength: rank * 4 + position)
                }
            }
        }
        return nil
    }

    /// The lowest pair in `cards` stronger than `strength` (-1: any): its higher card the
    /// lowest that beats, with the lowest card of the rank.
    private func pair(in cards: UInt64, above strength: Int) -> Combination? {
        for rank in max(0, strength >> 2)..<13 {
            let suits = (cards >> UInt64(rank * 4)) & 0xF
            guard suits.nonzeroBitCount >= 2 else { continue }
            if !clubsLow {
                let low = suits & (0 &- suits)
                var higher = suits & ~low
                if rank * 4 <= strength { higher &= ~((2 << UInt64(strength - rank * 4)) &- 1) }
                guard higher != 0 else { continue }
                let high = higher & (0 &- higher)
                return Combination(
                    kind: .pair, cards: CardSet(bits: (low | high) << UInt64(rank * 4)),
                    strength: rank * 4 + high.trailingZeroBitCount)
            }
            var low = -1
            for position in 0..<4 {
                let suit = suitAt(position)
                guard suits & (1 << UInt64(suit)) != 0 else { continue }
                if low < 0 {
                    low = suit
                } else if rank * 4 + position > strength {
                    let bits: UInt64 = (1 << UInt64(low) | 1 << UInt64(suit)) << UInt64(rank * 4)
                    return Combination(
                        kind: .pair, cards: CardSet(bits: bits), strength: rank * 4 + position)
                }
            }
        }
        return nil
    }

    /// The lowest triple in `cards` of a rank above `rank` (-1: any): its three lowest cards.
    func triple(in cards: UInt64, above rank: Int) -> Combination? {
        for higher in (rank + 1)..<13 {
            var suits = (cards >> UInt64(higher * 4)) & 0xF
            guard suits.nonzeroBitCount >= 3 else { continue }
            if suits == 0xF { suits = 0x7 }
            return Combination(
                kind: .triple, cards: CardSet(bits: suits << UInt64(higher * 4)), strength: higher)
        }
        return nil
    }

    /// The lowest five-card hand of `current` that may follow `table` (nil: any), by kind and
    /// then strength.
    private mutating func lowestFive(over table: Combination?) -> Combination? {
        let bit: UInt8 = 1 << UInt8(current)
        guard noFives & bit == 0 else { return nil }
        let cards = hand(current)
        guard mayHoldFive(cards) else {
            noFives |= bit
            return nil
        }
        if table == nil || table?.kind == .straight,
            let straight = lowestStraight(in: cards, above: table?.strength ?? -1)
        {
            return straight
        }
        let beatenByAHouse = table.map { $0.kind.size == 5 && $0.kind <= .fullHouse } ?? true
        if beatenByAHouse, !mayHoldFlush(cards) {
            let above = table?.kind == .fullHouse ? table!.strength : -1
            if let house = fullHouse(in: cards, above: above) { return house }
            guard ranksOfFour(in: cards) else { return nil }
        }
        var enumerator = CombinationEnumerator(rules: rules, hand: CardSet(bits: cards))
        var best: Combination?
        var found = false
        enumerator.forEach(size: 5, minimumKind: .single) { combo in
            found = true
            guard rules.canFollow(combo, over: table) else { return }
            if let low = best,
                (low.kind.rawValue, low.strength) <= (combo.kind.rawValue, combo.strength)
            {
                return
            }
            best = combo
        }
        if !found { noFives |= bit }
        return best
    }
}
