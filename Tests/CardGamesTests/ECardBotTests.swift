import Testing

@testable import CardGames

@Suite struct ECardBotTests {
    /// Allowed shortfall below the game value: about five standard errors of a per-side mean
    /// over 10,000 hands (standard deviation 2.4 with the standard payouts).
    private let tolerance = 0.12
    private let value = ECardEquilibrium(options: .standard)

    @Test func randomMatchesNeverThrowAndStayZeroSum() throws {
        var rng = ECardTestRNG(seed: 2024)
        var random = ECardRandomBot()
        var otherRandom = ECardRandomBot()
        var mixed = ECardMixedBot()
        for index in 0..<3000 {
            let options = ECardOptions(slavePayout: index.isMultiple(of: 2) ? 5 : 10)
            let match =
                index.isMultiple(of: 3)
                ? try ECardTestHarness.playMatch(&random, &mixed, options: options, using: &rng)
                : try ECardTestHarness.playMatch(
                    &random, &otherRandom, options: options, using: &rng)
            #expect(match.isOver && match.handResults.count == 12)
            #expect(match.totals.reduce(0, +) == 0)
            #expect(match.handResults.last?.totals == match.totals)
            let signed = match.handResults.map { $0.winner == 0 ? $0.payout : -$0.payout }
            #expect(signed.reduce(0, +) == match.totals[0])
            #expect(match.plays.allSatisfy { (1...5).contains($0.playNumber) })
        }
    }

    @Test func botsAreDeterministicGivenTheirGenerator() throws {
        func play(seed: UInt64) throws -> ECardMatch {
            var rng = ECardTestRNG(seed: seed)
            var first = ECardMixedBot()
            var second = ECardRandomBot()
            return try ECardTestHarness.playMatch(&first, &second, using: &rng)
        }
        #expect(try play(seed: 11) == play(seed: 11))
        #expect(try play(seed: 11).plays != play(seed: 12).plays)
    }

    @Test func mixedBotLeadsWithTheSpecialCardAboutOneTimeInFive() throws {
        var rng = ECardTestRNG(seed: 5)
        var bot = ECardMixedBot()
        let view = try ECardMatch().view(for: 0)
        let trials = 10_000
        let specials = (0..<trials).filter { _ in
            bot.chooseCard(view: view, using: &rng) == .emperor
        }.count
        #expect(abs(Double(specials) / Double(trials) - 0.2) < 0.02)
    }

    @Test(arguments: 1...5)
    func mixedBotIsNotExploitedByPredictableOpponents(play: Int) throws {
        let tally = try ECardTestHarness.tally(
            subject: ECardMixedBot(), opponent: ECardSpecialAtPlayBot(play: play),
            hands: 20_000, seed: UInt64(100 + play))
        #expect(tally.mean(.emperor) >= value.handValue(for: .emperor) - tolerance)
        #expect(tally.mean(.slave) >= value.handValue(for: .slave) - tolerance)
    }

    // Laying a uniformly random card plays the special card with probability 1/(n + 1), which
    // is exactly the equilibrium, so the random bot cannot be exploited either.
    @Test(arguments: 1...5)
    func randomBotPlaysTheEquilibriumToo(play: Int) throws {
        let tally = try ECardTestHarness.tally(
            subject: ECardRandomBot(), opponent: ECardSpecialAtPlayBot(play: play),
            hands: 20_000, seed: UInt64(200 + play))
        #expect(tally.mean(.emperor) >= value.handValue(for: .emperor) - tolerance)
        #expect(tally.mean(.slave) >= value.handValue(for: .slave) - tolerance)
    }

    @Test(arguments: 1...5)
    func predictableBotIsExploitedOnBothSides(play: Int) throws {
        let tallies = try (1...5).map { reply throws(ECardError) in
            try ECardTestHarness.tally(
                subject: ECardSpecialAtPlayBot(play: play),
                opponent: ECardSpecialAtPlayBot(play: reply), hands: 12, seed: 1)
        }
        let worstAsEmperor = tallies.map { $0.mean(.emperor) }.min()!
        let worstAsSlave = tallies.map { $0.mean(.slave) }.min()!
        #expect(worstAsEmperor < value.handValue(for: .emperor) - tolerance)
        #expect(worstAsSlave < value.handValue(for: .slave) - tolerance)
    }
}
