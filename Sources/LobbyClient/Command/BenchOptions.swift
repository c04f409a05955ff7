import CommandOptions

/// What `bench` measures.
public enum BenchMode: String, CaseIterable, Sendable {
    /// Closed-loop `ping` round trips from `--clients` connections.
    case ping
    /// `help` latency while `--tables` waiting tables exist and `--listers` connections each
    /// send `list` `--list-rate` times a second.
    case listLoad = "list-load"
    /// `ping` latency while `--tables` all-bot tables play, each with a watcher.
    case canary
}

/// Options of `bench`.
public struct BenchOptions: Equatable, Sendable {
    /// The server.
    public var address: ServerAddress
    /// Connections, each running closed-loop pings.
    public var clients: Int
    /// Duration in seconds.
    public var seconds: Double
    /// What is measured.
    public var mode: BenchMode
    /// Tables set up before measuring (list-load and canary).
    public var tables: Int
    /// Connections sending `list` (list-load).
    public var listers: Int
    /// `list` requests per second from each lister (list-load).
    public var listRate: Int
    /// Probes (`help` or `ping`) per second while measuring (list-load and canary).
    public var probeRate: Int

    /// Creates options directly.
    public init(
        address: ServerAddress = ServerAddress(), clients: Int = 4, seconds: Double = 5,
        mode: BenchMode = .ping, tables: Int = 500, listers: Int = 4, listRate: Int = 100,
        probeRate: Int = 200
    ) {
        self.address = address
        self.clients = clients
        self.seconds = seconds
        self.mode = mode
        self.tables = tables
        self.listers = listers
        self.listRate = listRate
        self.probeRate = probeRate
    }

    /// Every option of `bench`.
    static let options: [Option<BenchOptions>] = [
        .value(
            "mode", .choice("MODE"), at: \.mode,
            help: "ping: ping throughput; list-load: help latency while listers send list; "
                + "canary: ping latency while all-bot tables play to watchers"),
        .value(
            "clients", short: "c", .count(minimum: 1), at: \.clients,
            help: "connections, each sending a ping as soon as the last one is answered (ping)"),
        .value(
            "seconds",
            ValueParser<Int>.count("S", minimum: 1).map({ Double($0) }, back: { Int($0) }),
            at: \.seconds, help: "how long to measure"),
        .value(
            "tables", .count(minimum: 1), at: \.tables,
            help: "tables to set up: waiting ones (list-load) or watched all-bot ones (canary)"),
        .value(
            "listers", .count(minimum: 1), at: \.listers,
            help: "connections sending list (list-load)"),
        .value(
            "list-rate", .count(minimum: 1), at: \.listRate,
            help: "list requests per second from each lister (list-load)"),
        .value(
            "probe-rate", .count(minimum: 1), at: \.probeRate,
            help: "help or ping probes per second whose latency is measured (list-load, canary)"),
    ]

    /// The `bench` command.
    static let command = Command(
        name: "\(ClientCommand.program) bench",
        summary: "Measures the server: ping throughput, or a probe's latency under list load or "
            + "beside many busy tables; prints the figures with the server's own from stats.",
        arguments: [.address(at: \.address)], options: options)

    /// Parses the options of `bench`.
    static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ClientCommand
    {
        try command.clientCommand(arguments, environment: environment, defaults: BenchOptions()) {
            .bench($0)
        }
    }
}
