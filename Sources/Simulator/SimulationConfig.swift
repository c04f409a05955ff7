import CardGames
import Foundation

/// Everything that decides a simulation run. The same configuration gives the same report,
/// apart from its timing, whatever the number of threads.
public struct SimulationConfig: Sendable, Equatable {
    /// The game simulated.
    public enum Game: String, CaseIterable, Sendable, Codable {
        /// Big Two deals between two to four bots.
        case bigtwo
        /// Whole E-Card matches between two bots.
        case ecard
        /// Tic-tac-toe rounds between two bots, the first mover alternating.
        case tictactoe
        /// Memory games between one to four bots.
        case memory
        /// Roulette rounds, every seat's bot betting at random.
        case roulette
    }

    /// The game simulated.
    public var game: Game
    /// How many games (Big Two deals or E-Card matches) to play.
    public var games: Int
    /// The master seed: game `i` is dealt from `DealSeed.derived(masterSeed: seed, dealNumber: i)`
    /// and its bots are seeded by `botSeed(master:game:seat:)`.
    public var seed: UInt64
    /// The Big Two bot of each seat (two to four seats).
    public var bigTwoBots: [BotLevel]
    /// The E-Card bot of each of the two seats.
    public var eCardBots: [ECardBotKind]
    /// The name of the Big Two rules, for the report: a preset name, or `custom`.
    public var rulesName: String
    /// The Big Two table options.
    public var options: BigTwoOptions
    /// The E-Card match options.
    public var eCardOptions: ECardOptions
    /// Worker threads to spread the games over (at least 1).
    public var threads: Int
    /// The tic-tac-toe bot of each of the two seats.
    public var ticTacToeBots: [TicTacToeBot.Kind] = [.perfect, .perfect]
    /// The memory bot of each seat (one to four).
    public var memoryBots: [MemoryBot.Kind] = [.perfect, .forgetful]
    /// Pairs on a memory table.
    public var memoryPairs = 8
    /// The roulette wheel, seats and stake limit; every seat has a random bot.
    public var roulette = RouletteOptions()

    /// A configuration; by default 1,000 Big Two deals of one smart bot against three greedy
    /// bots under the standard rules, seed 1, one thread per active processor.
    public init(
        game: Game = .bigtwo, games: Int = 1000, seed: UInt64 = 1,
        bigTwoBots: [BotLevel] = [.smart, .greedy, .greedy, .greedy],
        eCardBots: [ECardBotKind] = [.mixed, .random], rulesName: String = "standard",
        options: BigTwoOptions = .standard, eCardOptions: ECardOptions = .standard,
        threads: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.game = game
        self.games = games
        self.seed = seed
        self.bigTwoBots = bigTwoBots
        self.eCardBots = eCardBots
        self.rulesName = rulesName
        self.options = options
        self.eCardOptions = eCardOptions
        self.threads = threads
    }

    /// The number of seats in the configured game.
    public var seatCount: Int { botNames.count }

    /// The bot names by seat, as they appear in flags and in the report.
    public var botNames: [String] {
        switch game {
        case .bigtwo: bigTwoBots.map(\.rawValue)
        case .ecard: eCardBots.map(\.rawValue)
        case .tictactoe: ticTacToeBots.map(\.rawValue)
        case .memory: memoryBots.map(\.rawValue)
        case .roulette: Array(repeating: "random", count: roulette.seats)
        }
    }

    /// The seed of the bot in `seat` for game `game`: the first output of a `SplitMix64`
    /// seeded with `master + game × 0xD1B54A32D192ED03 + seat × 0x8CB92BA72F3D8DD7` (wrapping).
    public static func botSeed(master: UInt64, game: Int, seat: Int) -> UInt64 {
        let mixed =
            master &+ UInt64(game) &* 0xD1B5_4A32_D192_ED03
            &+ UInt64(seat) &* 0x8CB9_2BA7_2F3D_8DD7
        var generator = SplitMix64(seed: mixed)
        return generator.next()
    }
}
