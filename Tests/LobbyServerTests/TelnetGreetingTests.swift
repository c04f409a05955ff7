import Foundation
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

/// How a connection's first bytes, sent before its greeting, choose the greeting's form,
/// through a real socket: a telnet client negotiates at once and is greeted in plain text
/// with telnet's line ends; a program that waits in silence still gets the JSON greeting.
@Suite("The greeting a telnet client, nc and a program each get")
struct TelnetGreetingTests {
    static let iac: UInt8 = 255
    /// What a telnet client sends the moment it connects (PuTTY's Telnet mode, or
    /// `telnet -- host -PORT`): WILL NAWS, WILL TSPEED, DO ECHO, WILL SGA, DO SGA, and a window
    /// size subnegotiation.
    static let negotiation: [UInt8] = [
        iac, 251, 31, iac, 251, 32, iac, 253, 1, iac, 251, 3, iac, 253, 3,
        iac, 250, 31, 0, 120, 0, 40, iac, 240,
    ]
    static let plainGreeting =
        "connected to bigtwo-server: type hello and your name to play, e.g. hello ann "
        + "(help lists the commands)"

    /// The next line of a telnet session, which must end in `CRLF`, without its ending.
    func telnetLine(_ client: LineClient) throws -> String {
        let line = try #require(try client.readLine())
        #expect(line.hasSuffix("\r"), "telnet lines end in CRLF: \(line.debugDescription)")
        return String(line.dropLast())
    }

    @Test(
        "a client that negotiates telnet options first is greeted in plain text and plays",
        arguments: [true, false])
    func telnetClientGetsPlainGreeting(web: Bool) throws {
        let server = try TestServer(seed: 2026, web: web)
        let client = try LineClient.connect(port: server.port)
        try client.sendRaw(Self.negotiation)
        #expect(try telnetLine(client) == Self.plainGreeting)
        try client.sendRaw(Array("help\r\n".utf8))
        #expect(try telnetLine(client) == "commands:")
        _ = try client.readLines { $0.contains("protocol.md") }
        try client.sendRaw([Self.iac, 253, 24] + Array("hello ann\r\n".utf8))
        #expect(try telnetLine(client) == "welcome, ann")
        #expect(try telnetLine(client).hasPrefix("to come back after a drop, type: hello ann "))
        try client.send("create games=1 turn=0")
        #expect(try telnetLine(client).hasPrefix("you created table 1"))
        try client.send("start")
        let turn = try client.readLines { $0.hasPrefix("your turn") }
        #expect(turn.allSatisfy { $0.hasSuffix("\r") }, "\(turn)")
        try client.send("play 3d")
        let played = try telnetLine(client)
        #expect(played.hasPrefix("you played 3♦ (single)"), "\(turn.suffix(2)) / \(played)")
    }

    @Test(
        "a program that waits in silence still gets the JSON greeting", arguments: [true, false])
    func silentClientGetsJSONGreeting(web: Bool) throws {
        let server = try TestServer(web: web)
        let client = try LineClient.connect(port: server.port)
        let greeting = try #require(try client.readLine())
        #expect(greeting.hasPrefix(#"{"hint":"welcome to Big Two"#), "\(greeting)")
        #expect(!greeting.hasSuffix("\r"))
        try client.send("help")
        #expect(
            try client.readLine() == "commands:", "a plain command before hello gets plain lines")
        _ = try client.readLines { $0.contains("protocol.md") }
        try client.send(jsonHello("ann"))
        #expect(try client.readLine()?.hasPrefix(#"{"#) == true)
    }

    @Test("a program that sends JSON at once gets the JSON greeting first")
    func jsonAtOnceGetsJSONGreeting() throws {
        let server = try TestServer()
        let client = try LineClient.connect(port: server.port)
        try client.send(jsonHello("ann"))
        #expect(try client.readLine()?.hasPrefix(#"{"hint":"welcome to Big Two"#) == true)
        #expect(try client.readLine()?.hasPrefix(#"{"#) == true)
    }

    @Test("a plain command typed before the greeting gets the plain greeting, with LF line ends")
    func plainFirstLineGetsPlainGreeting() throws {
        let server = try TestServer()
        let client = try LineClient.connect(port: server.port)
        try client.send("help")
        #expect(try client.readLine() == Self.plainGreeting)
        #expect(try client.readLine() == "commands:")
    }

    @Test("the telnet example of docs/text-mode.md is what the server writes")
    func telnetExampleIsTrue() throws {
        let server = try TestServer()
        let client = try LineClient.connect(port: server.port)
        var lines = [
            "→ IAC WILL NAWS, IAC WILL TSPEED, IAC DO ECHO, IAC WILL SGA, IAC DO SGA, "
                + "IAC SB NAWS 120 40 IAC SE"
        ]
        try client.sendRaw(Self.negotiation)
        lines.append("← " + (try telnetLine(client)))
        lines.append("→ hello ann")
        try client.send("hello ann")
        lines.append("← " + (try telnetLine(client)))
        let resume = try telnetLine(client)
        lines.append(
            "← " + resume.replacing(/type: hello ann .*/, with: "type: hello ann <token>"))
        let heading = "## Telnet example"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: lines) == nil)
    }
}
