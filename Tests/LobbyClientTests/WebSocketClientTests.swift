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

    /// The line bench, then the WebSocket bench, against one server, as their figures are
    /// compared: the first run's names, held for resuming, do not stop the second.
    @Test func benchesRunOneAfterAnotherOnOneServer() throws {
        let local = try LocalServer(seed: 2024, requestsPerSecond: 1_000_000)
        defer { local.stop() }
        var options = BenchOptions(address: local.address, clients: 2, seconds: 0.3)
        #expect(try BenchCommand.bench(options).errors == 0)
        options.webSocket = true
        #expect(try BenchCommand.bench(options).errors == 0)
    }

    @Test func websocketIsRefusedOutsidePingAndIdleBenches() throws {
        #expect(throws: (any Error).self) {
            try ClientCommand.parse(["bench", "--mode", "canary", "--websocket"], environment: [:])
        }
        var expected = BenchOptions(clients: 1000, seconds: 10, mode: .idle)
        #expect(
            try ClientCommand.parse(
                ["bench", "--mode", "idle", "--clients", "1000", "--seconds", "10"],
                environment: [:]) == .bench(expected))
        expected.webSocket = true
        #expect(
            try ClientCommand.parse(
                ["bench", "--mode", "idle", "--websocket", "--clients", "1000", "--seconds", "10"],
                environment: [:]) == .bench(expected))
    }

    /// Idle sessions over each transport: all are held, the server counts them open (as
    /// WebSockets only when they are), and its memory and threads are reported from stats.
    @Test(arguments: [false, true]) func idleBenchHoldsSessions(webSocket: Bool) throws {
        let local = try LocalServer(seed: 2024)
        defer { local.stop() }
        var options = BenchOptions(address: local.address, clients: 20, seconds: 1, mode: .idle)
        options.webSocket = webSocket
        let report = try BenchCommand.bench(options)
        let idle = try #require(report.idle)
        #expect(report.errors == 0 && report.mode == "idle")
        #expect(idle.sessions == 20 && idle.webSocket == webSocket)
        // The bench's own stats connection is open too.
        #expect(idle.connections >= 21)
        #expect(idle.websocketsOpen == (webSocket ? 20 : 0))
        #expect(idle.rssBytes > 0 && idle.threads > 0 && idle.peakThreads >= idle.threads)
        // The sessions close when the bench ends.
        let after = try Self.stats(local)
        #expect(webSocket ? after.web?.websocketConnections == 20 : after.web?.websocketConnections == 0)
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
