extension BigTwoRules {
    /// Every combination in `hand` that may be played now: over `current` (nil when leading),
    /// containing `mustInclude` when given. Agrees exactly with `classify` + `canFollow`.
    ///
    /// When `firstLeadSingle` is on and `mustInclude` is given, only that card as a single is
    /// returned.
    public func legalPlays(hand: CardSet, over current: Combination?, mustInclude: Card? = nil)
        -> [Combination]
    {
        var plays: [Combination] = []
        if let required = mustInclude, options.firstLeadSingle {
            if hand.contains(required), let single = classify(CardSet([required])) {
                plays.append(single)
            }
            return plays
        }
        let sizes: [Int]
        if let current {
            let size = current.kind.size
            sizes = options.bombs && size < 5 ? [size, 5] : [size]
        } else {
            sizes = [1, 2, 3, 5]
        }
        var generator = CombinationEnumerator(rules: self, hand: hand)
        for size in sizes {
            generator.forEach(size: size, minimumKind: minimumKind(size: size, over: current)) {
                combo in
                if let required = mustInclude, !combo.cards.contains(required) { return }
                if canFollow(combo, over: current) { plays.append(combo) }
            }
        }
        return plays
    }

    /// Every combination the hand holds, whatever is on the table.
    public func allCombinations(in hand: CardSet) -> [Combination] {
        var combos: [Combination] = []
        var generator = CombinationEnumerator(rules: self, hand: hand)
        for size in [1, 2, 3, 5] {
            generator.forEach(size: size, minimumKind: .single) { combos.append($0) }
        }
        return combos
    }

    private func minimumKind(size: Int, over current: Combination?) -> ComboKind {
        guard let current else { return .single }
        if current.kind.size == size { return current.kind }
        return .fourOfAKind  // only bombs can beat a smaller combination
    }
}

/// Enumerates the combinations a hand holds, kind by kind, without trying every subset.
struct CombinationEnumerator {
    let rules: BigTwoRules
    let hand: CardSet

    init(rules: BigTwoRules, hand: CardSet) {
        self.rules = rules
        self.hand = hand
    }

    /// The hand's cards of `rank` (its raw value), as a 4-bit suit mask.
    @inline(__always)
    private func byRank(_ rank: Int) -> UInt64 { (hand.bits >> UInt64(rank * 4)) & 0xF }

    /// Calls `body` with each combination of `size` cards of kind at least `minimumKind`.
    mutating func forEach(size: Int, minimumKind: ComboKind, _ body: (Combination) -> Void) {
        switch size {
        case 1:
            for card in hand { body(rules.classify(CardSet(bits: 1 << UInt64(card.index)))!) }
        case 2, 3:
            for rank in 0..<13 where byRank(rank).nonzeroBitCount >= size {
                forEachSubset(of: byRank(rank), size: size) { nibble in
                    body(rules.classify(CardSet(bits: nibble << UInt64(rank * 4)))!)
                }
            }
        case 5:
            straights(body)
            if minimumKind <= .flush { flushes(body) }
            if minimumKind <= .fullHouse { fullHouses(body) }
            if minimumKind <= .fourOfAKind { quads(body) }
        default:
            break
        }
    }

    /// Straights and straight flushes.
    private func straights(_ body: (Combination) -> Void) {
        for run in rules.straights.runs {
            guard run.ranks.allSatisfy({ byRank($0.rawValue) != 0 }) else { continue }
            var chosen: UInt64 = 0
            product(run.ranks[...], chosen: &chosen) { bits in
                body(rules.classify(CardSet(bits: bits))!)
            }
        }
    }

    private func product(_ ranks: ArraySlice<Rank>, chosen: inout UInt64, _ body: (UInt64) -> Void)
    {
        guard let rank = ranks.first else {
            body(chosen)
            return
        }
        var suits = byRank(rank.rawValue)
        while suits != 0 {
            let bit = suits & (0 &- suits)
            suits &= suits - 1
            let card = bit << UInt64(rank.rawValue * 4)
            chosen |= card
            product(ranks.dropFirst(), chosen: &chosen, body)
            chosen &= ~card
        }
    }

    /// Flushes that are not straight flushes.
    private func flushes(_ body: (Combination) -> Void) {
        for suit in 0..<4 {
            let suitCards = hand.bits & (0x1111_1111_1111_1 << UInt64(suit))
            guard suitCards.nonzeroBitCount >= 5 else { continue }
            forEachSubset(of: suitCards, size: 5) { bits in
                let combo = rules.classify(CardSet(bits: bits))!
                if combo.kind == .flush { body(combo) }
            }
        }
    }

    private func fullHouses(_ body: (Combination) -> Void) {
        for triple in 0..<13 where byRank(triple).nonzeroBitCount >= 3 {
            for pair in 0..<13 where pair != triple && byRank(pair).nonzeroBitCount >= 2 {
                forEachSubset(of: byRank(triple), size: 3) { t in
                    forEachSubset(of: byRank(pair), size: 2) { p in
                        let bits = t << UInt64(triple * 4) | p << UInt64(pair * 4)
                        body(rules.classify(CardSet(bits: bits))!)
                    }
                }
            }
        }
    }

    private func quads(_ body: (Combination) -> Void) {
        for rank in 0..<13 where byRank(rank) == 0xF {
            let quad: UInt64 = 0xF << UInt64(rank * 4)
            for kicker in hand.subtracting(CardSet(bits: quad)) {
                let bits = quad | 1 << UInt64(kicker.index)
                body(rules.classify(CardSet(bits: bits))!)
            }
        }
    }
}

/// Calls `body` with every subset of `mask` holding exactly `size` bits, in lexicographic
/// order of their bit positions (lowest bits first), without allocating: it runs in the move
/// generator's inner loops.
@inline(__always)
func forEachSubset(of mask: UInt64, size: Int, _ body: (UInt64) -> Void) {
    guard size >= 0, mask.nonzeroBitCount >= size else { return }
    forEachSubset(of: mask, size: size, chosen: 0, body)
}

/// The subsets of `rest` with `size` bits, each joined to `chosen`.
private func forEachSubset(
    of rest: UInt64, size: Int, chosen: UInt64, _ body: (UInt64) -> Void
) {
    guard size > 0 else {
        body(chosen)
        return
    }
    var rest = rest
    while rest.nonzeroBitCount >= size {
        let bit = rest & (0 &- rest)
        rest &= rest - 1
        forEachSubset(of: rest, size: size - 1, chosen: chosen | bit, body)
    }
}
