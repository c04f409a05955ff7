import Testing

@testable import CardGames

/// The smart bot is clearly stronger than the random and the greedy bots. The floors sit a few
/// standard errors below the rates measured over 10,000 deals, so only a real loss of strength
/// (or a change to the deals) can fail them.
@Suite struct BotStrengthTests {
    /// Seat 0's wins and total score over `games` deals from deal number `first` on, with no
    /// illegal move from any seat.
    static func seatZero(
        _ levels: [BotLevel], games: Int, first: Int = 0
    ) -> (wins: Int, score: Int) {
        var wins = 0
        var score = 0
        var illegal: [String] = []
        for number in first..<(first + games) {
            let deal = playBotDeal(
                levels: levels, options: .standard, dealNumber: number, illegal: &illegal)
            if deal.winner == 0 { wins += 1 }
            score += deal.result?.scores[0] ?? 0
        }
        #expect(illegal.isEmpty, "\(illegal.prefix(3))")
        return (wins, score)
    }

    @Test func smartBeatsThreeGreedyBots() {
        let games = 500
        let (wins, score) = Self.seatZero([.smart, .greedy, .greedy, .greedy], games: games)
        // Parity is 25%; over 30,000 deals the smart seat wins about 51.8%, with a standard
        // error of 2.2% over 500 (here it wins 246).
        #expect(Double(wins) / Double(games) >= 0.43, "smart won \(wins) of \(games)")
        #expect(score > 0)
    }

    @Test func smartBeatsThreeRandomBots() {
        let games = 400
        let (wins, score) = Self.seatZero([.smart, .random, .random, .random], games: games)
        // Over 10,000 deals the smart seat wins about 87%, with a standard error of 1.7% over
        // 400 (here it wins 363).
        #expect(Double(wins) / Double(games) >= 0.80, "smart won \(wins) of \(games)")
        #expect(score > 0)
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
