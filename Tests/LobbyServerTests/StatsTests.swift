import Foundation
import GameRecords
import LobbyProtocol
import Locking
import Testing
import TestSupport

@testable import LobbyServer

@Suite("The stats request")
struct StatsTests {
    private func stats(_ player: TestPlayer, _ line: String = #"{"type":"stats","id":7}"#)
        throws -> StatsReply
    {
        let message = try player.request(line, expect: "stats")
        guard case .stats(let stats) = message.event else {
            throw TestFailure("expected stats, got \(message.event.type)")
        }
        return stats
    }

    @Test("answered before hello, as JSON with its id and as a plain command")
    func beforeHello() throws {
        let server = try TestServer()
        let player = try server.connect()
        let reply = try player.request(#"{"type":"stats","id":7}"#, expect: "stats")
        #expect(reply.id == .number(7))
        // Before hello a plain command's reply is plain, as a person on nc reads it.
        try player.send("stats")
        #expect(try player.client.readLine()?.hasPrefix("server: ") == true)
        let stats = try stats(player, #"{"type":"stats"}"#)
        #expect(stats.connections == 1)
        #expect(stats.sessions == 0)
        #expect(stats.tables.isEmpty)
        // Lines are counted once their read is done, so the asking line itself may or may
        // not be in the figure; the two before it always are.
        #expect((2...3).contains(stats.messagesIn))
        #expect(stats.messagesOut >= 3)
        #expect(stats.bytesOut > 0 && stats.writeCalls > 0)
        #expect(stats.cpuSeconds > 0 && stats.rssBytes > 0 && stats.threads > 0)
        #expect(stats.uptimeSeconds >= 0)
    }

    @Test("deals, log writes, tables by kind and closes are counted")
    func dealsAndLog() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let server = try TestServer(recorder: log)
        let ann = try server.login("ann")
        try ann.request("create games=2", expect: "created")
        try ann.request("start", expect: "deal_start")
        ann.seat = 0
        _ = try ann.playDeal()
        _ = try ann.playDeal()
        try ann.waitFor("match_end")
        let bob = try server.login("bob")
        try bob.request("create ecard", expect: "created")
        let gone = try server.connect()
        gone.close()
        var stats = try stats(bob)
        for _ in 0..<1_000 where stats.disconnects.peerClosed == 0 { stats = try self.stats(bob) }
        #expect(stats.dealsStarted == 2)
        #expect(stats.dealsFinished == 2)
        #expect(stats.logRecords == 2)
        #expect(stats.logSyncs == 2)
        #expect(stats.tables["ecard"] == 1)
        #expect(stats.sessions == 2)
        #expect(stats.disconnects.peerClosed == 1)
        #expect(stats.bytesIn > 0 && stats.messagesIn >= 5)
    }

    @Test(
        "every kind's games count as started as they count as finished",
        arguments: ["tictactoe", "memory pairs=2", "roulette"])
    func smallGamesStarted(kind: String) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try TestServer(recorder: try GameLog(directory: directory.url))
        let ann = try server.login("ann")
        try ann.request("create \(kind) allbots games=3", expect: "created")
        var stats = try stats(ann)
        for _ in 0..<10_000 where stats.dealsFinished < 3 { stats = try self.stats(ann) }
        #expect(stats.dealsFinished == 3)
        #expect(stats.dealsStarted == 3)
    }

    @Test("rate-limit refusals and flooding disconnects are counted")
    func rateLimits() throws {
        let server = try TestServer(requestsPerSecond: 1, requestBurst: 5)
        let flooder = try server.connect()
        for _ in 0..<400 { try flooder.send(#"{"type":"ping"}"#) }
        #expect(throws: TestFailure.self) { while true { _ = try flooder.next() } }
        let calm = try server.connect()
        var stats = try stats(calm)
        #expect(stats.rateLimited >= 1)
        flooder.close()
        // The drop is counted when the flooder's connection has closed; each look uses a
        // connection of its own, since this server's request budget is tiny.
        for _ in 0..<200 where stats.disconnects.flooding == 0 {
            usleep(10_000)
            stats = try self.stats(try server.connect())
        }
        #expect(stats.disconnects.flooding == 1)
    }

    @Test("the figures are logged every stats-seconds at level info")
    func periodicLine() throws {
        let logged = Locked<[String]>([])
        let arrived = DispatchSemaphore(value: 0)
        let logger = Logger(level: .info) { line in
            // The sink sees every log line; only the stats lines are kept.
            if line.contains(" stats: ") {
                logged.withLock { $0.append(line) }
                arrived.signal()
            }
        }
        let configuration = ServerConfiguration(
            host: "127.0.0.1", port: 0, masterSeed: 1, botDelayMilliseconds: 0, statsSeconds: 1)
        let server = LobbyServer(configuration: configuration, logger: logger)
        _ = try server.start()
        defer {
            let done = DispatchSemaphore(value: 0)
            server.shutdown { done.signal() }
            done.wait()
        }
        #expect(arrived.wait(timeout: .now() + 10) == .success)
        let line = try #require(logged.withLock { $0.first })
        #expect(line.contains("INFO stats: up "))
        #expect(line.contains("0 connections, 0 sessions"))
        #expect(line.contains(" writes"))
    }

    @Test("process figures come from /proc/self/status")
    func processFigures() {
        let status = "Name:\tbigtwo\nVmRSS:\t   20480 kB\nThreads:\t7\n"
        #expect(ProcessFigures.field("VmRSS", in: status) == 20480)
        #expect(ProcessFigures.field("Threads", in: status) == 7)
        #expect(ProcessFigures.field("VmSwap", in: status) == nil)
        let now = ProcessFigures.current()
        #expect(now.rssBytes > 0 && now.threads >= 1)
    }
}
