import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// Names, `who`, the hello deadline, held sessions and all-bot tables, through real sockets.
@Suite("Lobby limits")
struct LobbySessionLimitTests {
    @Test("a name is unique among live sessions, whatever its case; resuming is the exception")
    func namesAreUnique() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let other = try server.connect()
        #expect(try other.errorCode(for: jsonHello("ANN")) == .nameTaken)
        try other.request(jsonHello("bob"), expect: "welcome")
        let token = try #require(ann.token)
        ann.client.close()
        let again = try server.connect()
        try again.request(#"{"type":"hello","name":"ann","token":"\#(token)"}"#, expect: "welcome")
    }

    @Test("who lists the players online and where they are")
    func whoIsOnline() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        let cat = try server.login("cat")
        try ann.request("create", expect: "created")
        try bob.request("join 1 2", expect: "joined")
        try cat.request("watch 1", expect: "watching")
        guard case .who(let who) = try cat.request(#"{"type":"who"}"#, expect: "who").event else {
            throw TestFailure("no who reply")
        }
        #expect(
            who.players == [
                WhoEntry(name: "ann", table: 1, seat: 0),
                WhoEntry(name: "bob", table: 1, seat: 2),
                WhoEntry(name: "cat", table: 1, watching: true),
            ])
        let plain = try ann.request("who", expect: "who")
        #expect(plain.event == .who(who))
        // Each reply follows every change made before it: a seat left, a session resumed on
        // another connection, a connection gone.
        try bob.request("leave", expect: "left")
        let catToken = try #require(cat.token)
        let again = try server.connect()
        try again.request(
            #"{"type":"hello","name":"cat","token":"\#(catToken)"}"#, expect: "welcome")
        ann.client.close()
        var players: [WhoEntry] = []
        for _ in 0..<200 {
            guard case .who(let now) = try bob.request("who", expect: "who").event else {
                throw TestFailure("no who reply")
            }
            players = now.players
            if !players.contains(where: { $0.name == "ann" }) { break }
        }
        #expect(
            players == [WhoEntry(name: "bob"), WhoEntry(name: "cat", table: 1, watching: true)])
    }

    @Test("a connection that does not say hello in time gets hello_timeout and is closed")
    func helloDeadline() throws {
        let server = try TestServer(helloSeconds: 1)
        let silent = try server.connect()
        let reply = try silent.errorReply()
        #expect(reply.code == .helloTimeout)
        #expect(try silent.client.readLine() == nil)
    }

    @Test("past the cap the oldest seatless dropped session is forgotten first")
    func heldSessionsAreCapped() throws {
        let server = try TestServer(maxHeldSessions: 2)
        let ann = try server.login("ann")
        let token = try #require(ann.token)
        ann.client.close()
        let bob = try server.login("bob")
        var annOnline = true
        for _ in 0..<200 where annOnline {
            guard case .who(let who) = try bob.request("who", expect: "who").event else {
                throw TestFailure("no who reply")
            }
            annOnline = who.players.contains { $0.name == "ann" }
        }
        #expect(!annOnline)
        let cat = try server.login("cat")
        _ = try cat.request("list", expect: "tables")
        let again = try server.connect()
        #expect(
            try again.errorCode(for: #"{"type":"hello","name":"ann","token":"\#(token)"}"#)
                == .invalidToken)
    }

    @Test("all-bot tables have a server-wide cap that leaves room for tables with people")
    func botTablesAreCapped() throws {
        let server = try TestServer(maxBotTables: 1)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create allbots games=1000", expect: "created")
        #expect(try bob.errorCode(for: "create allbots") == .tooManyTables)
        try bob.request("create", expect: "created")
    }

    @Test("an all-bot table ends when its owner's session ends")
    func botTableEndsWithItsOwner() throws {
        let server = try TestServer(botDelayMilliseconds: 50, seatlessSessionSeconds: 1)
        let ann = try server.login("ann")
        let eve = try server.login("eve")
        try ann.request("create allbots games=1000", expect: "created")
        try eve.request("watch 1", expect: "watching")
        ann.client.close()
        let left = try eve.waitFor("left")
        #expect(left.event == .left(LeftTable(table: 1)))
        guard case .tables(let list) = try eve.request("list", expect: "tables").event else {
            throw TestFailure("no table list")
        }
        #expect(list.tables.isEmpty)
    }
}
