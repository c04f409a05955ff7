import CommandOptions
import Foundation
import LobbyProtocol
import Testing
import TestSupport

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
        #expect(config.pollers == nil)
        let polled = try ServerCommandLine.parse(
            arguments: ["--pollers", "3"], environment: ["BIGTWO_POLLERS": "2"])
        var threePollers = ServerConfiguration(dataDirectory: "data")
        threePollers.pollers = 3
        #expect(polled == .run(threePollers))
        let rated = try ServerCommandLine.parse(
            arguments: ["--request-rate", "50"], environment: ["BIGTWO_TURN_SECONDS": "0"])
        #expect(rated == .run(ServerConfiguration(
            dataDirectory: "data", turnSeconds: 0, requestsPerSecond: 50, requestBurst: 100)))
        #expect(try ServerCommandLine.parse(arguments: ["--help"], environment: [:]) == .help)
        let defaults = try ServerCommandLine.parse(arguments: [], environment: [:])
        #expect(defaults == .run(ServerConfiguration(dataDirectory: "data")))
        let short = try ServerCommandLine.parse(arguments: ["-p", "1234"], environment: [:])
        #expect(short == .run(ServerConfiguration(port: 1234, dataDirectory: "data")))
    }

    @Test("bad flags and variables are refused with a message naming them")
    func badFlags() {
        let refusals: [([String], [String: String], String)] = [
            (["--port", "x"], [:], "--port must be a whole number from 0 to 65535, not 'x'"),
            (["--port", "65536"], [:], "--port must be a whole number from 0 to 65535, not '65536'"),
            (["--bogus"], [:], "unknown option '--bogus'"),
            (["--seed"], [:], "--seed needs a value (SEED)"),
            (["--seed", "-1"], [:], "--seed must be a 64-bit number, decimal or 0x hex, not '-1'"),
            (["--log-level", "loud"], [:],
             "--log-level must be one of debug, info, warning, error, not 'loud'"),
            ([], ["BIGTWO_MAX_CLIENTS": "0"], "BIGTWO_MAX_CLIENTS must be a whole number ≥ 1, not '0'"),
            (["--data-dir="], [:], "--data-dir must be a non-empty dir, not ''"),
            (["--pollers", "0"], [:], "--pollers must be a whole number from 1 to 64, not '0'"),
        ]
        for (arguments, environment, message) in refusals {
            #expect(throws: UsageError(program: "bigtwo-server", message: message)) {
                try ServerCommandLine.parse(arguments: arguments, environment: environment)
            }
        }
    }

    @Test("the usage text names every option with its default and variable")
    func usage() throws {
        let usage = ServerCommandLine.usage
        for option in ServerCommandLine.options {
            #expect(usage.contains(option.flag))
            let variable = try #require(option.environment)
            #expect(usage.contains(variable))
        }
        #expect(usage.contains("(default 7777; env BIGTWO_PORT)"))
        #expect(usage.contains("default secure random"))
    }

    @Test("start-up problems and the LAN addresses are told in plain words")
    func startupMessages() {
        #expect(ServerStartup.explanation(
            of: .socketCallFailed(call: "bind", errno: EADDRINUSE), host: "0.0.0.0", port: 7777)
            == "port 7777 is already in use")
        #expect(ServerStartup.explanation(
            of: .socketCallFailed(call: "listen", errno: ENOBUFS), host: "0.0.0.0", port: 7777)
            == "cannot listen on 0.0.0.0:7777: no buffer space available")
        #expect(ServerStartup.announcement(
            host: "0.0.0.0", port: 7777, lanAddresses: ["192.168.1.5", "10.0.0.2"])
            == ["listening on 0.0.0.0:7777", "friends can join at 192.168.1.5:7777",
                "friends can join at 10.0.0.2:7777",
                "phones and laptops: http://192.168.1.5:7777",
                "phones and laptops: http://10.0.0.2:7777"])
        #expect(ServerStartup.announcement(
            host: "0.0.0.0", port: 7777, lanAddresses: ["192.168.1.5"], web: false)
            == ["listening on 0.0.0.0:7777", "friends can join at 192.168.1.5:7777"])
        #expect(ServerStartup.announcement(
            host: "127.0.0.1", port: 7000, lanAddresses: ["192.168.1.5"])
            == ["listening on 127.0.0.1:7000", "phones and laptops: http://127.0.0.1:7000"])
        #expect(ServerStartup.announcement(host: "0.0.0.0", port: 80, lanAddresses: [])
            == ["listening on 0.0.0.0:80", "phones and laptops: http://127.0.0.1:80"])
        #expect(!ServerStartup.lanAddresses().contains { $0.hasPrefix("127.") })
        // In a container: the address friends reach, not the container's own.
        #expect(ServerStartup.announcement(
            host: "0.0.0.0", port: 7777, lanAddresses: ["172.17.0.2"], joinAddress: "192.168.1.5")
            == ["listening on 0.0.0.0:7777", "friends can join at 192.168.1.5:7777",
                "phones and laptops: http://192.168.1.5:7777"])
        #expect(ServerStartup.announcement(
            host: "0.0.0.0", port: 7777, lanAddresses: ["172.17.0.2"], web: false,
            joinAddress: "gamebox.lan:8000")
            == ["listening on 0.0.0.0:7777", "friends can join at gamebox.lan:8000"])
        #expect(JoinCode.inviteURL(
            requestHost: "127.0.0.1:7777", port: 7777, listeningOn: "0.0.0.0",
            lanAddresses: ["172.17.0.2"], joinAddress: "192.168.1.5:8000")
            == "http://192.168.1.5:8000")
    }

    @Test("the built executable prints its usage, refuses a bad flag, and names a busy port")
    func executableCommandLine() throws {
        let message = "--port must be a whole number from 0 to 65535, not 'seven'"
        let problems = try ExecutableRun.commandLineProblems(
            "bigtwo-server", mentions: ServerCommandLine.options.map(\.flag),
            bad: ["--port", "seven"],
            report: UsageError(program: "bigtwo-server", message: message).report)
        #expect(problems == [])
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-busy-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try ServerProcess(arguments: ["--data-dir", data.path + "-first"])
        defer { try? FileManager.default.removeItem(atPath: data.path + "-first") }
        let second = try ExecutableRun(
            "bigtwo-server",
            [
                "--host", "127.0.0.1", "--port", String(first.port), "--log-level", "error",
                "--data-dir", data.path,
            ])
        #expect(second.status == 1)
        #expect(second.errors == "bigtwo-server: port \(first.port) is already in use\n")
        first.stop(signal: SIGTERM)
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

@Suite struct ServerHelpTextTests {
    @Test("--help names every kind of table the server plays")
    func helpNamesEveryGame() {
        let summary = ServerCommandLine.usage.replacingOccurrences(of: "\n", with: " ")
            .split(separator: " ").joined(separator: " ")
        for game in ["Big Two", "E-Card", "tic-tac-toe", "memory", "roulette"] {
            #expect(summary.contains(game), "\(game)")
        }
        #expect(summary.contains("web page for phones and laptops at http://HOST:PORT"))
        #expect(summary.contains("--join-address") && summary.contains("BIGTWO_JOIN_ADDRESS"))
    }
}
