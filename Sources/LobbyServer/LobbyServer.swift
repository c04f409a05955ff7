import Foundation
import LobbyProtocol

/// The Big Two lobby server: a TCP listener, the lobby, and its tables.
public final class LobbyServer: Sendable {
    /// The settings the server runs with.
    public let configuration: ServerConfiguration
    private let lobby: Lobby
    private let tcp: TCPServer
    private let logger: Logger

    /// Creates a server; nothing listens until ``start()``. `recorder` receives every finished
    /// deal and answers `history` and `leaderboard` (without one they are empty).
    public init(
        configuration: ServerConfiguration, logger: Logger? = nil,
        recorder: (any DealRecorder)? = nil
    ) {
        let logger = logger ?? Logger(level: configuration.logLevel)
        let metrics = ServerMetrics()
        let lobby = Lobby(
            configuration: configuration, logger: logger, recorder: recorder, metrics: metrics)
        let full = ServerMessageEncoder().line(
            .error(.serverFull, "the server is full; try again later"))
        let tcpConfiguration = TCPServerConfiguration(
            host: configuration.host, port: configuration.port,
            maxConnections: configuration.maxClients,
            maxLineBytes: ProtocolVersion.maxLineBytes, rejectionLine: full)
        self.configuration = configuration
        self.logger = logger
        self.lobby = lobby
        self.tcp = TCPServer(configuration: tcpConfiguration, counters: metrics.traffic) { _ in
            ClientSession(lobby: lobby)
        }
    }

    /// Starts listening; returns the port bound (useful with port 0).
    public func start() throws(TCPServerError) -> UInt16 {
        let port = try tcp.start()
        logger.info("listening on \(configuration.host):\(port)")
        lobby.startStatsLog(every: configuration.statsSeconds)
        return port
    }

    /// The number of clients connected.
    public var connectionCount: Int { tcp.connectionCount }

    /// Stops the tables, sends every client a `shutdown` event, closes every connection, then
    /// calls `completion`.
    public func shutdown(completion: @escaping @Sendable () -> Void) {
        logger.info("shutting down")
        lobby.stop()
        let line = ServerMessageEncoder().line(
            .shutdown(ShutdownNotice(message: "the server is shutting down")))
        tcp.shutdown(finalLine: line, completion: completion)
    }
}
