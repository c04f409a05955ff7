import CommandOptions
import Foundation
import Glibc
import LobbyProtocol
import LobbyServer
import TestSupport
import Testing

@testable import LobbyClient

/// The built `bigtwo-client` from the command line: usage, refusals, start-up errors, and the
/// flags that create or join a table, name the player and resume a saved session.
@Suite struct ClientStartupTests {
    private func startServer() throws -> (LobbyServer, UInt16) {
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, masterSeed: 5, botDelayMilliseconds: 0, logLevel: .error)
        let server = LobbyServer(
            configuration: configuration, logger: Logger(level: .error) { _ in })
        return (server, try server.start())
    }

    private func stop(_ server: LobbyServer) {
        let done = DispatchSemaphore(value: 0)
        server.shutdown { done.signal() }
        done.wait()
    }

    /// The tables the server lists, seen by another client (under a name of its own each
    /// time: a closed session keeps its name while it may still be resumed).
    private func tables(port: UInt16) throws -> [TableInfo] {
        let session = ClientSession(
            address: ServerAddress(host: "127.0.0.1", port: port),
            name: "observer\(UInt16.random(in: 0...UInt16.max))")
        try session.connect()
        defer { session.close() }
        guard case .tables(let list) = try session.call(.list(ListQuery())).event else {
            throw ClientError.server(code: "unexpected", message: "list was not answered")
        }
        return list.tables
    }

    @Test func everyCommandPrintsItsUsageAndRefusesABadFlag() throws {
        let play =
            PlayOptions.options.map(\.flag) + ["NO_COLOR", "http://HOST:PORT", "nc HOST PORT"]
            + ClientCommand.subcommands.map { "  \($0.name) " }
        let seed = "--seed must be a 64-bit number, decimal or 0x hex, not '-1'"
        #expect(
            try ExecutableRun.commandLineProblems(
                "bigtwo-client", mentions: play, bad: ["--seed", "-1"],
                report: UsageError(program: "bigtwo-client", message: seed).report) == [])
        let subcommands = [
            ("verify", VerifyOptions.options.map(\.flag)),
            ("soak", SoakOptions.options.map(\.flag)),
            ("bench", BenchOptions.options.map(\.flag)),
            ("killsoak", KillSoakOptions.options.map(\.flag)),
        ]
        for (name, flags) in subcommands {
            let message = "unknown option '--frobnicate'"
            #expect(
                try ExecutableRun.commandLineProblems(
                    "bigtwo-client", [name], mentions: ["usage: bigtwo-client \(name) "] + flags,
                    bad: ["--frobnicate"],
                    report: UsageError(program: "bigtwo-client \(name)", message: message).report)
                    == [])
        }
    }

    @Test func aRefusedConnectionNamesTheAddressAndTheReason() throws {
        let closed = try RefusingPort()
        let run = try ExecutableRun(
            "bigtwo-client", ["127.0.0.1:\(closed.port)", "--name", "ann"])
        #expect(run.status == 1)
        #expect(run.errors == "cannot connect to 127.0.0.1:\(closed.port): connection refused\n")
    }

    @Test func atATerminalWithoutANameTheClientAsksForOne() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        var master: Int32 = -1
        var terminal: Int32 = -1
        try #require(openpty(&master, &terminal, nil, nil, nil) == 0)
        defer { close(master) }
        let process = Process()
        process.executableURL = Bundle.main.executableURL!.deletingLastPathComponent()
            .appendingPathComponent("bigtwo-client")
        process.arguments = ["127.0.0.1:\(port)", "--create"]
        process.environment = ["USER": "zed", "NO_COLOR": "1"]
        process.standardInput = FileHandle(fileDescriptor: terminal, closeOnDealloc: true)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        let typed = "carol\nquit\n"
        #expect(write(master, typed, typed.utf8.count) == typed.utf8.count)
        let printed = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(printed.hasPrefix("your name [zed]: "))
        let table = try #require(try tables(port: port).first)
        #expect(table.seats.compactMap(\.player) == ["carol"])
    }

    @Test func interactivePlayCreatesATableAndTellsTheTokenOnQuit() throws {
        let (server, port) = try startServer()
        defer { stop(server) }
        let created = try ExecutableRun(
            "bigtwo-client", ["127.0.0.1:\(port)", "--create", "--kind", "ecard", "--games", "3"],
            environment: ["USER": "zed", "NO_COLOR": "1"], input: "quit\n")
        #expect(created.status == 0)
        let table = try #require(try tables(port: port).first)
        #expect(table.kind == .ecard)
        #expect(table.games == 3)
        #expect(table.seats.compactMap(\.player) == ["zed"])
        let comeBack = try #require(
            created.output.split(separator: "\n").first { $0.hasPrefix("to come back: ") })
        let prefix = "to come back: bigtwo-client 127.0.0.1:\(port) --token "
        #expect(comeBack.hasPrefix(prefix))
        let token = String(comeBack.dropFirst(prefix.count))
        #expect(!token.isEmpty)

        let resumed = try ExecutableRun(
            "bigtwo-client", ["127.0.0.1:\(port)", "--token", token],
            environment: ["USER": "someone-else"], input: "quit\n")
        #expect(resumed.status == 0)
        // The same session again: a new one would have a token of its own.
        #expect(resumed.output.contains("--token \(token)"))

        let unknown = try ExecutableRun(
            "bigtwo-client", ["127.0.0.1:\(port)", "--token", "no-such-token", "--join", "1"],
            environment: ["USER": "amy"], input: "quit\n")
        #expect(unknown.status == 0)
        #expect(
            unknown.output.contains(
                "that session token is unknown or expired: starting a new session"))
        let joined = try #require(try tables(port: port).first { $0.id == table.id })
        #expect(joined.seats.compactMap(\.player).sorted() == ["amy", "zed"])
    }
}
