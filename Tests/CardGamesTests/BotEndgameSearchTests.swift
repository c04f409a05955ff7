import Testing

@testable import CardGames

/// The smart bot's end-game search: where it applies, the moves it finds, and its play-outs.
@Suite struct BotEndgameSearchTests {
    /// The search's move for `view` when the heuristics suggest `suggested`.
    static func searched(_ view: BigTwoSeatView, suggested: BigTwoMove) -> BigTwoMove {
        let context = SmartContext(view: view)
        let plan = context.planner.plan(view.hand).combos
        return EndgameSearch(view: view).choose(
            suggested: suggested, context: context, plan: plan)
    }

    /// A view of seat 0 to move in which the opponents hold `unseen` between them and every
    /// other card has been played.
    static func endgame(
        hand: String, unseen: String, counts: [Int], table: String? = nil, tableSeat: Int? = nil
    ) -> BigTwoSeatView {
        let played = CardSet.fullDeck.subtracting(cards(hand)).subtracting(cards(unseen))
        return seatView(
            hand: hand, counts: counts, table: table, tableSeat: tableSeat,
            played: played.notation)
    }

    /// Seventeen cards for the opponents of a seven-card hand.
    static let seventeen = "3D 4D 4C 6D 6H 7H 8C 9S JD JC KH KS AD 2D 2C 2H 2S"

    @Test func appliesOnceAnOpponentHoldsThreeCards() {
        let early = seatView(hand: "3D 4C 5H 7S 9D", counts: [4, 8, 11])
        let late = seatView(hand: "3D 4C 5H 7S 9D", counts: [3, 8, 11])
        #expect(!EndgameSearch.applies(to: early, fewestOpponentCards: 4))
        #expect(EndgameSearch.applies(to: late, fewestOpponentCards: 3))
        let bound = seatView(
            hand: "3D 4C 5H 7S 9D", counts: [1, 8, 11], options: BigTwoOptions(lastCardRule: true))
        #expect(!EndgameSearch.applies(to: bound, fewestOpponentCards: 1))
    }

    @Test func leadsTheTwoBeforeItsLastLowCard() {
        // The 2 of spades cannot be beaten: after it, the 3 of diamonds goes out. Led first,
        // the 3 is beaten by any card, and the seat after goes out with it.
        let view = Self.endgame(hand: "3D 2S", unseen: "5C 9H KD", counts: [1, 1, 1])
        #expect(Self.searched(view, suggested: .play(cards("3D"))) == .play(cards("2S")))
    }

    @Test func takesTheTrickWithTheTwoRatherThanLetTheLastCardGoOut() {
        // Passing lets the next seat, with one card, follow the king and go out.
        let view = Self.endgame(
            hand: "4D 2S", unseen: "3C 5D 6H 6C 7S 8C 9D TS JC QD AH AS 2C 2H",
            counts: [1, 6, 7], table: "KH", tableSeat: 3)
        #expect(Self.searched(view, suggested: .pass) == .play(cards("2S")))
    }

    @Test func keepsTheSuggestedMoveWhenNothingIsBetter() {
        // Leading the pair of 4s and then the 2 goes out, whatever the others hold.
        let view = Self.endgame(hand: "4D 4C 2S", unseen: "5C 9H KD", counts: [1, 1, 1])
        let suggested = BigTwoMove.play(cards("4D 4C"))
        #expect(Self.searched(view, suggested: suggested) == suggested)
    }

    @Test func theSameViewGivesTheSameMove() {
        let view = Self.endgame(
            hand: "3C 5D 5S 8H TD QS AH", unseen: Self.seventeen,
            counts: [2, 9, 6], table: "9C", tableSeat: 2)
        var first = SmartBot()
        var second = SmartBot()
        #expect(first.chooseMove(view) == second.chooseMove(view))
        #expect(first.chooseMove(view) == first.chooseMove(view))
    }

    @Test(arguments: [BigTwoOptions.standard, BigTwoOptions(passLocksOut: true)])
    func playOutsMoveExactlyLikeGreedyBots(options: BigTwoOptions) throws {
        for number in 0..<40 {
            let hands = Dealer.deal(
                seed: DealSeed.derived(masterSeed: 0xE6D, dealNumber: UInt64(number)), seats: 4)
            var deal = BigTwoDeal(hands: hands, options: options)
            let first = deal.currentSeat
            try deal.apply(GreedyBot().chooseMove(deal.view(for: first)), by: first)
            var playout = GreedyPlayout(view: deal.view(for: 0), hands: deal.hands)
            while !deal.isOver {
                let seat = deal.currentSeat
                #expect(playout.current == seat)
                let move = GreedyBot().chooseMove(deal.view(for: seat))
                let play = playout.greedyPlay()
                #expect(move == play.map { .play($0.cards) } ?? .pass, "deal \(number)")
                try deal.apply(move, by: seat)
                playout.move(play)
            }
            let result = try #require(deal.result)
            #expect(playout.winner == result.winner)
            for seat in 0..<4 { #expect(playout.score(of: seat) == result.scores[seat]) }
        }
    }

    @Test func drawnDealsAgreeWithTheView() {
        let view = Self.endgame(
            hand: "3C 5D 5S 8H TD QS AH", unseen: Self.seventeen,
            counts: [2, 9, 6])
        let sampler = DealSampler(view: view)
        var generator = Xoshiro256StarStar(seed: 7)
        var again = Xoshiro256StarStar(seed: 7)
        for _ in 0..<50 {
            let hands = sampler.draw(using: &generator)
            #expect(hands == sampler.draw(using: &again))
            #expect(hands[0] == view.hand)
            #expect(hands.map(\.count) == view.cardCounts)
            var seen = view.playedCards
            for hand in hands {
                #expect(hand.isDisjoint(with: seen))
                seen.formUnion(hand)
            }
            #expect(seen == CardSet.fullDeck)
        }
    }
}
