import CardGames
import Foundation
import LobbyProtocol

/// Cards, hands and numbers written for people: `3♦ 10♠` with suit symbols, or `3D 10S` in
/// ASCII for terminals without Unicode.
public struct CardText: Sendable, Equatable {
    /// True to write suits as letters and the minus sign as `-`.
    public var ascii: Bool

    /// A writer with suit symbols, or ASCII suit letters.
    public init(ascii: Bool) { self.ascii = ascii }

    /// One card, e.g. `3♦`, `10♠` or in ASCII `3D`, `10S`.
    public func card(_ card: Card) -> String {
        card.rank.face + String(ascii ? card.suit.letter : card.suit.symbol)
    }

    /// Cards in the order given, separated by spaces.
    public func cards(_ cards: [Card]) -> String { cards.map(card).joined(separator: " ") }

    /// A hand sorted weakest first under the options, separated by spaces.
    public func hand(_ hand: [Card], options: BigTwoOptions) -> String {
        cards(Self.sorted(hand, by: .rank, options: options))
    }

    /// The separator between the parts of a line: ` · `, or ` | ` in ASCII.
    public var dot: String { ascii ? " | " : " \u{B7} " }

    /// A score change or total with its sign: `+5`, `−7` (`-7` in ASCII), `0`.
    public func signed(_ value: Int) -> String {
        if value > 0 { return "+\(value)" }
        if value < 0 { return (ascii ? "-" : "\u{2212}") + "\(-value)" }
        return "0"
    }

    /// The way a hand is put in order for display.
    public enum Order: String, Sendable, CaseIterable {
        /// Weakest first by Big Two strength (rank, then suit).
        case rank
        /// Grouped by suit (in the table's suit order), each suit weakest first.
        case suit
    }

    /// Cards put in display order under the table's options.
    public static func sorted(
        _ cards: some Sequence<Card>, by order: Order,
        options: BigTwoOptions
    ) -> [Card] {
        switch order {
        case .rank:
            return cards.sorted { options.strength(of: $0) < options.strength(of: $1) }
        case .suit:
            return cards.sorted {
                (options.suitRank($0.suit), $0.rank.rawValue)
                    < (options.suitRank($1.suit), $1.rank.rawValue)
            }
        }
    }

    /// A combination's protocol name in words: `full_house` → `full house`.
    public static func comboName(_ name: String) -> String {
        name.replacingOccurrences(of: "_", with: " ")
    }

    /// Seconds left until a Unix-millisecond deadline, to the nearest, never below zero.
    public static func secondsLeft(until deadline: Int64, now: Int64) -> Int64 {
        max(0, (deadline - now + 500) / 1000)
    }
}
