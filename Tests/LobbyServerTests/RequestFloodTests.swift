import Dispatch
import Foundation
import LobbyProtocol
import Locking
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

    @Test("a sustained flood is disconnected although the budget keeps refilling")
    func sustainedFloodIsDropped() throws {
        let server = try TestServer(requestsPerSecond: 100, requestBurst: 1)
        let flooder = try server.login("flood")
        let ended = DispatchSemaphore(value: 0)
        let last = Locked<String?>(nil)
        // Reads on its own thread while this one writes: the two directions share nothing.
        Thread.detachNewThread { [client = flooder.client] in
            while let line = try? client.readLine() { last.withLock { $0 = line } }
            ended.signal()
        }
        let clock = ContinuousClock()
        let started = clock.now
        var disconnected = false
        while !disconnected, clock.now - started < .seconds(10) {
            try? flooder.client.sendRaw(Array(String(repeating: "ping\n", count: 10).utf8))
            usleep(2_000)
            disconnected = ended.wait(timeout: .now()) == .success
        }
        #expect(disconnected)
        #expect(last.value?.contains("flooding: disconnected") == true)
        #expect(clock.now - started < .seconds(5))
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
        #expect(budget.spend(at: start + .milliseconds(100)) == .disconnect)
    }

    /// A steady flood gets a request through at every refill; its refusals still add up.
    @Test func refusalsBetweenRefillsAddUpToADisconnect() {
        let start = ContinuousClock.Instant.now
        var budget = RequestBudget(rate: 100, burst: 1, patience: 200, now: start)
        var verdicts: [RequestBudget.Verdict] = []
        for tick in 0..<2_000 {
            let verdict = budget.spend(at: start + .milliseconds(tick))
            verdicts.append(verdict)
            if verdict == .disconnect { break }
        }
        #expect(verdicts.contains(.allow))
        #expect(verdicts.filter { $0 == .allow }.count > 10)
        #expect(verdicts.last == .disconnect)
        #expect(verdicts.filter { $0 == .refuse }.count == 200)
    }

    @Test func refusalsSpreadWiderThanTheWindowAreForgiven() {
        let start = ContinuousClock.Instant.now
        var budget = RequestBudget(
            rate: 0.001, burst: 1, patience: 3, window: .seconds(2), now: start)
        #expect(budget.spend(at: start) == .allow)
        for second in 1...10 {
            #expect(budget.spend(at: start + .seconds(second)) == .refuse)
        }
        #expect(budget.spend(at: start + .milliseconds(10_500)) == .refuse)
        #expect(budget.spend(at: start + .milliseconds(10_600)) == .disconnect)
    }
}
