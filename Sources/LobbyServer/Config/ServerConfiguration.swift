import GameRecords

/// Everything an operator can set about a lobby server.
public struct ServerConfiguration: Sendable, Equatable {
    /// IPv4 address or host name to listen on.
    public var host: String
    /// TCP port; 0 lets the system choose (``LobbyServer/start()`` returns it).
    public var port: UInt16
    /// With a master seed every deal's seed is derived from it and the server's deal counter,
    /// so runs are reproducible; nil draws a secure random seed for every deal.
    public var masterSeed: UInt64?
    /// Pause before each bot move and between deals, in milliseconds (0 for soak runs).
    public var botDelayMilliseconds: Int
    /// Clients served at once; one more gets a `server_full` error and is closed.
    public var maxClients: Int
    /// Clients served at once from one IP address; one more gets a `too_many_connections`
    /// error and is closed. The default leaves room for a 100-client soak from one machine.
    public var maxClientsPerAddress: Int
    /// Seconds a client may leave a line unfinished before it gets an `idle_timeout` error
    /// and is closed; 0 for no limit.
    public var incompleteLineSeconds: Int
    /// The least important log lines written.
    public var logLevel: LogLevel
    /// Where the game log lives; nil keeps no durable log.
    public var dataDirectory: String?
    /// The size in megabytes at which the game log starts its next segment file.
    public var logSegmentMegabytes = GameLog.Options.defaultSegmentMegabytes
    /// True to keep no table journal in the data directory: tables and sessions are then
    /// lost when the server stops.
    public var withoutJournal = false
    /// The table journal is compacted while the server runs once it grows past this many
    /// kilobytes (and twice its length after the last compaction).
    public var journalCompactionKilobytes = 16 * 1024
    /// Seconds after a restart during which the people at restored tables count as still
    /// there, so that they can resume before a bot takes their seat; 0 drops them at once.
    public var restartGraceSeconds = 15
    /// Milliseconds a table's game broadcast to someone not asked to act may wait, so that
    /// it leaves in one write with that person's next messages; 0 sends every message at
    /// once. A prompt to act, a reply other than a move's echo and every message that is not a
    /// game event never wait.
    public var broadcastDelayMilliseconds = 20
    /// How many more times, at most, a connection poller out of work polls before it sleeps;
    /// 0 never. It spins only after a wake-up that brought a single client, and polls fewer
    /// times while spinning finds nothing: a lone busy client is answered sooner and with
    /// fewer thread switches, at the price of processor time (see `IdleSpin` in LineServer).
    public var pollSpin = 200
    /// How many threads wait for the clients' sockets, each serving its share of them; nil
    /// for half the processors (at least one).
    public var pollers: Int?
    /// Seconds per turn at tables with people, unless the table says otherwise; 0 for none.
    public var turnSeconds: Int
    /// Seconds a dropped player's seat is kept for them; after that the bot plays it for the
    /// rest of the match.
    public var reconnectSeconds: Int
    /// Consecutive timed-out turns after which a player is treated as away (a bot plays
    /// for them until they act again).
    public var timeoutsBeforeAway: Int
    /// Requests one connection may send per second on average; more are refused with
    /// `rate_limited`, and a client that keeps flooding is disconnected.
    public var requestsPerSecond: Int
    /// Requests one connection may send in a burst.
    public var requestBurst: Int
    /// All-bot (soak) tables one player may have running at once.
    public var maxBotTablesPerPlayer: Int
    /// Tables that may exist at once.
    public var maxTables: Int
    /// The server name sent in the greeting.
    public var serverName: String
    /// All-bot tables that may run at once on the whole server; kept below ``maxTables`` so
    /// that there is always room for tables with people.
    public var maxBotTables: Int
    /// Seconds a new connection has to say `hello` before it is sent an error and closed.
    public var helloSeconds: Int
    /// Sessions held at once, connected or waiting to be resumed; past it the oldest
    /// disconnected sessions without a seat are forgotten first.
    public var maxHeldSessions: Int
    /// Seconds a disconnected session without a seat stays resumable.
    public var seatlessSessionSeconds: Int
    /// Seconds between two games (deals, matches, rounds) at tables with people, unless the
    /// table says otherwise or every person says `ready` sooner.
    public var pauseSeconds: Int
    /// Seconds between the `stats` lines written at log level info; 0 writes none.
    public var statsSeconds: Int
    /// Chat lines a second the lobby, and each table, take from everyone together (in bursts
    /// of twice that); past it a line gets `chat_busy`. 0 for no limit.
    public var roomChatPerSecond = 10
    /// Watchers one table takes at once; one more gets `too_many_watchers`.
    public var maxWatchersPerTable = 100
    /// Tables open at once that sessions from one IP address created (all-bot ones too);
    /// one more `create` gets `too_many_tables`. Throwaway sessions from one address cannot
    /// take every table there is.
    public var maxTablesPerAddress = 32
    /// Seconds a dropped person's seat waits at a table that has not started (at most
    /// ``reconnectSeconds``): a table its people made and left ends this soon.
    public var waitingSeatSeconds = 30
    /// When the server is full, a connection without a seat that has sent nothing for this
    /// many seconds may be closed (`idle_evicted`) to make room for a new one, the one silent
    /// longest first.
    public var evictionIdleSeconds = 30
    /// The address friends reach the server at (`HOST` or `HOST:PORT`), announced at start-up
    /// and in the join QR code instead of this machine's own: in a container, whose own
    /// address friends cannot reach, the host's LAN address and published port. Nil: this
    /// machine's LAN addresses and the port listened on.
    public var joinAddress: String?
    /// Whether the port also serves the web page over HTTP and the protocol over WebSocket at
    /// `/ws`; off, every connection is a line client greeted at once.
    public var web = true
    /// Origins besides the server's own whose pages may open a WebSocket, such as
    /// `http://gamebox.lan:7777`; `*` allows every origin.
    public var webOrigins: [String] = []
    /// Seconds a WebSocket may stay silent before the server pings it; as long again without
    /// an answer and it is closed.
    public var webPingSeconds = 25
    /// Milliseconds a new connection may stay silent before it is greeted as a line client: a
    /// browser speaks first, a line client waits for the greeting, and a telnet client's
    /// negotiation at once picks a plain greeting. 0 with the web side off greets at once.
    public var greetingWaitMilliseconds = 250

    /// Creates a configuration; every parameter has the documented default.
    public init(
        host: String = "0.0.0.0", port: UInt16 = 7777, masterSeed: UInt64? = nil,
        botDelayMilliseconds: Int = 800, maxClients: Int = 1_000,
        maxClientsPerAddress: Int = 128, incompleteLineSeconds: Int = 30,
        logLevel: LogLevel = .info,
        dataDirectory: String? = nil, turnSeconds: Int = 60, reconnectSeconds: Int = 300,
        timeoutsBeforeAway: Int = 2, requestsPerSecond: Int = 2_000, requestBurst: Int = 4_000,
        maxBotTablesPerPlayer: Int = 32, maxTables: Int = 500,
        serverName: String = "bigtwo-server", maxBotTables: Int = 100, helloSeconds: Int = 30,
        maxHeldSessions: Int = 10_000, seatlessSessionSeconds: Int = 60, pauseSeconds: Int = 5,
        statsSeconds: Int = 60
    ) {
        self.statsSeconds = statsSeconds
        self.pauseSeconds = pauseSeconds
        self.maxBotTables = maxBotTables
        self.helloSeconds = helloSeconds
        self.maxHeldSessions = maxHeldSessions
        self.seatlessSessionSeconds = seatlessSessionSeconds
        self.maxBotTablesPerPlayer = maxBotTablesPerPlayer
        self.requestsPerSecond = requestsPerSecond
        self.requestBurst = requestBurst
        self.reconnectSeconds = reconnectSeconds
        self.timeoutsBeforeAway = timeoutsBeforeAway
        self.host = host
        self.port = port
        self.masterSeed = masterSeed
        self.botDelayMilliseconds = botDelayMilliseconds
        self.maxClients = maxClients
        self.maxClientsPerAddress = maxClientsPerAddress
        self.incompleteLineSeconds = incompleteLineSeconds
        self.logLevel = logLevel
        self.dataDirectory = dataDirectory
        self.turnSeconds = turnSeconds
        self.maxTables = maxTables
        self.serverName = serverName
    }
}
