import CardGames
import Foundation

/// What the `bigtwo-sim` command line asks for.
public enum SimulatorCommand: Sendable, Equatable {
    /// Run a simulation with this configuration.
    case run(SimulationConfig)
    /// Print the usage text.
    case help
}

/// Why a `bigtwo-sim` command line was rejected.
public enum SimulatorFlagError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A flag the tool does not know.
    case unknownFlag(String)
    /// A flag given without its value.
    case missingValue(flag: String)
    /// A flag's value is not one the flag accepts.
    case invalidValue(flag: String, value: String, expected: String)
    /// `--rules` and `--options` were both given.
    case conflictingRules

    public var description: String {
        switch self {
        case .unknownFlag(let flag): "unknown flag '\(flag)'"
        case .missingValue(let flag): "\(flag) needs a value"
        case .invalidValue(let flag, let value, let expected):
            "invalid value '\(value)' for \(flag): expected \(expected)"
        case .conflictingRules: "give either --rules or --options, not both"
        }
    }
}

/// Parses the `bigtwo-sim` flags into a `SimulatorCommand`.
public enum SimulatorFlags {
    /// The usage text printed by `--help`.
    public static let usage = """
        Usage: bigtwo-sim [flags]
        Plays bot-against-bot games at full speed, checking every move, and prints a JSON
        report as its last line. Exits 1 if any invariant was violated, 2 on bad flags.

          --games N        games to play (Big Two deals or E-Card matches), default 1000
          --seed S         master seed, decimal or 0x hex, default 1
          --game G         bigtwo, ecard, tictactoe, memory or roulette, default bigtwo
          --bots LIST      one bot per seat, comma-separated
                           bigtwo: 2-4 of random|greedy|smart, default smart,greedy,greedy,greedy
                           ecard: 2 of random|mixed, default mixed,random
                           tictactoe: 2 of random|casual|perfect, default perfect,perfect
                           memory: 1-4 of random|forgetful|perfect, default perfect,forgetful
                           roulette: 1-8 of random, default random,random,random,random
          --pairs N        memory: pairs on the table, 2-26, default 8
          --segments N     roulette: segments on the wheel, 2-36, default 12
          --rules R        Big Two rules preset: standard or taiwan, default standard
          --options JSON   Big Two table options as JSON, e.g. '{"bombs":true}' (missing
                           fields take the standard value); replaces --rules
          --threads T      worker threads, default: active processors
          --help           print this text
        """

    /// The command the arguments (without the program name) ask for.
    public static func parse(_ arguments: [String]) throws(SimulatorFlagError) -> SimulatorCommand {
        var config = SimulationConfig()
        var botList: String?
        var rules: String?
        var optionsJSON: String?
        var index = 0
        while index < arguments.count {
            var flag = arguments[index]
            var inlineValue: String?
            if flag.hasPrefix("--"), let equals = flag.firstIndex(of: "=") {
                inlineValue = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            index += 1
            if flag == "--help" || flag == "-h" { return .help }
            guard
                [
                    "--games", "--seed", "--game", "--bots", "--rules", "--options", "--threads",
                    "--pairs", "--segments",
                ]
                .contains(flag)
            else { throw .unknownFlag(flag) }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw .missingValue(flag: flag) }
                value = arguments[index]
                index += 1
            }
            switch flag {
            case "--games": config.games = try count(value, flag: flag, minimum: 1)
            case "--threads": config.threads = try count(value, flag: flag, minimum: 1)
            case "--seed": config.seed = try seed(value)
            case "--pairs": config.memoryPairs = try count(value, flag: flag, in: 2...26)
            case "--segments": config.roulette.segments = try count(value, flag: flag, in: 2...36)
            case "--game":
                guard let game = SimulationConfig.Game(rawValue: value) else {
                    let names = SimulationConfig.Game.allCases.map(\.rawValue)
                    throw .invalidValue(
                        flag: flag, value: value, expected: names.joined(separator: ", "))
                }
                config.game = game
            case "--bots": botList = value
            case "--rules": rules = value
            default: optionsJSON = value
            }
        }
        if rules != nil && optionsJSON != nil { throw .conflictingRules }
        if let rules {
            guard let preset = BigTwoOptions.presets[rules] else {
                throw .invalidValue(flag: "--rules", value: rules, expected: "standard or taiwan")
            }
            config.rulesName = rules
            config.options = preset
        }
        if let optionsJSON {
            config.options = try options(optionsJSON)
            config.rulesName = "custom"
        }
        if let botList { try setBots(botList, in: &config) }
        return .run(config)
    }

    private static func count(_ value: String, flag: String, minimum: Int)
        throws(SimulatorFlagError) -> Int
    {
        guard let number = Int(value), number >= minimum else {
            throw .invalidValue(flag: flag, value: value, expected: "an integer ≥ \(minimum)")
        }
        return number
    }

    private static func count(_ value: String, flag: String, in range: ClosedRange<Int>)
        throws(SimulatorFlagError) -> Int
    {
        guard let number = Int(value), range.contains(number) else {
            throw .invalidValue(
                flag: flag, value: value,
                expected: "an integer from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    private static func seed(_ value: String) throws(SimulatorFlagError) -> UInt64 {
        let parsed =
            value.lowercased().hasPrefix("0x")
            ? UInt64(value.dropFirst(2), radix: 16) : UInt64(value)
        guard let parsed else {
            throw .invalidValue(flag: "--seed", value: value, expected: "a 64-bit unsigned integer")
        }
        return parsed
    }

    private static func options(_ json: String) throws(SimulatorFlagError) -> BigTwoOptions {
        do {
            // The same snake_case keys as the wire protocol's `options` object.
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            return try decoder.decode(BigTwoOptions.self, from: Data(json.utf8))
        } catch {
            throw .invalidValue(
                flag: "--options", value: json, expected: "a JSON object of Big Two options")
        }
    }

    private static func setBots(_ list: String, in config: inout SimulationConfig)
        throws(SimulatorFlagError)
    {
        let names = list.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        switch config.game {
        case .bigtwo:
            let levels = names.compactMap(BotLevel.init(rawValue:))
            guard levels.count == names.count, (2...4).contains(levels.count) else {
                throw .invalidValue(
                    flag: "--bots", value: list, expected: "2 to 4 of random, greedy, smart")
            }
            config.bigTwoBots = levels
        case .ecard:
            let kinds = names.compactMap(ECardBotKind.init(rawValue:))
            guard kinds.count == names.count, kinds.count == 2 else {
                throw .invalidValue(flag: "--bots", value: list, expected: "2 of random, mixed")
            }
            config.eCardBots = kinds
        case .tictactoe:
            config.ticTacToeBots = try kinds(names, list, of: TicTacToeBot.Kind.self, seats: 2...2)
        case .memory:
            config.memoryBots = try kinds(names, list, of: MemoryBot.Kind.self, seats: 1...4)
        case .roulette:
            let bots = try kinds(names, list, of: RouletteBotName.self, seats: 1...8)
            config.roulette.seats = bots.count
        }
    }

    /// The only roulette bot's name.
    private enum RouletteBotName: String, CaseIterable {
        case random
    }

    private static func kinds<Kind: RawRepresentable & CaseIterable>(
        _ names: [String], _ list: String, of type: Kind.Type, seats: ClosedRange<Int>
    ) throws(SimulatorFlagError) -> [Kind] where Kind.RawValue == String {
        let kinds = names.compactMap(Kind.init(rawValue:))
        guard kinds.count == names.count, seats.contains(kinds.count) else {
            let count =
                seats.count == 1
                ? "\(seats.lowerBound)" : "\(seats.lowerBound) to \(seats.upperBound)"
            let allowed = Kind.allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalidValue(flag: "--bots", value: list, expected: "\(count) of \(allowed)")
        }
        return kinds
    }
}
