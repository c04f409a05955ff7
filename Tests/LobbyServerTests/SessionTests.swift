import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Sessions: reconnect, chat, slow readers, server full")
struct SessionTests {
    @Test("a dropped player is replaced by a bot and gets the seat back with the token")
    func reconnect() throws {
        let server = try TestServer(seed: 3, botDelayMilliseconds: 60_000)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create", expect: "created")
        try bob.request("join 1", expect: "joined")
        try ann.request("start", expect: "deal_start")
        let token = try #require(ann.token)
        ann.close()
        guard case .seat(let away) = try bob.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(away.seat == 0 && away.bot && away.reason == "disconnected")
        let again = try server.connect()
        let welcome = try again.request(jsonHello("ann", token: token), expect: "welcome")
        guard case .welcome(let body) = welcome.event else {
            Issue.record("expected a 'welcome' event")
            return
        }
        #expect(body.resumed && body.table == 1 && body.seat == 0)
        guard case .state(let snapshot) = try again.waitFor("state").event else {
            Issue.record("expected a 'state' event")
            return
        }
        #expect(snapshot.seat == 0 && snapshot.hand?.count == 13)
        guard case .seat(let back) = try bob.waitFor("seat").event else {
            Issue.record("expected a 'seat' event")
            return
        }
        #expect(back.seat == 0 && !back.bot && back.reason == "returned")
        let third = try server.connect()
        try third.request(jsonHello("ann", token: token), expect: "welcome")
        #expect(try again.errorReply().code == .sessionReplaced)
        #expect(throws: TestFailure.self) { while true { _ = try again.next() } }
        #expect(try third.errorCode(for: "hello x 00") == .alreadyLoggedIn)
        let stranger = try server.connect()
        #expect(try stranger.errorCode(for: jsonHello("eve", token: "deadbeef")) == .invalidToken)
    }

    @Test("chat reaches the lobby and the table; floods are refused, then dropped")
    func chat() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.send("chat hello all")
        guard case .chat(let heard) = try bob.waitFor("chat").event else {
            Issue.record("expected a 'chat' event")
            return
        }
        #expect(heard == ChatMessage(from: "ann", text: "hello all", scope: .lobby, table: nil))
        let long = String(repeating: "x", count: 501)
        #expect(try ann.errorCode(for: #"{"type":"chat","text":"\#(long)"}"#) == .chatTooLong)
        #expect(try ann.errorCode(for: #"{"type":"chat","text":"hi","to":"table"}"#) == .notSeated)
        var codes: [ErrorCode] = []
        for index in 0..<8 { try bob.send("chat line \(index)") }
        while codes.count < 3 { codes.append(try bob.errorReply().code) }
        #expect(codes.allSatisfy { $0 == .rateLimited })
        for index in 0..<20 { try bob.send("chat again \(index)") }
        #expect(throws: TestFailure.self) { while true { _ = try bob.next() } }
        #expect(try ann.request("ping", expect: "pong").event == .pong)
    }

    @Test("a spectator that never reads is dropped while the table keeps playing")
    func slowReader() throws {
        let server = try TestServer(seed: 13)
        let owner = try server.login("owner")
        try owner.request(#"{"type":"create","all_bots":true,"games":100000}"#, expect: "created")
        let slow = try server.connect(receiveBufferBytes: 4096)
        try slow.request(jsonHello("slow"), expect: "welcome")
        try slow.send("watch 1")
        let observer = try server.login("observer")
        try observer.request("watch 1", expect: "watching")
        var lines = 0
        while server.server.connectionCount > 2, lines < 2_000_000 {
            _ = try observer.client.readLine()
            lines += 1
        }
        #expect(server.server.connectionCount == 2)
        let ann = try server.login("ann")
        try ann.request("create", expect: "created")
        ann.seat = 0
        try ann.send("start")
        let end = try ann.playDeal()
        #expect(end.totals.reduce(0, +) == 0)
        var count = 0
        var ended = false
        while !ended, count < 100_000 {
            do {
                ended = try slow.client.readLine() == nil
            } catch {
                ended = true
                if case .truncatedLine = error {} else { Issue.record("read failed: \(error)") }
            }
            count += 1
        }
        #expect(ended)
    }

    @Test("one client over the limit gets server_full and is closed")
    func serverFull() throws {
        let server = try TestServer(maxClients: 1)
        let ann = try server.login("ann")
        let client = try LineClient.connect(port: server.port)
        let line = try #require(try client.readLine())
        guard case .error(let reply) = try ServerMessageDecoder().decode(line).event else {
            Issue.record("expected an error, got \(line)")
            return
        }
        #expect(reply.code == .serverFull)
        #expect(try client.readLine() == nil)
        #expect(try ann.request("ping", expect: "pong").event == .pong)
    }
}
