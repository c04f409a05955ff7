import CardGames

/// Reads cards typed with or without spaces between them: `4d5d`, `4d 5d`, `10h10s`, `3♦3♣`.
enum CompactCards {
    /// The cards, or nil when the text is not made only of cards (or names one twice).
    static func parse(_ text: String) -> [Card]? {
        var cards: [Card] = []
        var rank = ""
        for character in text where character != " " && character != "," {
            if character == "\u{FE0F}" { continue }
            if !rank.isEmpty, let suit = Suit(token: character) {
                guard let parsed = Rank(token: Substring(rank)) else { return nil }
                let card = Card(parsed, suit)
                if cards.contains(card) { return nil }
                cards.append(card)
                rank = ""
            } else {
                rank.append(character)
                if rank.count > 2 { return nil }
            }
        }
        return rank.isEmpty ? cards : nil
    }
}
