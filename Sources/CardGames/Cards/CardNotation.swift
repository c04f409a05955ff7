/// Why a piece of card notation could not be read.
public enum CardNotationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The token is not a card; the associated value is the token as written.
    case invalidToken(String)
    /// The same card was written twice.
    case duplicateCard(String)
    /// There were no cards at all where some were required.
    case empty

    public var description: String {
        switch self {
        case .invalidToken(let token): "'\(token)' is not a card (write e.g. 3D, TS, 10h, 2♠)"
        case .duplicateCard(let token): "card '\(token)' is listed twice"
        case .empty: "no cards given"
        }
    }
}

extension Card {
    /// Parses one card: a rank (`3`–`9`, `T` or `10`, `J`, `Q`, `K`, `A`, `2`) followed by a
    /// suit (`D`, `C`, `H`, `S` or ♦ ♣ ♥ ♠), in either case.
    public init(parsing token: some StringProtocol) throws(CardNotationError) {
        // An emoji presentation selector may follow a suit symbol; it carries no meaning here.
        var cleaned = String.UnicodeScalarView()
        cleaned.append(contentsOf: token.unicodeScalars.filter { $0 != "\u{FE0F}" })
        let text = String(cleaned)
        guard let suitCharacter = text.last, let suit = Suit(token: suitCharacter),
            let rank = Rank(token: text.dropLast())
        else { throw .invalidToken(String(token)) }
        self.init(rank, suit)
    }

    /// Parses a list of cards separated by spaces or commas, such as `3d 3c` or `3♦,3♣`.
    /// Rejects unknown tokens and cards listed twice; an empty text gives an empty list.
    public static func parseList(_ text: some StringProtocol) throws(CardNotationError) -> [Card]
    {
        var cards: [Card] = []
        var seen = CardSet()
        for token in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" }) {
            let card = try Card(parsing: token)
            guard !seen.contains(card) else { throw .duplicateCard(String(token)) }
            seen.insert(card)
            cards.append(card)
        }
        return cards
    }
}
