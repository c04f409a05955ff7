import Foundation
import LobbyClient
import LobbyProtocol
import Testing

/// The client keeps trying while the server is down, says what it is doing, and comes back
/// when a server listens on the same port again.
@Suite struct ReconnectTests {
    @Test func delaysDoubleUpToTheCap() {
        let policy = ReconnectPolicy(window: 300, firstDelay: 0.25, maxDelay: 3)
        #expect((1...6).map { policy.delay(afterAttempt: $0) } == [0.25, 0.5, 1, 2, 3, 3])
        #expect(ReconnectPolicy.standard.window == 300)
    }

    @Test func eventsSayWhatTheClientDoes() {
        #expect(ReconnectEvent.waiting(seconds: 3, attempt: 4).description
            == "reconnecting in 3 s, attempt 4")
        #expect(ReconnectEvent.waiting(seconds: 0.25, attempt: 2).description
            == "reconnecting in 0.3 s, attempt 2")
        #expect(ReconnectEvent.lost(reason: "the server is shutting down").description
            == "connection lost (the server is shutting down)")
        #expect(ReconnectEvent.tokenUnknown.description.contains("starting a new session"))
    }

    @Test func retriesThroughARestartAndStartsAfreshWhenTheTokenIsUnknown() throws {
        let first = try LocalServer(seed: 31)
        let log = ReconnectLog()
        let session = ClientSession(address: first.address, name: "steady")
        session.reconnectPolicy = ReconnectPolicy(window: 60, firstDelay: 0.02, maxDelay: 0.1)
        session.onReconnect { log.append($0) }
        let oldToken = try session.connect().token
        defer { session.close() }
        let created = try session.call(.create(CreateTable(kind: .bigtwo)))
        #expect(created.event.type == "created")

        first.stop()
        #expect(log.wait { $0.filter(\.isWaiting).count >= 4 })
        let second = try LocalServer(seed: 31, port: first.address.port)
        defer { second.stop() }
        #expect(log.wait { $0.contains(.startedFresh(name: "steady")) })

        let events = log.events
        #expect(events.first == .lost(reason: "the server is shutting down"))
        #expect(events.contains(.tokenUnknown))
        let delays = events.compactMap(\.waitingSeconds)
        #expect(delays == delays.sorted())
        #expect(delays.max() == 0.1)
        #expect(session.wait(timeout: 10) { $0.token != nil && $0.token != oldToken })
        #expect(session.state.table == nil)
        #expect(!session.isFinished)
        let again = try session.call(.create(CreateTable(kind: .bigtwo)))
        #expect(again.event.type == "created")
    }

    @Test func givesUpAfterTheWindowAndSaysSo() throws {
        let server = try LocalServer(seed: 32)
        let log = ReconnectLog()
        let session = ClientSession(address: server.address, name: "patient")
        session.reconnectPolicy = ReconnectPolicy(window: 0.5, firstDelay: 0.05, maxDelay: 0.1)
        session.onReconnect { log.append($0) }
        try session.connect()
        defer { session.close() }
        server.stop()
        #expect(log.wait { $0.contains(.gaveUp(seconds: 0.5)) })
        #expect(session.wait(timeout: 10) { _ in false } == false)
        #expect(session.isFinished)
        #expect(log.events.filter(\.isWaiting).count >= 2)
    }
}

extension ReconnectEvent {
    var isWaiting: Bool { waitingSeconds != nil }

    var waitingSeconds: Double? {
        if case .waiting(let seconds, _) = self { return seconds }
        return nil
    }
}

/// The reconnect events a session reported, for a test to wait on.
final class ReconnectLog: @unchecked Sendable {
    private let condition = NSCondition()
    private var stored: [ReconnectEvent] = []

    func append(_ event: ReconnectEvent) {
        condition.lock()
        stored.append(event)
        condition.broadcast()
        condition.unlock()
    }

    var events: [ReconnectEvent] {
        condition.lock()
        defer { condition.unlock() }
        return stored
    }

    /// Waits up to `timeout` seconds for `predicate` to hold for the events so far.
    func wait(timeout: Double = 20, until predicate: ([ReconnectEvent]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !predicate(stored) {
            if !condition.wait(until: deadline) { return predicate(stored) }
        }
        return true
    }
}
