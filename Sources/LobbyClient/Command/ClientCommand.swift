import CommandOptions

/// What `bigtwo-client` was asked to do, parsed from its arguments.
///
/// The first argument may name a subcommand (`play`, `verify`, `soak`, `bench`); without one
/// the client plays, so `bigtwo-client HOST:PORT --name ann` works. Each subcommand has its
/// own `--help`.
public enum ClientCommand: Equatable, Sendable {
    /// Check a finished deal offline.
    case verify(VerifyOptions)
    /// Play at a server, interactively or with a bot.
    case play(PlayOptions)
    /// Load test with many autoplaying clients.
    case soak(SoakOptions)
    /// Ping round trips as fast as possible.
    case bench(BenchOptions)
    /// Soak while the server is killed and restarted.
    case killSoak(KillSoakOptions)
    /// Print this usage text.
    case help(String)

    /// The program's name in usage and messages.
    static let program = "bigtwo-client"

    /// The subcommands with a line about each, for the usage text.
    static let subcommands: [(name: String, summary: String)] = [
        ("play", "play at a server, yourself or with a bot (the default)"),
        ("verify", "check a finished deal or a game log offline"),
        ("soak", "load test: many bot clients play through the server"),
        ("bench", "ping round trips as fast as possible"),
        ("killsoak", "crash test: soak while the server is killed and restarted"),
    ]

    /// The usage text of `bigtwo-client --help`: playing, and the list of subcommands.
    public static var usage: String { PlayOptions.usage }

    /// Parses the arguments (without the program name) over `environment`.
    public static func parse(_ arguments: [String], environment: [String: String] = [:])
        throws(UsageError) -> ClientCommand
    {
        let rest = Array(arguments.dropFirst())
        switch arguments.first {
        case "help": return .help(usage)
        case "play": return try PlayOptions.parse(rest, environment: environment, as: "play")
        case "verify": return try VerifyOptions.parse(rest, environment: environment)
        case "soak": return try SoakOptions.parse(rest, environment: environment)
        case "bench": return try BenchOptions.parse(rest, environment: environment)
        case "killsoak": return try KillSoakOptions.parse(rest, environment: environment)
        default: return try PlayOptions.parse(arguments, environment: environment, as: nil)
        }
    }
}

extension Command {
    /// Parses `arguments` and turns the result into the client command `make` builds from
    /// it (which may refuse it), or into this command's usage text for `--help`.
    func clientCommand(
        _ arguments: [String], environment: [String: String], defaults: Config,
        _ make: (Config) throws(UsageError) -> ClientCommand
    ) throws(UsageError) -> ClientCommand {
        switch try parse(arguments, environment: environment, defaults: defaults) {
        case .run(let config): try make(config)
        case .help: .help(usage(defaults: defaults))
        }
    }
}
