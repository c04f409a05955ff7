import Foundation
import LobbyClient
import LobbyProtocol
import Testing

/// The load tools over WebSocket: the client's own codec masks its frames (the server
/// closes an unmasked one with 1002), and the server counts the sessions as WebSockets.
@Suite struct WebSocketClientTests {
    @Test func soakOverWebSocketPlaysWithoutViolations() throws {
        let local = try LocalServer(seed: 2024)
        defer { local.stop() }
        var options = try SoakOptions(
            address: local.address, clients: 6, games: 40, tables: 2, seed: 5, bots: "greedy",
            timeout: 60)
        options.webSocket = true
        let report = try SoakCommand.soak(options, progress: .discard)
        #expect(report.passed && report.violations == 0 && report.errors == 0)
        #expect(report.games == 40)
        let web = try #require(try Self.stats(local).web)
        #expect(web.websocketConnections >= 6)
        // Closed with a close frame of 1000, never the protocol error an unmasked frame gets.
        #expect(web.closeCodesSent["1002"] == nil)
    }

    @Test func benchPingsOverWebSocket() throws {
        let local = try LocalServer(seed: 2024, requestsPerSecond: 1_000_000)
        defer { local.stop() }
        var options = BenchOptions(address: local.address, clients: 2, seconds: 0.3)
        options.webSocket = true
        let report = try BenchCommand.bench(options)
        #expect(report.requests > 0 && report.errors == 0)
        #expect(try Self.stats(local).web?.websocketConnections == 2)
    }

    @Test func websocketIsRefusedOutsidePingBenches() throws {
        #expect(throws: (any Error).self) {
            try ClientCommand.parse(["bench", "--mode", "canary", "--websocket"], environment: [:])
        }
    }

    private static func stats(_ local: LocalServer) throws -> StatsReply {
        let connection = try LobbyConnection.connect(
            host: local.address.host, port: local.address.port)
        connection.start { _ in }
        defer { connection.close() }
        _ = try connection.call(.hello(name: "statsreader", token: nil))
        guard case .stats(let stats) = try connection.call(.stats).event else {
            throw ClientError.disconnected
        }
        return stats
    }
}
