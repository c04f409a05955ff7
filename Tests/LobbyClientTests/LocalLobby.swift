import Foundation
import LobbyClient
import LobbyServer

/// A lobby server on 127.0.0.1 and a free port, bots without delay, for client tests.
enum LocalLobby {
    /// A started server with master seed `seed`, and its address.
    static func start(seed: UInt64) throws -> (LobbyServer, ServerAddress) {
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, masterSeed: seed, botDelayMilliseconds: 0,
            logLevel: .error)
        let server = LobbyServer(
            configuration: configuration, logger: Logger(level: .error) { _ in })
        let port = try server.start()
        return (server, ServerAddress(host: "127.0.0.1", port: port))
    }

    /// Shuts `server` down and waits for it.
    static func stop(_ server: LobbyServer) {
        let done = DispatchSemaphore(value: 0)
        server.shutdown { done.signal() }
        done.wait()
    }
}
