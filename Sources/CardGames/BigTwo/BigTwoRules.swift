/// The Big Two rules under one set of options: classifies cards into combinations and decides
/// which combination may follow which.
public struct BigTwoRules: Sendable {
    /// The options these rules apply.
    public let options: BigTwoOptions
    /// The straights of the options' straight rule: a shared table, looked up rather than
    /// stored, so that copying the rules (done constantly during move generation) costs
    /// no reference counting.
    var straights: StraightTable { StraightTable.table(for: options.straights) }

    /// Rules for the given options.
    public init(options: BigTwoOptions = .standard) {
        self.options = options
    }

    /// The combination formed by exactly these cards, or nil when they form none.
    public func classify(_ cards: CardSet) -> Combination? {
        switch cards.count {
        case 1:
            let card = cards.lowest!
            return Combination(kind: .single, cards: cards, strength: options.strength(of: card))
        case 2, 3:
            let low = cards.lowest!, high = cards.highest!
            guard low.rank == high.rank else { return nil }
            if cards.count == 2 {
                let strength = low.rank.rawValue * 4
                    + max(options.suitRank(low.suit), options.suitRank(high.suit))
                return Combination(kind: .pair, cards: cards, strength: strength)
            }
            return Combination(kind: .triple, cards: cards, strength: low.rank.rawValue)
        case 5:
            return classifyFive(cards)
        default:
            return nil
        }
    }

    private func classifyFive(_ cards: CardSet) -> Combination? {
        var rankMask: UInt16 = 0
        var suitMask = 0
        var rankCounts: UInt64 = 0  // four bits per rank
        for card in cards {
            let rank = card.rank.rawValue
            rankMask |= 1 << UInt16(rank)
            suitMask |= 1 << card.suit.rawValue
            rankCounts += 1 << UInt64(rank * 4)
        }
        let oneSuit = suitMask.nonzeroBitCount == 1
        switch rankMask.nonzeroBitCount {
        case 5:
            if let run = straights.run(forRankMask: rankMask) {
                let top = cards.cards(of: run.top).lowest!
                let strength = run.order * 4 + options.suitRank(top.suit)
                return Combination(
                    kind: oneSuit ? .straightFlush : .straight, cards: cards, strength: strength)
            }
            guard oneSuit else { return nil }
            return Combination(kind: .flush, cards: cards, strength: flushStrength(cards))
        case 2:
            var rank = 0
            while (rankCounts >> UInt64(rank * 4)) & 0xF < 3 { rank += 1 }
            let count = (rankCounts >> UInt64(rank * 4)) & 0xF
            return Combination(
                kind: count == 4 ? .fourOfAKind : .fullHouse, cards: cards, strength: rank)
        default:
            return nil
        }
    }

    /// Orders flushes: by suit, then the ranks from the highest down (or ranks first).
    private func flushStrength(_ cards: CardSet) -> Int {
        var ranks = 0
        var rest = cards
        while let highest = rest.highest {
            ranks = ranks << 4 | highest.rank.rawValue
            rest.remove(highest)
        }
        let suit = options.suitRank(cards.lowest!.suit)
        switch options.flushOrder {
        case .suitFirst: return suit << 20 | ranks
        case .rankFirst: return ranks << 2 | suit
        }
    }

    /// Why a combination may not follow the one on the table.
    public enum FollowFailure: Sendable, Equatable {
        /// The play has a different number of cards and is not an allowed bomb.
        case wrongSize(expected: Int)
        /// The play has the right size but is not higher.
        case doesNotBeat
    }

    /// Nil when `play` may follow `current` (or when leading, `current` nil); otherwise why not.
    @inline(__always)
    public func followFailure(_ play: Combination, over current: Combination?) -> FollowFailure? {
        guard let current else { return nil }
        let size = play.kind.size, currentSize = current.kind.size
        if size == currentSize {
            if play.kind != current.kind {
                return play.kind > current.kind ? nil : .doesNotBeat
            }
            return play.strength > current.strength ? nil : .doesNotBeat
        }
        if options.bombs && play.kind.isBomb && currentSize < 5 { return nil }
        return .wrongSize(expected: currentSize)
    }

    /// True when `play` may be played over `current` (any legal play may lead).
    @inline(__always)
    public func canFollow(_ play: Combination, over current: Combination?) -> Bool {
        followFailure(play, over: current) == nil
    }

    /// Compares two combinations: true when `a` beats `b` by the rules of following.
    public func beats(_ a: Combination, _ b: Combination) -> Bool { canFollow(a, over: b) }
}
