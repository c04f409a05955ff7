import CardGames
import CommandOptions
import LobbyProtocol

/// Options of interactive or bot play.
public struct PlayOptions: Equatable, Sendable {
    /// The server.
    public var address: ServerAddress
    /// Display name; nil asks for one (at a terminal) or takes the system user name.
    public var name: String?
    /// Bot level for autoplay; nil for interactive play.
    public var bot: BotLevel?
    /// Deals (or matches) of a table this client creates; with a bot, also the deals to play
    /// before leaving.
    public var games: Int?
    /// Create a table on connecting.
    public var create: Bool
    /// Join this table on connecting.
    public var join: Int?
    /// Kind of the table to create; nil for Big Two.
    public var kind: TableKind?
    /// Seed for the bot's random choices; nil for 1.
    public var seed: UInt64?
    /// A session token to resume a saved session with.
    public var token: String?
    /// Seconds to keep trying to reconnect after the connection drops.
    public var reconnectWindow: Int

    /// Creates options directly.
    public init(
        address: ServerAddress = ServerAddress(), name: String? = nil, bot: BotLevel? = nil,
        games: Int? = nil, create: Bool = false, join: Int? = nil, kind: TableKind? = nil,
        seed: UInt64? = nil, token: String? = nil, reconnectWindow: Int = 300
    ) {
        self.address = address
        self.name = name
        self.bot = bot
        self.games = games
        self.create = create
        self.join = join
        self.kind = kind
        self.seed = seed
        self.token = token
        self.reconnectWindow = reconnectWindow
    }

    /// How the session reconnects.
    public var reconnectPolicy: ReconnectPolicy {
        ReconnectPolicy(window: Double(reconnectWindow))
    }

    /// The options before any flag.
    static let defaults = PlayOptions()

    /// Every option of playing.
    static let options: [Option<PlayOptions>] = [
        .value(
            "name", short: "n", env: "BIGTWO_NAME", .string("NAME"), at: \.name,
            unset: "asked for, or the system user name", help: "your name at the table"),
        .value(
            "token", env: "BIGTWO_TOKEN", .string("TOKEN"), at: \.token,
            help: "resume a saved session (the client prints its token when you quit)"),
        .value(
            "reconnect-window", .count("S", minimum: 1), at: \.reconnectWindow,
            help: "seconds to keep trying to reconnect after the connection drops or the "
                + "server restarts"),
        .flag(
            "create", at: \.create,
            help: "create a table on connecting (a bot player also starts it)"),
        .value(
            "join", .count("TABLE", minimum: 1), at: \.join, help: "join this table on connecting"),
        .value(
            "kind", .choice("KIND"), at: \.kind, unset: TableKind.bigtwo.rawValue,
            help: "kind of the table --create makes"),
        .value(
            "games", .count(minimum: 1), at: \.games, unset: "the server's",
            help: "deals (or E-Card matches) of the table --create makes; a bot also leaves "
                + "after playing that many"),
        .value(
            "bot", short: "b", .choice("LEVEL"), at: \.bot, unset: "none: you play",
            help: "let a bot of this level play for you"),
        .value(
            "seed", .seed(), at: \.seed, unset: "1", help: "seed of the bot's choices (with --bot)"),
    ]

    /// The command named `bigtwo-client`, or `bigtwo-client play` when `subcommand` is given.
    static func command(_ subcommand: String?) -> Command<PlayOptions> {
        let names = ClientCommand.subcommands.map { "  \($0.name)" }
        let width = (names.map(\.count).max() ?? 0) + 2
        let list = zip(names, ClientCommand.subcommands).map { name, command in
            name + String(repeating: " ", count: width - name.count) + command.summary
        }
        return Command(
            name: ([ClientCommand.program] + [subcommand].compactMap(\.self)).joined(
                separator: " "),
            summary: "Plays at a bigtwo-server (Big Two, E-Card, tic-tac-toe, memory, roulette): "
                + "you type commands (type help once connected), or a bot plays for you.",
            arguments: [.address(at: \.address)], options: options,
            notes: [
                "Colours are used when standard output is a terminal, unless NO_COLOR is set.",
                "Friends without this client join the same server in a browser at "
                    + "http://HOST:PORT (phones too), or type commands with nc HOST PORT or "
                    + "telnet HOST PORT.",
                (["commands:"] + list).joined(separator: "\n")
                    + "\nRun '\(ClientCommand.program) COMMAND --help' for the options of a command.",
            ])
    }

    /// The usage text of playing.
    static var usage: String { command(nil).usage(defaults: defaults) }

    /// Parses the options of playing; `subcommand` is `play` when it was named.
    static func parse(_ arguments: [String], environment: [String: String], as subcommand: String?)
        throws(UsageError) -> ClientCommand
    {
        let command = command(subcommand)
        return try command.clientCommand(arguments, environment: environment, defaults: defaults) {
            options throws(UsageError) in
            if let problem = options.conflict { throw command.failure(problem) }
            return .play(options)
        }
    }

    /// Why these options cannot go together, or nil. Interactive play creates or joins a
    /// table on connecting as a bot does; what only a bot uses is refused without one.
    var conflict: String? {
        if create && join != nil { return "give either --create or --join, not both" }
        if kind != nil && !create { return "--kind chooses the table --create makes: add --create" }
        if bot == nil {
            if seed != nil { return "--seed seeds a bot's choices: it needs --bot" }
            if games != nil && !create {
                return "--games sets the length of a table you create: add --create (or --bot)"
            }
        }
        return nil
    }
}
