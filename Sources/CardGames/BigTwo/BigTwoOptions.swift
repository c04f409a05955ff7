/// The table options of a Big Two game: every house-rule variant the engine supports.
///
/// `standard` follows the Hong Kong / pagat rules; `taiwan` the common Taiwanese rules.
public struct BigTwoOptions: Sendable, Hashable, Codable {
    /// The order of suits used to break ties between cards of equal rank.
    public enum SuitOrder: String, Sendable, Hashable, Codable, CaseIterable {
        /// ♦ < ♣ < ♥ < ♠; the holder of 3♦ leads.
        case hongKong = "hong_kong"
        /// ♣ < ♦ < ♥ < ♠; the holder of 3♣ leads.
        case taiwan
    }

    /// Which five-card runs count as straights, and their order.
    public enum StraightRule: String, Sendable, Hashable, Codable, CaseIterable {
        /// A-2-3-4-5 lowest, then 2-3-4-5-6, 3-4-5-6-7, … up to 10-J-Q-K-A; nothing wraps past A.
        case hongKong = "hong_kong"
        /// Runs in Big Two rank order: 3-4-5-6-7 lowest up to J-Q-K-A-2 highest.
        case threeLow = "three_low"
        /// A-2-3-4-5 lowest, 3-4-5-6-7 … 10-J-Q-K-A, and 2-3-4-5-6 highest; J-Q-K-A-2 invalid.
        case taiwan
    }

    /// How two flushes are compared.
    public enum FlushOrder: String, Sendable, Hashable, Codable, CaseIterable {
        /// Suit first, then the highest card, then the next, and so on.
        case suitFirst = "suit_first"
        /// Highest card first, then the next, and so on; suit last.
        case rankFirst = "rank_first"
    }

    /// How the penalty of each loser is computed from the cards left in hand.
    public enum Scoring: String, Sendable, Hashable, Codable, CaseIterable {
        /// 1 per card; 2 per card from 10 cards; 3 per card at 13 cards.
        case standard
        /// Hong Kong 炒: 1 per card under 8; ×2 from 8; ×3 from 10; ×4 at 13.
        case hongKong = "hong_kong"
        /// 1 per card.
        case flat
    }

    /// Tie-break order of suits.
    public var suitOrder: SuitOrder
    /// Which runs are straights.
    public var straights: StraightRule
    /// How flushes compare.
    public var flushOrder: FlushOrder
    /// When true, four of a kind + 1 and straight flushes may beat any single, pair or triple.
    public var bombs: Bool
    /// When true, a player who passes may not play again until the trick ends.
    public var passLocksOut: Bool
    /// The last-card rule (頂大): when the next player holds one card and you play a single, you
    /// must play your highest single, and may not pass when a single of yours beats the table;
    /// if you break it and that player goes out on the very next move, you pay every loser's
    /// penalty.
    public var lastCardRule: Bool
    /// When true, the first play of a deal must be the lowest card on its own, as a single.
    public var firstLeadSingle: Bool
    /// How penalties are computed.
    public var scoring: Scoring

    /// Creates options; every parameter defaults to the standard rules.
    public init(
        suitOrder: SuitOrder = .hongKong, straights: StraightRule = .hongKong,
        flushOrder: FlushOrder = .suitFirst, bombs: Bool = false, passLocksOut: Bool = false,
        lastCardRule: Bool = false, firstLeadSingle: Bool = false, scoring: Scoring = .standard
    ) {
        self.suitOrder = suitOrder
        self.straights = straights
        self.flushOrder = flushOrder
        self.bombs = bombs
        self.passLocksOut = passLocksOut
        self.lastCardRule = lastCardRule
        self.firstLeadSingle = firstLeadSingle
        self.scoring = scoring
    }

    /// Hong Kong / pagat rules: ♦ < ♣ < ♥ < ♠, Hong Kong straights, flushes by suit first,
    /// no bombs, passing does not lock out, no last-card rule, standard scoring.
    public static let standard = BigTwoOptions()

    /// Taiwanese rules: ♣ < ♦ < ♥ < ♠ (3♣ leads), Taiwan straights, bombs allowed.
    public static let taiwan = BigTwoOptions(suitOrder: .taiwan, straights: .taiwan, bombs: true)

    /// The named presets, by the name used in flags and the protocol.
    public static let presets: [String: BigTwoOptions] = ["standard": standard, "taiwan": taiwan]

    /// The lowest card of the deck under this suit order: it leads the first trick.
    public var lowestCard: Card {
        Card(.three, suitOrder == .hongKong ? .diamonds : .clubs)
    }

    /// The position (0…3) of a suit in the tie-break order.
    @inline(__always)
    public func suitRank(_ suit: Suit) -> Int {
        switch suitOrder {
        case .hongKong: return suit.rawValue
        case .taiwan:
            switch suit {
            case .clubs: return 0
            case .diamonds: return 1
            case .hearts: return 2
            case .spades: return 3
            }
        }
    }

    /// A card's strength as a single: rank first, then suit; 0 (lowest) to 51 (2♠).
    @inline(__always)
    public func strength(of card: Card) -> Int {
        card.rank.rawValue * 4 + suitRank(card.suit)
    }
}

extension BigTwoOptions {
    private enum CodingKeys: String, CodingKey {
        case suitOrder, straights, flushOrder, bombs, passLocksOut, lastCardRule
        case firstLeadSingle, scoring
    }

    /// Decodes options; every missing field takes its standard default.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = BigTwoOptions.standard
        suitOrder = try c.decodeIfPresent(SuitOrder.self, forKey: .suitOrder) ?? d.suitOrder
        straights = try c.decodeIfPresent(StraightRule.self, forKey: .straights) ?? d.straights
        flushOrder = try c.decodeIfPresent(FlushOrder.self, forKey: .flushOrder) ?? d.flushOrder
        bombs = try c.decodeIfPresent(Bool.self, forKey: .bombs) ?? d.bombs
        passLocksOut = try c.decodeIfPresent(Bool.self, forKey: .passLocksOut) ?? d.passLocksOut
        lastCardRule = try c.decodeIfPresent(Bool.self, forKey: .lastCardRule) ?? d.lastCardRule
        firstLeadSingle =
            try c.decodeIfPresent(Bool.self, forKey: .firstLeadSingle) ?? d.firstLeadSingle
        scoring = try c.decodeIfPresent(Scoring.self, forKey: .scoring) ?? d.scoring
    }
}
