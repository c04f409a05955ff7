import CardGames
import CommandOptions
import Foundation

/// The `bigtwo-sim` command line: every option declared once, parsed into a
/// ``SimulationConfig``.
public enum SimulatorFlags {
    /// What the flags say before they are combined: the bot list is read per game, and the
    /// rules come from a preset or from JSON, not both.
    struct Settings: Sendable {
        var config = SimulationConfig()
        var bots: String?
        var rules: String?
        var options: BigTwoOptions?
    }

    private static let defaultBots = SimulationConfig()

    private static let bigTwoBotWords = BotLevel.allCases.map(\.rawValue)
    private static let eCardBotWords = ECardBotKind.allCases.map(\.rawValue)

    /// Every option of `bigtwo-sim`.
    static let options: [Option<Settings>] = [
        .value(
            "games", short: "n", .count(minimum: 1), at: \.config.games,
            help: "games to play (Big Two deals or E-Card matches)"),
        .value("seed", .seed(), at: \.config.seed, help: "master seed"),
        .value("game", .choice("GAME"), at: \.config.game, help: "the game simulated"),
        .value(
            "bots", .string("LIST"), at: \.bots,
            unset: "\(defaultBots.bigTwoBots.map(\.rawValue).joined(separator: ",")) for bigtwo, "
                + "\(defaultBots.eCardBots.map(\.rawValue).joined(separator: ",")) for ecard",
            help: "one bot per seat, comma-separated: for bigtwo 2 to 4 of "
                + "\(bigTwoBotWords.joined(separator: ", ")); for ecard 2 of "
                + "\(eCardBotWords.joined(separator: ", ")); for tictactoe 2 of "
                + words(TicTacToeBot.Kind.self) + "; for memory 1 to 4 of "
                + words(MemoryBot.Kind.self) + "; for roulette 1 to 8 of "
                + words(RouletteBotName.self)),
        .value(
            "rules", .word("RULES", in: presetNames), at: \.rules,
            unset: defaultBots.rulesName, help: "Big Two rules preset"),
        .value(
            "options", optionsJSON, at: \.options,
            help: "Big Two table options as JSON, e.g. '{\"bombs\":true}' (missing fields take "
                + "the standard value); replaces --rules"),
        .value(
            "threads", short: "t", .count(minimum: 1), at: \.config.threads,
            help: "worker threads"),
        .value(
            "pairs", .count(minimum: 2, maximum: 26), at: \.config.memoryPairs,
            help: "memory: pairs on the table"),
        .value(
            "segments", .count(minimum: 2, maximum: 36), at: \.config.roulette.segments,
            help: "roulette: segments on the wheel"),
    ]

    /// The command: its options and usage text.
    static let command = Command(
        name: "bigtwo-sim",
        summary: "Plays bot-against-bot games at full speed, checking every move, and prints a "
            + "JSON report as its last line. Exits 1 if any invariant was violated, 2 on bad flags.",
        options: options)

    /// The usage text printed by `--help`.
    public static var usage: String { command.usage(defaults: Settings()) }

    /// The command the arguments (without the program name) ask for.
    public static func parse(_ arguments: [String]) throws(UsageError) -> Parsed<SimulationConfig> {
        guard case .run(let settings) = try command.parse(arguments, defaults: Settings()) else {
            return .help
        }
        var config = settings.config
        if settings.rules != nil && settings.options != nil {
            throw command.failure("give either --rules or --options, not both")
        }
        if let rules = settings.rules, let preset = BigTwoOptions.presets[rules] {
            config.rulesName = rules
            config.options = preset
        }
        if let options = settings.options {
            config.options = options
            config.rulesName = "custom"
        }
        if let bots = settings.bots { try setBots(bots, in: &config) }
        return .run(config)
    }

    private static let presetNames = Dictionary(
        uniqueKeysWithValues: BigTwoOptions.presets.keys.map { ($0, $0) })

    private static let optionsJSON = ValueParser<BigTwoOptions>(
        placeholder: "JSON", expectation: "a JSON object of Big Two options",
        read: { text in
            // The same snake_case keys as the wire protocol's `options` object.
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try? decoder.decode(BigTwoOptions.self, from: Data(text.utf8))
        },
        show: { _ in "{…}" })

    private static func setBots(_ list: String, in config: inout SimulationConfig)
        throws(UsageError)
    {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        switch config.game {
        case .bigtwo:
            let levels = names.compactMap(BotLevel.init(rawValue:))
            guard levels.count == names.count, (2...4).contains(levels.count) else {
                throw command.failure(
                    "--bots must be 2 to 4 of \(bigTwoBotWords.joined(separator: ", ")) "
                        + "for bigtwo, not '\(list)'")
            }
            config.bigTwoBots = levels
        case .ecard:
            let kinds = names.compactMap(ECardBotKind.init(rawValue:))
            guard kinds.count == names.count, kinds.count == 2 else {
                throw command.failure(
                    "--bots must be 2 of \(eCardBotWords.joined(separator: ", ")) for ecard, "
                        + "not '\(list)'")
            }
            config.eCardBots = kinds
        case .tictactoe:
            config.ticTacToeBots = try kinds(names, list, of: TicTacToeBot.Kind.self, seats: 2...2)
        case .memory:
            config.memoryBots = try kinds(names, list, of: MemoryBot.Kind.self, seats: 1...4)
        case .roulette:
            config.roulette.seats = try kinds(names, list, of: RouletteBotName.self, seats: 1...8)
                .count
        }
    }

    /// The only roulette bot's name.
    private enum RouletteBotName: String, CaseIterable {
        case random
    }

    private static func words<Kind: RawRepresentable & CaseIterable>(_ type: Kind.Type) -> String
    where Kind.RawValue == String {
        Kind.allCases.map(\.rawValue).joined(separator: ", ")
    }

    private static func kinds<Kind: RawRepresentable & CaseIterable>(
        _ names: [String], _ list: String, of type: Kind.Type, seats: ClosedRange<Int>
    ) throws(UsageError) -> [Kind] where Kind.RawValue == String {
        let kinds = names.compactMap(Kind.init(rawValue:))
        guard kinds.count == names.count, seats.contains(kinds.count) else {
            let count =
                seats.count == 1
                ? "\(seats.lowerBound)" : "\(seats.lowerBound) to \(seats.upperBound)"
            throw command.failure(
                "--bots must be \(count) of \(words(Kind.self)) for this game, not '\(list)'")
        }
        return kinds
    }
}
