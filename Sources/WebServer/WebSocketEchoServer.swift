import Dispatch
import Foundation
import LineServer

/// A WebSocket server on loopback that sends every message back as it came, text or binary,
/// over the same codec and connection code as the game's endpoint: the testee that
/// conformance suites (Autobahn|Testsuite's fuzzing client) are run against.
///
/// It takes an upgrade at any path, serves no lines, files or pings of its own, and takes
/// messages of up to ``maxMessageBytes``, the largest the suites send being 16 MiB.
public final class WebSocketEchoServer: Sendable {
    /// The largest message echoed; a larger one gets close 1009.
    public static let maxMessageBytes = 1 << 25

    private let server: TCPServer
    private let site: WebSite

    /// An echo server for 127.0.0.1 and `port` (0 for any free port), not yet listening.
    public init(port: UInt16) {
        let settings = WebSite.Settings(
            webSocketPath: nil, messages: .echo, servesLines: false,
            maxMessageBytes: Self.maxMessageBytes,
            // A ping of the server's own would be a frame the suites do not expect.
            pingInterval: .seconds(86_400), extraOrigins: ["*"])
        let site = WebSite(settings: settings)
        var configuration = TCPServerConfiguration(
            host: "127.0.0.1", port: port, maxConnections: 64, maxConnectionsPerAddress: 64,
            // A whole echoed message may wait in the output buffer, with its frame header.
            outboundLimit: 2 * Self.maxMessageBytes)
        configuration.transport = { site.makeTransport() }
        server = TCPServer(configuration: configuration) { _ in NoLines() }
        self.site = site
    }

    /// Binds and starts echoing; returns the port bound.
    public func start() throws(TCPServerError) -> UInt16 {
        let bound = try server.start()
        site.listening(on: bound, hosts: ["127.0.0.1"])
        return bound
    }

    /// Closes every connection and stops listening, then calls `completion`.
    public func stop(completion: @escaping @Sendable () -> Void) {
        server.shutdown(finalLine: nil, completion: completion)
    }
}

/// The handler of an echo connection, never opened: an echoing WebSocket has no lines.
private final class NoLines: ConnectionHandler {
    func connection(_ connection: Connection, didReceiveLine line: Data) {}
    func connectionDidClose(_ connection: Connection, reason: CloseReason) {}
}
