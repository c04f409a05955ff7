/// What `bigtwo-client` was asked to do, parsed from its arguments.
public enum ClientCommand: Equatable, Sendable {
    /// Check a finished deal offline.
    case verify(VerifyOptions)
    /// Play at a server, interactively or with a bot.
    case play(PlayOptions)
    /// Load test with many autoplaying clients.
    case soak(SoakOptions)
    /// Ping round trips as fast as possible.
    case bench(BenchOptions)
    /// Print usage.
    case help

    /// The usage text.
    public static let usage = """
        usage:
          bigtwo-client [HOST[:PORT]] [--name NAME] [--bot random|greedy|smart] [--games N]
                        [--create] [--join TABLE] [--kind K] [--seed S]
          bigtwo-client verify --seed HEX --commitment HEX [--hands "3D 4C …|…|…|…"]
                        [--initial-hands "…"] [--remaining "…"]
          bigtwo-client verify --record FILE   (the server's games.jsonl, or deal_end lines)
          bigtwo-client soak [HOST[:PORT]] --clients N --games M [--tables T] [--seed S]
                        [--bots random|greedy|smart] [--timeout SECONDS] [--kind K]
          K: bigtwo, ecard, tictactoe, memory or roulette
          bigtwo-client bench [HOST[:PORT]] --clients N --seconds S
        """

    /// Parses the arguments (without the program name).
    public static func parse(_ arguments: [String]) throws(ClientError) -> ClientCommand {
        var flags = try FlagReader(arguments)
        if flags.has("help") || flags.positionals.first == "help" { return .help }
        switch flags.positionals.first {
        case "verify":
            flags.positionals.removeFirst()
            return .verify(try VerifyOptions(flags: &flags))
        case "soak":
            flags.positionals.removeFirst()
            return .soak(try SoakOptions(flags: &flags))
        case "bench":
            flags.positionals.removeFirst()
            return .bench(try BenchOptions(flags: &flags))
        default:
            return .play(try PlayOptions(flags: &flags))
        }
    }
}

/// Options of `verify`.
public struct VerifyOptions: Equatable, Sendable {
    /// Seed in hex.
    public var seed: String?
    /// Commitment in hex.
    public var commitment: String?
    /// Dealt hands, `|`-separated.
    public var hands: String?
    /// Remaining hands, `|`-separated.
    public var remaining: String?
    /// A file of JSON lines: game log records (`games.jsonl`) or `deal_end` messages.
    public var record: String?

    init(flags: inout FlagReader) throws(ClientError) {
        seed = try flags.string("seed")
        commitment = try flags.string("commitment")
        let initial = try flags.string("initial-hands")
        hands = try flags.string("hands") ?? initial
        remaining = try flags.string("remaining")
        record = try flags.string("record")
        try flags.finish(positionalLimit: 0)
        if record == nil && (seed == nil || commitment == nil) {
            throw .usage("verify needs --seed and --commitment, or --record FILE")
        }
    }

    /// Creates options directly.
    public init(
        seed: String? = nil, commitment: String? = nil, hands: String? = nil,
        remaining: String? = nil, record: String? = nil
    ) {
        self.seed = seed
        self.commitment = commitment
        self.hands = hands
        self.remaining = remaining
        self.record = record
    }
}

/// Options of interactive or bot play.
public struct PlayOptions: Equatable, Sendable {
    /// The server.
    public var address: ServerAddress
    /// Display name.
    public var name: String
    /// Bot level for autoplay; nil for interactive play.
    public var bot: String?
    /// Deals (or matches) to play before leaving, for autoplay.
    public var games: Int?
    /// Create a table on connecting (autoplay).
    public var create: Bool
    /// Join this table on connecting (autoplay).
    public var join: Int?
    /// Table kind to create.
    public var kind: String
    /// The table kinds `--kind` accepts.
    static let kinds = ["bigtwo", "ecard", "tictactoe", "memory", "roulette"]
    /// Seed for the bot's random choices.
    public var seed: UInt64

    init(flags: inout FlagReader) throws(ClientError) {
        address = ServerAddress()
        if let first = flags.positionals.first {
            address = try ServerAddress(parsing: first)
        }
        name = try flags.string("name") ?? "player"
        bot = try flags.string("bot")
        if let bot, !BotChoice.levels.contains(bot) {
            throw .usage("--bot must be random, greedy or smart, not '\(bot)'")
        }
        games = try flags.int("games")
        create = flags.has("create")
        join = try flags.int("join")
        kind = try flags.string("kind") ?? "bigtwo"
        guard Self.kinds.contains(kind) else {
            throw .usage("--kind must be one of " + Self.kinds.joined(separator: ", "))
        }
        seed = UInt64(try flags.int("seed") ?? 1)
        try flags.finish(positionalLimit: 1)
    }

    /// Creates options directly.
    public init(
        address: ServerAddress = ServerAddress(), name: String, bot: String? = nil,
        games: Int? = nil, create: Bool = false, join: Int? = nil, kind: String = "bigtwo",
        seed: UInt64 = 1
    ) {
        self.address = address
        self.name = name
        self.bot = bot
        self.games = games
        self.create = create
        self.join = join
        self.kind = kind
        self.seed = seed
    }
}

/// Options of `soak`.
public struct SoakOptions: Equatable, Sendable {
    /// The server.
    public var address: ServerAddress
    /// Connections to open.
    public var clients: Int
    /// Deals to play in total.
    public var games: Int
    /// Tables to spread the clients over; default one per four clients.
    public var tables: Int
    /// Seed for the bots' choices.
    public var seed: UInt64
    /// Bot level of the clients and of the server's seat fillers.
    public var bots: String
    /// Give up after this many seconds.
    public var timeout: Double
    /// The kind of table to soak (a table kind's wire name).
    public var kind: String

    init(flags: inout FlagReader) throws(ClientError) {
        address = ServerAddress()
        if let first = flags.positionals.first {
            address = try ServerAddress(parsing: first)
        }
        clients = try flags.int("clients") ?? 4
        games = try flags.int("games") ?? 10
        tables = try flags.int("tables") ?? (clients + 3) / 4
        seed = UInt64(try flags.int("seed") ?? 1)
        bots = try flags.string("bots") ?? "greedy"
        timeout = Double(try flags.int("timeout") ?? 600)
        kind = try flags.string("kind") ?? "bigtwo"
        guard PlayOptions.kinds.contains(kind) else {
            throw .usage("--kind must be one of " + PlayOptions.kinds.joined(separator: ", "))
        }
        try flags.finish(positionalLimit: 1)
        try validate()
    }

    /// Creates options directly.
    public init(
        address: ServerAddress = ServerAddress(), clients: Int, games: Int, tables: Int? = nil,
        seed: UInt64 = 1, bots: String = "greedy", timeout: Double = 600, kind: String = "bigtwo"
    ) throws(ClientError) {
        self.address = address
        self.clients = clients
        self.games = games
        self.tables = tables ?? (clients + 3) / 4
        self.seed = seed
        self.bots = bots
        self.timeout = timeout
        self.kind = kind
        try validate()
    }

    private func validate() throws(ClientError) {
        guard clients > 0, games > 0, tables > 0 else {
            throw .usage("--clients, --games and --tables must be positive")
        }
        guard tables <= clients, clients <= 4 * tables else {
            throw .usage(
                "each table seats 1 to 4 clients: use between clients/4 and clients tables")
        }
        guard BotChoice.levels.contains(bots) else {
            throw .usage("--bots must be random, greedy or smart")
        }
    }
}

/// Options of `bench`.
public struct BenchOptions: Equatable, Sendable {
    /// The server.
    public var address: ServerAddress
    /// Connections, each running closed-loop pings.
    public var clients: Int
    /// Duration in seconds.
    public var seconds: Double

    init(flags: inout FlagReader) throws(ClientError) {
        address = ServerAddress()
        if let first = flags.positionals.first {
            address = try ServerAddress(parsing: first)
        }
        clients = try flags.int("clients") ?? 4
        seconds = Double(try flags.int("seconds") ?? 5)
        try flags.finish(positionalLimit: 1)
        guard clients > 0, seconds > 0 else {
            throw .usage("--clients and --seconds must be positive")
        }
    }

    /// Creates options directly.
    public init(address: ServerAddress = ServerAddress(), clients: Int, seconds: Double) {
        self.address = address
        self.clients = clients
        self.seconds = seconds
    }
}
