import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

/// A deal cut off by shutdown, or because every person left, is recorded as abandoned with
/// its seed revealed, and replays.
@Suite("Abandoned deals")
struct AbandonedDealTests {
    /// The abandoned records in the log of `directory`.
    static func abandoned(in directory: TemporaryDirectory) throws -> [DealRecord] {
        try GameLog(directory: directory.url).records.filter { $0.abandoned == true }
    }

    /// Ann, playing a deal with three bots at `server`.
    static func annPlays(at server: TestServer) throws -> TestPlayer {
        let ann = try server.login("ann")
        try ann.request("create", expect: "created")
        try ann.request("start", expect: "deal_start")
        return ann
    }

    @Test("a deal cut off by shutdown is in the log as abandoned, seed revealed, and replays")
    func shutdownRecordsTheDealUnderWay() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try TestServer(recorder: try GameLog(directory: directory.url))
        // Ann stays connected until the server has stopped: were she to drop first, a bot
        // would take her seat and could finish the deal before the shutdown reaches it.
        let ann = try Self.annPlays(at: server)
        server.stop()
        let records = try Self.abandoned(in: directory)
        let record = try #require(records.first)
        #expect(records.count == 1)
        #expect(record.seed != nil)
        #expect(record.players.first == "ann")
        #expect(record.result == nil)
        #expect(throws: Never.self) { try DealReplay.replay(record).get() }
        #expect(try ann.waitFor("shutdown").event.type == "shutdown")
    }

    @Test("a record a table hands the log just before shutdown is durable when stop returns")
    func shutdownWaitsForRecordsInFlight() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try TestServer(recorder: try GameLog(directory: directory.url))
        let ann = try Self.annPlays(at: server)
        // Her leaving ends the table, which hands its cut-off deal to the log; the stop right
        // after must not return before that record is on disk.
        try ann.request("leave", expect: "left")
        server.stop()
        #expect(try Self.abandoned(in: directory).count == 1)
    }

    @Test("a deal every person left is in history as abandoned")
    func everyoneLeft() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let server = try TestServer(recorder: try GameLog(directory: directory.url))
        let ann = try Self.annPlays(at: server)
        try ann.request("leave", expect: "left")
        // The table records the cut-off deal after it answers `leave`, through the log's
        // group commit: ask until the entry is there (bounded; no event announces it).
        var entry: DealSummary?
        for _ in 0..<200 where entry == nil {
            guard case .history(let history) = try ann.request("history", expect: "history").event
            else { throw TestFailure("no history") }
            entry = history.deals.first
            if entry == nil { usleep(10_000) }
        }
        let found = try #require(entry)
        #expect(found.abandoned == true)
        #expect(found.seed != nil)
        #expect(found.scores == [0, 0, 0, 0])
        #expect(try Self.abandoned(in: directory).count == 1)
    }
}
