import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

/// The game log written by the server at commit e6808bc (`Tests/Fixtures`) opens under
/// today's code and answers every query as it did: 20 records of all five kinds in three
/// segments, an abandoned deal, two E-Card matches of two hands, and a checkpoint covering
/// the first 19. A later checkpoint format may ignore that checkpoint (it may be deleted at
/// any time), but never misread it: the answers are the same with and without it.
@Suite("The game log written at e6808bc")
struct FixtureGameLogTests {
    /// Everything the queries answer, for every player's history in pages of 3.
    static func answers(_ log: GameLog) -> [String] {
        queryAnswers(
            log, players: [nil, "ann", "bob", "cy", "dee", "eve", "jay", "bot:smart"], pageSize: 3)
    }

    @Test func itOpensCleanWithEveryRecord() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        #expect(log.recovery.isClean)
        #expect(log.recovery.recordsLoaded == 20)
        if log.recovery.usedCheckpoint { #expect(log.recovery.recordsReplayed == 1) }
        #expect(log.segmentNames == (1...3).map(LogSegments.name))
        let records = log.records
        #expect(records.map(\.record) == Array(1...20))
        #expect(
            records.map(\.kind.rawValue) == [
                "roulette", "bigtwo", "ecard", "tictactoe", "memory", "roulette", "bigtwo",
                "roulette", "ecard", "tictactoe", "memory", "tictactoe", "bigtwo", "bigtwo",
                "ecard", "ecard", "tictactoe", "memory", "roulette", "tictactoe",
            ])
        #expect(
            records.map(\.table) == [5, 1, 2, 3, 4, 5, 1, 5, 2, 3, 4, 3, 6, 7, 8, 8, 9, 10, 11, 12])
        #expect(records.filter { $0.abandoned == true }.map(\.record) == [13])
        for record in records {
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("record \(record.record) does not replay: \(error)")
            }
        }
    }

    @Test func historyAndLeaderboardsAnswerAsWritten() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let history = log.history(HistoryQuery(limit: 50))
        // Two E-Card matches of two hands each are one entry apiece, in the place of their
        // first hand and named by their last: 18 entries.
        #expect(history.deals.count == 18 && history.nextCursor == nil)
        #expect(
            history.deals.map(\.record) == [
                20, 19, 18, 17, 16, 14, 13, 12, 11, 10, 8, 7, 6, 5, 4, 9, 2, 1,
            ])
        let match = try #require(history.deals.first { $0.table == 8 })
        #expect(match.kind == .ecard && match.handCount == 2 && match.scores == [2, -2])
        #expect(match.hands?.map(\.record) == [15, 16])
        let ann = log.history(HistoryQuery(player: "ann")).deals
        #expect(ann.map(\.record) == [14])
        #expect(ann.first?.scores == [-2, -3, -6, 11])
        #expect(
            ann.first?.commitment
                == "a9fe7efeec3fd59ef283cd05775402474a2cec509e11c1a3d7f5fc2a1579a4e9")
        #expect(log.history(HistoryQuery(player: "jay")).deals.first?.abandoned == true)
        #expect(
            log.history(HistoryQuery(player: "bot:smart")).deals.map(\.record) == [14, 13, 7, 2])

        func rows(_ kind: TableKind) -> [String] {
            log.leaderboard(LeaderboardQuery(kind: kind)).players.map {
                "\($0.name) \($0.deals) \($0.wins) \($0.score)"
            }
        }
        #expect(rows(.bigtwo) == ["ann 1 0 -2"])
        #expect(rows(.ecard) == ["bob 2 2 2"])
        #expect(rows(.tictactoe) == ["cy 1 1 1", "dan 1 0 -1"])
        #expect(rows(.memory) == ["dee 1 0 2"])
        #expect(rows(.roulette) == ["eve 1 0 2", "fay 1 0 2"])
    }

    @Test func theAnswersAreTheSameWithoutTheCheckpoint() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let withCheckpoint = Self.answers(try GameLog(directory: directory.url))
        try FileManager.default.removeItem(at: directory.file(LogSegments.checkpointName))
        let rebuilt = try GameLog(directory: directory.url)
        #expect(!rebuilt.recovery.usedCheckpoint && rebuilt.recovery.recordsReplayed == 20)
        #expect(Self.answers(rebuilt) == withCheckpoint)
    }

    @Test func theLogGoesOnFromWhereItEnds() throws {
        let directory = try Fixtures.copy(of: Fixtures.dataE6808bc)
        defer { directory.remove() }
        let stored = try GameLog(directory: directory.url).append(
            madeRecord(table: 13, players: ["ann", "bob"], winner: 1, scores: [-1, 1]))
        #expect(stored.record == 21)
        let reopened = try GameLog(directory: directory.url)
        #expect(reopened.count == 21 && reopened.recovery.isClean)
        #expect(reopened.history(HistoryQuery(player: "ann")).deals.map(\.record) == [21, 14])
        #expect(
            reopened.leaderboard(LeaderboardQuery(kind: .bigtwo)).players.map(\.name) == [
                "bob", "ann",
            ])
    }
}
