import CommandOptions
import Foundation
import LobbyProtocol

/// The server's command line: every option declared once, with its flag, environment
/// variable, help text and the default it takes from ``ServerConfiguration``.
///
/// Flags win over environment variables, which win over ``defaults``. Adding an option is
/// one more entry in ``options``.
public enum ServerCommandLine {
    /// The game log directory used when neither the flag nor the variable names one.
    public static let defaultDataDirectory = "data"

    /// The configuration before any flag or variable: ``ServerConfiguration``'s defaults with
    /// the game log in ``defaultDataDirectory``.
    public static let defaults = ServerConfiguration(dataDirectory: defaultDataDirectory)

    /// Every option of `bigtwo-server`.
    public static let options: [Option<ServerConfiguration>] = [
        .value(
            "host", env: "BIGTWO_HOST", .string("HOST"), at: \.host,
            help: "IPv4 address or host name to listen on; 0.0.0.0 listens on every interface"),
        .value(
            "port", short: "p", env: "BIGTWO_PORT", port, at: \.port,
            help: "TCP port, 0 for any free port"),
        .value(
            "seed", env: "BIGTWO_SEED", .seed(), at: \.masterSeed, unset: "secure random",
            help: "master seed that makes every deal reproducible"),
        .value(
            "bot-delay-ms", env: "BIGTWO_BOT_DELAY_MS", .count("MS"),
            at: \.botDelayMilliseconds,
            help: "pause before bot moves and between deals (0 for soak runs)"
        ),
        .value(
            "broadcast-delay-ms", env: "BIGTWO_BROADCAST_DELAY_MS", .count("MS", maximum: 1000),
            at: \.broadcastDelayMilliseconds,
            help: "how long a game event for players not asked to act may wait to be sent "
                + "with their next messages, 0 to send every message at once"),
        .value(
            "poll-spin", env: "BIGTWO_POLL_SPIN", .count("N", maximum: 100_000),
            at: \.pollSpin,
            help: "most times a connection poller out of work after serving a single "
                + "client polls again before it sleeps: faster replies to a lone busy "
                + "client for some processor time (0: never)"),
        .value(
            "pollers", env: "BIGTWO_POLLERS", .count("N", minimum: 1, maximum: 64),
            at: \.pollers, unset: "half the processors",
            help: "threads that wait for the clients' sockets, each serving its share"),
        .value(
            "max-clients", env: "BIGTWO_MAX_CLIENTS", .count(minimum: 1), at: \.maxClients,
            help: "clients served at once"),
        .value(
            "log-level", env: "BIGTWO_LOG_LEVEL", .choice("LEVEL"), at: \.logLevel,
            help: "the least important log lines written"),
        .value(
            "join-address", env: "BIGTWO_JOIN_ADDRESS", .string("HOST[:PORT]"),
            at: \.joinAddress, unset: "this machine's LAN addresses",
            help: "the address friends reach the server at, shown at start-up and in the join "
                + "QR code: in a container, the host's LAN address (and published port)"),
        .value(
            "data-dir", env: "BIGTWO_DATA_DIR", .string("DIR"), at: \.dataDirectory,
            help: "directory of the game log, created if missing"),
        .flag(
            "no-journal", env: "BIGTWO_NO_JOURNAL", at: \.withoutJournal,
            help: "keep no table journal: tables and sessions do not survive a restart"),
        .value(
            "journal-compact-kb", env: "BIGTWO_JOURNAL_COMPACT_KB", .count("KB", minimum: 1),
            at: \.journalCompactionKilobytes,
            help: "compact the table journal while running once it grows past this size"),
        .value(
            "restart-grace-seconds", env: "BIGTWO_RESTART_GRACE_SECONDS", .count("S"),
            at: \.restartGraceSeconds,
            help: "after a restart, seconds the people at restored tables have to resume "
                + "before a bot takes their seat"),
        .value(
            "turn-seconds", env: "BIGTWO_TURN_SECONDS", .count("S"), at: \.turnSeconds,
            help: "seconds per turn at tables with people, 0 for no timer"),
        .value(
            "reconnect-seconds", env: "BIGTWO_RECONNECT_SECONDS", .count("S"),
            at: \.reconnectSeconds,
            help: "how long a dropped player's seat waits before the bot keeps it for the match"),
        .value(
            "stats-seconds", env: "BIGTWO_STATS_SECONDS", .count("S"), at: \.statsSeconds,
            help: "seconds between the stats lines logged at level info, 0 for none"),
        .custom(
            "request-rate", env: "BIGTWO_REQUEST_RATE", .count(minimum: 1),
            help: "requests per second one connection may send on average, in bursts of twice that",
            shown: { String($0.requestsPerSecond) },
            apply: { config, rate in
                config.requestsPerSecond = rate
                config.requestBurst = rate * 2
            }),
        .value(
            "max-bot-tables", env: "BIGTWO_MAX_BOT_TABLES", .count(), at: \.maxBotTables,
            help: "all-bot tables on the server, always fewer than the table limit"),
        .value(
            "hello-seconds", env: "BIGTWO_HELLO_SECONDS", .count("S", minimum: 1),
            at: \.helloSeconds, help: "time a new connection has to say hello before it is closed"),
        .value(
            "held-sessions", env: "BIGTWO_HELD_SESSIONS", .count(minimum: 1),
            at: \.maxHeldSessions, help: "sessions held for resuming; the oldest seatless go first"),
        .value(
            "seatless-seconds", env: "BIGTWO_SEATLESS_SECONDS", .count("S", minimum: 1),
            at: \.seatlessSessionSeconds,
            help: "how long a dropped session without a seat stays resumable"),
        .value(
            "max-per-address", env: "BIGTWO_MAX_PER_ADDRESS", .count(minimum: 1),
            at: \.maxClientsPerAddress, help: "clients served at once from one IP address"),
        .value(
            "line-timeout-seconds", env: "BIGTWO_LINE_TIMEOUT_SECONDS", .count("S"),
            at: \.incompleteLineSeconds,
            help: "seconds a line may stay unfinished before the client is closed, 0 for none"),
        .value(
            "pause-seconds", env: "BIGTWO_PAUSE_SECONDS", .count("S"), at: \.pauseSeconds,
            help: "pause between deals at tables with people, unless everyone says ready"),
        .value(
            "log-segment-mb", env: "BIGTWO_LOG_SEGMENT_MB", .count("MB", minimum: 1),
            at: \.logSegmentMegabytes,
            help: "size at which the game log starts its next segment file"),
        .value(
            "room-chat-rate", env: "BIGTWO_ROOM_CHAT_RATE", .count(),
            at: \.roomChatPerSecond,
            help: "chat lines per second the lobby and each table take from everyone together, "
                + "in bursts of twice that; 0 for no limit"),
        .value(
            "max-watchers", env: "BIGTWO_MAX_WATCHERS", .count(minimum: 1),
            at: \.maxWatchersPerTable, help: "watchers one table takes at once"),
        .value(
            "max-tables-per-address", env: "BIGTWO_MAX_TABLES_PER_ADDRESS", .count(minimum: 1),
            at: \.maxTablesPerAddress,
            help: "tables open at once that sessions from one IP address created"),
        .value(
            "waiting-seat-seconds", env: "BIGTWO_WAITING_SEAT_SECONDS", .count("S"),
            at: \.waitingSeatSeconds,
            help: "how long a dropped player's seat waits at a table that has not started"),
        .value(
            "eviction-idle-seconds", env: "BIGTWO_EVICTION_IDLE_SECONDS", .count("S"),
            at: \.evictionIdleSeconds,
            help: "when full, a connection without a seat silent this long may make room"),
        .value(
            "web", env: "BIGTWO_WEB", .word("on|off", in: ["on": true, "off": false]), at: \.web,
            help: "serve the web page over HTTP and the protocol over WebSocket (at /ws) on the "
                + "same port"),
        .custom(
            "web-origin", env: "BIGTWO_WEB_ORIGIN", .string("ORIGINS"),
            help: "comma-separated origins besides the server's own whose pages may open a "
                + "WebSocket, such as http://gamebox.lan:7777 (* for any)",
            shown: { $0.webOrigins.isEmpty ? "none" : $0.webOrigins.joined(separator: ",") },
            apply: { config, text in
                config.webOrigins = text.split(separator: ",").map {
                    String($0).trimmingCharacters(in: .whitespaces)
                }.filter { !$0.isEmpty }
            }),
        .value(
            "web-ping-seconds", env: "BIGTWO_WEB_PING_SECONDS", .count("S", minimum: 1),
            at: \.webPingSeconds,
            help: "seconds a WebSocket may be silent before it is pinged; as long again without "
                + "an answer and it is closed"),
    ]

    /// The command: its options and usage text.
    public static let command = Command(
        name: "bigtwo-server",
        summary: "Runs the Big Two lobby: people and bots play \(gameNames) over a "
            + "line-delimited JSON (or plain text) TCP protocol, "
            + "from nc, telnet or the bundled client, and a web page for phones and laptops "
            + "at http://HOST:PORT on the same port. SIGTERM or Ctrl-C shuts it down cleanly.",
        options: options)

    /// The display names of every kind, as a phrase: commas, and `and` before the last.
    private static var gameNames: String {
        let names = TableKind.allCases.map(\.displayName)
        return names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    }

    /// The text printed by `--help`.
    public static var usage: String { command.usage(defaults: defaults) }

    /// Parses `arguments` (without the program name) over `environment`.
    public static func parse(arguments: [String], environment: [String: String])
        throws(UsageError) -> Parsed<ServerConfiguration>
    {
        try command.parse(arguments, environment: environment, defaults: defaults)
    }

    private static let port = ValueParser<Int>.count("PORT", maximum: Int(UInt16.max))
        .map({ UInt16($0) }, back: { Int($0) })
}
