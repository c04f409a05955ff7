import Testing

@testable import CardGames

@Suite struct BigTwoOptionsTests {
    @Test func taiwanSuitOrder() {
        let rules = BigTwoRules(options: .taiwan)
        #expect(rules.options.lowestCard == card("3C"))
        #expect(rules.beats(rules.combo("3D"), rules.combo("3C")))
        #expect(rules.beats(rules.combo("KD KH"), rules.combo("KS KC")) == false)
        #expect(rules.beats(rules.combo("KD KS"), rules.combo("KC KH")))
        let hk = BigTwoRules()
        #expect(hk.beats(hk.combo("3C"), hk.combo("3D")))
    }

    @Test func threeLowStraights() {
        let rules = BigTwoRules(options: BigTwoOptions(straights: .threeLow))
        #expect(rules.classify(cards("JD QC KH AS 2D"))?.kind == .straight)
        #expect(rules.classify(cards("AD 2C 3H 4S 5D")) == nil)
        #expect(rules.classify(cards("2D 3C 4H 5S 6D")) == nil)
        #expect(rules.beats(rules.combo("JD QC KH AS 2D"), rules.combo("TS JS QH KS AS")))
        #expect(rules.beats(rules.combo("4D 5C 6H 7S 8D"), rules.combo("3S 4S 5H 6S 7S")))
    }

    @Test func taiwanStraights() {
        let rules = BigTwoRules(options: BigTwoOptions(straights: .taiwan))
        #expect(rules.classify(cards("JD QC KH AS 2D")) == nil)
        let low = rules.combo("AD 2C 3H 4S 5D")
        let high = rules.combo("2D 3C 4H 5S 6D")
        let top = rules.combo("TD JC QH KS AS")
        #expect(rules.beats(rules.combo("3D 4C 5H 6S 7D"), low))
        #expect(rules.beats(high, top))
        #expect(rules.beats(top, low))
        // 2-3-4-5-6 is decided by the suit of its two.
        #expect(rules.beats(rules.combo("2S 3C 4H 5S 6D"), rules.combo("2H 3D 4D 5D 6S")))
    }

    @Test func rankFirstFlushes() {
        let rules = BigTwoRules(options: BigTwoOptions(flushOrder: .rankFirst))
        let diamondsToKing = rules.combo("4D 6D 8D TD KD")
        let spadesToNine = rules.combo("3S 4S 6S 7S 9S")
        #expect(rules.beats(diamondsToKing, spadesToNine))
        #expect(rules.beats(rules.combo("3S 6S 7S 8S JS"), rules.combo("3H 6H 7H 8H JH")))
        #expect(rules.beats(rules.combo("3D 6D 7D 8D QD"), rules.combo("4S 6S 7S 8S JS")))
        let suitFirst = BigTwoRules()
        #expect(!suitFirst.beats(suitFirst.combo("4D 6D 8D TD KD"), suitFirst.combo("3S 4S 6S 7S 9S")))
    }

    @Test func bombsBeatSmallCombinationsOnlyWhenEnabled() {
        let plain = BigTwoRules()
        let bombs = BigTwoRules(options: BigTwoOptions(bombs: true))
        let quads = "5S 5H 5C 5D 3C"
        let straightFlush = "3H 4H 5H 6H 7H"
        for table in ["2S", "2S 2H", "AS AH AD"] {
            #expect(!plain.canFollow(plain.combo(quads), over: plain.combo(table)))
            #expect(bombs.canFollow(bombs.combo(quads), over: bombs.combo(table)))
            #expect(bombs.canFollow(bombs.combo(straightFlush), over: bombs.combo(table)))
            #expect(!bombs.canFollow(bombs.combo("3D 4C 5H 6S 7D"), over: bombs.combo(table)))
        }
        // A single cannot answer a bomb played as a lead.
        #expect(!bombs.canFollow(bombs.combo("2S"), over: bombs.combo(quads)))
    }

    @Test func presetsAndCodable() throws {
        #expect(BigTwoOptions.standard == BigTwoOptions())
        #expect(BigTwoOptions.presets["taiwan"] == .taiwan)
        #expect(BigTwoOptions.taiwan.suitOrder == .taiwan)
        #expect(BigTwoOptions.taiwan.straights == .taiwan)
        #expect(BigTwoOptions.taiwan.bombs)
    }

    @Test func scoringPresets() {
        let standard = [1, 5, 9, 10, 12, 13].map {
            BigTwoDealResult.penalty(cardsLeft: $0, scoring: .standard)
        }
        #expect(standard == [1, 5, 9, 20, 24, 39])
        let hongKong = [1, 7, 8, 9, 10, 12, 13].map {
            BigTwoDealResult.penalty(cardsLeft: $0, scoring: .hongKong)
        }
        #expect(hongKong == [1, 7, 16, 18, 30, 36, 52])
        #expect(BigTwoDealResult.penalty(cardsLeft: 13, scoring: .flat) == 13)
        let result = BigTwoDealResult(winner: 2, cardsLeft: [3, 10, 0, 13], scoring: .standard)
        #expect(result.scores == [-3, -20, 62, -39])
        #expect(result.scores.reduce(0, +) == 0)
        let liable = BigTwoDealResult(
            winner: 2, cardsLeft: [3, 10, 0, 13], scoring: .standard, liableSeat: 1)
        #expect(liable.scores == [0, -62, 62, 0])
    }
}
