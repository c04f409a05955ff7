import CardGames
import Testing

@Suite struct BigTwoResumeTests {
    /// A deal resumed from its position at every move continues exactly as the original.
    @Test(arguments: [BigTwoOptions.standard, .taiwan])
    func aResumedDealContinuesLikeTheOriginal(options: BigTwoOptions) throws {
        let seed = DealSeed.derived(masterSeed: 31, dealNumber: 2)
        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed), options: options)
        let bot = GreedyBot()
        var checked = 0
        while !deal.isOver {
            var resumed = BigTwoDeal(
                hands: deal.hands, options: options, currentSeat: deal.currentSeat,
                tablePlay: deal.tablePlay, tableSeat: deal.tableSeat,
                passedMask: deal.passedMask, playedCards: deal.playedCards)
            #expect(resumed.requiredCard == deal.requiredCard)
            #expect(resumed.legalMoves() == deal.legalMoves())
            let move = bot.chooseMove(deal.view(for: deal.currentSeat))
            let mover = deal.currentSeat
            let original = try deal.apply(move, by: mover)
            let again = try resumed.apply(move, by: mover)
            #expect(again.trickWonBy == original.trickWonBy)
            #expect(resumed.hands == deal.hands && resumed.currentSeat == deal.currentSeat)
            #expect(resumed.isOver == deal.isOver)
            checked += 1
        }
        #expect(checked > 13)
    }
}
