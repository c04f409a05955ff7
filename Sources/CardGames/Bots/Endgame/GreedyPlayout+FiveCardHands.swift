/// Five-card hands found from a hand's bits, for the greedy play-out: each finder picks the
/// cards the move generator lists first, or says that there is nothing to find.
extension GreedyPlayout {
    /// False when `cards` surely hold no five-card hand: no suit with five cards, no rank with
    /// three and another with two, no four of a kind with a fifth card, and no straight's five
    /// ranks.
    func mayHoldFive(_ cards: UInt64) -> Bool {
        if mayHoldFlush(cards) { return true }
        let nibbles: UInt64 = 0x1111_1111_1111_1
        var counts = cards - ((cards >> 1) & (nibbles * 5))
        counts = (counts & (nibbles * 3)) + ((counts >> 2) & (nibbles * 3))
        // Each nibble of `counts` holds the cards of its rank (0 to 4); adding 8 - k sets the
        // nibble's top bit exactly when it holds k or more.
        let twos = ((counts + nibbles * 6) >> 3) & nibbles
        let threes = ((counts + nibbles * 5) >> 3) & nibbles
        let fours = ((counts + nibbles * 4) >> 3) & nibbles
        if threes != 0 && twos.nonzeroBitCount > 1 { return true }
        if fours != 0 && cards.nonzeroBitCount >= 5 { return true }
        let present = ((counts + nibbles * 7) >> 3) & nibbles
        guard present.nonzeroBitCount >= 5 else { return false }
        var ranks: UInt16 = 0
        for rank in 0..<13 where (present >> UInt64(rank * 4)) & 1 != 0 {
            ranks |= 1 << UInt16(rank)
        }
        return rules.straights.runs.contains { ranks & $0.rankMask == $0.rankMask }
    }

    /// The lowest straight in `cards` stronger than `strength` (-1: any), as the move generator
    /// would list it first: the top card the lowest that beats, and the lowest card of each
    /// other rank. Nil when there is none, or when those cards would form a straight flush
    /// (then the generator decides).
    func lowestStraight(in cards: UInt64, above strength: Int) -> Combination? {
        var present: UInt16 = 0
        for rank in 0..<13 where (cards >> UInt64(rank * 4)) & 0xF != 0 {
            present |= 1 << UInt16(rank)
        }
        for run in rules.straights.runs where present & run.rankMask == run.rankMask {
            let top = run.top.rawValue
            let topSuits = (cards >> UInt64(top * 4)) & 0xF
            var rest: UInt64 = 0
            var restSuits: UInt64 = 0
            for rank in run.ranks where rank != run.top {
                let suits = (cards >> UInt64(rank.rawValue * 4)) & 0xF
                let lowest = suits & (0 &- suits)
                rest |= lowest << UInt64(rank.rawValue * 4)
                restSuits |= lowest
            }
            for position in 0..<4 where run.order * 4 + position > strength {
                let suit = suitAt(position)
                guard topSuits & (1 << UInt64(suit)) != 0 else { continue }
                guard restSuits != 1 << UInt64(suit) else { return nil }
                let bits = rest | 1 << UInt64(top * 4 + suit)
                return Combination(
                    kind: .straight, cards: CardSet(bits: bits), strength: run.order * 4 + position)
            }
        }
        return nil
    }

    /// The lowest full house in `cards` whose triple ranks above `rank` (-1: any), as the move
    /// generator lists it first: the three lowest cards of the triple's rank and the two lowest
    /// of the lowest other rank holding two.
    func fullHouse(in cards: UInt64, above rank: Int) -> Combination? {
        var tripleRank = rank
        while let three = triple(in: cards, above: tripleRank) {
            tripleRank = three.strength
            for pairRank in 0..<13 where pairRank != tripleRank {
                let suits = (cards >> UInt64(pairRank * 4)) & 0xF
                guard suits.nonzeroBitCount >= 2 else { continue }
                let first = suits & (0 &- suits)
                let second = (suits ^ first) & (0 &- (suits ^ first))
                let bits = three.cards.bits | (first | second) << UInt64(pairRank * 4)
                return Combination(
                    kind: .fullHouse, cards: CardSet(bits: bits), strength: tripleRank)
            }
        }
        return nil
    }

    /// True when some suit has five cards in `cards` (a flush or straight flush may be there).
    func mayHoldFlush(_ cards: UInt64) -> Bool {
        let suitMask: UInt64 = 0x1111_1111_1111_1
        for suit in 0..<4 where (cards & (suitMask << UInt64(suit))).nonzeroBitCount >= 5 {
            return true
        }
        return false
    }

    /// True when `cards` hold all four of some rank.
    func ranksOfFour(in cards: UInt64) -> Bool {
        for rank in 0..<13 where (cards >> UInt64(rank * 4)) & 0xF == 0xF { return true }
        return false
    }
}
