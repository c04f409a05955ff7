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
    /// `help` latency while `--chatters` connections each chat in the lobby `--chat-rate`
    /// times a second.
    case chat
    /// `ping` latency while `--watchers` connections watch one busy all-bot table.
    case watchers
    /// `hello` and `help` latency while new sessions say `hello` `--hello-rate` times a second
    /// beside `--held` sessions held for resuming.
    case hello
    /// `help` latency while `--fuzzers` connections send `--lines` malformed, random and
    /// mutated lines as fast as their budget lets them.
    case fuzz
    /// The server's resident set and threads while `--clients` sessions (WebSockets with
    /// `--websocket`) stay connected and silent for `--seconds`.
    case idle
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
    /// Lobby chatters (chat).
    public var chatters = 100
    /// Chat lines per second from each chatter (chat).
    public var chatRate = 2.4
    /// Watchers of the busy table (watchers).
    public var watchers = 100
    /// True when the watchers never read what they are sent (watchers).
    public var stalledWatchers = false
    /// Sessions held before measuring (hello).
    public var held = 10_000
    /// New sessions per second while measuring (hello).
    public var helloRate = 240
    /// Lines the fuzzers send in all (fuzz); the run ends when they are sent or the time is up.
    public var lines = 1_000_000
    /// Connections sending fuzz lines (fuzz).
    public var fuzzers = 8
    /// Whether the connections use a WebSocket to the server's `/ws` (ping and idle).
    public var webSocket = false

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
                + "canary: ping latency while all-bot tables play to watchers; idle: the "
                + "server's memory and threads while --clients sessions stay connected"),
        .value(
            "clients", short: "c", .count(minimum: 1), at: \.clients,
            help: "connections, each sending a ping as soon as the last one is answered "
                + "(ping), or sessions held silent (idle)"),
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
        .value(
            "chatters", .count(minimum: 1), at: \.chatters,
            help: "connections chatting in the lobby (chat)"),
        .value(
            "chat-rate",
            ValueParser<Int>.count("TENTHS", minimum: 1).map({ Double($0) / 10 }, back: { Int($0 * 10) }),
            at: \.chatRate, help: "chat lines per second from each chatter, in tenths (chat)"),
        .value(
            "watchers", .count(minimum: 1), at: \.watchers,
            help: "connections watching the busy table (watchers)"),
        .flag(
            "stalled-watchers", at: \.stalledWatchers,
            help: "the watchers never read what they are sent (watchers)"),
        .value(
            "held", .count(), at: \.held,
            help: "sessions held for resuming before measuring (hello)"),
        .value(
            "hello-rate", .count(minimum: 1), at: \.helloRate,
            help: "new sessions per second while measuring (hello)"),
        .value(
            "lines", .count(minimum: 1), at: \.lines, help: "fuzz lines to send in all (fuzz)"),
        .value(
            "fuzzers", .count(minimum: 1), at: \.fuzzers,
            help: "connections sending fuzz lines (fuzz)"),
        .flag(
            "websocket", at: \.webSocket,
            help: "the connections use a WebSocket to the server's /ws, not TCP (ping, idle)"),
    ]

    /// The `bench` command.
    static let command = Command(
        name: "\(ClientCommand.program) bench",
        summary: "Measures the server: ping throughput, or a probe's latency under list load or "
            + "beside many busy tables, or what idle sessions cost; prints the figures with "
            + "the server's own from stats.",
        arguments: [.address(at: \.address)], options: options)

    /// Parses the options of `bench`.
    static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ClientCommand
    {
        try command.clientCommand(arguments, environment: environment, defaults: BenchOptions()) {
            options throws(UsageError) in
            guard !options.webSocket || options.mode == .ping || options.mode == .idle else {
                throw command.failure("--websocket applies to --mode ping and idle only")
            }
            return .bench(options)
        }
    }
}
