import CardGames
import Foundation

/// Runs bot-against-bot games at full speed over worker threads and reports the results.
public enum Simulation {
    /// Plays every game of `config` and returns the report. Games are handed to threads in
    /// small batches; each game depends only on the seed and its index, and counts are merged
    /// by adding, so the report (timing aside) is the same for any number of threads.
    /// `progress` is called from a worker thread about once a second.
    public static func run(
        _ config: SimulationConfig, progress: (@Sendable (SimulationProgress) -> Void)? = nil
    ) -> SimulationReport {
        let threads = max(1, config.threads)
        let startCPU = ProcessorTime.now()
        let start = ContinuousClock.now
        let board = WorkBoard(
            games: max(0, config.games), seats: config.seatCount, threads: threads, start: start)
        let group = DispatchGroup()
        for _ in 1..<threads {
            group.enter()
            let thread = Thread {
                work(config, board, progress)
                group.leave()
            }
            thread.stackSize = 1 << 22
            thread.start()
        }
        work(config, board, progress)
        group.wait()
        let seconds = (ContinuousClock.now - start).seconds
        let cpu = ProcessorTime.now() - startCPU
        return report(config, board.total, threads: threads, seconds: seconds, cpu: cpu)
    }

    private static func work(
        _ config: SimulationConfig, _ board: WorkBoard,
        _ progress: (@Sendable (SimulationProgress) -> Void)?
    ) {
        let bigTwo = BigTwoGameRunner(config: config)
        let eCard = ECardGameRunner(config: config)
        let ticTacToe = TicTacToeGameRunner(config: config)
        var memory = MemoryGameRunner(config: config)
        let roulette = RouletteGameRunner(config: config)
        while let games = board.claim() {
            var part = SimulationTally(seats: config.seatCount)
            for game in games {
                switch config.game {
                case .bigtwo: bigTwo.play(game: game, into: &part)
                case .ecard: eCard.play(game: game, into: &part)
                case .tictactoe: ticTacToe.play(game: game, into: &part)
                case .memory: memory.play(game: game, into: &part)
                case .roulette: roulette.play(game: game, into: &part)
                }
            }
            if let report = board.finish(part) { progress?(report) }
        }
    }

    private static func report(
        _ config: SimulationConfig, _ tally: SimulationTally, threads: Int, seconds: Double,
        cpu: Double
    ) -> SimulationReport {
        let games = tally.games
        return SimulationReport(
            game: config.game.rawValue,
            rules: config.game == .bigtwo ? config.rulesName : "standard",
            bots: config.botNames, games: games, seed: config.seed, threads: threads,
            seconds: seconds, gamesPerSecond: seconds > 0 ? Double(games) / seconds : 0,
            cpuSeconds: cpu, gamesPerCPUSecond: cpu > 0 ? Double(games) / cpu : 0,
            moves: tally.moves,
            decisionsPerSecond: seconds > 0 ? Double(tally.moves) / seconds : 0,
            violations: tally.violations,
            violationSamples: tally.samples.map { "game \($0.game): \($0.message)" },
            wins: tally.wins, draws: tally.draws,
            winRate: tally.wins.map { games > 0 ? Double($0) / Double(games) : 0 },
            winRateInterval: tally.wins.map {
                let interval = ConfidenceInterval(successes: $0, trials: games)
                return [interval.low, interval.high]
            },
            meanScore: tally.scoreTotals.map { games > 0 ? Double($0) / Double(games) : 0 },
            meanScoreInterval: tally.scoreIntervals.map { [$0.low, $0.high] },
            play: config.game == .bigtwo ? tally.bigTwo.report(games: games) : nil)
    }
}
