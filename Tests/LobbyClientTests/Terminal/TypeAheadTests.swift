import Foundation
import LobbyClient
import Testing

/// What someone types while the client is still connecting is kept: the terminal's switch to
/// raw mode must not throw away input already typed.
@Suite struct TypeAheadTests {
    @Test("a command typed before the client is ready is carried out")
    func typedBeforeReady() throws {
        let local = try LocalServer(seed: 24)
        defer { local.stop() }
        let address = "127.0.0.1:\(local.address.port)"
        let bob = try PseudoTerminal(
            arguments: [address, "--name", "bob", "--create", "--games", "1"], columns: 120)
        // Typed at once, before the client has connected or drawn anything.
        bob.enter("start")
        try bob.wait(for: SeatChangeTerminalTests.yourTurn)
    }
}
