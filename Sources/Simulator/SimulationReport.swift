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
    /// Moves accepted by the engine (Big Two plays and passes, E-Card cards laid).
    public var moves: Int
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
    /// Each seat's mean score per game (Big Two deal score, E-Card match total).
    public var meanScore: [Double]

    enum CodingKeys: String, CodingKey {
        case game, rules, bots, games, seed, threads, seconds
        case gamesPerSecond = "games_per_second"
        case moves, violations
        case violationSamples = "violation_samples"
        case wins, draws
        case winRate = "win_rate"
        case meanScore = "mean_score"
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
        copy.threads = 0
        return copy
    }
}
