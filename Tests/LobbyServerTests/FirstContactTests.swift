import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// What a person sees in the first seconds on `nc` or `telnet`, through a real socket: a
/// greeting that says how to start, plain replies to plain commands before `hello`, and a
/// telnet client's negotiation ignored.
@Suite("First contact on nc and telnet")
struct FirstContactTests {
    @Test("the greeting is one JSON line whose words say how to start, without escapes")
    func greetingReadsWell() throws {
        let server = try TestServer()
        let client = try LineClient.connect(port: server.port)
        let greeting = try #require(try client.readLine())
        #expect(greeting.hasPrefix(#"{"hint":"welcome to Big Two: type hello and your name"#))
        #expect(!greeting.contains("\\"), "no JSON escapes to read through: \(greeting)")
        guard case .greeting(let body) = try ServerMessageDecoder().decode(greeting).event else {
            throw TestFailure("not a greeting")
        }
        #expect(body.hint == LobbyServer.greetingText)
    }

    @Test("before hello, a plain command gets plain lines, errors included; JSON gets JSON")
    func repliesFollowEachLinesForm() throws {
        let server = try TestServer()
        let client = try LineClient.connect(port: server.port)
        _ = try client.readLine()
        try client.send("help")
        let help = try client.readLines { $0.hasPrefix("see protocol.md") || $0.contains("protocol.md") }
        #expect(help.first == "commands:", "\(help.prefix(3))")
        #expect(help.allSatisfy { !$0.hasPrefix("{") }, "\(help)")
        #expect(help.contains { $0.hasPrefix("  hello NAME [TOKEN]") })
        try client.send("foo")
        #expect(
            try client.readLine() == "error (unknown_type): unknown command 'foo' (type help for the list)")
        try client.send("list")
        #expect(try client.readLine()?.hasPrefix("error (not_logged_in): ") == true)
        try client.send(#"{"type":"ping","id":1}"#)
        #expect(try client.readLine() == #"{"id":1,"type":"pong"}"#)
        try client.send(#"{"type":"list"}"#)
        #expect(try client.readLine()?.hasPrefix(#"{"code":"not_logged_in""#) == true)
        try client.send("ping")
        #expect(try client.readLine() == "pong")
        try client.send("hello")
        #expect(try client.readLine()?.hasPrefix("error (missing_field): ") == true)
        try client.send("hello ann")
        #expect(try client.readLine()?.hasPrefix("welcome, ann") == true)
        #expect(try client.readLine()?.hasPrefix("to come back after a drop, type: hello ann ") == true)
        try client.send(#"{"type":"ping"}"#)
        #expect(try client.readLine() == "pong", "after a plain hello, text mode stays")
    }

    @Test("a telnet client's option negotiation does not spoil its first line")
    func telnetNegotiationIsIgnored() throws {
        let server = try TestServer()
        let client = try LineClient.connect(port: server.port)
        _ = try client.readLine()
        let iac: UInt8 = 255
        // What PuTTY's Telnet mode sends at once: WILL NAWS, WILL TSPEED, DO ECHO, WILL SGA,
        // DO SGA, and a window size subnegotiation; then the person types hello.
        let negotiation: [UInt8] = [
            iac, 251, 31, iac, 251, 32, iac, 253, 1, iac, 251, 3, iac, 253, 3,
            iac, 250, 31, 0, 120, 0, 40, iac, 240,
        ]
        try client.sendRaw(negotiation + Array("hello ann\r\n".utf8))
        let welcome = try #require(try client.readLine())
        #expect(welcome.hasPrefix("welcome, ann"), "\(welcome)")
        _ = try client.readLine()
        // Commands in the middle of a line (IAC NOP, IAC AYT) and a line of nothing else.
        try client.sendRaw([iac, 241] + Array("pi".utf8) + [iac, 246] + Array("ng\r\n".utf8))
        #expect(try client.readLine() == "pong")
        try client.sendRaw([iac, 254, 1, 13, 10])
        try client.send("ping")
        #expect(try client.readLine() == "pong", "a line of negotiation alone is blank")
    }
}
