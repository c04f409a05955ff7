import Testing

@testable import CardGames

@Suite struct MoveGeneratorTests {
    /// Every subset of up to five cards of `hand` that the validator accepts for the current seat.
    func bruteForceLegalPlays(_ deal: BigTwoDeal) -> Set<CardSet> {
        let hand = deal.hands[deal.currentSeat].cards
        var accepted = Set<CardSet>()
        func extend(from start: Int, chosen: CardSet) {
            if !chosen.isEmpty, (try? deal.validatePlay(chosen, by: deal.currentSeat)) != nil {
                accepted.insert(chosen)
            }
            guard chosen.count < 5 else { return }
            for i in start..<hand.count {
                var next = chosen
                next.insert(hand[i])
                extend(from: i + 1, chosen: next)
            }
        }
        extend(from: 0, chosen: CardSet())
        return accepted
    }

    static let variants: [BigTwoOptions] = [
        .standard, .taiwan, BigTwoOptions(straights: .threeLow, flushOrder: .rankFirst),
        BigTwoOptions(bombs: true, passLocksOut: true), BigTwoOptions(firstLeadSingle: true),
    ]

    @Test(arguments: variants)
    func generatorAgreesWithValidator(options: BigTwoOptions) {
        var rng = Xoshiro256StarStar(seed: 2024)
        var checkedStates = 0
        for dealNumber in 0..<12 {
            var deal = BigTwoDeal(
                hands: Dealer.deal(seed: .derived(masterSeed: 7, dealNumber: UInt64(dealNumber))),
                options: options)
            var step = 0
            while !deal.isOver {
                if step % 5 == 0 {
                    let generated = deal.legalPlays().map(\.cards)
                    #expect(Set(generated).count == generated.count, "no play listed twice")
                    #expect(Set(generated) == bruteForceLegalPlays(deal))
                    checkedStates += 1
                }
                let moves = deal.legalMoves()
                let move = moves[Int(rng.nextBounded(UInt64(moves.count)))]
                _ = try! deal.apply(move, by: deal.currentSeat)
                step += 1
            }
        }
        #expect(checkedStates > 50)
    }

    @Test func allCombinationsOfAFullHand() {
        let rules = BigTwoRules()
        let hand = cards("3D 3C 3H 4S 5D 6C 7H 7S 7D 8D 9D TD JD")
        let combos = rules.allCombinations(in: hand)
        #expect(combos.filter { $0.kind == .single }.count == 13)
        #expect(combos.filter { $0.kind == .pair }.count == 6)
        #expect(combos.filter { $0.kind == .triple }.count == 2)
        #expect(combos.contains { $0.kind == .straightFlush && $0.cards == cards("7D 8D 9D TD JD") })
        #expect(combos.contains { $0.kind == .fullHouse && $0.cards == cards("3D 3C 3H 7S 7D") })
        #expect(combos.allSatisfy { rules.classify($0.cards) == $0 })
    }

    @Test func randomGamesConserveCardsAndScoresSumToZero() throws {
        var rng = Xoshiro256StarStar(seed: 99)
        for dealNumber in 0..<200 {
            var deal = BigTwoDeal(
                hands: Dealer.deal(seed: .derived(masterSeed: 1, dealNumber: UInt64(dealNumber))),
                options: dealNumber % 2 == 0 ? .standard : .taiwan)
            while !deal.isOver {
                let moves = deal.legalMoves()
                try deal.apply(moves[Int(rng.nextBounded(UInt64(moves.count)))], by: deal.currentSeat)
                let all = deal.hands.reduce(deal.playedCards) { $0.union($1) }
                #expect(all == CardSet.fullDeck)
                #expect(deal.hands.map(\.count).reduce(0, +) + deal.playedCards.count == 52)
            }
            let result = try #require(deal.result)
            #expect(result.scores.reduce(0, +) == 0)
            #expect(result.cardsLeft[result.winner] == 0)
        }
    }
}
