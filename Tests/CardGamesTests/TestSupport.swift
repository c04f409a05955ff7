@testable import CardGames

/// Parses space-separated card notation into a set; test-only shorthand.
func cards(_ text: String) -> CardSet {
    CardSet(try! Card.parseList(text))
}

/// Parses one card; test-only shorthand.
func card(_ text: String) -> Card {
    try! Card(parsing: text)
}

extension BigTwoRules {
    /// The combination the cards form, failing loudly when they form none.
    func combo(_ text: String) -> Combination {
        guard let combo = classify(cards(text)) else { fatalError("not a combination: \(text)") }
        return combo
    }
}
