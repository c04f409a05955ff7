import Foundation
import LobbyProtocol
import WebClient
import WebServer

/// The Big Two lobby server: a TCP listener, the lobby, and its tables. The port serves line
/// clients, and unless the web side is off also the web page over HTTP and the same protocol
/// over WebSocket at `/ws`.
public final class LobbyServer: Sendable {
    /// The greeting's words: the first line anyone sees on `nc` or telnet, so it says in one
    /// line how to start, without JSON escapes to read through.
    public static let greetingText =
        "welcome to Big Two: type hello and your name to play, e.g. hello ann "
        + "(help lists the commands; programs send JSON lines, see protocol.md)"
    /// The settings the server runs with.
    public let configuration: ServerConfiguration
    /// What is wrong with the server now: parts of it report problems here, and `/health`
    /// answers from it.
    public var status: ServerStatus { lobby.metrics.status }
    let lobby: Lobby
    private let tcp: TCPServer
    private let web: WebSite?
    private let logger: Logger

    /// Creates a server; nothing listens until ``start()``. `recorder` receives every finished
    /// deal and answers `history` and `leaderboard` (without one they are empty).
    public convenience init(
        configuration: ServerConfiguration, logger: Logger? = nil,
        recorder: (any DealRecorder)? = nil
    ) {
        self.init(configuration: configuration, logger: logger, recorder: recorder, journal: nil)
    }

    /// Creates a server that journals its sessions and tables, and rebuilds them from the
    /// journal when it starts.
    init(
        configuration: ServerConfiguration, logger: Logger?, recorder: (any DealRecorder)?,
        journal: TableJournal?
    ) {
        let logger = logger ?? Logger(level: configuration.logLevel)
        let metrics = ServerMetrics()
        let storage = StorageMonitor(recorder: recorder, journal: journal?.file, logger: logger)
        let web =
            configuration.web
            ? Self.webSite(configuration, metrics: metrics, storage: storage, logger: logger) : nil
        let lobby = Lobby(
            configuration: configuration, logger: logger, recorder: recorder, metrics: metrics,
            journal: journal, storage: storage)
        let encoder = ServerMessageEncoder()
        let full = encoder.line(.error(.serverFull, "the server is full; try again later"))
        let crowded = encoder.line(
            .error(.tooManyConnections, "too many connections from your address"))
        let greeting = encoder.line(
            .greeting(
                Greeting(
                    protocol: ProtocolVersion.current, server: configuration.serverName,
                    hint: Self.greetingText)))
        let lineTimeout = configuration.incompleteLineSeconds
        var tcpConfiguration = TCPServerConfiguration(
            host: configuration.host, port: configuration.port,
            maxConnections: configuration.maxClients,
            maxConnectionsPerAddress: configuration.maxClientsPerAddress,
            maxLineBytes: ProtocolVersion.maxLineBytes, rejectionLine: full,
            perAddressRejectionLine: crowded,
            incompleteLineTimeout: lineTimeout > 0 ? .seconds(lineTimeout) : nil,
            pollSpinLimit: configuration.pollSpin, pollerCount: configuration.pollers)
        tcpConfiguration.evictionLine = encoder.line(
            .error(
                .idleEvicted,
                "the server is full and this connection, without a seat, had been silent "
                    + "longest: it is closed to make room (resume with hello NAME TOKEN)"))
        tcpConfiguration.evictionIdle = .seconds(configuration.evictionIdleSeconds)
        if let file = journal?.file {
            // Journal lines wait in a buffer until a byte is about to leave for a client: the
            // moves a poller reads in one round share one write of the journal, and each is
            // still in the kernel before anyone hears of it.
            file.holdLinesUntilFlushed()
            tcpConfiguration.beforeWrite = { file.flushPending() }
        }
        if let web {
            tcpConfiguration.transport = { web.makeTransport() }
        } else if configuration.greetingWaitMilliseconds > 0 {
            // Lines only: still greeted after the first bytes or the wait, so that a telnet
            // client's negotiation can choose a plain greeting.
            let wait = Duration.milliseconds(configuration.greetingWaitMilliseconds)
            tcpConfiguration.transport = { FirstBytesTransport(wait: wait) }
        }
        self.configuration = configuration
        self.logger = logger
        self.lobby = lobby
        self.web = web
        self.tcp = TCPServer(
            configuration: tcpConfiguration, counters: metrics.traffic, log: { logger.info($0) }
        ) { connection in
            ClientHandler(
                lobby: lobby, greeting: greeting, jsonOnly: connection.peerProtocol == .webSocket)
        }
    }

    /// The web side: the embedded page, `/health` from the server's status, WebSocket
    /// messages as protocol lines under the line limits.
    private static func webSite(
        _ configuration: ServerConfiguration, metrics: ServerMetrics, storage: StorageMonitor,
        logger: Logger
    ) -> WebSite {
        let files: WebFiles
        do {
            files = try WebFiles(WebClient.files)
        } catch {
            logger.warning("web page: \(error); serving no page")
            files = .none
        }
        let lineTimeout = configuration.incompleteLineSeconds
        let ping = Duration.seconds(configuration.webPingSeconds)
        let status = metrics.status
        let settings = WebSite.Settings(
            files: files, webSocketPath: "/ws", messages: .lines, servesLines: true,
            greetingWait: .milliseconds(configuration.greetingWaitMilliseconds),
            maxMessageBytes: ProtocolVersion.maxLineBytes, pingInterval: ping, pongTimeout: ping,
            unfinishedMessageTimeout: lineTimeout > 0 ? .seconds(lineTimeout) : nil,
            extraOrigins: Set(configuration.webOrigins),
            health: { status.healthReport(adding: storage.healthProblems) },
            madeFiles: { path, host, port in
                JoinCode.inviteFile(
                    path: path, requestHost: host, port: port, listeningOn: configuration.host,
                    joinAddress: configuration.joinAddress)
            })
        return WebSite(settings: settings, counters: metrics.web)
    }

    /// Starts listening; returns the port bound (useful with port 0).
    public func start() throws(TCPServerError) -> UInt16 {
        let restored = lobby.queue.sync { lobby.restoreFromJournal() }
        if restored.tables > 0 || restored.sessions > 0 {
            logger.info(
                "table journal: \(restored.tables) table(s) and \(restored.sessions) "
                    + "session(s) restored")
        }
        let port = try tcp.start()
        web?.listening(on: port, hosts: ServerStartup.ownHosts(listeningOn: configuration.host))
        logger.info("listening on \(configuration.host):\(port)")
        lobby.startStatsLog(every: configuration.statsSeconds)
        return port
    }

    /// The number of clients connected.
    public var connectionCount: Int { tcp.connectionCount }

    /// The network layer's counters now: connections, lines, bytes, messages, write calls,
    /// and disconnects by reason.
    public var networkCounters: ServerCounters.Snapshot { tcp.counters.snapshot }

    /// Stops the tables (recording the deals they cut off as abandoned), sends every client a
    /// `shutdown` event, closes every connection, then calls `completion`.
    public func shutdown(completion: @escaping @Sendable () -> Void) {
        logger.info("shutting down")
        let line = ServerMessageEncoder().line(
            .shutdown(ShutdownNotice(message: "the server is shutting down")))
        let logger = logger
        let recorder = lobby.recorder
        lobby.stop { [tcp] in
            tcp.shutdown(finalLine: line) {
                ServerLaunch.closeGameLog(of: recorder, logger: logger)
                completion()
            }
        }
    }
}
