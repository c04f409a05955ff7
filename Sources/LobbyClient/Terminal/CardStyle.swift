import CardGames
import Foundation
import LobbyProtocol
import TextMode

/// How cards are drawn in the terminal: rank and suit symbol (or ASCII suit letter), red suits
/// in red when colour is on, and the order a hand is shown in.
public struct CardStyle: Sendable, Equatable {
    /// True to use ANSI colour.
    public var colour: Bool
    /// True to write suits as letters (`3D`) for terminals without Unicode.
    public var ascii: Bool
    /// How the hand is sorted for display and for input by number.
    public var order: CardText.Order

    /// A style with or without colour, suit symbols or letters, and a hand order.
    public init(colour: Bool, ascii: Bool = false, order: CardText.Order = .rank) {
        self.colour = colour
        self.ascii = ascii
        self.order = order
    }

    /// Colour only when standard output is a terminal and `NO_COLOR` is not set; ASCII suits
    /// when the terminal's locale is not UTF-8, or when `BIGTWO_ASCII` is set.
    public static func forTerminal(environment: [String: String], outputIsTerminal: Bool)
        -> CardStyle
    {
        let noColour = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        let locale =
            environment["LC_ALL"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LC_CTYPE"].flatMap { $0.isEmpty ? nil : $0 }
            ?? environment["LANG"] ?? ""
        let utf8 = locale.uppercased().replacingOccurrences(of: "-", with: "").contains("UTF8")
        let askedASCII = environment["BIGTWO_ASCII"].map { !$0.isEmpty } ?? false
        return CardStyle(
            colour: outputIsTerminal && !noColour,
            ascii: askedASCII || (outputIsTerminal && !utf8))
    }

    /// The plain text writer matching this style.
    public var text: CardText { CardText(ascii: ascii) }

    /// One card, e.g. `3♦` (in red with colour), `10♠`, or `10S` in ASCII.
    public func render(_ card: Card) -> String {
        let plain = text.card(card)
        guard colour && card.suit.isRed else { return plain }
        return "\u{1B}[31m\(plain)\u{1B}[0m"
    }

    /// Cards in the order given, separated by spaces.
    public func render(_ cards: [Card]) -> String { cards.map(render).joined(separator: " ") }

    /// A hand in this style's order, each card numbered from 1 for input by index:
    /// `1:3♦ 2:3♣ …`.
    public func renderHand(_ hand: CardSet, options: BigTwoOptions) -> String {
        sorted(hand, options: options).enumerated()
            .map { "\($0.offset + 1):\(render($0.element))" }
            .joined(separator: " ")
    }

    /// A hand in this style's display order under the options.
    public func sorted(_ hand: CardSet, options: BigTwoOptions) -> [Card] {
        CardText.sorted(hand, by: order, options: options)
    }

    /// A hand in display order: weakest first under the options.
    public static func sorted(_ hand: CardSet, options: BigTwoOptions) -> [Card] {
        CardText.sorted(hand, by: .rank, options: options)
    }
}
