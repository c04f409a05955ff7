import Foundation
import LineServer
import TestSupport
import Testing

/// A handler that greets with the opening bytes it was given, in hex, then echoes lines.
private final class OpeningEcho: ConnectionHandler {
    func connectionDidOpen(_ connection: Connection) {
        let hex = connection.openingBytes.map { String($0, radix: 16) }.joined(separator: " ")
        connection.sendLine("opened after [\(hex)]")
    }

    func connection(_ connection: Connection, didReceiveLine line: Data) {
        connection.send(line + Data("\n".utf8))
    }

    func connectionDidClose(_ connection: Connection, reason: CloseReason) {}
}

/// The opening bytes reach the handler through a real socket: a telnet client's negotiation
/// sent at once is there when the handler opens (and is still its first input); a silent
/// client's handler opens after the wait with none.
@Suite("A lines-only port that waits for the first bytes")
struct FirstBytesTransportTests {
    func server(wait: Duration) throws -> TCPServer {
        TestProcessDescriptors.ensureRaised()
        var configuration = TCPServerConfiguration(host: "127.0.0.1", port: 0)
        configuration.transport = { FirstBytesTransport(wait: wait) }
        return TCPServer(configuration: configuration, log: { _ in }) { _ in OpeningEcho() }
    }

    @Test func bytesSentAtOnceOpenTheHandler() throws {
        let server = try server(wait: .seconds(30))
        let port = try server.start()
        defer { server.shutdown(finalLine: nil) {} }
        let client = try LineClient.connect(port: port)
        try client.sendRaw([255, 251, 31] + Array("hi\n".utf8))
        #expect(try client.readLine() == "opened after [ff fb 1f 68 69 a]")
        var echoed: [UInt8] = []
        while echoed.last != UInt8(ascii: "\n"), let bytes = try client.readBytes() {
            echoed += bytes
        }
        #expect(echoed == [255, 251, 31] + Array("hi\n".utf8), "and they are the first line")
    }

    @Test func aSilentClientIsOpenedAfterTheWait() throws {
        let server = try server(wait: .milliseconds(50))
        let port = try server.start()
        defer { server.shutdown(finalLine: nil) {} }
        let client = try LineClient.connect(port: port)
        #expect(try client.readLine() == "opened after []")
        try client.send("later")
        #expect(try client.readLine() == "later")
    }
}
