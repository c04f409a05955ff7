import CardGames
import CommandOptions
import LobbyProtocol

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
    /// Seconds each client keeps trying to reconnect after its connection drops.
    public var reconnectWindow: Double
    /// The kind of table the clients play at.
    public var kind: TableKind
    /// Threads that read the clients' connections.
    public var readers: Int
    /// Seconds between the progress lines with the server's resident set; 0 for none.
    public var rssEvery = 0
    /// Sessions a second that connect, say `hello` and leave beside the play (each held by
    /// the server for its seatless time); 0 for none.
    public var churn = 0
    /// Whether the clients connect over a WebSocket to the server's `/ws` rather than TCP.
    public var webSocket = false

    /// Creates options directly.
    public init(
        address: ServerAddress = ServerAddress(), clients: Int, games: Int, tables: Int? = nil,
        seed: UInt64 = 1, bots: String = "greedy", timeout: Double = 600,
        reconnectWindow: Double = 300, kind: TableKind = .bigtwo, readers: Int = 1
    ) throws(ClientError) {
        self.kind = kind
        self.readers = readers
        self.address = address
        self.clients = clients
        self.games = games
        self.tables = tables ?? (clients + 3) / 4
        self.seed = seed
        self.bots = bots
        self.timeout = timeout
        self.reconnectWindow = reconnectWindow
        try validate()
    }

    private func validate() throws(ClientError) {
        guard clients > 0, games > 0, tables > 0, readers > 0 else {
            throw .usage("--clients, --games, --tables and --readers must be positive")
        }
        guard tables <= clients, clients <= 4 * tables else {
            throw .usage(
                "each table seats 1 to 4 clients: use between clients/4 and clients tables")
        }
        guard BotLevel(rawValue: bots) != nil else {
            let words = BotLevel.allCases.map(\.rawValue).joined(separator: ", ")
            throw .usage("--bots must be one of \(words), not '\(bots)'")
        }
    }

    /// What the `soak` flags say, before the options are checked as a whole.
    struct Flags: Sendable {
        var address = ServerAddress()
        var clients = 4
        var games = 10
        var tables: Int?
        var seed: UInt64 = 1
        var bots = BotLevel.greedy
        var timeout = 600
        var reconnectWindow = 300
        var kind = TableKind.bigtwo
        var readers = 1
        var rssEvery = 0
        var churn = 0
        var webSocket = false
    }

    /// Every option of `soak`.
    static let options: [Option<Flags>] = [
        .value(
            "clients", short: "c", .count(minimum: 1), at: \.clients, help: "connections to open"),
        .value(
            "games", short: "g", .count(minimum: 1), at: \.games, help: "deals to play in total"),
        .value(
            "tables", .count(minimum: 1), at: \.tables, unset: "one per four clients",
            help: "tables to spread the clients over (each seats 1 to 4 of them)"),
        .value("seed", .seed(), at: \.seed, help: "seed of the bots' choices"),
        .value(
            "bots", .choice("LEVEL"), at: \.bots,
            help: "bot level of the clients and of the server's seat fillers"),
        .value(
            "timeout", .count("S", minimum: 1), at: \.timeout,
            help: "give up after this many seconds"),
        .value(
            "reconnect-window", .count("S", minimum: 1), at: \.reconnectWindow,
            help: "seconds each client keeps trying to reconnect after its connection drops "
                + "or the server restarts"),
        .value("kind", .choice("KIND"), at: \.kind, help: "the kind of table to play at"),
        .value(
            "readers", .count(minimum: 1, maximum: 64), at: \.readers,
            help: "threads that read the clients' connections"),
        .value(
            "rss-every", .count("S"), at: \.rssEvery,
            help: "seconds between progress lines with the server's resident set, 0 for none"),
        .value(
            "churn", .count(), at: \.churn,
            help: "sessions a second that say hello and leave beside the play"),
        .flag(
            "websocket", at: \.webSocket,
            help: "the clients connect over a WebSocket to the server's /ws, not TCP lines"),
    ]

    /// The `soak` command.
    static let command = Command(
        name: "\(ClientCommand.program) soak",
        summary: "Load test: bot clients fill tables and play deals through the server, checking "
            + "every event; prints throughput, latency and the processor time the server and "
            + "this client each spent per deal. Exits 1 on any violation.",
        arguments: [.address(at: \.address)], options: options)

    /// Parses the options of `soak`.
    static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ClientCommand
    {
        try command.clientCommand(arguments, environment: environment, defaults: Flags()) {
            flags throws(UsageError) in
            do throws(ClientError) {
                var options = try SoakOptions(
                    address: flags.address, clients: flags.clients, games: flags.games,
                    tables: flags.tables, seed: flags.seed, bots: flags.bots.rawValue,
                    timeout: Double(flags.timeout),
                    reconnectWindow: Double(flags.reconnectWindow), kind: flags.kind,
                    readers: flags.readers)
                options.rssEvery = flags.rssEvery
                options.churn = flags.churn
                options.webSocket = flags.webSocket
                return .soak(options)
            } catch {
                throw command.failure(error.description)
            }
        }
    }
}
