import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

/// `history` and `leaderboard` through a real socket: pages, `more`, kinds and bad input.
@Suite struct GameLogRequestTests {
    /// A server whose log holds `deals` Big Two deals of ann and bob, and one E-Card hand.
    private static func server(deals: Int, in dir: TemporaryDirectory) throws -> TestServer {
        let log = try GameLog(directory: dir.url)
        try log.append(contentsOf: (1...deals).map { n in
            madeRecord(table: n, players: ["ann", "bob"], winner: n % 2, scores: [1, -1])
        })
        try log.append(madeHand(hand: 1, players: ["cy", "bot:mixed"], winner: 0, payout: 5))
        return try TestServer(seed: 1, recorder: log)
    }

    private static func history(_ player: TestPlayer, _ line: String) throws -> HistoryReply {
        guard case .history(let reply) = try player.request(line, expect: "history").event else {
            throw GameLogError.notWritten
        }
        return reply
    }

    private static func leaderboard(_ player: TestPlayer, _ line: String) throws
        -> LeaderboardReply
    {
        guard case .leaderboard(let reply) = try player.request(line, expect: "leaderboard").event
        else { throw GameLogError.notWritten }
        return reply
    }

    @Test func plainHistoryMoreWalksThePagesOfOnePlayer() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let server = try Self.server(deals: 45, in: dir)
        let eve = try server.login("eve")
        let first = try Self.history(eve, "history ann")
        #expect(first.deals.map(\.record) == Array((26...45).reversed()))
        #expect(first.nextCursor != nil)
        let second = try Self.history(eve, "history ann more")
        #expect(second.deals.map(\.record) == Array((6...25).reversed()))
        let third = try Self.history(eve, "history more")
        #expect(third.deals.map(\.record) == Array((1...5).reversed()) && third.nextCursor == nil)
        let none = try Self.history(eve, "history more")
        #expect(none.deals.isEmpty)
        let json = try Self.history(
            eve, #"{"type":"history","limit":500,"cursor":\#(first.nextCursor ?? -1)}"#)
        #expect(json.deals.map(\.record) == Array((1...25).reversed()))
        #expect(json.nextCursor == nil)
    }

    @Test func leaderboardsArePerGameAndPaged() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let server = try Self.server(deals: 4, in: dir)
        let eve = try server.login("eve")
        let bigTwo = try Self.leaderboard(eve, "leaderboard")
        #expect(bigTwo.kind == .bigtwo && bigTwo.players.map(\.name) == ["ann", "bob"])
        let ecard = try Self.leaderboard(eve, "leaderboard ecard")
        #expect(ecard.kind == .ecard)
        #expect(ecard.players == [LeaderboardRow(name: "cy", deals: 1, wins: 1, score: 5)])
        let page = try Self.leaderboard(eve, #"{"type":"leaderboard","limit":1}"#)
        #expect(page.players.map(\.name) == ["ann"] && page.nextCursor == 1)
        let otherGame = try Self.leaderboard(eve, "leaderboard ecard more")
        #expect(otherGame.kind == .ecard && otherGame.players.isEmpty)
        // An empty page still says where it starts: past the board's last row.
        #expect(otherGame.start == 1)
        let more = try Self.leaderboard(eve, "leaderboard bigtwo more")
        #expect(more.players.map(\.name) == ["bob"] && more.nextCursor == nil && more.start == 1)
        let none = try Self.leaderboard(eve, "leaderboard more")
        #expect(none.players.isEmpty && none.start == 2 && none.nextCursor == nil)
    }

    @Test func recordGivesOneStoredDealWithEveryMove() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(madeRecord(players: ["ann", "bob"], winner: 0, scores: [1, -1]))
        let played = try log.append(randomDealRecord(dealNumber: 3))
        let server = try TestServer(seed: 1, recorder: log)
        let eve = try server.login("eve")
        let reply = try eve.request(#"{"type":"record","record":2,"id":4}"#, expect: "record")
        #expect(reply.id == .number(4))
        guard case .record(let record) = reply.event else { throw TestFailure("no record") }
        #expect(record == played)
        #expect(record.moves.count > 10 && record.seed != nil)
        // What the page does with it: deal again from the revealed seed and replay the moves.
        #expect(try DealReplay.replay(record).get() == played.result)
        let plain = try eve.request("record 1", expect: "record")
        guard case .record(let first) = plain.event else { throw TestFailure("no record") }
        #expect(first.record == 1 && first.players == ["ann", "bob"])
    }

    @Test func recordRefusesNumbersTheLogDoesNotHold() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let server = try Self.server(deals: 2, in: dir)
        let eve = try server.login("eve")
        #expect(try eve.errorCode(for: #"{"type":"record","record":4}"#) == .noSuchRecord)
        #expect(try eve.errorCode(for: "record 99") == .noSuchRecord)
        #expect(try eve.errorCode(for: #"{"type":"record","record":0}"#) == .invalidField)
        #expect(try eve.errorCode(for: #"{"type":"record","record":"2"}"#) == .invalidField)
        #expect(try eve.errorCode(for: #"{"type":"record"}"#) == .missingField)
        #expect(try eve.errorCode(for: "record") == .missingField)
        #expect(try eve.errorCode(for: "record two") == .invalidField)
        let stranger = try server.connect()
        #expect(try stranger.errorCode(for: #"{"type":"record","record":1}"#) == .notLoggedIn)
        let without = try TestServer(seed: 1)
        #expect(try without.login("eve").errorCode(for: "record 1") == .noSuchRecord)
    }

    @Test func recordInTextModeShowsTheHandsDealtAndEachMove() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let played = try log.append(randomDealRecord(dealNumber: 3))
        let server = try TestServer(seed: 1, recorder: log)
        let eve = try server.textLogin("eve")
        try eve.send("record 1")
        let lines = try eve.readLines { $0.hasPrefix("  ") && $0.contains(" went out") }
        #expect(lines.first?.hasPrefix("#1 table 1 \"one\" Big Two deal 3: ann, bob, bot (easy), cy") == true)
        #expect(lines.filter { $0.hasPrefix("  dealt to ") }.count == 4)
        #expect(lines.filter { $0.range(of: #"^  \d+\. "#, options: .regularExpression) != nil }.count
            == played.moves.count)
    }

    @Test func badPagingInputIsRefusedAndChangesNothing() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let server = try Self.server(deals: 2, in: dir)
        let eve = try server.login("eve")
        #expect(try eve.errorCode(for: #"{"type":"history","cursor":-1}"#) == .invalidField)
        #expect(try eve.errorCode(for: #"{"type":"leaderboard","cursor":-5}"#) == .invalidField)
        #expect(try eve.errorCode(for: #"{"type":"leaderboard","kind":"poker"}"#) == .invalidField)
        #expect(try eve.errorCode(for: "leaderboard poker") == .invalidField)
        #expect(try Self.history(eve, "history").deals.count == 3)
    }
}
