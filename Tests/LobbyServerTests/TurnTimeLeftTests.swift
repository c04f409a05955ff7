import CardGames
import Foundation
import LobbyProtocol
import TableCore
import Testing

@testable import LobbyServer

/// A table rebuilt from its journal after the server was down keeps the time left on each
/// timer, not the absolute deadline: times here are injected (the journal lines' `at`).
@Suite struct TurnTimeLeftTests {
    /// Two people at tic-tac-toe with 30 s turns; the game starts at t = 10 s.
    private static let lines: [JournalEntry] = [
        request("sit_creator", session: 1, name: "ann", at: 10_000),
        request("join", session: 2, name: "bob", at: 10_000),
        request("start", session: 1, at: 10_000),
    ]

    private static func request(_ name: String, session: Int, name player: String? = nil, at: Int64)
        -> JournalEntry
    {
        var entry = JournalEntry(.request, table: 1, at: at)
        entry.request = name
        entry.session = session
        entry.name = player
        return entry
    }

    private static func core() -> TableCore<TicTacToeGame> {
        TableCore(
            setup: TableSetup(id: 1, name: "t", turnSeconds: 30, personTurnSeconds: 30),
            settings: .o, seeds: DealSeedSource(masterSeed: 1))
    }

    @Test func aRestoredTurnKeepsItsTimeLeft() throws {
        var replay = TableReplay(core: Self.core(), entries: Self.lines)
        let deadline = try #require(replay.core.deadline)
        #expect(deadline == 40_000)
        #expect(replay.timers[.turn] == 40_000)
        #expect(replay.timers[.warning] == 30_000)
        // The server was down from 12 s to 70 s: 58 s that count against no one.
        replay.postpone(by: 58_000)
        #expect(replay.core.deadline == 98_000)
        #expect(replay.timers[.turn] == 98_000)
        #expect(replay.timers[.warning] == 88_000)
    }

    @Test func aJournaledPostponeIsReplayedOnTheNextRestart() throws {
        var postpone = JournalEntry(.postpone, table: 1, at: 70_000)
        postpone.number = 58_000
        let replay = TableReplay(core: Self.core(), entries: Self.lines + [postpone])
        #expect(replay.core.deadline == 98_000)
        #expect(replay.timers[.turn] == 98_000)
    }

    @Test func theDowntimeIsMeasuredFromTheLastClockLine() {
        var lines = Self.lines
        lines.append(JournalEntry(.clock, at: 11_000))
        lines.append(JournalEntry(.clock, at: 12_000))
        #expect(JournalContents(lines).lastSeen == 12_000)
        #expect(JournalContents(JournalContents(lines).entries).lastSeen == 12_000)
    }
}
