import Foundation
import LobbyClient
import LobbyServer
import TestSupport

/// A real lobby server on 127.0.0.1 and a free port (or the given one, to start again where
/// a stopped server listened), bots without delay, and the given game log if any, for client
/// tests. `requestsPerSecond` lifts the per-connection request limit for benches, whose
/// closed loops can outrun the default one on a quiet machine.
final class LocalServer: Sendable {
    let server: LobbyServer
    let address: ServerAddress

    init(
        seed: UInt64, botDelayMilliseconds: Int = 0, port: UInt16 = 0,
        recorder: (any DealRecorder)? = nil, requestsPerSecond: Int = 2_000
    ) throws {
        TestProcessDescriptors.ensureRaised()
        var configuration = ServerConfiguration(
            host: "127.0.0.1", port: port, masterSeed: seed,
            botDelayMilliseconds: botDelayMilliseconds,
            logLevel: .error, requestsPerSecond: requestsPerSecond,
            requestBurst: 2 * requestsPerSecond)
        // The clients' tests make their tables from one address.
        configuration.maxTablesPerAddress = configuration.maxTables
        server = LobbyServer(
            configuration: configuration, logger: Logger(level: .error) { _ in },
            recorder: recorder)
        address = ServerAddress(host: "127.0.0.1", port: try server.start())
    }

    /// An interactive client named `name`, connected, writing its lines without colour into
    /// `printed`; close its session when done.
    func interactive(name: String, printed: LockedLines) throws -> InteractiveSession {
        let interactive = InteractiveSession(
            address: address, name: name, style: CardStyle(colour: false),
            output: TextOutput { printed.append($0) })
        try interactive.session.connect()
        return interactive
    }

    /// Shuts the server down and waits for it.
    func stop() {
        let done = DispatchSemaphore(value: 0)
        server.shutdown { done.signal() }
        done.wait()
    }
}
