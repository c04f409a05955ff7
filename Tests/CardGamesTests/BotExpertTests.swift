import Testing

@testable import CardGames

/// The expert bot: legal, reproducible, exact when few cards are hidden, and clearly stronger
/// than random play, all with a tiny budget so that the debug build stays fast.
@Suite struct BotExpertTests {
    /// A small budget, so that the debug build stays fast.
    static let tiny = ExpertBudget(samples: 4, candidates: 4)

    @Test(arguments: BotLegalityTests.variants.indices)
    func neverTriesAnIllegalMove(variant: Int) {
        var illegal: [String] = []
        for number in 0..<12 {
            let levels: [BotLevel] =
                number.isMultiple(of: 2)
                ? [.expert, .random, .greedy, .smart] : [.smart, .expert, .random]
            let deal = playBotDeal(
                levels: levels, options: BotLegalityTests.variants[variant], dealNumber: number,
                illegal: &illegal, budget: Self.tiny)
            #expect(deal.isOver)
        }
        #expect(illegal.isEmpty, "\(illegal.prefix(3))")
    }

    @Test func sameSeedSameMovesAndAnotherSeedOtherMoves() {
        var illegal: [String] = []
        var differs = false
        for number in 0..<6 {
            func play(seed: UInt64) -> BigTwoDeal {
                let bots: [any BigTwoBot] = [
                    ExpertBot(seed: seed, budget: Self.tiny), SmartBot(), RandomBot(seed: 5),
                    GreedyBot(),
                ]
                return playBotDeal(
                    bots: bots, options: .standard, dealNumber: number, illegal: &illegal)
            }
            #expect(play(seed: 1).history == play(seed: 1).history)
            if play(seed: 1).history != play(seed: 2).history { differs = true }
        }
        #expect(differs)
        #expect(illegal.isEmpty)
    }

    @Test func beatsThreeRandomBotsClearly() {
        var wins = 0
        var score = 0
        var illegal: [String] = []
        let games = 60
        for number in 0..<games {
            let deal = playBotDeal(
                levels: [.expert, .random, .random, .random], options: .standard,
                dealNumber: 10_000 + number, illegal: &illegal, budget: Self.tiny)
            if deal.winner == 0 { wins += 1 }
            score += deal.result?.scores[0] ?? 0
        }
        #expect(illegal.isEmpty)
        // Parity is 25%; with this budget the expert wins 50 of these 60 deals (83%, with a
        // standard error of about 5%).
        #expect(wins >= games * 2 / 3, "expert won \(wins) of \(games)")
        #expect(score > 0)
    }

    @Test func searchesItsWholeBudgetHoweverLongItTakes() {
        // 150 deals of 6 moves take far longer than 20 ms in a debug build: a decision that
        // stopped on the clock would search fewer deals, and its move would depend on the
        // machine's speed.
        let budget = ExpertBudget(samples: 150, candidates: 6)
        let view = seatView(
            hand: "3C 5D 5S 8H TC JD KS AH", counts: [9, 10, 8], table: "9D", tableSeat: 2)
        var first = ExpertBot(seed: 3, budget: budget)
        var second = ExpertBot(seed: 3, budget: budget)
        let move = first.chooseMove(view)
        #expect(first.dealsSearched == 150)
        #expect(second.chooseMove(view) == move)
        #expect(second.sampling == first.sampling)
        let legal = view.legalPlays().map { BigTwoMove.play($0.cards) } + [.pass]
        #expect(legal.contains(move))
    }

    @Test func searchesEveryDealWhenFewCardsAreHidden() {
        // Three cards are hidden, one per opponent: Q♠, A♠ and 2♥. The pair of kings and the
        // 2♠ cannot be beaten, so leading either wins every deal; a lone king loses every one.
        let hidden = cards("QS AS 2H")
        let hand = cards("KD KC 2S")
        let view = seatView(
            hand: hand.notation, counts: [1, 1, 1],
            played: CardSet.fullDeck.subtracting(hidden).subtracting(hand).notation)
        #expect(DealSampler(view: view).dealCount(upTo: 8) == 6)
        var bot = ExpertBot(
            seed: 1, budget: ExpertBudget(samples: 8))
        let move = bot.chooseMove(view)
        #expect(move == .play(cards("KD KC")) || move == .play(cards("2S")))
    }
}

/// Deals of the unseen cards agree with the seat's view.
@Suite struct BotDealSamplerTests {
    @Test func sampledDealsGiveEachOpponentItsCountOfUnseenCards() {
        let view = seatView(
            hand: "3C 5D 5S 8H TC JD KS AH", counts: [9, 10, 8], table: "9D", tableSeat: 2,
            played: "3D 4D 4S 6H 7C 7D 9D 2S")
        let sampler = DealSampler(view: view)
        var generator = Xoshiro256StarStar(seed: 9)
        for _ in 0..<50 {
            let hands = sampler.sample(using: &generator)
            #expect(hands.map(\.count) == view.cardCounts)
            #expect(hands[0] == view.hand)
            #expect(CardSet(hands.flatMap(\.cards)).count == 35)
            #expect(hands.allSatisfy { $0.isDisjoint(with: view.playedCards) })
        }
        #expect(sampler.dealCount(upTo: 1_000_000) == nil)
    }

    @Test func enumeratesEveryDealWhenThereAreFew() {
        let view = seatView(hand: "3C 5D", counts: [2, 1, 1], played: "")
        let few = seatView(
            hand: "2S", counts: [2, 1, 1],
            played: CardSet.fullDeck.subtracting(cards("2S 2H 2C AS AH")).notation)
        let sampler = DealSampler(view: few)
        let deals = sampler.all()
        // Four hidden cards split 2-1-1: 4!/(2!·1!·1!) = 12 ways.
        #expect(sampler.dealCount(upTo: 100) == 12)
        #expect(deals.count == 12 && Set(deals).count == 12)
        #expect(deals.allSatisfy { $0.map(\.count) == [1, 2, 1, 1] })
        #expect(DealSampler(view: view).dealCount(upTo: 100) == nil)
    }
}

/// Reading opponents from the public history.
@Suite struct BotOpponentStyleTests {
    /// A deal after 3♦ from seat 0, a pass from seat 1, then 4♥ and 5♣.
    static func opening() throws -> BigTwoDeal {
        var deal = BigTwoDeal(
            hands: [
                cards("3D 4C 6H 8S 9D TD JC QH KS AD 2C 5S 7S"),
                cards("3C 4D 5D 6C 7D 8C 9C TC JD QC KC AC 2S"),
                cards("3H 4H 5H 6D 7H 8D 9H TH JH QD KD AH 2D"),
                cards("3S 4S 5C 6S 7C 8H 9S TS JS QS KH AS 2H"),
            ])
        try deal.play(cards("3D"), by: 0)
        try deal.pass(by: 1)
        try deal.play(cards("4H"), by: 2)
        try deal.play(cards("5C"), by: 3)
        return deal
    }

    @Test func aSeatThatPassedOverALowSingleWithAHighCardReadsAsSmart() throws {
        let view = try Self.opening().view(for: 0)
        let styles = OpponentStyle.read(view)
        // Seat 1 passed over 3♦ with 13 cards: it surely held a higher card. Seats 2 and 3
        // played the lowest they could show, so nothing marks them out.
        #expect(styles == [.smart, .smart, .greedy, .greedy])
    }

    @Test func aSeatThatAlsoOverplaysReadsAsLoose() throws {
        var deal = try Self.opening()
        try deal.play(cards("6H"), by: 0)
        #expect(OpponentStyle.read(deal.view(for: 0))[1] == .smart)
        // An ace over 6♥ from twelve cards: a lower card that beat 6♥ was surely there, so
        // seat 1 plays loosely.
        try deal.play(cards("AC"), by: 1)
        #expect(OpponentStyle.read(deal.view(for: 0))[1] == .loose)
        #expect(OpponentStyle.read(deal.view(for: 0))[2] == .greedy)
    }
}
