import CommandOptions
import Dispatch
import Foundation
import LobbyServer

// Before any thread starts, so that every thread leaves SIGTERM and SIGINT to the waiter below,
// and no thread takes an allocator arena of its own.
SignalWatcher.blockSignals()
MallocArenas.cap()

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data(message.utf8))
    exit(status)
}

let configuration: ServerConfiguration
do {
    let parsed = try ServerCommandLine.parse(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment)
    guard case .run(let parsedConfiguration) = parsed else {
        print(ServerCommandLine.usage)
        exit(0)
    }
    configuration = parsedConfiguration
} catch {
    fail(error.report, status: UsageError.exitStatus)
}

let server: LobbyServer
do {
    server = try ServerLaunch.prepare(configuration)
} catch {
    fail("bigtwo-server: \(error)\n", status: 1)
}
let port: UInt16
do {
    port = try server.start()
} catch {
    let reason = ServerStartup.explanation(
        of: error, host: configuration.host, port: configuration.port)
    fail("bigtwo-server: \(reason)\n", status: 1)
}
let announcement = ServerStartup.announcement(
    host: configuration.host, port: port, lanAddresses: ServerStartup.lanAddresses(),
    web: configuration.web, joinAddress: configuration.joinAddress)
announcement.forEach { print($0) }
if configuration.web, isatty(STDOUT_FILENO) != 0 {
    // A phone opens the page by scanning this; a log file gets the address lines only.
    let join = configuration.joinAddress.map { ServerStartup.joinHostAndPort($0, port: port) }
    let host =
        join?.host
        ?? (configuration.host == "0.0.0.0"
            ? JoinCode.preferredAddress(among: ServerStartup.lanAddresses()) : configuration.host)
    if let host, JoinCode.reachableByPhones(host) {
        let url = JoinCode.url(host: host, port: join?.port ?? port)
        JoinCode.terminalLines(url: url).forEach { print($0) }
    }
}
fflush(nil)

SignalWatcher.waitForSignals { @Sendable _ in
    server.shutdown { @Sendable in exit(0) }
}
