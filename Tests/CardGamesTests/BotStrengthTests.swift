import Testing

@testable import CardGames

/// The smart bot is clearly stronger than the greedy bot.
@Suite struct BotStrengthTests {
    @Test func smartBeatsThreeGreedyBots() {
        var wins = 0
        var illegal: [String] = []
        let games = 1000
        for number in 0..<games {
            let deal = playBotDeal(
                levels: [.smart, .greedy, .greedy, .greedy], options: .standard,
                dealNumber: number, illegal: &illegal)
            if deal.winner == 0 { wins += 1 }
        }
        #expect(illegal.isEmpty)
        // Parity is 25%; over 10,000 deals the smart seat wins about 43%.
        #expect(Double(wins) / Double(games) >= 0.35, "smart won \(wins) of \(games)")
    }

    @Test func botsReplayTheSameDealIdentically() {
        var illegal: [String] = []
        for number in 0..<20 {
            let levels: [BotLevel] = [.smart, .random, .greedy, .smart]
            let first = playBotDeal(
                levels: levels, options: .taiwan, dealNumber: number, illegal: &illegal)
            let second = playBotDeal(
                levels: levels, options: .taiwan, dealNumber: number, illegal: &illegal)
            #expect(first.history == second.history)
        }
    }
}
