import Testing

@testable import CardGames

@Suite struct CardNotationTests {
    @Test func parsesStandardNotation() throws {
        #expect(try Card(parsing: "3D") == Card(.three, .diamonds))
        #expect(try Card(parsing: "TS") == Card(.ten, .spades))
        #expect(try Card(parsing: "AS") == Card(.ace, .spades))
        #expect(try Card(parsing: "2S") == Card(.two, .spades))
    }

    @Test func parsesLowerCaseTenAndSymbols() throws {
        #expect(try Card(parsing: "3d") == Card(.three, .diamonds))
        #expect(try Card(parsing: "10h") == Card(.ten, .hearts))
        #expect(try Card(parsing: "10H") == Card(.ten, .hearts))
        #expect(try Card(parsing: "3♦") == Card(.three, .diamonds))
        #expect(try Card(parsing: "q♣") == Card(.queen, .clubs))
        #expect(try Card(parsing: "K♥\u{FE0F}") == Card(.king, .hearts))
        #expect(try Card(parsing: "j♠") == Card(.jack, .spades))
    }

    @Test(arguments: ["1D", "3X", "", "D", "33D", "11S", "3DD", "ZZ", "♦3"])
    func rejectsBadTokensNamingThem(token: String) {
        #expect(throws: CardNotationError.invalidToken(token)) { try Card(parsing: token) }
    }

    @Test func parseListSplitsOnSpacesAndCommas() throws {
        #expect(try Card.parseList("3d 3c") == [Card(.three, .diamonds), Card(.three, .clubs)])
        #expect(try Card.parseList("3♦,3♣  4h") .count == 3)
        #expect(try Card.parseList("") == [])
    }

    @Test func parseListNamesTheBadTokenAndDuplicates() {
        #expect(throws: CardNotationError.invalidToken("4x")) { try Card.parseList("3d 4x 5s") }
        #expect(throws: CardNotationError.duplicateCard("3D")) { try Card.parseList("3d 3D") }
    }

    @Test func displaysWithSuitSymbols() {
        #expect(Card(.three, .diamonds).description == "3♦")
        #expect(Card(.ten, .spades).description == "10♠")
        #expect(Card(.ten, .spades).notation == "TS")
        #expect(CardSet([Card(.two, .spades), Card(.three, .clubs)]).notation == "3C 2S")
    }

    @Test func deckIndexOrderIsBigTwoOrder() {
        #expect(Card.deck.count == 52)
        #expect(Card.deck.first == Card(.three, .diamonds))
        #expect(Card.deck.last == Card(.two, .spades))
        #expect(Set(Card.deck).count == 52)
        for card in Card.deck { #expect(try! Card(parsing: card.notation) == card) }
    }

    @Test func cardSetOperations() {
        var set = CardSet([Card(.five, .hearts), Card(.three, .clubs)])
        #expect(set.count == 2)
        #expect(set.lowest == Card(.three, .clubs))
        #expect(set.highest == Card(.five, .hearts))
        set.insert(Card(.two, .spades))
        #expect(set.contains(Card(.two, .spades)))
        set.remove(Card(.three, .clubs))
        #expect(set.cards == [Card(.five, .hearts), Card(.two, .spades)])
        #expect(CardSet.fullDeck.count == 52)
        #expect(CardSet.fullDeck.cards(of: .ace).count == 4)
    }
}
