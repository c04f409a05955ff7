import CardGames

/// The words of E-Card's requests: its cards, as `lay` names them, and the payouts `create`
/// allows.
extension RequestParser {
    /// Reads an E-Card card name: `emperor`, `citizen`, `slave` (or `e`, `c`, `s`).
    public static func eCardCard(_ text: String) throws(ProtocolFailure) -> ECardCard {
        let lower = text.lowercased()
        if let card = ECardCard(rawValue: lower)
            ?? ECardCard.allCases.first(where: { lower.count == 1 && $0.rawValue.hasPrefix(lower) })
        {
            return card
        }
        throw ProtocolFailure(
            .invalidCard,
            "'\(text)' is not an E-Card card (\(WordList.oneOf(WordList.eCardCards)))")
    }
}

extension WordList {
    /// E-Card card names.
    public static var eCardCards: [String] { ECardCard.allCases.map(\.rawValue) }
    /// The allowed E-Card Slave payouts, smallest first.
    public static var slavePayouts: [String] {
        ECardOptions.allowedSlavePayouts.sorted().map(String.init)
    }
}
