import Foundation
import LobbyProtocol
import Testing
import WireJSON

/// Over a real connection: no one can take a name that reads as the server's words or as
/// someone else's name, chat reaches others without its hidden characters, and what a person
/// typed comes back escaped.
@Suite struct TextSpoofingTests {
    @Test func aLookalikeOfAHeldNameIsTaken() throws {
        let server = try TestServer()
        _ = try server.login("ann")
        let other = try server.connect()
        for alike in ["Ann", "\u{430}nn", "ＡＮＮ", "a_nn", "\u{391}nn"] {
            #expect(try other.errorCode(for: jsonHello(alike)) == .nameTaken, "\(alike)")
        }
        #expect(try other.errorCode(for: jsonHello("bot 2")) == .nameReserved)
        try other.request(jsonHello("anne"), expect: "welcome")
    }

    @Test func textModeRefusesTheServersWordsAndEscapesWhatItEchoes() throws {
        let server = try TestServer()
        let client = try LineClient.connect(port: server.port)
        defer { client.close() }
        _ = try client.readLine()
        try client.send("mode text")
        _ = try client.readLine()
        for name in ["you", "free", "b\u{43E}t", "your_turn"] {
            try client.send("hello \(name)")
            let line = try #require(try client.readLine())
            #expect(line.hasPrefix("error (name_reserved)"), "\(line)")
        }
        try client.send("hello ann")
        _ = try client.readLines { $0.hasPrefix("to come back after a drop") }
        try client.send("xyzzy\u{1B}[2J\u{202E}")
        let echoed = try #require(try client.readLine())
        #expect(echoed.contains(#"'xyzzy\e[2J\u202E'"#), "\(echoed)")
        #expect(!echoed.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x202E })
    }

    @Test func chatReachesOthersWithoutHiddenCharacters() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let bob = try server.textLogin("bob")
        defer { bob.close() }
        let hostile = "gg\u{202E} ok\u{200B}\u{2028}x\u{E0041}" + "z" + String(
            repeating: "\u{301}\u{316}", count: 20)
        let escaped = String(decoding: try WireEncoder().encode(hostile), as: UTF8.self)
        try ann.send(#"{"type":"chat","text":"# + escaped + "}")
        guard case .chat(let heard) = try ann.waitFor("chat").event else {
            Issue.record("expected a 'chat' event")
            return
        }
        #expect(heard.text == "gg ok xz\u{301}\u{316}\u{301}\u{316}")
        let shown = try #require(try bob.readLines { $0.hasPrefix("[lobby]") }.last)
        #expect(shown == "[lobby] ann: gg ok xz\u{301}\u{316}\u{301}\u{316}")
    }
}
