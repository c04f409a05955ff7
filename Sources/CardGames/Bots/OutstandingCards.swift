/// What a seat can infer about the cards still out (in opponents' hands): for each of its
/// combinations, how many combinations that could beat it might be out there.
///
/// Built from a seat view only: the cards out are those neither in the seat's hand nor played.
struct OutstandingCards {
    let rules: BigTwoRules
    /// The cards held by opponents, all together.
    let cards: CardSet
    /// The largest number of cards any opponent holds.
    let maxOpponentCards: Int
    /// Bit `s` set when the single of strength `s` is out.
    private let byStrength: UInt64
    /// The number of cards out of each rank.
    private let rankCounts: [Int]
    /// True when a four of a kind may be out (a bomb, or a five-card threat).
    private let quadOut: Bool
    /// Ranks of which at least three are out, and of which at least two are out (bit per rank).
    private let tripleRanks: UInt16, pairRanks: UInt16

    /// What `view`'s seat knows of the cards out.
    init(view: BigTwoSeatView) {
        let out = CardSet.fullDeck.subtracting(view.hand).subtracting(view.playedCards)
        var opponents = 0
        for seat in 0..<view.seatCount where seat != view.seat {
            opponents = max(opponents, view.cardCounts[seat])
        }
        self.init(rules: view.rules, cards: out, maxOpponentCards: opponents)
    }

    /// Knowledge of exactly these cards out, with opponents holding at most
    /// `maxOpponentCards` each.
    init(rules: BigTwoRules, cards: CardSet, maxOpponentCards: Int) {
        self.rules = rules
        self.cards = cards
        self.maxOpponentCards = maxOpponentCards
        var byStrength: UInt64 = 0
        var counts = [Int](repeating: 0, count: 13)
        for card in cards {
            byStrength |= 1 << UInt64(rules.options.strength(of: card))
            counts[card.rank.rawValue] += 1
        }
        self.byStrength = byStrength
        rankCounts = counts
        var triples: UInt16 = 0, pairs: UInt16 = 0
        for rank in 0..<13 {
            if counts[rank] >= 3 { triples |= 1 << UInt16(rank) }
            if counts[rank] >= 2 { pairs |= 1 << UInt16(rank) }
        }
        tripleRanks = triples
        pairRanks = pairs
        quadOut = counts.contains(4)
    }

    /// How many combinations that beat `combo` may be out: an estimate that counts each rank,
    /// run or kind that could beat it once. Zero means nothing out can beat it.
    func threats(to combo: Combination) -> Int {
        let size = combo.kind.size
        guard maxOpponentCards >= size else {
            return bombThreat(size: size, against: combo.kind)
        }
        let rank = combo.cards.highest!.rank.rawValue
        switch combo.kind {
        case .single:
            let above = combo.strength >= 63 ? 0 : byStrength >> UInt64(combo.strength + 1)
            return above.nonzeroBitCount + bombThreat(size: 1, against: .single)
        case .pair:
            var count = (pairRanks >> UInt16(rank + 1)).nonzeroBitCount
            if rankCounts[rank] >= 2, let top = highestOut(of: rank),
                rules.options.strength(of: top) > combo.strength
            {
                count += 1
            }
            return count + bombThreat(size: 2, against: .pair)
        case .triple:
            let count = (tripleRanks >> UInt16(rank + 1)).nonzeroBitCount
            return count + bombThreat(size: 3, against: .triple)
        default:
            return fiveCardThreats(to: combo)
        }
    }

    /// A bomb may beat a smaller combination when bombs are on and some opponent could hold one.
    private func bombThreat(size: Int, against kind: ComboKind) -> Int {
        guard size < 5, rules.options.bombs, maxOpponentCards >= 5, quadOut else { return 0 }
        return 1
    }

    private func highestOut(of rank: Int) -> Card? {
        cards.cards(of: Rank(rawValue: rank)!).max {
            rules.options.strength(of: $0) < rules.options.strength(of: $1)
        }
    }

    /// Threats to a five-card hand: higher hands of its kind, then every higher kind that the
    /// cards out could form.
    private func fiveCardThreats(to combo: Combination) -> Int {
        var count = 0
        let hasFlush = suitsWithFive() != 0
        let hasFullHouse = tripleRanks != 0 && (pairRanks & ~lowestBit(tripleRanks)) != 0
        switch combo.kind {
        case .straight:
            count += higherStraights(than: combo)
            count += (hasFlush ? 1 : 0) + (hasFullHouse ? 1 : 0) + (quadOut ? 1 : 0)
        case .flush:
            count += higherFlushes(than: combo)
            count += (hasFullHouse ? 1 : 0) + (quadOut ? 1 : 0)
        case .fullHouse:
            let rank = combo.strength
            count += (tripleRanks >> UInt16(rank + 1)).nonzeroBitCount > 0 && pairRanks != 0 ? 1 : 0
            count += quadOut ? 1 : 0
        case .fourOfAKind:
            for rank in (combo.strength + 1)..<13 where rankCounts[rank] == 4 { count += 1 }
        default:
            break
        }
        return count
    }

    private func lowestBit(_ mask: UInt16) -> UInt16 { mask & (0 &- mask) }

    private func suitsWithFive() -> Int {
        var suits = 0
        for suit in 0..<4 {
            let mask: UInt64 = 0x1111_1111_1111_1 << UInt64(suit)
            if (cards.bits & mask).nonzeroBitCount >= 5 { suits |= 1 << suit }
        }
        return suits
    }

    private func higherStraights(than combo: Combination) -> Int {
        let order = combo.strength / 4
        var count = 0
        for run in rules.straights.runs where run.order >= order {
            guard run.ranks.allSatisfy({ rankCounts[$0.rawValue] > 0 }) else { continue }
            if run.order > order {
                count += 1
            } else if let top = highestOut(of: run.top.rawValue),
                run.order * 4 + rules.options.suitRank(top.suit) > combo.strength
            {
                count += 1
            }
        }
        return count
    }

    private func higherFlushes(than combo: Combination) -> Int {
        let suits = suitsWithFive()
        guard suits != 0 else { return 0 }
        let ours = rules.options.suitRank(combo.cards.lowest!.suit)
        var count = 0
        for suit in Suit.allCases where suits & (1 << suit.rawValue) != 0 {
            let theirs = rules.options.suitRank(suit)
            switch rules.options.flushOrder {
            case .suitFirst: if theirs > ours { count += 1 }
            case .rankFirst: count += 1
            }
        }
        return count
    }
}
