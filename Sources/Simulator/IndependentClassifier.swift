import CardGames

/// A second, separate implementation of Big Two combinations, used to re-check every play the
/// engine accepts. It shares no code with the engine's classifier: it works from packed rank
/// counts and its own table of straights, so a bug in one is unlikely to hide in the other.
struct IndependentClassifier: Sendable {
    /// A combination as this checker sees it.
    struct Combo: Equatable, Sendable {
        /// 1 single, 2 pair, 3 triple, 4 straight, 5 flush, 6 full house, 7 four of a kind,
        /// 8 straight flush (the engine's `ComboKind` raw values).
        let kind: Int
        /// The number of cards.
        let size: Int
        /// Orders combinations of the same kind: higher beats lower.
        let key: UInt64

        /// True for four of a kind + 1 and straight flushes.
        var isBomb: Bool { kind == 7 || kind == 8 }
    }

    let options: BigTwoOptions
    /// Each valid straight as a mask of its five ranks (bit 0 = three … bit 12 = two), lowest
    /// straight first.
    private let runMasks: [UInt16]
    /// For each straight, the rank whose card's suit breaks ties between equal straights.
    private let tieRanks: [Int]
    /// Position of each suit (by raw value) in the tie-break order.
    private let suitPositions: [Int]

    init(options: BigTwoOptions) {
        self.options = options
        // Face values: 1 = ace low, 2 = two, 3…13, 14 = ace high; the tie card is the last face.
        func rank(face: Int) -> Int { face == 2 ? 12 : (face == 1 || face == 14 ? 11 : face - 3) }
        let aceHigh = (3...10).map { Array($0...($0 + 4)) }
        let faceRuns: [[Int]]
        switch options.straights {
        case .hongKong: faceRuns = [[1, 2, 3, 4, 5], [2, 3, 4, 5, 6]] + aceHigh
        case .threeLow: faceRuns = aceHigh + [[11, 12, 13, 14, 2]]
        case .taiwan: faceRuns = [[1, 2, 3, 4, 5]] + aceHigh + [[3, 4, 5, 6, 2]]
        }
        runMasks = faceRuns.map { $0.reduce(UInt16(0)) { $0 | 1 << UInt16(rank(face: $1)) } }
        tieRanks = faceRuns.map { rank(face: $0.last!) }
        switch options.suitOrder {
        case .hongKong: suitPositions = [0, 1, 2, 3]
        case .taiwan: suitPositions = [1, 0, 2, 3]
        }
    }

    /// The position of a suit in the tie-break order.
    func suitOrder(_ suit: Suit) -> Int { suitPositions[suit.rawValue] }

    /// The combination the cards form, or nil.
    func classify(_ cards: CardSet) -> Combo? {
        var packedCounts: UInt64 = 0
        var rankMask: UInt16 = 0
        var suits: UInt8 = 0
        var count = 0
        for card in cards {
            let rank = card.rank.rawValue
            packedCounts += 1 << UInt64(rank * 4)
            rankMask |= 1 << UInt16(rank)
            suits |= 1 << UInt8(card.suit.rawValue)
            count += 1
        }
        let distinctRanks = rankMask.nonzeroBitCount
        switch count {
        case 1, 2, 3:
            guard distinctRanks == 1 else { return nil }
            let rank = rankMask.trailingZeroBitCount
            if count == 3 { return Combo(kind: 3, size: 3, key: UInt64(rank)) }
            let key = UInt64(rank * 4 + topSuit(of: rank, in: cards))
            return Combo(kind: count, size: count, key: key)
        case 5:
            return classifyFive(cards, packedCounts, rankMask, sameSuit: suits.nonzeroBitCount == 1)
        default:
            return nil
        }
    }

    private func topSuit(of rank: Int, in cards: CardSet) -> Int {
        var best = -1
        for card in cards where card.rank.rawValue == rank { best = max(best, suitOrder(card.suit)) }
        return best
    }

    private func classifyFive(
        _ cards: CardSet, _ packedCounts: UInt64, _ rankMask: UInt16, sameSuit: Bool
    ) -> Combo? {
        var largestGroup = 0, groupRank = 0
        for rank in 0..<13 {
            let n = Int((packedCounts >> UInt64(rank * 4)) & 0xF)
            if n > largestGroup { (largestGroup, groupRank) = (n, rank) }
        }
        switch rankMask.nonzeroBitCount {
        case 2:
            return Combo(kind: largestGroup == 4 ? 7 : 6, size: 5, key: UInt64(groupRank))
        case 5:
            if let position = runMasks.firstIndex(of: rankMask) {
                let key = UInt64(position * 4 + topSuit(of: tieRanks[position], in: cards))
                return Combo(kind: sameSuit ? 8 : 4, size: 5, key: key)
            }
            guard sameSuit else { return nil }
            var rankKey: UInt64 = 0
            for rank in stride(from: 12, through: 0, by: -1) where rankMask & (1 << UInt16(rank)) != 0 {
                rankKey = rankKey << 4 | UInt64(rank)
            }
            let suit = UInt64(suitOrder(cards.first { _ in true }!.suit))
            let key = options.flushOrder == .suitFirst ? suit << 32 | rankKey : rankKey << 4 | suit
            return Combo(kind: 5, size: 5, key: key)
        default:
            return nil
        }
    }

    /// True when `play` may be played over `table` (anything may lead).
    func beats(_ play: Combo, _ table: Combo?) -> Bool {
        guard let table else { return true }
        if play.size != table.size {
            return options.bombs && play.isBomb && table.size < 5
        }
        if play.kind != table.kind { return play.size == 5 && play.kind > table.kind }
        return play.key > table.key
    }
}
