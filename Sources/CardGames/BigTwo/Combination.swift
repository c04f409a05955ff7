/// A legal Big Two combination: its kind, its cards, and a strength that orders it against
/// other combinations of the same kind under the table's options.
public struct Combination: Hashable, Sendable, CustomStringConvertible {
    /// The kind of combination.
    public let kind: ComboKind
    /// The cards played.
    public let cards: CardSet
    /// Orders combinations of the same kind: higher beats lower.
    public let strength: Int

    /// Creates a combination; use `BigTwoRules.classify` to build one from cards.
    public init(kind: ComboKind, cards: CardSet, strength: Int) {
        self.kind = kind
        self.cards = cards
        self.strength = strength
    }

    public var description: String { "\(kind.name) \(cards)" }
}
