/// A set of cards stored as a 52-bit mask (bit `card.index`). Iteration is in index order.
///
/// Hands, plays and the deck are all card sets; set operations cost a single machine
/// instruction, which keeps move generation and simulation fast.
public struct CardSet: Hashable, Sendable, Sequence, CustomStringConvertible {
    /// The raw mask; bit `i` is set when the card with index `i` is in the set.
    public private(set) var bits: UInt64

    /// The empty set.
    public init() { bits = 0 }

    /// The set with exactly the given mask bits (bits above 51 are dropped).
    public init(bits: UInt64) { self.bits = bits & CardSet.fullMask }

    /// The set of the given cards.
    public init<S: Sequence>(_ cards: S) where S.Element == Card {
        bits = 0
        for card in cards { bits |= 1 << UInt64(card.index) }
    }

    /// All 52 cards.
    public static let fullDeck = CardSet(bits: fullMask)
    private static let fullMask: UInt64 = (1 << 52) - 1

    /// How many cards the set holds.
    public var count: Int { bits.nonzeroBitCount }
    /// True when the set holds no card.
    public var isEmpty: Bool { bits == 0 }

    /// True when the card is in the set.
    public func contains(_ card: Card) -> Bool { bits & (1 << UInt64(card.index)) != 0 }
    /// True when every card of `other` is in this set.
    public func isSuperset(of other: CardSet) -> Bool { bits & other.bits == other.bits }
    /// True when the two sets share no card.
    public func isDisjoint(with other: CardSet) -> Bool { bits & other.bits == 0 }

    /// Adds a card.
    public mutating func insert(_ card: Card) { bits |= 1 << UInt64(card.index) }
    /// Removes a card.
    public mutating func remove(_ card: Card) { bits &= ~(1 << UInt64(card.index)) }
    /// Adds every card of `other`.
    public mutating func formUnion(_ other: CardSet) { bits |= other.bits }
    /// Removes every card of `other`.
    public mutating func subtract(_ other: CardSet) { bits &= ~other.bits }

    /// The cards in either set.
    public func union(_ other: CardSet) -> CardSet { CardSet(bits: bits | other.bits) }
    /// The cards in both sets.
    public func intersection(_ other: CardSet) -> CardSet { CardSet(bits: bits & other.bits) }
    /// The cards of this set that are not in `other`.
    public func subtracting(_ other: CardSet) -> CardSet { CardSet(bits: bits & ~other.bits) }

    /// The lowest card by index, or nil when empty.
    public var lowest: Card? {
        bits == 0 ? nil : Card(index: bits.trailingZeroBitCount)
    }
    /// The highest card by index, or nil when empty.
    public var highest: Card? {
        bits == 0 ? nil : Card(index: 63 - bits.leadingZeroBitCount)
    }

    /// The cards of one rank in the set.
    public func cards(of rank: Rank) -> CardSet {
        CardSet(bits: bits & (0xF << UInt64(rank.rawValue * 4)))
    }

    /// The cards in index order.
    public var cards: [Card] { Array(self) }

    /// Notation of the cards in index order, separated by spaces, such as `3D 3C`.
    public var notation: String { map(\.notation).joined(separator: " ") }

    /// Display form, such as `3♦ 3♣`.
    public var description: String { map(\.description).joined(separator: " ") }

    /// Iterates over the cards in index order.
    public struct Iterator: IteratorProtocol {
        var remaining: UInt64
        public mutating func next() -> Card? {
            guard remaining != 0 else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return Card(index: index)
        }
    }

    public func makeIterator() -> Iterator { Iterator(remaining: bits) }
}
