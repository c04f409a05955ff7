import Foundation
import LobbyProtocol
import Testing

/// Plays the start of a deal in text mode the way a person with `nc` would, and checks that
/// the text-mode example of docs/text-mode.md is exactly what the server writes. Set
/// BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite the example.
@Suite("protocol.md text-mode example")
struct TextModeTranscriptTests {
    static let heading = "## Text mode example"

    func recordSession() throws -> [String] {
        let session = try Transcript(showingGreeting: false)
        try session.exchange("hello ann") { $0.hasPrefix("to come back after a drop") }
        try session.exchange("create games=1 turn=0 name=demo") { $0.hasPrefix("you created") }
        try session.exchange("start") { $0.hasPrefix("your turn") }
        try session.exchange("play 3d") { $0.hasPrefix("your turn") }
        try session.exchange("play 4d") { $0.hasPrefix("error") }
        try session.exchange("pass") { $0.hasPrefix("your turn") }
        try session.exchange("mode json") { $0.hasPrefix("{") }
        return session.lines
    }

    @Test("the text-mode example in protocol.md is what the server writes")
    func exampleIsTrue() throws {
        let transcript = try recordSession()
        #expect(transcript.contains { $0.hasPrefix("← you played 3♦ (single)") })
        #expect(!transcript.dropLast().contains { $0.hasPrefix("← {") })
        #expect(try ProtocolDocument.mismatch(inBlockAfter: Self.heading, lines: transcript) == nil)
    }
}

@Suite("text mode: who gets it and how it switches")
struct TextModeSwitchTests {
    @Test func aJSONHelloKeepsJSONUntilModeTextAscii() throws {
        let server = try TestServer(seed: 3)
        let client = try LineClient.connect(port: server.port)
        _ = try client.readLine()
        try client.send(jsonHello("ann"))
        #expect(try client.readLine()?.hasPrefix("{") == true)
        try client.send("mode text ascii")
        #expect(try client.readLine() == "plain text from now on (mode json for JSON lines)")
        try client.send("create games=1 turn=0")
        let created = try #require(try client.readLine())
        #expect(created.hasPrefix("you created table 1"))
        #expect(created.unicodeScalars.allSatisfy { $0.isASCII }, "\(created)")
        try client.send(#"{"type":"mode","mode":"json","id":9}"#)
        #expect(try client.readLine() == #"{"ascii":false,"id":9,"mode":"json","type":"mode"}"#)
    }

    @Test func modeBeforeHelloAndBadModes() throws {
        let server = try TestServer(seed: 3)
        let client = try LineClient.connect(port: server.port)
        _ = try client.readLine()
        try client.send("mode text")
        #expect(try client.readLine() == "plain text from now on (mode json for JSON lines)")
        try client.send("mode xml")
        #expect(
            try client.readLine()
                == "error (invalid_field): write mode text, mode text ascii or mode json")
        try client.send(jsonHello("ann"))
        let welcome = try #require(try client.readLine())
        #expect(welcome.hasPrefix("welcome, ann"), "a mode chosen before hello stays")
    }
}
