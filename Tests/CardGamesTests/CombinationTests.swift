import Testing

@testable import CardGames

@Suite struct CombinationTests {
    let rules = BigTwoRules()

    @Test(arguments: [
        ("3D", ComboKind.single), ("2S", .single), ("3D 3S", .pair), ("KH KC KS", .triple),
        ("3D 4C 5H 6S 7D", .straight), ("AD 2C 3H 4S 5D", .straight), ("TD JD QH KS AC", .straight),
        ("3H 6H 7H 8H JH", .flush), ("3D 3C 3H KS KD", .fullHouse), ("AS AH AC AD KS", .fourOfAKind),
        ("3H 4H 5H 6H 7H", .straightFlush), ("2S 3S 4S 5S 6S", .straightFlush),
    ])
    func classifiesEachKind(text: String, kind: ComboKind) {
        #expect(rules.classify(cards(text))?.kind == kind)
    }

    @Test(arguments: [
        "3D 4D", "3D 3C 4H", "3D 3C 3H 3S", "3D 4C 5H 6S", "3D 4C 5H 6S 8D", "3D 3C 4H 4S 5D",
        "3D 3C 3H 4S 5D", "3D 4D 5D 6D 7D 8D", "",
    ])
    func rejectsNonCombinations(text: String) {
        #expect(rules.classify(cards(text)) == nil)
    }

    // Published comparison cases (default rules), from RULES.md.
    @Test(arguments: ["KD AC 2H 3S 4D", "QD KC AH 2S 3D", "AD 2C 3H 4S 6D", "2D 3C 4H 5S 7D"])
    func publishedNonStraights(text: String) {
        let combo = rules.classify(cards(text))
        #expect(combo?.kind != .straight && combo?.kind != .straightFlush)
    }

    @Test func publishedTwoToSixBeatsAceToFive() {
        #expect(rules.beats(rules.combo("2D 3C 4H 5S 6D"), rules.combo("AS 2C 3H 4S 5S")))
        #expect(!rules.beats(rules.combo("AS 2C 3H 4S 5S"), rules.combo("2D 3C 4H 5S 6D")))
    }

    @Test func publishedStraightTopCardSuit() {
        let middle = rules.combo("5H 6S 7D 8C 9H")
        #expect(rules.beats(middle, rules.combo("5H 6S 7D 8C 9D")))
        #expect(!rules.beats(middle, rules.combo("5H 6S 7D 8C 9S")))
        #expect(rules.beats(rules.combo("5H 6S 7D 8C 9S"), middle))
    }

    @Test func publishedFlushComparisons() {
        let heartFlush = rules.combo("3H 6H 7H 8H JH")
        #expect(rules.beats(heartFlush, rules.combo("4D 6D 8D TD KD")))
        #expect(!rules.beats(heartFlush, rules.combo("3S 4S 6S 7S 9S")))
        #expect(!rules.beats(heartFlush, rules.combo("4H 5H 9H TH KH")))
        #expect(rules.beats(rules.combo("3S 4S 6S 7S 9S"), heartFlush))
    }

    @Test func publishedQuadsCases() {
        let aces = rules.combo("AS AH AC AD KS")
        #expect(rules.beats(aces, rules.combo("3D 3C 3H KH KD")))
        #expect(!rules.beats(aces, rules.combo("2S 2H 2C 2D KC")))
        #expect(!rules.beats(aces, rules.combo("3H 4H 5H 6H 7H")))
        #expect(rules.beats(rules.combo("3H 4H 5H 6H 7H"), aces))
    }

    @Test func fiveCardKindOrder() {
        let ladder = [
            "TD JC QH KS AD", "3D 5D 7D 9D JD", "3D 3C 3H 4S 4D", "4S 4H 4C 4D 3C",
            "3C 4C 5C 6C 7C",
        ].map(rules.combo)
        for (i, lower) in ladder.enumerated() {
            for higher in ladder[(i + 1)...] {
                #expect(rules.beats(higher, lower))
                #expect(!rules.beats(lower, higher))
            }
        }
    }

    @Test func singlesPairsAndTriples() {
        #expect(rules.beats(rules.combo("2S"), rules.combo("2H")))
        #expect(rules.beats(rules.combo("2D"), rules.combo("AS")))
        #expect(rules.beats(rules.combo("3C"), rules.combo("3D")))
        #expect(rules.beats(rules.combo("KS KD"), rules.combo("KH KC")))
        #expect(!rules.beats(rules.combo("KH KC"), rules.combo("KS KD")))
        #expect(rules.beats(rules.combo("4D 4C"), rules.combo("3S 3H")))
        #expect(rules.beats(rules.combo("5D 5C 5H"), rules.combo("4D 4C 4S")))
        #expect(!rules.beats(rules.combo("3D 3C"), rules.combo("2S")))
        #expect(rules.followFailure(rules.combo("3D 3C"), over: rules.combo("4S")) == .wrongSize(expected: 1))
    }

    @Test func fullHouseComparedByTriple() {
        #expect(rules.beats(rules.combo("4D 4C 4H 3S 3D"), rules.combo("3C 3H 3S 2S 2D")))
    }

    @Test func straightFlushesCompareLikeStraightsThenSuit() {
        #expect(rules.beats(rules.combo("4D 5D 6D 7D 8D"), rules.combo("3S 4S 5S 6S 7S")))
        #expect(rules.beats(rules.combo("3S 4S 5S 6S 7S"), rules.combo("3H 4H 5H 6H 7H")))
    }
}
