import CardGames
import WireJSON

/// Reads the cards of a `play`: a list with one card per element, or one string of cards
/// separated by spaces or commas.
enum RequestCards {
    /// The cards in a JSON `cards` value.
    static func read(_ value: JSONValue) throws(ProtocolFailure) -> [Card] {
        switch value {
        case .string(let text):
            return try parse(text)
        case .array(let elements):
            var cards: [Card] = []
            var seen = CardSet()
            for element in elements {
                guard case .string(let token) = element else {
                    throw ProtocolFailure(
                        .invalidField,
                        "field 'cards' must be a list of cards such as [\"3D\",\"3C\"]")
                }
                guard !token.isEmpty else {
                    throw ProtocolFailure(.invalidCard, "an element of 'cards' is empty")
                }
                guard !token.contains(where: { $0.isWhitespace || $0 == "," }) else {
                    throw ProtocolFailure(
                        .invalidCard,
                        "each element of 'cards' is one card; '\(token)' is not "
                            + "(write [\"3D\",\"3C\"])")
                }
                let card: Card
                do {
                    card = try Card(parsing: token)
                } catch {
                    throw failure(error)
                }
                guard !seen.contains(card) else {
                    throw failure(.duplicateCard(token))
                }
                seen.insert(card)
                cards.append(card)
            }
            return cards
        default:
            throw ProtocolFailure(
                .invalidField, "field 'cards' must be a list of cards such as [\"3D\",\"3C\"]")
        }
    }

    /// The cards in a text such as `3d 3c`.
    static func parse(_ text: some StringProtocol) throws(ProtocolFailure) -> [Card] {
        do {
            return try Card.parseList(text)
        } catch {
            throw failure(error)
        }
    }

    /// The failure for a card that could not be read; an E-Card card's name points to `lay`.
    static func failure(_ error: CardNotationError) -> ProtocolFailure {
        switch error {
        case .duplicateCard:
            return ProtocolFailure(.duplicateCards, error.description)
        case .invalidToken(let token):
            if let eCard = ECardCard(rawValue: token.lowercased()) {
                return ProtocolFailure(
                    .invalidCard,
                    "'\(token)' is an E-Card card: write lay \(eCard.rawValue) to lay it "
                        + "(play is for Big Two cards)")
            }
            return ProtocolFailure(.invalidCard, error.description)
        case .empty:
            return ProtocolFailure(.invalidCard, error.description)
        }
    }
}
