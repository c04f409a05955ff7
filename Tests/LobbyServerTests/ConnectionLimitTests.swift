import CommandOptions
import Dispatch
import Foundation
import LobbyProtocol
import CommandOptions
import Testing

@testable import LobbyServer

/// The lobby's side of the connection limits: the greeting comes first, each limit answers
/// with its own error code, and the network counters are exposed.
@Suite struct ConnectionLimitTests {
    /// A lobby server on a free port with `configure` applied to a test configuration.
    private final class LimitedServer: Sendable {
        let server: LobbyServer
        let port: UInt16

        init(_ configure: (inout ServerConfiguration) -> Void) throws {
            var configuration = ServerConfiguration(
                host: "127.0.0.1", port: 0, masterSeed: 1, botDelayMilliseconds: 0,
                logLevel: .error)
            configure(&configuration)
            server = LobbyServer(
                configuration: configuration, logger: Logger(level: .error) { _ in })
            port = try server.start()
        }

        deinit {
            let done = DispatchSemaphore(value: 0)
            server.shutdown { done.signal() }
            done.wait()
        }
    }

    @Test func theLimitsHaveFlagsAndVariables() throws {
        let command = try ServerCommandLine.parse(
            arguments: ["--max-per-address", "5"],
            environment: ["BIGTWO_LINE_TIMEOUT_SECONDS": "0"])
        let defaults = ServerConfiguration(dataDirectory: "data")
        #expect(defaults.maxClientsPerAddress == 128)
        #expect(defaults.incompleteLineSeconds == 30)
        var expected = defaults
        expected.maxClientsPerAddress = 5
        expected.incompleteLineSeconds = 0
        guard case .run(let parsed) = command else {
            Issue.record("expected a configuration to run with")
            return
        }
        #expect(parsed == expected)
        #expect(throws: UsageError.self) {
            try ServerCommandLine.parse(arguments: ["--max-per-address", "0"], environment: [:])
        }
    }

    @Test func theGreetingComesBeforeTheReplyToAnImmediatePing() throws {
        let lobby = try LimitedServer { _ in }
        for _ in 0..<300 {
            let client = try LineClient.connect(port: lobby.port)
            try client.send(#"{"type":"ping"}"#)
            let first = try #require(try client.readLine())
            let second = try #require(try client.readLine())
            #expect(first.contains(#""type":"greeting""#))
            #expect(second == #"{"type":"pong"}"#)
            client.close()
        }
    }

    @Test func aClientOverThePerAddressCapGetsTooManyConnections() throws {
        let lobby = try LimitedServer { $0.maxClientsPerAddress = 3 }
        let kept = try (0..<3).map { _ in try TestPlayer(port: lobby.port) }
        let refused = try LineClient.connect(port: lobby.port)
        let line = try #require(try refused.readLine())
        let message = try ServerMessageDecoder().decode(line)
        #expect(message.event.errorCode == .tooManyConnections)
        #expect(try refused.readLine() == nil)
        let counters = lobby.server.networkCounters
        #expect(counters.disconnects[.perAddressCap] == 1)
        #expect(counters.connectionsOpen == 3)
        for player in kept { try player.request(#"{"type":"ping"}"#, expect: "pong") }
    }

    @Test func aLineLeftUnfinishedGetsIdleTimeoutAndTheConnectionCloses() throws {
        let lobby = try LimitedServer { $0.incompleteLineSeconds = 1 }
        let player = try TestPlayer(port: lobby.port)
        try player.client.sendRaw(Array(#"{"type":"pi"#.utf8))
        #expect(try player.next().event.errorCode == .idleTimeout)
        #expect(throws: TestFailure.self) { try player.next() }
    }
}

extension ServerEvent {
    /// The code of an `error` event; nil for any other event.
    fileprivate var errorCode: ErrorCode? {
        if case .error(let error) = self { return error.code }
        return nil
    }
}
