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

let gameLog: GameLog?
do {
    gameLog = try configuration.dataDirectory.map { try GameLog(directory: $0) }
} catch {
    FileHandle.standardError.write(Data("bigtwo-server: cannot open the game log: \(error)\n".utf8))
    exit(1)
}
let logger = Logger(level: configuration.logLevel)
let descriptors = OpenFileLimit.raise(toServe: configuration.maxClients)
if descriptors < configuration.maxClients + 16 {
    logger.warning("only \(descriptors) file descriptors allowed; fewer clients will fit")
}
if let gameLog {
    let recovery = gameLog.recovery
    logger.info("game log \(gameLog.fileURL.path): \(recovery.recordsLoaded) deal(s) loaded")
    if recovery.tornTailBytes > 0 {
        logger.warning("game log: dropped a torn last line of \(recovery.tornTailBytes) bytes")
    }
    if !recovery.corruptLines.isEmpty {
        logger.warning("game log: skipped corrupt line(s) \(recovery.corruptLines)")
    }
}
let server = LobbyServer(configuration: configuration, logger: logger, recorder: gameLog)
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
