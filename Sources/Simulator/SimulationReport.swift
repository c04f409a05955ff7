import Foundation

/// The outcome of a simulation run, encoded as one JSON object with snake_case keys.
public struct SimulationReport: Codable, Sendable, Equatable {
    /// `bigtwo`, `ecard`, `tictactoe`, `memory` or `roulette`.
    public var game: String
    /// The Big Two rules name (`standard`, `taiwan`, `custom`), or `standard` for E-Card.
    public var rules: String
    /// The bot of each seat.
    public var bots: [String]
    /// Games played.
    public var games: Int
    /// The master seed.
    public var seed: UInt64
    /// Worker threads used.
    public var threads: Int
    /// Wall-clock duration of the run.
    public var seconds: Double
    /// Games per second of wall-clock time.
    public var gamesPerSecond: Double
    /// Processor time of the whole process during the run (user and system), in seconds:
    /// unlike wall-clock time, it barely moves when other programs share the processors.
    public var cpuSeconds: Double
    /// Games per second of processor time.
    public var gamesPerCPUSecond: Double
    /// Moves accepted by the engine (Big Two plays and passes, E-Card cards laid).
    public var moves: Int
    /// Bot decisions (one per move) per second of wall-clock time, over all threads.
    public var decisionsPerSecond: Double
    /// Broken invariants and illegal moves attempted by bots; zero in a healthy run.
    public var violations: Int
    /// The first few violations, as "game N: message", lowest game first.
    public var violationSamples: [String]
    /// Games won by each seat.
    public var wins: [Int]
    /// Games no seat won (an E-Card match ending level).
    public var draws: Int
    /// Each seat's share of the games won.
    public var winRate: [Double]
    /// The 95% confidence interval of each seat's win rate (Wilson's), as `[low, high]`.
    public var winRateInterval: [[Double]]
    /// Each seat's mean score per game (Big Two deal score, E-Card match total).
    public var meanScore: [Double]
    /// The 95% confidence interval of each seat's mean score, as `[low, high]`.
    public var meanScoreInterval: [[Double]]
    /// How each seat played, for Big Two runs (nil for the other games).
    public var play: BigTwoPlayReport?

    enum CodingKeys: String, CodingKey {
        case game, rules, bots, games, seed, threads, seconds
        case gamesPerSecond = "games_per_second"
        case cpuSeconds = "cpu_seconds"
        case gamesPerCPUSecond = "games_per_cpu_second"
        case moves
        case decisionsPerSecond = "decisions_per_second"
        case violations
        case violationSamples = "violation_samples"
        case wins, draws
        case winRate = "win_rate"
        case winRateInterval = "win_rate_ci95"
        case meanScore = "mean_score"
        case meanScoreInterval = "mean_score_ci95"
        case play
    }

    /// The report as one line of JSON with sorted keys.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    /// The report with its timing fields and thread count zeroed, for comparing runs.
    public var withoutTiming: SimulationReport {
        var copy = self
        copy.seconds = 0
        copy.gamesPerSecond = 0
        copy.cpuSeconds = 0
        copy.gamesPerCPUSecond = 0
        copy.decisionsPerSecond = 0
        copy.threads = 0
        return copy
    }
}
