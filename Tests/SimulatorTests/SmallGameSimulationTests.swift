import CardGames
import CommandOptions
import Testing

@testable import Simulator

@Suite struct SmallGameSimulationTests {
    private func config(_ game: SimulationConfig.Game, games: Int = 300) -> SimulationConfig {
        SimulationConfig(game: game, games: games, seed: 21, threads: 1)
    }

    @Test func twoPerfectTicTacToeBotsAlwaysDraw() {
        let report = Simulation.run(config(.tictactoe))
        #expect(report.violations == 0, "\(report.violationSamples)")
        #expect(report.draws == 300 && report.wins == [0, 0])
        #expect(report.bots == ["perfect", "perfect"] && report.game == "tictactoe")
    }

    @Test func weakerTicTacToeBotsLoseToThePerfectOne() {
        for other: TicTacToeBot.Kind in [.random, .casual] {
            var setup = config(.tictactoe)
            setup.ticTacToeBots = [other, .perfect]
            let report = Simulation.run(setup)
            #expect(report.violations == 0, "\(report.violationSamples)")
            #expect(report.wins[0] == 0 && report.wins[1] > 0)
        }
    }

    @Test func aLosingPerfectBotIsAViolation() {
        #expect(
            TicTacToeGameRunner.checkStrength([.perfect, .random], result: .win(.x, line: 7)) != [])
        #expect(
            TicTacToeGameRunner.checkStrength([.perfect, .random], result: .win(.o, line: 7)) == [])
        #expect(TicTacToeGameRunner.checkStrength([.perfect, .perfect], result: .draw) == [])
    }

    @Test func aBoardThatContradictsTheResultIsAViolation() {
        let board = TicTacToeBoard(o: 0b111, x: 0b11000)
        let marks = TicTacToeGameRunner.Marks(o: 0b111, x: 0b11000)
        func check(_ mark: TicTacToeMark, _ result: TicTacToeResult?) -> [String] {
            TicTacToeGameRunner.check(board, marks: marks, after: 2, by: mark, result: result)
        }
        #expect(check(.o, nil) != [])
        #expect(check(.o, .win(.o, line: 7)) == [])
        #expect(check(.x, .win(.x, line: 7)) != [])
        let missing = TicTacToeGameRunner.Marks(o: 0b11, x: 0b11000)
        #expect(
            TicTacToeGameRunner.check(board, marks: missing, after: 2, by: .o, result: nil)
                .contains("the board does not hold the marks made"))
    }

    @Test func memoryGamesKeepEveryCheck() {
        for bots: [MemoryBot.Kind] in [
            [.perfect, .forgetful], [.random], [.random, .perfect, .forgetful, .random],
        ] {
            var setup = config(.memory, games: 120)
            setup.memoryBots = bots
            setup.memoryPairs = bots.count == 1 ? 26 : 8
            let report = Simulation.run(setup)
            #expect(report.violations == 0, "\(report.violationSamples)")
            #expect(report.games == 120)
            #expect(abs(report.meanScore.reduce(0, +) - Double(setup.memoryPairs)) < 1e-9)
        }
    }

    @Test func aBotThatKnowsAnUnflippedCardIsCaught() {
        var checker = MemoryGameRunner.Checker(layout: [0, 1, 0, 1], seats: 2)
        var bot = MemoryBot(kind: .perfect, cardCount: 4)
        bot.observe(.firstCard(position: 2, face: 0))
        checker.check(bot, seat: 0)
        #expect(checker.problems == ["the bot at seat 0 knows a card no one has flipped"])
    }

    @Test func aBotThatRemembersAFaceWrongIsCaught() {
        var checker = MemoryGameRunner.Checker(layout: [0, 1, 0, 1, 2, 2], seats: 2)
        checker.flipped(4, by: 0, event: .firstCard(position: 4, face: 2), next: 0)
        var bot = MemoryBot(kind: .perfect, cardCount: 6)
        bot.observe(.firstCard(position: 4, face: 2))
        checker.check(bot, seat: 0)
        #expect(checker.problems.isEmpty)
        var wrong = MemoryBot(kind: .perfect, cardCount: 6)
        wrong.observe(.firstCard(position: 4, face: 1))
        checker.check(wrong, seat: 1)
        #expect(checker.problems == ["the bot at seat 1 remembers card 5 wrong"])
    }

    @Test func theSoleLeaderIsTheOneSeatWithTheMostPairs() {
        #expect(MemoryGameRunner.soleLeader([1, 4, 3]) == 1)
        #expect(MemoryGameRunner.soleLeader([4, 1, 4]) == nil)
        #expect(MemoryGameRunner.soleLeader([3, 3, 5]) == 2)
        #expect(MemoryGameRunner.soleLeader([2]) == 0)
    }

    @Test func rouletteConservesChipsAndIsFairOnAverage() {
        var setup = config(.roulette, games: 4000)
        setup.roulette = RouletteOptions(segments: 6, seats: 8)
        let report = Simulation.run(setup)
        #expect(report.violations == 0, "\(report.violationSamples)")
        // A random bot stakes at most 30 chips a round at variance 5 per chip: the mean net
        // over 4,000 rounds stays within a few chips of zero.
        for mean in report.meanScore { #expect(abs(mean) < 3, "\(report.meanScore)") }
    }

    @Test func unevenPayoutsAreCaught() {
        let bets = [
            RouletteBet(seat: 0, segment: 2, chips: 3), RouletteBet(seat: 1, segment: 1, chips: 1),
        ]
        #expect(RouletteGameRunner.check([15, -1], bets: bets, spin: 2, segments: 6) == [])
        #expect(RouletteGameRunner.check([18, -1], bets: bets, spin: 2, segments: 6) != [])
    }

    @Test func runsAreTheSameOnOneOrTwoThreads() {
        for game: SimulationConfig.Game in [.tictactoe, .memory, .roulette] {
            var setup = config(game, games: 200)
            let one = Simulation.run(setup)
            setup.threads = 2
            #expect(Simulation.run(setup).withoutTiming == one.withoutTiming)
        }
    }

    @Test func theFlagsChooseTheNewGames() throws {
        let command = try SimulatorFlags.parse([
            "--game", "memory", "--bots", "random,perfect,forgetful", "--pairs", "12",
        ])
        guard case .run(let memory) = command else {
            Issue.record("not a run")
            return
        }
        #expect(memory.memoryBots == [.random, .perfect, .forgetful] && memory.memoryPairs == 12)
        let roulette = try SimulatorFlags.parse([
            "--game=roulette", "--bots=random,random", "--segments=36",
        ])
        guard case .run(let wheel) = roulette else {
            Issue.record("not a run")
            return
        }
        var expected = SimulationConfig(game: .roulette)
        expected.roulette = RouletteOptions(segments: 36, seats: 2)
        #expect(wheel == expected)
        #expect(throws: UsageError.self) {
            try SimulatorFlags.parse(["--game", "tictactoe", "--bots", "perfect"])
        }
        #expect(throws: UsageError.self) { try SimulatorFlags.parse(["--pairs", "27"]) }
        #expect(throws: UsageError.self) { try SimulatorFlags.parse(["--segments", "1"]) }
    }
}
