import Foundation
import CardGames
import Testing

@testable import Simulator

@Suite struct SimulationTests {
    @Test func sameSeedGivesTheSameReportOnOneOrTwoThreads() {
        var config = SimulationConfig(
            games: 240, seed: 99, bigTwoBots: [.smart, .random, .greedy, .smart],
            rulesName: "taiwan", options: .taiwan, threads: 1)
        let one = Simulation.run(config)
        config.threads = 2
        let two = Simulation.run(config)
        #expect(one.withoutTiming == two.withoutTiming)
        #expect(one.threads == 1 && two.threads == 2)
        #expect(one.games == 240 && one.wins.reduce(0, +) == 240)
        config.seed = 100
        #expect(Simulation.run(config).withoutTiming != two.withoutTiming)
    }

    @Test func eCardRunsAreDeterministicToo() {
        var config = SimulationConfig(game: .ecard, games: 150, seed: 5, threads: 1)
        let one = Simulation.run(config)
        config.threads = 2
        #expect(Simulation.run(config).withoutTiming == one.withoutTiming)
        #expect(one.wins.reduce(0, +) + one.draws == 150)
        #expect(one.meanScore.reduce(0, +) == 0)
        #expect(one.violations == 0)
    }

    @Test(arguments: [
        BigTwoOptions.standard, .taiwan,
        BigTwoOptions(bombs: true, passLocksOut: true, lastCardRule: true, firstLeadSingle: true),
        BigTwoOptions(straights: .threeLow, flushOrder: .rankFirst, scoring: .hongKong),
    ])
    func runsAreFreeOfViolations(options: BigTwoOptions) {
        for bots: [BotLevel] in [[.random, .random, .random, .random], [.smart, .greedy, .smart]] {
            let config = SimulationConfig(
                games: 150, seed: 11, bigTwoBots: bots, options: options, threads: 2)
            let report = Simulation.run(config)
            #expect(report.violations == 0, "\(report.violationSamples)")
            #expect(report.games == 150)
            #expect(report.moves > 150 * 10)
            #expect(abs(report.meanScore.reduce(0, +)) < 1e-9)
        }
    }

    @Test func theReportIsOneJSONObjectWithTheDocumentedKeys() throws {
        let report = Simulation.run(SimulationConfig(games: 20, threads: 1))
        let json = report.json()
        #expect(!json.contains("\n"))
        for key in [
            "games", "seconds", "games_per_second", "moves", "violations", "wins", "mean_score",
            "seed", "bots", "game", "rules", "threads", "draws", "win_rate", "violation_samples",
        ] {
            #expect(json.contains("\"\(key)\":"), "missing \(key)")
        }
        #expect(json.hasPrefix("{\"bots\":[\"smart\",\"greedy\",\"greedy\",\"greedy\"]"))
        let decoded = try JSONDecoder().decode(SimulationReport.self, from: Data(json.utf8))
        #expect(decoded == report)
    }

    @Test func botSeedsDifferByGameAndSeat() {
        let seeds = Set(
            (0..<50).flatMap { game in
                (0..<4).map { SimulationConfig.botSeed(master: 7, game: game, seat: $0) }
            })
        #expect(seeds.count == 200)
        #expect(
            SimulationConfig.botSeed(master: 7, game: 3, seat: 1)
                == SimulationConfig.botSeed(master: 7, game: 3, seat: 1))
    }
}
