/// A playing card from the 52-card deck, stored as its index `rank * 4 + suit` (0…51).
///
/// Index order is Big Two order under the default (Hong Kong) suit order: 3♦ is 0 and 2♠ is 51.
public struct Card: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The card's position in the deck, `rank.rawValue * 4 + suit.rawValue`.
    public let index: UInt8

    /// The card of the given rank and suit.
    public init(_ rank: Rank, _ suit: Suit) {
        index = UInt8(rank.rawValue * 4 + suit.rawValue)
    }

    /// The card at a deck index, or nil when the index is not in 0…51.
    public init?(index: Int) {
        guard (0..<52).contains(index) else { return nil }
        self.index = UInt8(index)
    }

    /// The card's rank.
    public var rank: Rank { Rank(rawValue: Int(index >> 2))! }

    /// The card's suit.
    public var suit: Suit { Suit(rawValue: Int(index & 3))! }

    /// Notation such as `3D`, `TS` or `2S`.
    public var notation: String { rank.letter + String(suit.letter) }

    /// Display form with the suit symbol, such as `3♦` or `10♠`.
    public var description: String { rank.face + String(suit.symbol) }

    /// Orders cards by deck index (rank first, then suit in D, C, H, S order).
    public static func < (lhs: Card, rhs: Card) -> Bool { lhs.index < rhs.index }

    /// The full deck in index order.
    public static let deck: [Card] = (0..<52).map { Card(index: $0)! }
}

extension Card: Codable {
    /// Decodes a card from its notation string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Card(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: error.description)
        }
    }

    /// Encodes a card as its notation string, such as `3D`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(notation)
    }
}
