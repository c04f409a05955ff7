import CardGames
import Testing

@testable import Simulator

@Suite struct InvariantCheckerTests {
    static let variants: [BigTwoOptions] = [
        .standard, .taiwan, BigTwoOptions(straights: .threeLow, flushOrder: .rankFirst),
        BigTwoOptions(bombs: true),
    ]

    /// The independent classifier agrees with the engine on every combination of many hands,
    /// on which five-card sets are combinations at all, and on which play beats which.
    @Test(arguments: variants)
    func independentClassifierAgreesWithTheEngine(options: BigTwoOptions) {
        let rules = BigTwoRules(options: options)
        let checker = IndependentClassifier(options: options)
        var generator = Xoshiro256StarStar(seed: 21)
        for _ in 0..<40 {
            var deck = Card.deck
            fisherYatesShuffle(&deck, using: &generator)
            let hand = CardSet(deck.prefix(13))
            let combos = rules.allCombinations(in: hand)
            let mine = combos.map { checker.classify($0.cards) }
            for (combo, other) in zip(combos, mine) {
                #expect(other?.kind == combo.kind.rawValue, "\(combo)")
            }
            for _ in 0..<200 {
                let a = Int(generator.nextBounded(UInt64(combos.count)))
                let b = Int(generator.nextBounded(UInt64(combos.count)))
                #expect(
                    rules.canFollow(combos[a], over: combos[b]) == checker.beats(mine[a]!, mine[b]),
                    "\(combos[a]) over \(combos[b])")
            }
            let five = CardSet(deck.suffix(5))
            #expect((rules.classify(five) == nil) == (checker.classify(five) == nil), "\(five)")
        }
    }

    @Test func checkerReportsAMoveTheEngineDidNotMake() throws {
        let hands = Dealer.deal(seed: DealSeed.derived(masterSeed: 1, dealNumber: 0))
        var deal = BigTwoDeal(hands: hands)
        var checker = BigTwoInvariantChecker(deal: deal)
        let seat = deal.currentSeat
        try deal.play(CardSet([Card(.three, .diamonds)]), by: seat)
        checker.accepted(.play(CardSet([Card(.three, .diamonds)])), by: seat, deal: deal)
        #expect(checker.violations.isEmpty)
        let next = deal.currentSeat
        let lowest = deal.hands[next].lowest!
        let other = deal.hands[next].subtracting(CardSet([lowest])).highest!
        try deal.play(CardSet([other]), by: next)
        checker.accepted(.play(CardSet([lowest])), by: next, deal: deal)
        #expect(!checker.violations.isEmpty)
    }

    @Test func checkerReportsAPlayOutOfTurn() throws {
        let hands = Dealer.deal(seed: DealSeed.derived(masterSeed: 2, dealNumber: 0))
        var deal = BigTwoDeal(hands: hands)
        var checker = BigTwoInvariantChecker(deal: deal)
        let seat = deal.currentSeat
        try deal.play(CardSet([Card(.three, .diamonds)]), by: seat)
        checker.accepted(.play(CardSet([Card(.three, .diamonds)])), by: (seat + 2) % 4, deal: deal)
        #expect(checker.violations.contains { $0.contains("out of turn") })
    }

    @Test func eCardCheckerFollowsAWholeMatchAndSpotsAWrongCard() throws {
        var match = try ECardMatch()
        var checker = ECardInvariantChecker(options: .standard)
        while let seat = match.seatToLay {
            let card = match.hand(of: seat).cards.last!
            let event = try match.lay(card, by: seat)
            checker.accepted(card, by: seat, event: event, match: match)
        }
        checker.finished(match)
        #expect(checker.violations.isEmpty, "\(checker.violations)")

        var fresh = try ECardMatch()
        var strict = ECardInvariantChecker(options: .standard)
        let event = try fresh.lay(.emperor, by: 0)
        strict.accepted(.citizen, by: 0, event: event, match: fresh)
        #expect(!strict.violations.isEmpty)
    }
}
