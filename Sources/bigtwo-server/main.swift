import Dispatch
import Foundation
import LobbyServer

let command: ServerCommandLine.Command
do {
    command = try ServerCommandLine.parse(
        arguments: Array(CommandLine.arguments.dropFirst()),
        environment: ProcessInfo.processInfo.environment)
} catch {
    FileHandle.standardError.write(Data("bigtwo-server: \(error.message)\n".utf8))
    exit(2)
}

guard case .run(let configuration) = command else {
    print(ServerCommandLine.usage)
    exit(0)
}

let server: LobbyServer
do {
    server = try ServerLaunch.prepare(configuration)
} catch {
    FileHandle.standardError.write(Data("bigtwo-server: cannot open the game log: \(error)\n".utf8))
    exit(1)
}
let port: UInt16
do {
    port = try server.start()
} catch {
    FileHandle.standardError.write(Data("bigtwo-server: cannot listen: \(error)\n".utf8))
    exit(1)
}
print("listening on \(configuration.host):\(port)")
fflush(nil)

let signals = SignalWatcher { @Sendable _ in
    server.shutdown { @Sendable in exit(0) }
}
withExtendedLifetime(signals) { dispatchMain() }
