/// Splits a hand into combinations so as to need as few losing turns as possible.
///
/// Five-card hands are the only choices that change how the rest groups, so the planner tries
/// every way of setting aside none, one or two disjoint five-card hands, and groups the rest by
/// rank into triples, pairs and singles. Each combination costs in proportion to the
/// combinations still out that could beat it (`OutstandingCards`), with no cap: a combination
/// that many could beat is likely to lose its trick and then to stay stuck, so it costs more
/// than one that only a few could beat, however many there are.
struct HandPlanner {
    let rules: BigTwoRules
    let outstanding: OutstandingCards
    /// Threats that cost as much as one losing turn. Capping the cost at one turn (the cost
    /// of a combination that is sure to lose) made the smart bot win fewer deals in
    /// simulation, against random and greedy bots alike.
    static let threatsPerTurn = 8.0
    /// Extra cost of a single: singles are the easiest combination to beat and to block.
    static let singlePenalty = 0.15

    /// The cost of one combination: its threats over `threatsPerTurn`, plus the single's
    /// penalty. A combination nothing out can beat costs nothing (a single still pays the
    /// penalty).
    func cost(of combo: Combination) -> Double {
        let threats = Double(outstanding.threats(to: combo))
        return threats / HandPlanner.threatsPerTurn
            + (combo.kind == .single ? HandPlanner.singlePenalty : 0)
    }

    /// The cost of a set of combinations, as the cards out stand now.
    func cost(of combos: [Combination]) -> Double {
        combos.reduce(0) { $0 + cost(of: $1) }
    }

    /// The cheapest plan for `hand`.
    func plan(_ hand: CardSet) -> HandPlan {
        guard !hand.isEmpty else { return HandPlan(combos: [], cost: 0) }
        let groups = GroupCosts(planner: self, hand: hand)
        let fives = fiveCardCandidates(hand)
        let costs = fives.map { cost(of: $0) }
        var bestCost = groups.cost(of: hand.bits)
        var best: (Int, Int) = (-1, -1)
        for i in fives.indices {
            let first = fives[i].cards.bits
            let rest = hand.bits & ~first
            let single = costs[i] + groups.cost(of: rest)
            if single < bestCost {
                bestCost = single
                best = (i, -1)
            }
            guard rest.nonzeroBitCount >= 5 else { continue }
            for j in (i + 1)..<fives.count where fives[j].cards.bits & first == 0 {
                let total = costs[i] + costs[j] + groups.cost(of: rest & ~fives[j].cards.bits)
                if total < bestCost {
                    bestCost = total
                    best = (i, j)
                }
            }
        }
        var combos: [Combination] = []
        var rest = hand
        for index in [best.0, best.1] where index >= 0 {
            combos.append(fives[index])
            rest.subtract(fives[index].cards)
        }
        combos += groupByRank(rest)
        return HandPlan(combos: combos, cost: bestCost)
    }

    /// The cards left after the five-card hands, grouped by rank: a triple, a pair, a single,
    /// or two pairs from four of a rank.
    func groupByRank(_ cards: CardSet) -> [Combination] {
        var combos: [Combination] = []
        for rank in Rank.allCases {
            let ofRank = cards.cards(of: rank)
            switch ofRank.count {
            case 0: continue
            case 4:
                let bits = ofRank.bits
                let first = bits & (0 &- bits)
                let second = (bits ^ first) & (0 &- (bits ^ first))
                let low = first | second
                combos.append(rules.classify(CardSet(bits: low))!)
                combos.append(rules.classify(CardSet(bits: bits & ~low))!)
            default:
                combos.append(rules.classify(ofRank)!)
            }
        }
        return combos
    }

    /// Five-card hands worth considering: one straight per run (plus each straight flush),
    /// flushes from the lowest seven cards of a suit, each full house by its two ranks, and
    /// each four of a kind by its kicker's rank.
    func fiveCardCandidates(_ hand: CardSet) -> [Combination] {
        var result: [Combination] = []
        let options = rules.options
        func lowestOf(_ cards: CardSet, count: Int) -> CardSet {
            var chosen = CardSet()
            for card in cards.sorted(by: { options.strength(of: $0) < options.strength(of: $1) })
            where chosen.count < count {
                chosen.insert(card)
            }
            return chosen
        }
        for run in rules.straights.runs {
            guard run.ranks.allSatisfy({ !hand.cards(of: $0).isEmpty }) else { continue }
            var plain = CardSet()
            for rank in run.ranks {
                let ofRank = hand.cards(of: rank)
                let pick = rank == run.top
                    ? ofRank.max { options.strength(of: $0) < options.strength(of: $1) }!
                    : ofRank.min { options.strength(of: $0) < options.strength(of: $1) }!
                plain.insert(pick)
            }
            result.append(rules.classify(plain)!)
            for suit in Suit.allCases {
                let flush = CardSet(run.ranks.map { Card($0, suit) })
                if hand.isSuperset(of: flush) && flush != plain {
                    result.append(rules.classify(flush)!)
                }
            }
        }
        for suit in Suit.allCases {
            let suitCards = CardSet(bits: hand.bits & (0x1111_1111_1111_1 << UInt64(suit.rawValue)))
            guard suitCards.count >= 5 else { continue }
            let pool = lowestOf(suitCards, count: 7)
            forEachSubset(of: pool.bits, size: 5) { bits in
                let combo = rules.classify(CardSet(bits: bits))!
                if combo.kind == .flush { result.append(combo) }
            }
        }
        for triple in Rank.allCases where hand.cards(of: triple).count >= 3 {
            let three = lowestOf(hand.cards(of: triple), count: 3)
            for pair in Rank.allCases where pair != triple && hand.cards(of: pair).count >= 2 {
                let two = lowestOf(hand.cards(of: pair), count: 2)
                result.append(rules.classify(three.union(two))!)
            }
        }
        for quad in Rank.allCases where hand.cards(of: quad).count == 4 {
            for kicker in Rank.allCases where kicker != quad && !hand.cards(of: kicker).isEmpty {
                let one = lowestOf(hand.cards(of: kicker), count: 1)
                result.append(rules.classify(hand.cards(of: quad).union(one))!)
            }
        }
        return result
    }
}

/// The cost of grouping any subset of one hand by rank, from tables built once per hand.
private struct GroupCosts {
    /// Cost of each card of the hand as a single, by card index.
    var single = [Double](repeating: 0, count: 52)
    /// Cost of a pair of each rank, built from the hand's two strongest cards of the rank.
    var pair = [Double](repeating: 0, count: 13)
    /// Cost of a triple of each rank.
    var triple = [Double](repeating: 0, count: 13)

    init(planner: HandPlanner, hand: CardSet) {
        let rules = planner.rules
        let options = rules.options
        for card in hand {
            single[Int(card.index)] = planner.cost(of: rules.classify(CardSet([card]))!)
        }
        for rank in Rank.allCases {
            let ofRank = hand.cards(of: rank)
            guard ofRank.count >= 2 else { continue }
            let strongest = ofRank.sorted { options.strength(of: $0) > options.strength(of: $1) }
            pair[rank.rawValue] = planner.cost(of: rules.classify(CardSet(strongest.prefix(2)))!)
            if ofRank.count >= 3 {
                let three = CardSet(strongest.prefix(3))
                triple[rank.rawValue] = planner.cost(of: rules.classify(three)!)
            }
        }
    }

    /// The cost of the cards `bits` grouped by rank.
    func cost(of bits: UInt64) -> Double {
        var total = 0.0
        var rest = bits
        while rest != 0 {
            let rank = rest.trailingZeroBitCount >> 2
            let nibble = (rest >> UInt64(rank * 4)) & 0xF
            rest &= ~(0xF << UInt64(rank * 4))
            switch nibble.nonzeroBitCount {
            case 1: total += single[rank * 4 + nibble.trailingZeroBitCount]
            case 2: total += pair[rank]
            case 3: total += triple[rank]
            default: total += 2 * pair[rank]
            }
        }
        return total
    }
}
