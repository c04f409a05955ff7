import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

/// The game log written by the server at commit 3e3ff92 (`Tests/Fixtures`) opens under
/// today's code: 18 records of all five kinds, from all-bot tables and tables with people,
/// every one of which replays, and an index that answers the same with its checkpoint as
/// rebuilt without it.
@Suite("The game log written at 3e3ff92")
struct FixtureGameLog3e3ff92Tests {
    /// Everything the queries answer, for every player's history in pages of 3.
    static func answers(_ log: GameLog) -> [String] {
        queryAnswers(
            log, players: [nil, "ann", "bob", "cy", "dee", "eve", "fay", "bot:perfect"],
            pageSize: 3)
    }

    @Test func itOpensCleanAndEveryRecordReplays() throws {
        let directory = try Fixtures.copy(of: Fixtures.data3e3ff92)
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        #expect(log.recovery.isClean && log.recovery.recordsLoaded == 18)
        let records = log.records
        #expect(records.map(\.record) == Array(1...18))
        #expect(
            records.map(\.kind.rawValue) == [
                "ecard", "bigtwo", "memory", "roulette", "ecard", "roulette", "bigtwo",
                "roulette", "memory", "tictactoe", "tictactoe", "tictactoe", "bigtwo", "ecard",
                "ecard", "tictactoe", "memory", "roulette",
            ])
        #expect(records.map(\.table) == [2, 1, 4, 5, 2, 5, 1, 5, 4, 3, 3, 3, 6, 7, 7, 8, 9, 10])
        for record in records {
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("record \(record.record) does not replay: \(error)")
            }
        }
    }

    @Test func theIndexAgreesWithARebuild() throws {
        let directory = try Fixtures.copy(of: Fixtures.data3e3ff92)
        defer { directory.remove() }
        let withCheckpoint = try GameLog(directory: directory.url)
        #expect(withCheckpoint.recovery.usedCheckpoint)
        let answers = Self.answers(withCheckpoint)
        try FileManager.default.removeItem(at: directory.file(LogSegments.checkpointName))
        let rebuilt = try GameLog(directory: directory.url)
        #expect(!rebuilt.recovery.usedCheckpoint && rebuilt.recovery.recordsReplayed == 18)
        #expect(Self.answers(rebuilt) == answers)
        #expect(rebuilt.history(HistoryQuery(player: "fay")).deals.map(\.record) == [18])
    }
}
