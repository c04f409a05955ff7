import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Server command line and executable")
struct CommandLineTests {
    @Test("flags override the environment, which overrides the defaults")
    func flags() throws {
        let command = try ServerCommandLine.parse(
            arguments: ["--port", "9000", "--seed=0x10", "--bot-delay-ms", "0"],
            environment: ["BIGTWO_PORT": "8000", "BIGTWO_HOST": "127.0.0.1",
                "BIGTWO_LOG_LEVEL": "debug", "BIGTWO_MAX_CLIENTS": "5"])
        guard case .run(let config) = command else {
            Issue.record("expected run")
            return
        }
        #expect(config.port == 9000)
        #expect(config.host == "127.0.0.1")
        #expect(config.masterSeed == 16)
        #expect(config.botDelayMilliseconds == 0)
        #expect(config.logLevel == .debug)
        #expect(config.maxClients == 5)
        #expect(config.dataDirectory == "data")
        let rated = try ServerCommandLine.parse(
            arguments: ["--request-rate", "50"], environment: ["BIGTWO_TURN_SECONDS": "0"])
        #expect(rated == .run(ServerConfiguration(
            dataDirectory: "data", turnSeconds: 0, requestsPerSecond: 50, requestBurst: 100)))
        #expect(try ServerCommandLine.parse(arguments: ["--help"], environment: [:]) == .help)
        let defaults = try ServerCommandLine.parse(arguments: [], environment: [:])
        #expect(defaults == .run(ServerConfiguration(dataDirectory: "data")))
    }

    @Test("bad flags are refused with a message naming them")
    func badFlags() {
        for arguments in [["--port", "x"], ["--bogus"], ["--seed"], ["--log-level", "loud"]] {
            #expect(throws: ServerCommandLine.Failure.self) {
                try ServerCommandLine.parse(arguments: arguments, environment: [:])
            }
        }
        #expect(throws: ServerCommandLine.Failure(message: "unknown option '--bogus' (try --help)"))
        {
            try ServerCommandLine.parse(arguments: ["--bogus"], environment: [:])
        }
    }

    @Test("the executable listens, speaks plain text and stops on SIGTERM")
    func executable() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-exe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try ServerProcess(arguments: ["--bot-delay-ms", "0", "--data-dir", data.path])
        let port = server.port
        let client = try LineClient.connect(port: port)
        let decoder = ServerMessageDecoder()
        let greeting = try decoder.decode(try #require(try client.readLine()))
        #expect(greeting.event.type == "greeting")
        try client.send(jsonHello("ann"))
        let welcome = try decoder.decode(try #require(try client.readLine()))
        #expect(welcome.event.type == "welcome")
        kill(server.process.processIdentifier, SIGTERM)
        let last = try decoder.decode(try #require(try client.readLine()))
        #expect(last.event.type == "shutdown")
        #expect(server.stop(signal: SIGTERM) == 0)
    }
}
