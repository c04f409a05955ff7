import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Request flood control")
struct RequestFloodTests {
    @Test("a burst past the budget is refused with rate_limited; others are not slowed")
    func burstIsRefused() throws {
        let server = try TestServer(requestsPerSecond: 1, requestBurst: 20)
        let flooder = try server.login("flood")
        let calm = try server.login("calm")
        for index in 0..<40 { try flooder.send(#"{"type":"ping","id":\#(index)}"#) }
        var pongs = 0
        var refused = 0
        while pongs + refused < 40 {
            let message = try flooder.next()
            switch message.event {
            case .pong: pongs += 1
            case .error(let error) where error.code == .rateLimited:
                #expect(message.id != nil)
                refused += 1
            default: break
            }
        }
        // The login spent one token of the twenty.
        #expect(pongs >= 19 && pongs <= 21)
        #expect(refused == 40 - pongs)
        #expect(try calm.request("ping", expect: "pong").event == .pong)
    }

    @Test("a client that keeps flooding is disconnected")
    func floodingIsDropped() throws {
        let server = try TestServer(requestsPerSecond: 1, requestBurst: 5)
        let flooder = try server.login("flood")
        for _ in 0..<400 { try flooder.send("ping") }
        #expect(throws: TestFailure.self) { while true { _ = try flooder.next() } }
        let calm = try server.login("calm")
        #expect(try calm.request("ping", expect: "pong").event == .pong)
    }
}

@Suite("All-bot table limit")
struct BotTableLimitTests {
    @Test("one player may run only so many all-bot tables at once")
    func limit() throws {
        let server = try TestServer(botDelayMilliseconds: 60_000, maxBotTablesPerPlayer: 2)
        let ann = try server.login("ann")
        try ann.request("create allbots games=1000", expect: "created")
        try ann.request("create allbots games=1000", expect: "created")
        #expect(try ann.errorCode(for: "create allbots games=1000") == .tooManyTables)
        let bob = try server.login("bob")
        try bob.request("create allbots games=1000", expect: "created")
        try ann.request("create", expect: "created")
    }
}

@Suite("Request budget")
struct RequestBudgetTests {
    @Test func refillsOverTime() {
        let start = ContinuousClock.Instant.now
        var budget = RequestBudget(rate: 10, burst: 2, patience: 3, now: start)
        #expect(budget.spend(at: start) == .allow)
        #expect(budget.spend(at: start) == .allow)
        #expect(budget.spend(at: start) == .refuse)
        #expect(budget.spend(at: start + .milliseconds(100)) == .allow)
        #expect(budget.spend(at: start + .milliseconds(100)) == .refuse)
        #expect(budget.spend(at: start + .milliseconds(100)) == .refuse)
        #expect(budget.spend(at: start + .milliseconds(100)) == .refuse)
        #expect(budget.spend(at: start + .milliseconds(100)) == .disconnect)
    }
}
