import Foundation
import LobbyProtocol
import TestSupport

@testable import LobbyServer

/// A real lobby server on 127.0.0.1 and a free port, bots without delay, fixed master seed.
final class TestServer: Sendable {
    let server: LobbyServer
    let port: UInt16

    init(
        seed: UInt64 = 42, botDelayMilliseconds: Int = 0, maxClients: Int = 100,
        turnSeconds: Int = 0, reconnectSeconds: Int = 300, timeoutsBeforeAway: Int = 2,
        recorder: (any DealRecorder)? = nil, requestsPerSecond: Int = 2_000,
        requestBurst: Int = 4_000, maxBotTablesPerPlayer: Int = 32, maxBotTables: Int = 100,
        helloSeconds: Int = 30, maxHeldSessions: Int = 10_000, seatlessSessionSeconds: Int = 60,
        pauseSeconds: Int = 0, maxClientsPerAddress: Int = 128,
        broadcastDelayMilliseconds: Int? = nil, journal: TableJournal? = nil,
        roomChatPerSecond: Int = 10, maxWatchersPerTable: Int = 100, maxTablesPerAddress: Int = 32,
        waitingSeatSeconds: Int = 30, evictionIdleSeconds: Int = 30, web: Bool = true,
        webPingSeconds: Int = 25, webOrigins: [String] = []
    ) throws {
        TestProcessDescriptors.ensureRaised()
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, masterSeed: seed,
            botDelayMilliseconds: botDelayMilliseconds, maxClients: maxClients,
            maxClientsPerAddress: maxClientsPerAddress, logLevel: .error,
            turnSeconds: turnSeconds, reconnectSeconds: reconnectSeconds,
            timeoutsBeforeAway: timeoutsBeforeAway, requestsPerSecond: requestsPerSecond,
            requestBurst: requestBurst, maxBotTablesPerPlayer: maxBotTablesPerPlayer,
            maxBotTables: maxBotTables, helloSeconds: helloSeconds,
            maxHeldSessions: maxHeldSessions, seatlessSessionSeconds: seatlessSessionSeconds,
            pauseSeconds: pauseSeconds)
        configuration.roomChatPerSecond = roomChatPerSecond
        configuration.maxWatchersPerTable = maxWatchersPerTable
        configuration.maxTablesPerAddress = maxTablesPerAddress
        configuration.waitingSeatSeconds = waitingSeatSeconds
        configuration.evictionIdleSeconds = evictionIdleSeconds
        configuration.web = web
        configuration.webPingSeconds = webPingSeconds
        configuration.webOrigins = webOrigins
        if let broadcastDelayMilliseconds {
            configuration.broadcastDelayMilliseconds = broadcastDelayMilliseconds
        }
        server = LobbyServer(
            configuration: configuration, logger: Logger(level: .error) { _ in },
            recorder: recorder, journal: journal)
        port = try server.start()
    }

    /// Shuts the server down and waits for it.
    func stop() {
        let done = DispatchSemaphore(value: 0)
        server.shutdown { done.signal() }
        done.wait()
    }

    deinit {
        stop()
    }

    /// A connected client; its greeting is read before its first message.
    func connect(receiveBufferBytes: Int32? = nil) throws -> TestPlayer {
        try TestPlayer(port: port, receiveBufferBytes: receiveBufferBytes)
    }

    /// A client over a WebSocket to `/ws`; its greeting is read before its first message.
    func connectWebSocket() throws -> TestPlayer {
        try TestPlayer(webSocketPort: port)
    }

    /// A client that said `hello NAME`, over a WebSocket when `webSocket` is set.
    func login(_ name: String, webSocket: Bool = false) throws -> TestPlayer {
        let player = webSocket ? try connectWebSocket() : try connect()
        let welcome = try player.request(jsonHello(name), expect: "welcome")
        guard case .welcome(let body) = welcome.event else { throw TestFailure("no welcome") }
        player.token = body.token
        return player
    }

    /// A raw connection that said a plain `hello NAME`, so it is in text mode, and read its
    /// greeting and welcome lines.
    func textLogin(_ name: String) throws -> LineClient {
        let client = try LineClient.connect(port: port)
        _ = try client.readLine()
        try client.send("hello \(name)")
        _ = try client.readLines { $0.hasPrefix("to come back after a drop") }
        return client
    }
}

/// A failure raised by test helpers.
struct TestFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
