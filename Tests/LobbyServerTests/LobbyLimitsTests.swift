import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// What no crowd of clients can take from the others: the lobby's chat, the tables one address
/// may hold, the watchers of a table, and, when the server is full, a seated person's
/// connection.
@Suite struct LobbyLimitsTests {
    @Test func theLobbyTakesChatUpToItsRoomRate() throws {
        let server = try TestServer(roomChatPerSecond: 1)
        let people = try (0..<3).map { try server.login("c\($0)") }
        // Each sends within its own budget (5 lines at once), but together they pass the
        // lobby's 1 line a second in bursts of 2.
        for person in people {
            for line in 0..<4 { try person.send(#"{"type":"chat","text":"hi \#(line)"}"#) }
        }
        var busy = 0
        for person in people {
            for _ in 0..<4 {
                let message = try person.next()
                if case .error(let reply) = message.event {
                    #expect(reply.code == .chatBusy)
                    busy += 1
                }
            }
        }
        // At most 2 lines at once and 1 a second after: 10 of the 12 are refused, fewer only
        // if sending them took seconds.
        #expect(busy >= 5, "\(busy) refused")
    }

    @Test func oneAddressHoldsAtMostItsShareOfTables() throws {
        let server = try TestServer(maxTablesPerAddress: 2)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        let cat = try server.login("cat")
        try ann.request("create", expect: "created")
        try bob.request(#"{"type":"create","all_bots":true,"games":100000}"#, expect: "created")
        let refusal = try cat.errorCode(for: "create")
        #expect(refusal == .tooManyTables)
        try ann.request("leave", expect: "left")
        // The table ann left has finished: the address has room again.
        var created = false
        for _ in 0..<100 where !created {
            try cat.send("create")
            let message = try cat.next()
            if case .created = message.event { created = true } else { Thread.sleep(forTimeInterval: 0.02) }
        }
        #expect(created)
    }

    @Test func aTableTakesWatchersUpToTheServersCap() throws {
        let server = try TestServer(maxWatchersPerTable: 1)
        let ann = try server.login("ann")
        try ann.request("create", expect: "created")
        let bob = try server.login("bob")
        try bob.request("watch 1", expect: "watching")
        let cat = try server.login("cat")
        #expect(try cat.errorCode(for: "watch 1") == .tooManyWatchers)
        bob.close()
        // Once bob's place is free, cat may watch.
        var watching = false
        for _ in 0..<200 where !watching {
            try cat.send("watch 1")
            if case .watching = try cat.next().event { watching = true } else {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
        #expect(watching)
    }

    @Test func aFullServerClosesTheLongestSilentConnectionWithoutASeat() throws {
        let server = try TestServer(maxClients: 3, evictionIdleSeconds: 0)
        let ann = try server.login("ann")
        try ann.request("create", expect: "created")
        let bob = try server.login("bob")
        let cat = try server.login("cat")
        try cat.request("ping", expect: "pong")
        // Full: bob, silent longest and without a seat, makes room; ann is seated.
        let dan = try server.connect()
        let eviction = try bob.errorReply()
        #expect(eviction.code == .idleEvicted)
        try dan.request(jsonHello("dan"), expect: "welcome")
        // bob resumes with his token, in place of cat (silent longer than dan now).
        let token = try #require(bob.token)
        let back = try server.connect()
        try back.request(jsonHello("bob", token: token), expect: "welcome")
        #expect(try cat.errorReply().code == .idleEvicted)
        try ann.request("ping", expect: "pong")
        bob.close()
        cat.close()
        // Counted once each connection has closed.
        var evicted = 0
        for _ in 0..<200 where evicted < 2 {
            guard case .stats(let stats) = try ann.request("stats", expect: "stats").event else {
                throw TestFailure("no stats")
            }
            evicted = stats.disconnects.idleEvicted
            if evicted < 2 { Thread.sleep(forTimeInterval: 0.01) }
        }
        #expect(evicted == 2)
    }

    @Test func aFullServerOfSeatedPeopleStaysFull() throws {
        let server = try TestServer(maxClients: 1, evictionIdleSeconds: 0)
        let ann = try server.login("ann")
        try ann.request("create", expect: "created")
        let late = try LineClient.connect(port: server.port)
        defer { late.close() }
        let line = try #require(try late.readLine())
        #expect(line.contains("server_full"), "\(line)")
        try ann.request("ping", expect: "pong")
    }
}
