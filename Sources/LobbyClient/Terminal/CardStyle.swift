import CardGames

/// How cards are drawn in the terminal: rank and suit symbol, red suits in red when colour is
/// on.
public struct CardStyle: Sendable, Equatable {
    /// True to use ANSI colour.
    public var colour: Bool

    /// A style with or without colour.
    public init(colour: Bool) { self.colour = colour }

    /// Colour only when standard output is a terminal and `NO_COLOR` is not set.
    public static func forTerminal(environment: [String: String], outputIsTerminal: Bool)
        -> CardStyle
    {
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return CardStyle(colour: outputIsTerminal && !noColour)
    }

    /// One card, e.g. `3♦` (in red with colour) or `10♠`.
    public func render(_ card: Card) -> String {
        let text = card.description
        guard colour && card.suit.isRed else { return text }
        return "\u{1B}[31m\(text)\u{1B}[0m"
    }

    /// Cards in the order given, separated by spaces.
    public func render(_ cards: [Card]) -> String { cards.map(render).joined(separator: " ") }

    /// A hand sorted weakest first under the table's options, each card numbered from 1 for
    /// input by index: `1:3♦ 2:3♣ …`.
    public func renderHand(_ hand: CardSet, options: BigTwoOptions) -> String {
        Self.sorted(hand, options: options).enumerated()
            .map { "\($0.offset + 1):\(render($0.element))" }
            .joined(separator: " ")
    }

    /// A hand in display order: weakest first under the options.
    public static func sorted(_ hand: CardSet, options: BigTwoOptions) -> [Card] {
        hand.sorted { options.strength(of: $0) < options.strength(of: $1) }
    }
}
